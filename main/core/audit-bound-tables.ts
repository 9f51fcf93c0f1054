// The tables the keyed audit chain binds, as data (docs/decisions/0062-audit-binds-what-the-books-read.md): every
// row the books, the close or the drawer read is bound by an entry `<action>` carrying a digest of its content,
// written by the table's one owner after each write (audit-binding.ts). `documents` is decision 0034's, unchanged.
import { createHash } from 'node:crypto';

export type BoundTableName =
  'documents' | 'returns' | 'return_invalidations' | 'invalidations' | 'day_closes' | 'drawer_openings' | 'drawer_kicks';

/** The bound tables whose findings name their table; documents keep decision 0034's own findings. */
export type RecordTableName = Exclude<BoundTableName, 'documents'>;

/** Child rows folded into their parent's digest (an ER's lines: the books read them). */
export interface BoundLines {
  readonly table: 'return_lines';
  /** The column naming the parent row's id. */
  readonly parent: string;
  readonly columns: readonly string[];
  /** Their order inside the digest (the table's primary key after the parent). */
  readonly order: readonly string[];
}

export interface BoundTable {
  readonly table: BoundTableName;
  /** The row's id: the binding's subject. */
  readonly idColumn: 'id';
  /** The audit action of its bindings. */
  readonly action: string;
  /** What the digest covers, in this order. */
  readonly columns: readonly string[];
  /** Every other column of the table, with why it is not covered (test/unit/audit-bound-tables.test.ts checks). */
  readonly leftOut: Readonly<Record<string, string>>;
  readonly lines: BoundLines | null;
  /** The column that says when the row was last written: a binding's time unless the writer gives one. */
  readonly at: string;
}

/** Decision 0034's columns, unchanged: existing chains' digests stay valid. */
export const DOCUMENT_COLUMNS = [
  'id',
  'kind',
  'environment',
  'version',
  'status',
  'control_number',
  'company_id',
  'branch_code',
  'pos_number',
  'generated_at',
  'issue_date',
  'created_at',
  'request_hash',
  'recipient_name',
  'total',
  'packed',
  'related',
  'mh_response',
  'seal',
  'sealed_at',
  'issued_by',
  'issued_by_name',
] as const;

export const DOCUMENTS: BoundTable = {
  table: 'documents',
  idColumn: 'id',
  action: 'document.bound',
  columns: DOCUMENT_COLUMNS,
  leftOut: {
    contingency_id: 'a contingency event moves its documents to another event in bulk',
    updated_at: 'moved by every write; the binding entry carries its own time',
    recipient_fold: 'the search text, rebuilt from recipient_name',
    id_as_sent: 'the id as its client typed it; the id itself is covered',
    recipient_email: "the e-mail queue's copy of the address the packed request holds",
  },
  lines: null,
  at: 'updated_at',
};

export const RETURNS: BoundTable = {
  table: 'returns',
  idColumn: 'id',
  action: 'return.bound',
  columns: [
    'id',
    'kind',
    'environment',
    'company_id',
    'version',
    'status',
    'reason',
    'total',
    'mh_json',
    'jws',
    'mh_response',
    'generated_at',
    'created_at',
    'updated_at',
  ],
  leftOut: { contingency_id: 'a contingency event moves its ERs to another event in bulk, as it does documents' },
  lines: {
    table: 'return_lines',
    parent: 'return_id',
    columns: ['dte_id', 'item', 'description', 'quantity', 'amount'],
    order: ['dte_id', 'item'],
  },
  at: 'updated_at',
};

export const RETURN_INVALIDATIONS: BoundTable = {
  table: 'return_invalidations',
  idColumn: 'id',
  action: 'return-invalidation.bound',
  columns: ['id', 'return_id', 'status', 'type', 'reason', 'mh_json', 'jws', 'mh_response', 'generated_at', 'created_at', 'updated_at'],
  leftOut: {},
  lines: null,
  at: 'updated_at',
};

export const INVALIDATIONS: BoundTable = {
  table: 'invalidations',
  idColumn: 'id',
  action: 'invalidation.bound',
  columns: [
    'id',
    'dte_id',
    'kind',
    'environment',
    'company_id',
    'version',
    'status',
    'replacement_id',
    'mh_json',
    'jws',
    'mh_response',
    'generated_at',
    'created_at',
    'updated_at',
    'settled_by',
  ],
  leftOut: {
    leaving_at: "the send's own bookkeeping, written before every send; the books never read it",
    doubt_at: "the send's own bookkeeping (a send that may have reached MH); the books never read it",
  },
  lines: null,
  at: 'updated_at',
};

