// What `sello --help` prints: kept apart from the commands, so help answers without loading them
// (docs/decisions/0071-updates-help-and-quiet-starts.md).
import { HUB_USAGE } from './hub-usage';

export const USAGE = `uso:
  sello serve [--data-dir DIR] [--host 127.0.0.1] [--port 8417] [--config station.json] [--demo] [--demo-mh-port N] [--allow-host NOMBRE] [--secret-file ARCHIVO]
  sello mh-sim [--host 127.0.0.1] [--port 8418] [--schemas DIR] [--schemas-v2 DIR] [--lote-delay-ms 2000] [--clock-offset-ms=N]
  sello backup [--data-dir DIR] [--demo]
  sello restore --from ARCHIVO [--data-dir DIR] [--demo] [--secret-file ARCHIVO]
  sello audit verify [--data-dir DIR] [--demo] [--secret-file ARCHIVO]  (0 íntegro, 1 alterado, 2 no se puede comprobar)
  sello books --month AAAA-MM --out CARPETA [--data-dir DIR] [--demo]
  sello homologate [--data-dir DIR] [--config station.json] [--demo] [--kinds FC,CCF,NC,ND,CR,FEX,FSE] [--normative legacy|2026] [--seed N] [--pace-ms 1000] [--new] [--secret-file ARCHIVO]
${HUB_USAGE}`;
