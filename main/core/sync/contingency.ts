// MH's contingency procedure (REFERENCE.md §7) over the store: the event's lifecycle, the documents it covers,
// and the lotes that carry them. Every function is one short synchronous transaction.
//   open (MH or the internet unreachable) → ended (the first successful probe, the "cese") → sealed (MH took
//   the event) → done (every document it lists has MH's answer); or rejected (24 h to correct and resend).
import type { KeyObject } from 'node:crypto';
import { audit } from '../audit';
import { isoLocal, localDateTime } from '../clock';
import { signJson } from '../signing/jws';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import type { ContingencyEventsTable } from '../store/schema';
import { ID_TYPE } from '../dte/mh/mappings';

export type ContingencyType = 1 | 2 | 3 | 4 | 5;
export const EVENT_DEADLINE_MS = 24 * 3600_000;
export const DOCUMENTS_DEADLINE_MS = 72 * 3600_000;
/** MH's contingencia-schema-v3 lists at most 1,000 documents per event. */
export const MAX_PER_EVENT = 1000;
/** MH's lotes carry at most 100 documents. */
export const MAX_PER_LOTE = 100;

type J = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function contingencyStore(store: Store) {
  const q = store.q;
  const active = () =>
    store.all(q.selectFrom('contingency_events').selectAll().where('status', 'in', ['open', 'ended', 'sealed', 'rejected']).orderBy('created_at'));

  /** Rewrites a stored normal document as a contingency document and signs it again (it never reached MH). */
  function resign(documentId: string, type: ContingencyType, reason: string | null, eventId: string, key: KeyObject): boolean {
    const row = store.one(q.selectFrom('documents').select(['mh_json', 'kind']).where('id', '=', documentId));
    // CR v1 has no contingency form: it waits and goes as a normal document once MH answers.
    if (!row?.mh_json || row.kind === 'CR') return false;
    const doc = JSON.parse(row.mh_json) as J;
    const reasonKey = row.kind === 'FEX' ? 'motivoContigencia' : 'motivoContin';
    doc.identificacion = { ...doc.identificacion, tipoModelo: 2, tipoOperacion: 2, tipoContingencia: type, [reasonKey]: reason };
    store.run(q.updateTable('documents').set({ mh_json: JSON.stringify(doc), jws: signJson(doc, key), contingency_id: eventId }).where('id', '=', documentId));
    return true;
  }

  return {
    active,
    open: () => active().find((e) => e.status === 'open') ?? null,

    /** Enters contingency: opens the event and re-signs every queued document MH never received. */
    enter(p: { id: string; type: ContingencyType; reason: string | null; startedAt: Date; now: Date; key: KeyObject }): number {
      return store.tx(() => {
        const at = isoLocal(p.now);
        store.run(
          q.insertInto('contingency_events').values({
            id: p.id,
            type: p.type,
            reason: p.reason,
            started_at: p.startedAt.toISOString(),
            ended_at: null,
            status: 'open',
            mh_json: null,
            jws: null,
            seal: null,
            mh_response: null,
            sealed_at: null,
            created_at: at,
            updated_at: at,
          }),
        );
        const queued = store.all(
          q
            .selectFrom('outbox')
            .innerJoin('documents', 'documents.id', 'outbox.document_id')
            .select('documents.id')
            .where('outbox.topic', '=', 'dte')
            .where('outbox.state', '=', 'pending')
            .where('documents.status', '=', 'CREATED')
            .where('documents.contingency_id', 'is', null),
        );
        let converted = 0;
        for (const d of queued) if (resign(d.id, p.type, p.reason, p.id, p.key)) converted += 1;
        audit(store, at, 'sync', 'contingency.entered', p.id, { type: p.type, converted });
        return converted;
      });
    },

    /** A document issued during contingency joins the open event (the create path signs it as such). */
    attach: (documentId: string, eventId: string) => store.run(q.updateTable('documents').set({ contingency_id: eventId }).where('id', '=', documentId)),

    /** MH turned out not to have a document sent before the contingency: it joins the event, re-signed. */
    adopt(documentId: string, event: ContingencyEventsTable, key: KeyObject): boolean {
      return store.tx(() => {
        const ok = resign(documentId, event.type as ContingencyType, event.reason, event.id, key);
        if (ok) {
          // Not handed to MH after all: queued again as a contingency document.
          store.run(q.updateTable('outbox').set({ state: 'pending', lease_until: null }).where('document_id', '=', documentId).where('topic', '=', 'dte'));
          store.run(q.updateTable('documents').set({ status: 'CREATED' }).where('id', '=', documentId));
        }
        return ok;
      });
    },

    /**
     * The cese: the event ends and is built and signed, listing its documents; beyond 1,000 documents the rest
     * go into further events over the same period (the schema's limit).
     */
    end(p: { event: ContingencyEventsTable; now: Date; station: StoredStation; key: KeyObject; newId: () => string }): ContingencyEventsTable[] {
      return store.tx(() => {
        const docs = store.all(
          q.selectFrom('documents').select(['id', 'kind']).where('contingency_id', '=', p.event.id).where('status', 'in', ['CREATED', 'PROCESSING']).orderBy('created_at'),
        );
        const chunks: { id: string; kind: string }[][] = [];
        for (let i = 0; i < docs.length; i += MAX_PER_EVENT) chunks.push(docs.slice(i, i + MAX_PER_EVENT));
        const at = isoLocal(p.now);
        const events: string[] = [];
        chunks.forEach((chunk, i) => {
          const id = i === 0 ? p.event.id : p.newId();
          if (i > 0) {
            store.run(q.insertInto('contingency_events').values({ ...p.event, id, status: 'ended', created_at: at, updated_at: at }));
            for (const d of chunk) store.run(q.updateTable('documents').set({ contingency_id: id }).where('id', '=', d.id));
          }
          const json = eventJson({ ...p, id, docs: chunk });
          store.run(q.updateTable('contingency_events').set({ status: 'ended', ended_at: p.now.toISOString(), mh_json: JSON.stringify(json), jws: signJson(json, p.key), updated_at: at }).where('id', '=', id));
          events.push(id);
        });
        if (chunks.length === 0) {
          // Nothing was issued during it: the contingency closes without an event for MH.
          store.run(q.updateTable('contingency_events').set({ status: 'done', ended_at: p.now.toISOString(), updated_at: at }).where('id', '=', p.event.id));
        }
        audit(store, at, 'sync', 'contingency.ended', p.event.id, { documents: docs.length, events: events.length });
        return store.all(q.selectFrom('contingency_events').selectAll().where('id', 'in', events.length ? events : ['']));
      });
    },

    sealed(id: string, now: Date, seal: string, response: unknown): void {
      store.tx(() => {
        store.run(q.updateTable('contingency_events').set({ status: 'sealed', seal, sealed_at: now.toISOString(), mh_response: JSON.stringify(response), updated_at: isoLocal(now) }).where('id', '=', id));
        audit(store, isoLocal(now), 'sync', 'contingency.sealed', id, { seal });
      });
    },

    rejected(id: string, now: Date, response: unknown): void {
      store.tx(() => {
        store.run(q.updateTable('contingency_events').set({ status: 'rejected', mh_response: JSON.stringify(response), updated_at: isoLocal(now) }).where('id', '=', id));
        audit(store, isoLocal(now), 'sync', 'contingency.rejected', id);
      });
    },

    /** Documents of a sealed event not yet in a lote, at most `limit`, with their JWS. */
    unsent(eventId: string, limit: number) {
      return store.all(
        q
          .selectFrom('documents')
          .innerJoin('outbox', 'outbox.document_id', 'documents.id')
          .select(['documents.id', 'documents.jws', 'outbox.id as outboxId'])
          .where('documents.contingency_id', '=', eventId)
          .where('documents.status', '=', 'CREATED')
          .where('outbox.state', '=', 'pending')
          .orderBy('documents.created_at')
          .limit(limit),
      );
    },

    /** Records a lote MH received; its documents wait for the result under a long lease. */
    loteSubmitted(p: { idEnvio: string; eventId: string; codigoLote: string; documentIds: string[]; now: Date; leaseMs: number; response: unknown }): void {
      store.tx(() => {
        const at = isoLocal(p.now);
        store.run(q.insertInto('lotes').values({ id: p.idEnvio, contingency_id: p.eventId, codigo_lote: p.codigoLote, status: 'submitted', document_ids: JSON.stringify(p.documentIds), mh_response: JSON.stringify(p.response), submitted_at: p.now.toISOString(), updated_at: at }));
        const lease = new Date(p.now.getTime() + p.leaseMs).toISOString();
        store.run(q.updateTable('outbox').set({ state: 'sending', lease_until: lease }).where('document_id', 'in', p.documentIds).where('topic', '=', 'dte'));
        store.run(q.updateTable('documents').set({ status: 'PROCESSING', updated_at: at }).where('id', 'in', p.documentIds));
      });
    },

    submittedLotes: () => store.all(q.selectFrom('lotes').selectAll().where('status', '=', 'submitted').orderBy('submitted_at')),

    loteDone: (id: string, now: Date) => store.run(q.updateTable('lotes').set({ status: 'done', updated_at: isoLocal(now) }).where('id', '=', id)),

    /** An event is done when none of its documents waits for MH any more. */
    closeFinished(now: Date): void {
      store.tx(() => {
        for (const e of store.all(q.selectFrom('contingency_events').select('id').where('status', '=', 'sealed'))) {
          const left = store.one(q.selectFrom('documents').select((eb) => eb.fn.countAll<number>().as('n')).where('contingency_id', '=', e.id).where('status', 'in', ['CREATED', 'PROCESSING']));
          if (Number(left?.n ?? 0) === 0) {
            store.run(q.updateTable('contingency_events').set({ status: 'done', updated_at: isoLocal(now) }).where('id', '=', e.id));
            audit(store, isoLocal(now), 'sync', 'contingency.done', e.id);
          }
        }
      });
    },
  };
}

