// GET /hub/v1/documents: every branch's documents, newest first, filtered, a page at a time behind a keyset cursor
// (the last row's issue date and id), so a page never shifts when documents arrive meanwhile and a deep page costs
// what the first does. Which index serves which query (migrations/002-people-and-lists.ts):
//   no filter, or dates only          documents_newest (issue_date DESC, id DESC), per month partition, merged
//   station, branch or point of sale   documents_by_station (station_id, issue_date DESC, id DESC)
//   status / kind                      documents_by_status / documents_by_kind (…, issue_date DESC, id DESC)
//   text                               documents_recipient_trgm / documents_control_trgm (pg_trgm GIN, ILIKE)
// Dates always bound the partitions scanned (from/to and the cursor's date prune the months outside them).
import { sql } from 'kysely';
import { z } from 'zod';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import { DTE_KINDS, isoDate, isUuid, uuid } from '../../shared/contract';
import type { HubSealState } from '../../shared/hub';
import { DTE_STATUSES } from '../../shared/records';
import { CoreError } from '../core/errors';
import type { HubDb } from './hub-database';

export const MAX_PAGE = 200;

const cursorRe = /^(\d{4}-\d{2}-\d{2})_([0-9a-f-]{36})$/;
/** The cursor is the last row's `yyyy-MM-dd_id`, base64url: opaque to callers, checked when it comes back. */
export const encodeCursor = (issueDate: string, id: string) => Buffer.from(`${issueDate}_${id}`, 'utf8').toString('base64url');
function decodeCursor(v: string): { issueDate: string; id: string } | null {
  const m = cursorRe.exec(Buffer.from(v, 'base64url').toString('utf8'));
  return m && isUuid(m[2]!) ? { issueDate: m[1]!, id: m[2]! } : null;
}

export const listQuery = z
  .strictObject({
    station: d(
      z
        .string()
        .regex(/^[A-Za-z0-9._-]{1,64}$/)
        .optional(),
      bi('Solo los de esta estación (su identificador).', "Only this station's (its identifier)."),
    ),
    branch: d(z.string().trim().min(1).max(10).optional(), bi('Solo este establecimiento (M001).', 'Only this establishment (M001).')),
    pos: d(z.string().trim().min(1).max(10).optional(), bi('Solo este punto de venta (P001).', 'Only this point of sale (P001).')),
    kind: d(
      z.enum(DTE_KINDS).optional(),
      bi(
        'Tipo de documento: FC, CCF, NC, ND, CR, FSE, FEX, NR, CL, DCL o CD.',
        'Document type: FC, CCF, NC, ND, CR, FSE, FEX, NR, CL, DCL or CD.',
      ),
    ),
    status: d(
      z.enum(DTE_STATUSES).optional(),
      bi(
        'Estado: CREATED, PROCESSING, APPROVED, REJECTED o INVALIDATED.',
        'Status: CREATED, PROCESSING, APPROVED, REJECTED or INVALIDATED.',
      ),
    ),
    from: d(isoDate().optional(), bi('Desde este día, aaaa-mm-dd, incluido.', 'From this day, yyyy-MM-dd, inclusive.')),
    to: d(isoDate().optional(), bi('Hasta este día, aaaa-mm-dd, incluido.', 'Up to this day, yyyy-MM-dd, inclusive.')),
    q: d(
      z.string().trim().min(1).max(100).optional(),
      bi('Texto a buscar: número de control, receptor o código.', 'Text to search: control number, recipient or code.'),
    ),
    limit: d(
      z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
      bi(`Cuántos documentos, de 1 a ${MAX_PAGE}; por omisión 50.`, `How many documents, 1 to ${MAX_PAGE}; default 50.`),
    ),
    cursor: d(
      z
        .string()
        .max(200)
        .refine((v) => decodeCursor(v) !== null, 'No es un cursor de esta lista: use el nextCursor de la página anterior.')
        .optional(),
      bi(
        'Cursor de la página siguiente, tal como lo dio la respuesta anterior.',
        "The next page's cursor, as the previous answer gave it.",
      ),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.from > v.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'La fecha final es anterior a la inicial.' });
  });
export type ListQuery = z.output<typeof listQuery>;

export interface HubDocumentSummary {
  readonly id: string;
  readonly stationId: string;
  readonly branchCode: string;
  readonly posNumber: string;
  readonly kind: string;
  readonly version: number;
  readonly status: string;
  readonly controlNumber: string;
  readonly issueDate: string;
  readonly total: string;
  readonly recipientName: string | null;
  readonly seal: string | null;
  readonly sealedAt: string | null;
  readonly updatedAt: string;
  /**
   * What MH said of its seal when the hub asked (decision 0031): 'unconfirmed' for an APPROVED document not asked
   * yet (or whose seal changed since), null for one MH was never to seal (not APPROVED and never asked).
   */
  readonly sealCheck: HubSealState | 'unconfirmed' | null;
  readonly sealCheckedAt: string | null;
}

