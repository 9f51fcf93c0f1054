// What the front doors read of a stored document: its record, the detail screen, the signed JSON, the PDFs
// and the QR. Reads only; the create path and the sync engine write.
import type { DteKind } from '../../../shared/contract';
import type { DeliveryRecord } from '../../../shared/delivery';
import type { DteDetail, DteListPage, DteListQuery, DteRecord, ReceiverEntry } from '../../../shared/records';
import { audit, auditTrail } from '../audit';
import { isoLocal, type Clock } from '../clock';
import { CoreError } from '../errors';
import { letterPdf } from '../render/letter-pdf';
import { printable, type Printable } from '../render/model';
import { lookupUrl, qrDataUri } from '../render/qr';
import { receiptPdf, type ReceiptWidth } from '../render/receipt';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import { creditLeft } from './credit-limit';
import { salePaperOf } from './paper-repo';
import { canonicalId, findDocument, issuedBody, listDocuments, signedParts } from './documents-repo';
import { mhDocumentView } from './mh/document-types';
import type { InvalidationService } from './invalidation/invalidate';
import { invalidationDeadline } from '../normative/invalidation-windows';
import { normativeOf } from '../../../shared/normative';
import { searchReceivers } from './receivers';
import { toRecord } from './record';

export interface ViewDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly station: () => StoredStation;
  readonly invalidations: Pick<InvalidationService, 'ofDocument'> & Partial<Pick<InvalidationService, 'inDoubtFor'>>;
  /** The e-mails sent (or waiting) about a document (delivery/deliveries.ts). */
  readonly deliveries: (id: string) => DeliveryRecord[];
  /** Draws a letter PDF: on a worker thread in a running station (render/pdf-in-worker.ts), else here. */
  readonly drawLetter?: (p: Printable) => Promise<Buffer>;
}

