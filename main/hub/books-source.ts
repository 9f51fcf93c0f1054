// The company's books source (issue 18): every station's documents as the hub stores them, read from PostgreSQL a
// page at a time, so the station's books code (core/books: annexes, IVA books, reports) runs on the whole company
// unchanged. docs/decisions/0016-head-office-hub.md "The company's books".
//   the month's documents   documents_newest (issue_date DESC, id DESC) read backwards, the month's partition only
//   invalidated in a month  documents_invalidated_on (partial), every month's partition
import { sql } from 'kysely';
import { BOOKS_DEFAULTS } from '../../shared/books';
import type { Clock } from '../core/clock';
import { CoreError } from '../core/errors';
import type { BookCompany } from '../core/books/book-model';
import { toBookDocument, type BookDocument, type BookRecordRow } from '../core/books/book-document';
import { toBookReturn } from '../core/books/book-return';
import { ERET_V1 } from '../core/mh-read/event-maps';
import { jsonText } from './mh-json-sql';
import type { BooksSource, PeriodFilter } from '../core/books/books-source';
import { booksOver, type Books, type BooksSettingsStore } from '../core/books/books-service';
import { turn } from '../core/turn';
import type { HubDb } from './hub-database';

/** Rows a page: a page is parsed between two turns of the event loop, as the station's. */
const PAGE = 1000;

/** An establishment and point of sale as the control number carries it (M001P001). */
export const BOOK_POINT = /^[A-Z0-9]{4}P\d{3}$/;

export interface HubBooksScope {
  /** Only this establishment and point of sale (the control number's, M001P001): one station's books. */
  readonly point?: string;
  /** Rows a page (1,000); tests make it small to cross pages. */
  readonly pageSize?: number;
}

type Row = BookRecordRow & { readonly issue_date: string; readonly invalidated_on: string | null };

/**
 * Who the books are of: the company as set at the hub (company.ts), never a document's emisor (a station could
 * name anyone there), and the point when the books are one station's. NOT_FOUND while no station has sent a
 * document or the company is not set.
 */
async function companyOf(db: HubDb, point: string | null): Promise<BookCompany> {
  const [c, any] = await Promise.all([
    db.selectFrom('hub_company').select(['nit', 'nrc', 'name']).executeTakeFirst(),
    db.selectFrom('documents').select('id').limit(1).executeTakeFirst(),
  ]);
  if (!any) throw new CoreError('NOT_FOUND', 'La central aún no tiene documentos de ninguna estación: no hay libros que hacer.');
  if (!c)
    throw new CoreError(
      'NOT_FOUND',
      'La central no tiene los datos de la empresa: un administrador debe registrarlos (NIT, NRC y nombre).',
    );
  return { name: c.name, nit: c.nit, nrc: c.nrc, station: point };
}

/**
 * The MH JSON as text (toBookDocument parses it, as it does the station's). Without `lines`, a document's lines are
 * left in PostgreSQL: they are most of its JSON and only the sales report reads them (a CR's retentions are lines).
 */
export const mhJson = (lines: boolean) =>
  lines ? sql<string>`mh_json::text` : sql<string>`(CASE WHEN kind = 'CR' THEN mh_json ELSE mh_json - 'cuerpoDocumento' END)::text`;

const select = (db: HubDb, lines = true) =>
  db
    .selectFrom('documents')
    .select([
      'id',
      'kind',
      'status',
      'control_number',
      'seal',
      'issued_by',
      'issued_by_name',
      mhJson(lines).as('mh_json'),
      'issue_date',
      'invalidated_on',
    ]);

/** An ER's point of sale (MH's establishment and point codes) inside a replicated record's body. */
const returnPoint = sql`(${jsonText('body', ERET_V1.fields.establishment, ['mhJson'])} || ${jsonText('body', ERET_V1.fields.pointOfSale, ['mhJson'])})`;

/** A replicated record's JSON member as an object, or null. */
const jsonObject = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** What MH said that the books believe against a station's word: documents it refuted, invalidations it does not show. */
interface MhWord {
  readonly refuted: ReadonlySet<string>;
  readonly notShown: ReadonlySet<string>;
}