export const DAY_CLOSES: BoundTable = {
  table: 'day_closes',
  idColumn: 'id',
  action: 'close.bound',
  columns: [
    'id',
    'seq',
    'scope',
    'scope_name',
    'period_from',
    'period_to',
    'closed_at',
    'closed_by',
    'closed_by_name',
    'summary',
    'previous_id',
    'difference',
    'hash',
  ],
  leftOut: {},
  lines: null,
  at: 'closed_at',
};

export const DRAWER_OPENINGS: BoundTable = {
  table: 'drawer_openings',
  idColumn: 'id',
  action: 'drawer-opening.bound',
  columns: ['id', 'scope', 'amount', 'opened_at', 'opened_by', 'opened_by_name'],
  leftOut: {},
  lines: null,
  at: 'opened_at',
};

export const DRAWER_KICKS: BoundTable = {
  table: 'drawer_kicks',
  idColumn: 'id',
  action: 'drawer-kick.bound',
  columns: ['id', 'at', 'by', 'by_name', 'dte_id'],
  // Added by migration 037 and left out so that the older kicks' digests stay valid: each pulse's audit entry
  // `drawer.open` carries both (docs/decisions/0073-money-follows-the-person.md).
  leftOut: {
    cause: 'carried by the audit entry drawer.open of the same pulse',
    ref_id: 'carried by the audit entry drawer.open of the same pulse',
  },
  lines: null,
  at: 'at',
};

/** Every bound table, documents first (the order the check reads them in). */
export const BOUND_TABLES: readonly BoundTable[] = [
  DOCUMENTS,
  RETURNS,
  RETURN_INVALIDATIONS,
  INVALIDATIONS,
  DAY_CLOSES,
  DRAWER_OPENINGS,
  DRAWER_KICKS,
];

/** The entry that says which tables are bound from there on (audit-binding.ts, `bindNewTables`). */
export const TABLES_BOUND_ACTION = 'audit.tables-bound';

export type BoundValues = Readonly<Record<string, unknown>>;

const part = (column: string, v: unknown): string => {
  const text =
    v === null || v === undefined
      ? '\u0000'
      : Buffer.isBuffer(v)
        ? v.toString('base64')
        : typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint'
          ? String(v)
          : JSON.stringify(v);
  return `${column}\u0001${text}\u0002`;
};

/**
 * The digest of a row's covered columns, then of its lines in their order (the packed texts as their bytes). A
 * table without lines digests exactly as decision 0034's documentDigest did.
 */
export function rowDigest(spec: BoundTable, row: BoundValues, lines: readonly BoundValues[] = []): string {
  const h = createHash('sha256');
  for (const c of spec.columns) h.update(part(c, row[c]), 'utf8');
  if (spec.lines)
    for (const l of lines) {
      h.update('\u0003', 'utf8');
      for (const c of spec.lines.columns) h.update(part(c, l[c]), 'utf8');
    }
  return h.digest('hex');
}

/** The covered columns of a page of rows, by id. */
export const pageSql = (spec: BoundTable): string =>
  `SELECT ${spec.columns.join(', ')} FROM ${spec.table} WHERE ${spec.idColumn} > ? ORDER BY ${spec.idColumn} LIMIT ?`;

/** The covered columns of one row, and its time. */
export const oneSql = (spec: BoundTable): string =>
  `SELECT ${spec.columns.join(', ')}, ${spec.at} AS bound_at FROM ${spec.table} WHERE ${spec.idColumn} = ?`;

/** The lines of the parents named in a JSON array, each with its parent's id as `parent`, in digest order. */
export const linesSql = (lines: BoundLines): string =>
  `SELECT ${lines.parent} AS parent, ${lines.columns.join(', ')} FROM ${lines.table} WHERE ${lines.parent} IN (SELECT value FROM json_each(?)) ORDER BY ${lines.parent}, ${lines.order.join(', ')}`;

/** The lines of each parent, from a result of linesSql. */
export function linesByParent(rows: readonly BoundValues[]): Map<string, BoundValues[]> {
  const by = new Map<string, BoundValues[]>();
  for (const r of rows) {
    const parent = String(r.parent);
    const list = by.get(parent);
    if (list) list.push(r);
    else by.set(parent, [r]);
  }
  return by;
}
