// The report for MH's authorization request, from what the store holds: per kind the documents MH sealed, per
// event the events, and what MH refused along the way. Rendered by report-pdf.ts and report-csv.ts.
import { MH_TYPE, type DteKind } from '../../../shared/contract';
import {
  EVENT_MINIMUM,
  EVENT_NAMES,
  HOMOLOGATION_MINIMUMS,
  KIND_NAMES,
  eventsFor,
  type HomologationRejection,
  type HomologationReport,
  type ReportEvent,
  type ReportKind,
} from '../../../shared/homologation';
import { isoLocal } from '../clock';
import type { StoredStation } from '../station/profile';
import type { Store } from '../store/database';
import { homologationRepo, type RunDocument, type RunEvent, type RunRow } from './runs-repo';

/** MH's message and observations from a stored answer. */
export function mhMessage(response: string | null): { message: string; observations: string[] } {
  if (!response) return { message: 'Sin respuesta de MH', observations: [] };
  const r = JSON.parse(response) as { descripcionMsg?: string; mensaje?: string; observaciones?: unknown };
  const observations = Array.isArray(r.observaciones) ? r.observaciones.map(String) : [];
  return { message: r.descripcionMsg ?? r.mensaje ?? 'Rechazado', observations };
}

/** What the station refused or MH rejected along the run, oldest first, from the run's documents and events. */
export function rejectionsOf(documents: readonly RunDocument[], events: readonly RunEvent[]): HomologationRejection[] {
  const refused = documents
    .filter((d) => d.status === 'REJECTED' || d.error !== null)
    .map((d) => {
      const m = d.error !== null ? { message: `La estación no lo emitió: ${d.error}`, observations: [] } : mhMessage(d.mhResponse);
      return { at: d.updatedAt ?? d.createdAt, key: d.kind, id: d.id.toUpperCase(), controlNumber: d.controlNumber, ...m };
    });
  const rejected = events
    .filter((e) => e.state === 'REJECTED')
    .map((e) => ({
      at: e.createdAt,
      key: e.step,
      id: (e.recordId ?? e.ref).toUpperCase(),
      controlNumber: null,
      ...mhMessage(e.mhResponse),
    }));
  return [...refused, ...rejected].sort((a, b) => a.at.localeCompare(b.at));
}

function eventDetail(e: RunEvent, controlOf: (id: string) => string): string {
  const request = JSON.parse(e.request) as { type?: number; dteReplaceId?: string; documents?: string[]; lines?: { dteId: string }[] };
  switch (e.step) {
    case 'invalidation':
      return `Invalida ${controlOf(e.ref)} (tipo ${request.type ?? ''})${request.dteReplaceId ? `, reemplazado por ${controlOf(request.dteReplaceId)}` : ', sin reemplazo'}`;
    case 'contingency':
      return `Tipo 5; documentos: ${(request.documents ?? []).map(controlOf).join(', ')}`;
    case 'retorno':
      return `Retorno sobre ${(request.lines ?? []).map((l) => controlOf(l.dteId)).join(', ')}`;
    case 'operaciones':
      return operacionesDetail(JSON.parse(e.request) as OperacionesRequest);
    default: {
      const never: never = e.step;
      return never;
    }
  }
}

interface OperacionesRequest {
  readonly period: string;
  readonly items: readonly {
    readonly type: string;
    readonly number?: string | null;
    readonly from?: string | null;
    readonly to?: string | null;
    readonly reportedIn?: string | null;
  }[];
}

/** An EOE in words: its period and what it reports (ranges, single vouchers, or an annulled one again). */
function operacionesDetail(r: OperacionesRequest): string {
  const what = (t: string) => (t === '02' ? 'FS' : 'CCI');
  const first = r.items[0];
  if (first?.reportedIn)
    return `Período ${r.period}; anulado reportado de nuevo: ${r.items.map((i) => `${what(i.type)} ${i.number ?? i.from ?? ''}`).join(', ')} (reportado en ${first.reportedIn.toUpperCase()})`;
  const list = r.items.map((i) => (i.number != null ? `${what(i.type)} ${i.number}` : `${what(i.type)} ${i.from ?? ''} a ${i.to ?? ''}`));
  return `Período ${r.period}; ${first?.number != null ? 'comprobantes uno a uno' : 'rangos'}: ${list.join(', ')}`;
}

export function buildReport(store: Store, run: RunRow, station: StoredStation, now: Date): HomologationReport {
  const repo = homologationRepo(store);
  const sealed = repo.sealed(run.id);
  const all = repo.documents(run.id);
  const controlOf = (id: string) => all.find((d) => d.id === id.toLowerCase())?.controlNumber ?? id.toUpperCase();
  const kinds: ReportKind[] = run.kinds.map((kind: DteKind) => {
    const docs = sealed.filter((d) => d.kind === kind);
    const seals = docs
      .map((d) => d.sealed_at)
      .filter((s): s is string => s !== null)
      .sort();
    return {
      kind,
      mhCode: MH_TYPE[kind],
      name: KIND_NAMES[kind],
      version: docs[0]?.version ?? 0,
      required: HOMOLOGATION_MINIMUMS[kind],
      sealed: docs.filter((d) => d.status === 'APPROVED').length,
      from: seals[0] ?? null,
      to: seals[seals.length - 1] ?? null,
      documents: docs.map((d) => ({
        codigoGeneracion: d.id.toUpperCase(),
        controlNumber: d.control_number,
        generatedAt: d.generated_at,
        sealedAt: d.sealed_at,
        seal: d.seal,
        status: d.status as 'APPROVED' | 'INVALIDATED',
        contingency: d.contingency_id !== null,
      })),
    };
  });
  const stepEvents = repo.events(run.id);
  const events: ReportEvent[] = eventsFor(run.normative, run.kinds).map((event) => {
    const items = stepEvents.filter((e) => e.step === event && e.state === 'APPROVED');
    return {
      event,
      name: EVENT_NAMES[event],
      required: EVENT_MINIMUM,
      sealed: items.length,
      items: items.map((e) => ({
        codigoGeneracion: (e.recordId ?? e.ref).toUpperCase(),
        sealedAt: e.sealedAt,
        seal: e.seal,
        detail: eventDetail(e, controlOf),
      })),
    };
  });
  const complete = kinds.every((k) => k.sealed >= k.required) && events.every((e) => e.sealed >= e.required);
  return {
    runId: run.id,
    company: { name: station.company.name, nit: station.company.nit, nrc: station.company.nrc },
    branch: { mhCode: station.branch.mhCode, posNumber: station.branch.posNumber },
    environment: 'TEST',
    normative: run.normative,
    seed: run.seed,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    generatedAt: isoLocal(now),
    complete,
    kinds,
    events,
    rejections: rejectionsOf(all, stepEvents),
  };
}