/**
 * A document as the hub's books believe it (decisions 0063, 0064): one MH refuted (it does not know it, or sealed
 * it otherwise: seal-checker.ts) counts as not accepted; one a station calls INVALIDATED counts until the hub holds
 * the verified invalidation (invalidated_on, written by station-records.ts only), and again when MH, asked, still
 * shows it standing. All are told in `warnings`.
 */
const believed = (r: Row, mh: MhWord): Row => {
  if (mh.refuted.has(r.id)) return { ...r, status: 'REJECTED' };
  const row = mh.notShown.has(r.id) ? { ...r, invalidated_on: null } : r;
  return row.status === 'INVALIDATED' && row.invalidated_on === null ? { ...row, status: 'APPROVED' } : row;
};

const toDocs = (rows: readonly Row[], mh: MhWord) =>
  rows
    .map((r) => believed(r, mh))
    .map((r) => toBookDocument(r, r.invalidated_on))
    .filter((d): d is BookDocument => d !== null);

/** How many of a warning's documents are named; the rest are counted. */
const NAMED = 20;
const named = (what: string, list: readonly string[]) =>
  `${what}: ${list.slice(0, NAMED).join(', ')}${list.length > NAMED ? ` y ${list.length - NAMED} más` : ''}.`;

/**
 * The books source over the hub's documents: the whole company, or one point of sale. The company is read once,
 * here (BooksSource.company is synchronous): a source is made for each request.
 */
