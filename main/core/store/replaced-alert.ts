// The database file laid over while the station ran (file-identity.ts): one critical alert from the first refused
// write on, until Sello restarts on whatever file is there then.
import type { StationAlert } from '../../../shared/records';
import { isoLocal, type Clock } from '../clock';
import type { Logger } from '../logger';

export interface ReplacedWatch {
  /** For the store's `watchFile.onReplaced`. */
  readonly told: (why: string) => void;
  readonly alerts: () => readonly StationAlert[];
}

export function replacedWatch(d: { readonly clock: Clock; readonly logger: Logger; readonly changed: () => void }): ReplacedWatch {
  let since: string | null = null;
  return {
    told(why) {
      if (since !== null) return;
      since = isoLocal(d.clock.now());
      d.logger.error('the database file was replaced under the running station: every write is refused', { why });
      d.changed();
    },
    alerts: () =>
      since === null
        ? []
        : [
            {
              code: 'store_replaced',
              level: 'critical',
              message: 'El archivo de la base de datos fue reemplazado con Sello abierto: no se guarda ni se emite nada.',
              action:
                'Cierre Sello. Para volver a una copia de respaldo, use «sello restore --from ARCHIVO» con Sello cerrado; ' +
                'copiar un archivo encima de la base de datos no la restaura.',
              since,
            },
          ],
  };
}
