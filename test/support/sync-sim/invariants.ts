// What must hold after every seed, read from the station's database file and from what MH (the simulator) holds.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import type { DteKind } from '../../../shared/contract';
import type { MhSimulator } from '../../../main/mh-sim/server';
import { MAX_PER_EVENT } from '../../../main/core/sync/contingency-event';

export interface Acknowledged {
  readonly id: string;
  readonly kind: DteKind;
  readonly body: Record<string, unknown>;
  readonly controlNumber: string;
}

interface Row {
  id: string;
  kind: string;
  status: string;
  seal: string | null;
  control_number: string;
}

/**
 * `foreign`: control numbers another PC of the same point of sale got sealed at MH (the collision weather,
 * world.ts): the station's documents under them end REJECTED, and its numbers skip them, never repeat.
 */
export function checkInvariants(
  dataDir: string,
  sim: MhSimulator,
  acknowledged: readonly Acknowledged[],
  foreign: ReadonlySet<string> = new Set(),
  /** Documents per contingency event the station was given (MH's 1,000 unless the world says fewer). */
  eventSize = MAX_PER_EVENT,
): string[] {
  const v: string[] = [];
  const db = new Database(join(dataDir, 'sello.db'), { readonly: true });
  try {
    const inv = db.prepare('SELECT dte_id, status FROM invalidations').all() as { dte_id: string; status: string }[];
    // Where the station could not know (decision 0024): the document reads INVALIDATED and a person must check.
    const inDoubt = new Set(inv.filter((i) => i.status === 'IN_DOUBT').map((i) => i.dte_id));
    const rows = db.prepare('SELECT id, kind, status, seal, control_number, mh_response FROM documents').all() as (Row & {
      mh_response: string | null;
    })[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    // Every acknowledged document is stored, once, under the control number it was given.
    for (const a of acknowledged) {
      const r = byId.get(a.id);
      if (!r) v.push(`acknowledged ${a.id} is not stored`);
      else if (r.control_number !== a.controlNumber)
        v.push(`${a.id} has control number ${r.control_number}, acknowledged ${a.controlNumber}`);
    }
    if (rows.length !== new Set(acknowledged.map((a) => a.id)).size)
      v.push(`${rows.length} documents stored, ${acknowledged.length} acknowledged`);
    // Control numbers: per kind no duplicate, and with the other PC's, 1..n with no gap.
    const perKind = new Map<string, number[]>();
    for (const r of rows) perKind.set(r.kind, [...(perKind.get(r.kind) ?? []), Number(r.control_number.slice(-15))]);
    for (const [kind, numbers] of perKind) {
      if (new Set(numbers).size !== numbers.length) v.push(`${kind} control numbers repeat: ${numbers.join(',')}`);
      const theirs = [...foreign].filter((c) => c.startsWith(rows.find((r) => r.kind === kind)!.control_number.slice(0, -15)));
      const sorted = [...new Set([...numbers, ...theirs.map((c) => Number(c.slice(-15)))])].sort((a, b) => a - b);
      if (sorted.some((n, i) => n !== i + 1)) v.push(`${kind} control numbers are not 1..${sorted.length}: ${sorted.join(',')}`);
    }
    // A document under a number another PC got sealed is a numbering collision: REJECTED (with the reason, unless MH
    // refused it for another one first), never PROCESSING or looping.
    for (const r of rows)
      if (foreign.has(r.control_number) && r.status !== 'REJECTED')
        v.push(`${r.kind} ${r.id} collided on ${r.control_number} but is ${r.status} (${(r.mh_response ?? '').slice(0, 120)})`);
    // APPROVED/INVALIDATED locally iff MH holds it sealed, with MH's seal; REJECTED only if MH never accepted it.
    for (const r of rows) {
      const mh = sim.state.documents.get(r.id.toUpperCase());
      const sealed = mh?.accepted === true;
      const mhSeal = mh?.body.selloRecibido ?? null;
      if ((r.status === 'APPROVED' || r.status === 'INVALIDATED') && !sealed)
        v.push(`${r.kind} ${r.id} is ${r.status} but MH does not hold it sealed`);
      if (sealed && r.status !== 'APPROVED' && r.status !== 'INVALIDATED')
        v.push(`${r.kind} ${r.id} is ${r.status} but MH holds it sealed`);
      if (sealed && r.seal !== mhSeal) v.push(`${r.kind} ${r.id} has seal ${r.seal}, MH's is ${JSON.stringify(mhSeal)}`);
      const invalidatedAtMh = sim.state.invalidated.has(r.id.toUpperCase());
      // Never APPROVED while MH holds the invalidation.
      if (invalidatedAtMh && r.status !== 'INVALIDATED') v.push(`MH invalidated ${r.kind} ${r.id}, but it is ${r.status} here`);
      if (r.status === 'INVALIDATED' && !invalidatedAtMh && !inDoubt.has(r.id))
        v.push(`${r.kind} ${r.id} is INVALIDATED here but MH never accepted its invalidation`);
    }
    // MH refusing the signature (801, 803) is the certificate's fault, never the document's (decision 0027).
    const rejected = db.prepare(`SELECT id, kind, mh_response FROM documents WHERE status = 'REJECTED'`).all() as {
      id: string;
      kind: string;
      mh_response: string | null;
    }[];
    for (const r of rejected) {
      const code = r.mh_response ? String((JSON.parse(r.mh_response) as { codigoMsg?: unknown }).codigoMsg) : '';
      if (code === '801' || code === '803') v.push(`${r.kind} ${r.id} is REJECTED for its signature (${code}): it must wait, not fail`);
    }
    if (sim.state.receivedAfterAccepted > 0) v.push(`MH received ${sim.state.receivedAfterAccepted} document(s) it had already accepted`);
    // An accepted invalidation is APPROVED here too, or in doubt (shown, for a person to settle); never REJECTED.
    for (const code of sim.state.invalidated.keys()) {
      if (!inv.some((i) => i.dte_id === code.toLowerCase() && (i.status === 'APPROVED' || i.status === 'IN_DOUBT')))
        v.push(`MH accepted the invalidation of ${code}, the station's event is not APPROVED nor in doubt`);
    }
    v.push(...eventInvariants(db, eventSize));
  } finally {
    db.close();
  }
  return v;
}

/**
 * The contingency events (the cese splits them one transaction at a time, contingency.ts `end`): every document
 * in an event that exists; each signed event lists only documents that are in it, at most `eventSize`; no
 * document listed by two; an event still being filled (ended, unsigned) holds at most `eventSize`, and only while
 * its contingency is open to finish it.
 */
function eventInvariants(db: Database.Database, eventSize: number): string[] {
  const v: string[] = [];
  const events = db.prepare('SELECT id, status, mh_json FROM contingency_events').all() as {
    id: string;
    status: string;
    mh_json: string | null;
  }[];
  const known = new Set(events.map((e) => e.id));
  const where = new Map(
    (
      db.prepare('SELECT id, contingency_id FROM documents WHERE contingency_id IS NOT NULL').all() as {
        id: string;
        contingency_id: string;
      }[]
    ).map((d) => [d.id, d.contingency_id]),
  );
  for (const [id, event] of where) if (!known.has(event)) v.push(`document ${id} is in event ${event}, which does not exist`);
  const listedBy = new Map<string, string>();
  const anyOpen = events.some((e) => e.status === 'open');
  for (const e of events) {
    if (!e.mh_json && e.status === 'ended') {
      // A chunk the cese is still filling: only while its contingency is open, and never over an event's worth.
      const held = [...where.values()].filter((x) => x === e.id).length;
      if (!anyOpen) v.push(`event ${e.id} was left unsigned with ${held} documents, and no contingency is open to finish it`);
      if (held > eventSize) v.push(`unsigned event ${e.id} holds ${held} documents, over ${eventSize}`);
    }
    if (!e.mh_json) continue;
    const listed = (JSON.parse(e.mh_json) as { detalleDTE: { codigoGeneracion: string }[] }).detalleDTE.map((x) =>
      x.codigoGeneracion.toLowerCase(),
    );
    if (listed.length > eventSize) v.push(`event ${e.id} lists ${listed.length} documents, over ${eventSize}`);
    for (const id of listed) {
      // An Evento de Retorno is listed too; it lives in its own table.
      if (where.has(id) && where.get(id) !== e.id) v.push(`event ${e.id} (${e.status}) lists ${id}, which is in event ${where.get(id)}`);
      const other = listedBy.get(id);
      if (other) v.push(`${id} is listed by events ${other} and ${e.id}`);
      listedBy.set(id, e.id);
    }
  }
  return v;
}
