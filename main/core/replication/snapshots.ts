// What the replicator sends for each queued entity: its current state, read when the batch leaves (never the
// change that queued it), in the shapes the hub takes (main/hub/ingest-document.ts, main/hub/station-records.ts).
import type { StationHeartbeat } from '../../../shared/hub';
import type { SyncStatus } from '../../../shared/records';
import { isoLocal, type Clock } from '../clock';
import { unpackDocument } from '../dte/packing/packed-document';
import { invalidationDate } from '../mh-read/read-event';
import type { Store } from '../store/database';
import type { QueuedChange, RecordEntity } from './queue';

/** The documents' current state, with who issued each and the date of an invalidation MH accepted (either normative). */
export function documentSnapshots(store: Store, refs: readonly string[]) {
  if (refs.length === 0) return [];
  const rows = store.all(
    store.q
      .selectFrom('documents')
      .select([
        'id',
        'kind',
        'version',
        'status',
        'control_number',
        'issue_date',
        'total',
        'recipient_name',
        'packed',
        'seal',
        'sealed_at',
        'updated_at',
        'issued_by',
        'issued_by_name',
      ])
      .where('id', 'in', refs),
  );
  const annulled = new Map(
    store
      // One in doubt counts, as in the station's books (its document reads INVALIDATED; decision 0024).
      .all(
        store.q
          .selectFrom('invalidations')
          .select(['dte_id', 'mh_json'])
          .where('status', 'in', ['APPROVED', 'IN_DOUBT'])
          .where('dte_id', 'in', refs),
      )
      .map((r) => [r.dte_id, invalidationDate(r.mh_json)]),
  );
  const byId = new Map(rows.map(({ packed, ...r }) => [r.id, { ...r, ...unpackDocument(packed) }]));
  return refs.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id: r.id,
        kind: r.kind,
        version: r.version,
        status: r.status,
        controlNumber: r.control_number,
        issueDate: r.issue_date,
        total: r.total,
        recipientName: r.recipient_name,
        mhJson: JSON.parse(r.mhJson ?? '{}') as unknown,
        jws: r.jws,
        seal: r.seal,
        sealedAt: r.sealed_at,
        updatedAt: r.updated_at,
        issuedBy: r.issued_by,
        issuedByName: r.issued_by_name,
        invalidatedOn: r.status === 'INVALIDATED' ? (annulled.get(r.id) ?? null) : null,
      },
    ];
  });
}

/** Each record's table and the column saying when it last changed (as migration 019's triggers). */
const TABLES = {
  contingency_event: { table: 'contingency_events', at: 'updated_at' },
  invalidation: { table: 'invalidations', at: 'updated_at' },
  return: { table: 'returns', at: 'updated_at' },
  delivery: { table: 'deliveries', at: 'created_at' },
  day_close: { table: 'day_closes', at: 'closed_at' },
} as const satisfies Record<RecordEntity, { table: string; at: string }>;

/** Columns holding JSON text, sent as JSON. */
const JSON_COLUMNS = new Set(['mh_json', 'mh_response', 'summary', 'difference']);

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

function toBody(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    let value = v;
    if (JSON_COLUMNS.has(k) && typeof v === 'string') {
      try {
        value = JSON.parse(v) as unknown;
      } catch {
        value = v;
      }
    }
    out[camel(k)] = value;
  }
  return out;
}

export interface RecordSnapshot {
  readonly kind: RecordEntity;
  readonly id: string;
  readonly updatedAt: string;
  readonly body: Record<string, unknown>;
}

/** The records' current state: each row as it is, its JSON columns parsed; a return with its lines. */
export function recordSnapshots(store: Store, changes: readonly QueuedChange[]): RecordSnapshot[] {
  const out: RecordSnapshot[] = [];
  for (const kind of Object.keys(TABLES) as RecordEntity[]) {
    const ids = changes.filter((c) => c.entity === kind).map((c) => c.ref);
    if (ids.length === 0) continue;
    const { table, at } = TABLES[kind];
    const placeholders = ids.map(() => '?').join(', ');
    // The table and column names come from TABLES above, never from the queue.
    const rows = store.sqlite.prepare(`SELECT * FROM ${table} WHERE id IN (${placeholders})`).all(...ids) as Record<string, unknown>[];
    const lines =
      kind === 'return'
        ? (store.sqlite
            .prepare(`SELECT return_id, dte_id, item, description, quantity, amount FROM return_lines WHERE return_id IN (${placeholders})`)
            .all(...ids) as Record<string, unknown>[])
        : [];
    for (const row of rows) {
      const body = toBody(row);
      if (kind === 'return') {
        body.lines = lines.filter((l) => l.return_id === row.id).map(toBody);
        // Its latest invalidation, signed: the hub's books leave out a return whose invalidation verifies (decisions
        // 0050, 0063).
        const invalidation = store.sqlite
          .prepare(
            // As returnsRepo.latestInvalidation: the live one (waiting or taken), else the last asked.
            "SELECT id, status, type, reason, updated_at, mh_json, jws FROM return_invalidations WHERE return_id = ? ORDER BY status IN ('PENDING', 'APPROVED') DESC, rowid DESC LIMIT 1",
          )
          .get(row.id) as Record<string, unknown> | undefined;
        body.invalidation = invalidation ? toBody(invalidation) : null;
      }
      out.push({ kind, id: String(row.id), updatedAt: String(row[at]), body });
    }
  }
  return out;
}

/**
 * The station's report to the hub: its sync screen's status, the audit chain's head, its last day close and its
 * signing certificate's end (the hub warns 30 days before).
 */
export function stationHeartbeat(
  store: Store,
  clock: Clock,
  sync: SyncStatus,
  certificate: { readonly fingerprint: string; readonly notAfter: string | null } | null = null,
): StationHeartbeat {
  const head = store.one(store.q.selectFrom('audit_log').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1));
  const close = store.one(store.q.selectFrom('day_closes').select('closed_at').orderBy('seq', 'desc').limit(1));
  return {
    reportedAt: isoLocal(clock.now()),
    sync,
    auditHead: head ? { seq: head.seq, hash: head.hash } : null,
    lastDayCloseAt: close?.closed_at ?? null,
    certificate: certificate ? { fingerprint: certificate.fingerprint, notAfter: certificate.notAfter } : null,
  };
}