export type ContingencyStore = ReturnType<typeof contingencyStore>;

/** contingencia-schema-v3. */
function eventJson(p: { id: string; event: ContingencyEventsTable; now: Date; station: StoredStation; docs: { id: string; kind: string }[] }) {
  const s = p.station;
  const responsible = s.responsible ?? { name: s.company.name.slice(0, 100), identificationDocument: { type: 'NIT' as const, number: s.company.nit } };
  const start = localDateTime(new Date(p.event.started_at));
  const end = localDateTime(p.now);
  const types: Record<string, string> = { FC: '01', CCF: '03', NC: '05', ND: '06', CR: '07', FEX: '11', FSE: '14' };
  return {
    identificacion: { version: 3, ambiente: s.environment === 'LIVE' ? '01' : '00', codigoGeneracion: p.id.toUpperCase(), fTransmision: end.date, hTransmision: end.time },
    emisor: {
      nit: s.company.nit,
      nombre: s.company.name.length >= 5 ? s.company.name : s.company.name.padEnd(5, '.'),
      nombreResponsable: responsible.name,
      tipoDocResponsable: ID_TYPE[responsible.identificationDocument.type],
      numeroDocResponsable: responsible.identificationDocument.number,
      tipoEstablecimiento: s.branch.establishmentType,
      codEstableMH: s.branch.mhCode,
      codPuntoVenta: `P${String(s.branch.posNumber).padStart(3, '0')}`,
      telefono: s.company.phone,
      correo: s.company.email,
    },
    detalleDTE: p.docs.map((d, i) => ({ noItem: i + 1, codigoGeneracion: d.id.toUpperCase(), tipoDoc: types[d.kind] ?? '01' })),
    motivo: {
      fInicio: start.date,
      fFin: end.date,
      hInicio: start.time,
      hFin: end.time,
      tipoContingencia: p.event.type,
      motivoContingencia: p.event.reason,
    },
  };
}
