// An Evento de Retorno on paper and as its signed JSON, for the customer (MF2 p.28; docs/decisions/0050-evento-de-retorno-complete.md):
// the counter receipt and the letter are drawn from render/return-model.ts as a document's are; the JSON is the
// event as signed, with its signature and MH's seal. A return MH refused counts for nothing and has no paper.
import { CoreError } from '../../errors';
import { letterPdf } from '../../render/letter-pdf';
import type { Printable } from '../../render/model';
import { receiptPdf, type ReceiptWidth } from '../../render/receipt';
import { returnPrintable } from '../../render/return-model';
import type { Store } from '../../store/database';
import type { StoredStation } from '../../station/profile';
import { canonicalId, signedParts } from '../documents-repo';
import type { EretV1Event } from './eret-v1';
import { returnsRepo } from './returns-repo';
import type { ReturnRecord } from '../../../../shared/retorno';

export interface ReturnPaperDeps {
  readonly store: Store;
  readonly station: () => StoredStation;
  /** The ER as its record (status, seal), read by the service that owns it. */
  readonly record: (id: string) => ReturnRecord;
}

export function returnPaper(d: ReturnPaperDeps) {
  const row = (id: string) => {
    const r = returnsRepo(d.store).byId(canonicalId(id));
    if (!r) throw new CoreError('NOT_FOUND', `No existe una devolución (Evento de Retorno) con id ${id}.`);
    return r;
  };
  const printable = (id: string): Printable => {
    const r = row(id);
    const record = d.record(r.id);
    if (record.status === 'REJECTED')
      throw new CoreError('DTE_REJECTED', 'MH rechazó esta devolución: no cuenta y no tiene representación gráfica.');
    const er = JSON.parse(r.mh_json) as EretV1Event;
    const first = signedParts(d.store, record.dteIds[0] ?? '');
    return returnPrintable(record, er, JSON.parse(first?.mh_json ?? '{}') as Record<string, unknown>, d.station().demo === true);
  };
  return {
    /** The ER as its record (deliveries read it for the e-mail). */
    record: (id: string) => d.record(row(id).id),
    printable,
    receipt: (id: string, width: ReceiptWidth, logo: Buffer | null = null) => receiptPdf(printable(id), width, logo),
    letter: (id: string) => letterPdf(printable(id)),
    /** The signed event with its signature and MH's seal: sealed ones only, as a document's download. */
    signedJson(id: string): Record<string, unknown> {
      const r = row(id);
      const record = d.record(r.id);
      if (record.status !== 'APPROVED' && record.status !== 'INVALIDATED')
        throw new CoreError('DTE_NOT_APPROVED', 'La devolución aún no tiene el sello de MH: su JSON se entrega cuando MH la apruebe.');
      return { ...(JSON.parse(r.mh_json) as Record<string, unknown>), firmaElectronica: r.jws, selloRecibido: record.seal };
    },
  };
}