export async function hubBooksSource(db: HubDb, scope: HubBooksScope = {}): Promise<BooksSource> {
  if (scope.point !== undefined && !BOOK_POINT.test(scope.point))
    throw new CoreError('VALIDATION_FAILED', `El punto de venta ${scope.point} no es válido: use el formato M001P001.`);
  const point = scope.point ?? null;
  const page = scope.pageSize ?? PAGE;
  const company = await companyOf(db, point);
  // The control number's establishment and point (DTE-01-M001P001-…), as toBookDocument's `point`.
  const ofPoint = (p: string) => sql<boolean>`substr(control_number, 8, 8) = ${p}`;

  /**
   * What MH said against the stations of the period's documents (a few, from the seal checks' partial indexes),
   * read once per call; or of the documents `ids`.
   */
  const mhWordOn = async (on: { from: string; to: string } | { ids: readonly string[] }): Promise<MhWord> => {
    if ('ids' in on && on.ids.length === 0) return { refuted: new Set(), notShown: new Set() };
    let q = db
      .selectFrom('hub_seal_checks')
      .select(['id', 'state'])
      .where((eb) => eb.or([eb('state', '<>', 'confirmed'), eb('invalidation', '=', 'not_shown')]));
    q = 'ids' in on ? q.where('id', 'in', on.ids) : q.where('issue_date', '>=', on.from).where('issue_date', '<=', on.to);
    const rows = await q.execute();
    return {
      refuted: new Set(rows.filter((r) => r.state !== 'confirmed').map((r) => r.id)),
      notShown: new Set(rows.filter((r) => r.state === 'confirmed').map((r) => r.id)),
    };
  };

  return {
    company: () => company,
    async *documents(period: PeriodFilter) {
      const mh = await mhWordOn(period);
      const only = period.point ?? point;
      const fetchPage = (after: { date: string; id: string } | null): Promise<Row[]> => {
        let q = select(db, period.lines === true)
          .where('issue_date', '>=', period.from)
          .where('issue_date', '<=', period.to);
        if (only) q = q.where(ofPoint(only));
        if (period.issuedBy) q = q.where('issued_by', '=', period.issuedBy);
        // A keyset page in (date, id) order, the station's: a uuid sorts by its bytes, which is the order of the
        // station's lower-case text ids.
        if (after) q = q.where(sql<boolean>`(issue_date, id) > (${after.date}::date, ${after.id})`);
        const rows = q.orderBy('issue_date').orderBy('id').limit(page).execute() as Promise<Row[]>;
        // Awaited below, or dropped with the generator when its reader stops early: never an unhandled rejection.
        rows.catch(() => undefined);
        return rows;
      };
      // The next page is asked for as soon as this one arrives: PostgreSQL reads it while this page is parsed.
      let next = fetchPage(null);
      for (;;) {
        const rows = await next;
        if (rows.length === 0) break;
        const last = rows[rows.length - 1]!;
        const more = rows.length === page;
        if (more) next = fetchPage({ date: last.issue_date, id: last.id });
        yield toDocs(rows, mh);
        if (!more) break;
        await turn();
      }
    },
    /**
     * The stations' Eventos de Retorno as they replicated them (station_records, kind 'return'): dated by their own
     * fecEmi, REJECTED ones left out, each with the day MH took its invalidation, if it did.
     */
    async returnsBetween(from, to) {
      let q = db
        .selectFrom('station_records')
        .select([sql<Record<string, unknown>>`body`.as('body'), 'invalidated_on'])
        .where('kind', '=', 'return')
        // Only what the hub verified (verify-record.ts): a return a station merely sent moves no IVA.
        .where('verified_at', 'is not', null)
        .where(sql<boolean>`${jsonText('body', ERET_V1.fields.date, ['mhJson'])} BETWEEN ${from} AND ${to}`)
        .where(sql<boolean>`body->>'status' IN ('PENDING', 'APPROVED')`);
      if (point) q = q.where(sql<boolean>`${returnPoint} = ${point}`);
      const rows = await q.execute();
      return rows
        .map(({ body, invalidated_on }) => {
          const response = jsonObject(body.mhResponse);
          return toBookReturn({
            id: String(body.id),
            status: String(body.status),
            seal: typeof response?.selloRecibido === 'string' ? response.selloRecibido : null,
            mhJson: jsonObject(body.mhJson) ?? {},
            // The day of its own signed invalidation, as the hub verified it (station-records.ts).
            invalidatedOn: invalidated_on,
          });
        })
        .filter((d): d is BookDocument => d !== null);
    },
    async invalidatedBetween(from, to) {
      let q = select(db).where('invalidated_on', '>=', from).where('invalidated_on', '<=', to);
      if (point) q = q.where(ofPoint(point));
      const rows = await q.orderBy('invalidated_on').orderBy('id').execute();
      // A document MH refuted subtracts nothing: it never counted (seal-checker.ts asks about invalidated ones too);
      // nor does one MH still shows standing (decision 0064): it counted as a sale.
      const mh = await mhWordOn({ ids: rows.map((r) => r.id) });
      return toDocs(
        rows.filter((r) => !mh.refuted.has(r.id) && !mh.notShown.has(r.id)),
        mh,
      );
    },
    async warnings(from, to) {
      let refuted = db
        .selectFrom('hub_seal_checks as c')
        .innerJoin('documents as d', (j) => j.onRef('d.id', '=', 'c.id').onRef('d.issue_date', '=', 'c.issue_date'))
        .select(['d.control_number', 'c.state'])
        .where('c.state', '<>', 'confirmed')
        .where('c.issue_date', '>=', from)
        .where('c.issue_date', '<=', to);
      let unproven = db
        .selectFrom('documents')
        .select('control_number')
        .where('status', '=', 'INVALIDATED')
        .where('invalidated_on', 'is', null)
        .where('issue_date', '>=', from)
        .where('issue_date', '<=', to);
      let unverified = db
        .selectFrom('station_records')
        .select('id')
        .where('kind', 'in', ['return', 'invalidation'])
        .where('verified_at', 'is', null);
      if (point) {
        refuted = refuted.where(sql<boolean>`substr(d.control_number, 8, 8) = ${point}`);
        unproven = unproven.where(ofPoint(point));
        unverified = unverified.where(sql<boolean>`${returnPoint} = ${point}`);
      }
      // Sealed documents MH was not asked about yet (the seal checker asks a few a minute): counted, and said so.
      let unasked = db
        .selectFrom('documents as d')
        .leftJoin('hub_seal_checks as c', (j) => j.onRef('c.id', '=', 'd.id').onRef('c.issue_date', '=', 'd.issue_date'))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('d.status', 'in', ['APPROVED', 'INVALIDATED'])
        .where('c.id', 'is', null)
        .where('d.issue_date', '>=', from)
        .where('d.issue_date', '<=', to);
      if (point) unasked = unasked.where(sql<boolean>`substr(d.control_number, 8, 8) = ${point}`);
      // Invalidations of the period, of documents of any month, MH was not asked to show yet (subtracted, and said so)
      // or shows standing (not subtracted: the document counts where it stands).
      let invalidations = db
        .selectFrom('documents as d')
        .leftJoin('hub_seal_checks as c', (j) => j.onRef('c.id', '=', 'd.id').onRef('c.issue_date', '=', 'd.issue_date'))
        .select(['d.control_number', 'c.invalidation', 'd.issue_date'])
        .where('d.invalidated_on', 'is not', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('d.invalidated_on', '>=', from), eb('d.invalidated_on', '<=', to)]),
            eb.and([eb('d.issue_date', '>=', from), eb('d.issue_date', '<=', to)]),
          ]),
        )
        .where((eb) => eb.or([eb('c.id', 'is', null), eb('c.state', '=', 'confirmed')]))
        .where((eb) => eb.or([eb('c.invalidation', 'is', null), eb('c.invalidation', '=', 'not_shown')]));
      if (point) invalidations = invalidations.where(sql<boolean>`substr(d.control_number, 8, 8) = ${point}`);
      const [r, u, v, a, i] = await Promise.all([
        refuted.orderBy('d.control_number').execute(),
        unproven.orderBy('control_number').execute(),
        unverified.orderBy('id').execute(),
        unasked.executeTakeFirst(),
        invalidations.orderBy('d.control_number').execute(),
      ]);
      const notShown = i.filter((x) => x.invalidation === 'not_shown').map((x) => x.control_number);
      const notAsked = i.filter((x) => x.invalidation === null).length;
      const out: string[] = [];
      if (r.length > 0)
        out.push(
          named(
            `${r.length} documento(s) que MH no confirma (no los conoce, o los selló con otro sello) no se cuentan; revise la salud de la central`,
            r.map((x) => x.control_number),
          ),
        );
      if (u.length > 0)
        out.push(
          named(
            `${u.length} documento(s) que la estación da por invalidados se cuentan como vigentes hasta que la central reciba la invalidación firmada`,
            u.map((x) => x.control_number),
          ),
        );
      if (v.length > 0)
        out.push(
          named(
            `${v.length} registro(s) de devolución o invalidación aún sin verificar no se cuentan (la central los verifica al iniciar)`,
            v.map((x) => x.id),
          ),
        );
      if (notShown.length > 0)
        out.push(
          named(
            `${notShown.length} documento(s) que la sucursal invalidó se cuentan como vigentes porque MH aún los muestra vigentes; verifíquelos en la consulta pública de MH (la central vuelve a consultar)`,
            notShown,
          ),
        );
      if (notAsked > 0)
        out.push(
          `${notAsked} invalidación(es) firmadas se restan sin que la central haya consultado aún a MH si las muestra (la central las consulta poco a poco).`,
        );
      const waiting = Number(a?.n ?? 0);
      if (waiting > 0)
        out.push(
          `${waiting} documento(s) sellados se cuentan sin que la central haya confirmado aún su sello con MH (la central los consulta poco a poco; sin credenciales de MH no los consulta).`,
        );
      return out;
    },
  };
}

/**
 * The hub's books settings: ADR 0013's defaults, fixed until the hub keeps settings of its own (a station's own
 * choices stay on the station). Nobody changes them here.
 */
export const HUB_BOOKS_SETTINGS: BooksSettingsStore = {
  get: () => BOOKS_DEFAULTS,
  set: () => {
    throw new CoreError('FORBIDDEN', 'La configuración de los libros de la central no se cambia todavía: usa la de MH por defecto.');
  },
};

/** The company's books (or one point of sale's), the station's books code over the hub's documents. */
export function hubBooks(db: HubDb, clock: Clock) {
  return async (scope: HubBooksScope = {}): Promise<Books> =>
    booksOver({ clock, source: await hubBooksSource(db, scope), settings: HUB_BOOKS_SETTINGS });
}