export function documentViews(d: ViewDeps) {
  const { store } = d;
  const notFound = (id: string) => new CoreError('DTE_NOT_FOUND', `No existe un DTE con id ${id}.`);

  const get = (id: string): DteRecord => {
    const row = findDocument(store, id);
    if (!row) throw notFound(id);
    return toRecord(row);
  };
  const approved = (id: string): DteRecord => {
    const record = get(id);
    if (record.status !== 'APPROVED') {
      throw new CoreError('DTE_NOT_APPROVED', `El DTE está en estado ${record.status}; solo un DTE aprobado por MH se descarga.`);
    }
    return record;
  };
  const mhDocument = (id: string): { document: Record<string, unknown>; jws: string } => {
    const row = signedParts(store, id);
    if (!row?.mh_json || !row.jws) throw notFound(id);
    return { document: JSON.parse(row.mh_json) as Record<string, unknown>, jws: row.jws };
  };
  const stored = (id: string): Record<string, unknown> => {
    const row = signedParts(store, id);
    if (!row?.mh_json) throw notFound(id);
    return JSON.parse(row.mh_json) as Record<string, unknown>;
  };
  const drawLetter = d.drawLetter ?? letterPdf;
  const demo = () => d.station().demo === true;
  const issuedBy = (id: string) => findDocument(store, id)?.issued_by_name ?? null;

  /**
   * What the counter receipt shows (any status but REJECTED, marked while it has no seal), and how the sale was
   * paid; audited as a receipt, whichever paper it goes on (PDF here, ESC/POS in printer/printer-service.ts).
   */
  const receiptSource = (id: string, actor: string, paperKind: 'pdf' | 'escpos' = 'escpos', width: ReceiptWidth = 80) => {
    const record = get(id);
    if (record.status === 'REJECTED') {
      throw new CoreError(
        'DTE_REJECTED',
        'MH rechazó este documento: no se entrega comprobante. Emita uno nuevo con los datos corregidos.',
      );
    }
    const json = stored(id);
    const paper = salePaperOf(store, canonicalId(id));
    const pagos = mhDocumentView(json).resumen?.pagos ?? [];
    // CAT-017 01: billetes y monedas, the method that goes into the drawer.
    const cash = paper?.cash != null || pagos.some((p) => String(p.codigo) === '01');
    // Under the stored key, where the document's history is read.
    audit(store, isoLocal(d.clock.now()), actor, 'dte.receipt', canonicalId(record.id), {
      width,
      status: record.status,
      paper: paperKind,
    });
    return {
      printable: printable(record, json, demo(), issuedBy(id), paper),
      cash,
      numeroControl: record.controlNumber,
      total: record.total ?? null,
    };
  };

  return {
    get,
    approved,
    mhDocument,
    list: (query: DteListQuery): DteListPage => listDocuments(store, query),
    receivers: (kind: DteKind, q?: string): ReceiverEntry[] => searchReceivers(store, kind, q),
    detail(id: string): DteDetail {
      const row = findDocument(store, id);
      if (!row) throw notFound(id);
      const record = toRecord(row);
      // History and events are kept under the stored (lower-case) id; the record shows it as sent.
      const key = row.id;
      const doc = mhDocumentView(stored(id));
      const receiver = doc.receptor ?? doc.sujetoExcluido ?? doc.donante ?? null;
      return {
        record,
        timeline: auditTrail(store, key),
        invalidation: {
          deadline:
            record.status === 'APPROVED'
              ? invalidationDeadline(
                  normativeOf(record.type, record.version),
                  record.type,
                  row.sealed_at ?? row.updated_at,
                  row.generated_at,
                ).deadline
              : null,
          events: d.invalidations.ofDocument(key),
          doubt: d.invalidations.inDoubtFor?.(key) ?? null,
        },
        summary: {
          receiver: receiver?.nombre ?? null,
          total: record.total,
          items: Array.isArray(doc.cuerpoDocumento) ? doc.cuerpoDocumento.length : 0,
          contingency: doc.identificacion?.tipoOperacion === 2,
          issuedBy: row.issued_by_name ?? null,
        },
        body: parseBody(issuedBody(store, id)),
        creditLeft: money(creditLeft(store, id)),
        deliveries: d.deliveries(key),
      };
    },
    /** The signed MH document as the receiver gets it (APPROVED only), with MH's seal. */
    signedJson(id: string): Record<string, unknown> {
      approved(id);
      const row = signedParts(store, id);
      if (!row?.mh_json || !row.jws) throw new CoreError('DTE_NOT_APPROVED', 'El DTE no tiene documento firmado.');
      return { ...(JSON.parse(row.mh_json) as Record<string, unknown>), firmaElectronica: row.jws, selloRecibido: row.seal };
    },
    /** MH's graphic representation on letter paper, as the contract serves it: APPROVED only. */
    async letterPdf(id: string): Promise<Buffer> {
      const record = approved(id);
      return drawLetter(printable(record, stored(id), demo(), issuedBy(id), salePaperOf(store, canonicalId(id))));
    },
    /** The letter PDF for the app's own screens: APPROVED, or INVALIDATED marked ANULADO. */
    async letterCopy(id: string): Promise<Buffer> {
      const record = get(id);
      if (record.status !== 'INVALIDATED') approved(id);
      return drawLetter(printable(record, stored(id), demo(), issuedBy(id), salePaperOf(store, canonicalId(id))));
    },
    receiptSource,
    /** The counter receipt as a PDF. */
    async receipt(id: string, width: ReceiptWidth, actor: string, logo: Buffer | null = null): Promise<Buffer> {
      return receiptPdf(receiptSource(id, actor, 'pdf', width).printable, width, logo);
    },
    /** A PNG data URI of the QR to MH's public lookup (APPROVED only). */
    async qr(id: string): Promise<string> {
      const record = approved(id);
      const ident = mhDocumentView(stored(id)).identificacion;
      return qrDataUri(lookupUrl(String(ident?.ambiente), record.id, String(ident?.fecEmi)));
    },
  };
}

const parseBody = (json: string | undefined): Record<string, unknown> | null =>
  json === undefined ? null : (JSON.parse(json) as Record<string, unknown>);
const money = (left: ReturnType<typeof creditLeft>): DteDetail['creditLeft'] =>
  left && { GRAVADA: left.GRAVADA.toFixed(2), EXENTA: left.EXENTA.toFixed(2), NO_SUJETA: left.NO_SUJETA.toFixed(2) };

export type DocumentViews = ReturnType<typeof documentViews>;