export interface HubDocumentDetail extends HubDocumentSummary {
  /** The signed document as MH received it, and its JWS. */
  readonly mhJson: Record<string, unknown>;
  readonly jws: string;
}

export interface HubDocumentPage {
  readonly documents: readonly HubDocumentSummary[];
  /** Pass as `cursor` for the next page; null on the last one. */
  readonly nextCursor: string | null;
}

/** LIKE's own characters taken literally: a search for "50%" finds "50%", not everything after "50". */
const likeFragment = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A check of another seal than the document's current one says nothing of it. */
function sealCheckOf(r: {
  status: string;
  seal: string | null;
  check_state: HubSealState | null;
  checked_seal: string | null;
  checked_at: Date | null;
}): Pick<HubDocumentSummary, 'sealCheck' | 'sealCheckedAt'> {
  if (r.check_state !== null && r.checked_seal === r.seal)
    return { sealCheck: r.check_state, sealCheckedAt: r.checked_at?.toISOString() ?? null };
  return { sealCheck: r.status === 'APPROVED' ? 'unconfirmed' : null, sealCheckedAt: null };
}

export function hubDocumentsList(db: HubDb) {
  const base = () =>
    db
      .selectFrom('documents as d')
      .innerJoin('stations as s', 's.id', 'd.station_id')
      // MH's word on the seal (seal-checks.ts, decision 0031): one row at most per document, by its key.
      .leftJoin('hub_seal_checks as c', (j) => j.onRef('c.id', '=', 'd.id').onRef('c.issue_date', '=', 'd.issue_date'))
      .select([
        'c.state as check_state',
        'c.seal as checked_seal',
        'c.checked_at',
        'd.id',
        'd.station_id',
        's.branch_code',
        's.pos_number',
        'd.kind',
        'd.version',
        'd.status',
        'd.control_number',
        'd.issue_date',
        'd.total',
        'd.recipient_name',
        'd.seal',
        'd.sealed_at',
        'd.updated_at',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];
  const summary = (r: Row): HubDocumentSummary => ({
    id: r.id,
    stationId: r.station_id,
    branchCode: r.branch_code,
    posNumber: r.pos_number,
    kind: r.kind,
    version: r.version,
    status: r.status,
    controlNumber: r.control_number,
    issueDate: r.issue_date,
    total: r.total,
    recipientName: r.recipient_name,
    seal: r.seal,
    sealedAt: r.sealed_at ? r.sealed_at.toISOString() : null,
    updatedAt: r.updated_at.toISOString(),
    ...sealCheckOf(r),
  });
  return {
    async list(f: ListQuery): Promise<HubDocumentPage> {
      let q = base();
      if (f.station) q = q.where('d.station_id', '=', f.station);
      if (f.branch || f.pos) {
        // A branch or a point of sale is a handful of stations: their ids, then documents_by_station.
        let st = db.selectFrom('stations').select('id');
        if (f.branch) st = st.where('branch_code', '=', f.branch);
        if (f.pos) st = st.where('pos_number', '=', f.pos);
        q = q.where('d.station_id', 'in', st);
      }
      if (f.kind) q = q.where('d.kind', '=', f.kind);
      if (f.status) q = q.where('d.status', '=', f.status);
      if (f.from) q = q.where('d.issue_date', '>=', f.from);
      if (f.to) q = q.where('d.issue_date', '<=', f.to);
      if (f.q) {
        const like = likeFragment(f.q);
        q = q.where((eb) => eb.or([eb('d.recipient_name', 'ilike', like), eb('d.control_number', 'ilike', like)]));
      }
      const c = f.cursor ? decodeCursor(f.cursor) : null;
      if (c) {
        // The plain bound prunes later months' partitions; the row comparison is the index's own order.
        q = q.where('d.issue_date', '<=', c.issueDate).where(sql<boolean>`(d.issue_date, d.id) < (${c.issueDate}::date, ${c.id}::uuid)`);
      }
      const rows = await q
        .orderBy('d.issue_date', 'desc')
        .orderBy('d.id', 'desc')
        .limit(f.limit + 1)
        .execute();
      const page = rows.slice(0, f.limit);
      const last = page[page.length - 1];
      return { documents: page.map(summary), nextCursor: rows.length > f.limit && last ? encodeCursor(last.issue_date, last.id) : null };
    },
    async get(id: string): Promise<HubDocumentDetail> {
      const parsed = uuid().safeParse(id);
      if (!parsed.success) throw new CoreError('DTE_NOT_FOUND', `No existe el documento ${id} en la central.`);
      const r = await base().select(['d.mh_json', 'd.jws']).where('d.id', '=', parsed.data.toLowerCase()).executeTakeFirst();
      if (!r) throw new CoreError('DTE_NOT_FOUND', `No existe el documento ${id} en la central.`);
      return { ...summary(r), mhJson: r.mh_json, jws: r.jws };
    },
  };
}

export type HubDocumentsList = ReturnType<typeof hubDocumentsList>;
