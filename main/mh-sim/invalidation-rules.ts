// What the simulated MH checks on an invalidation event besides its schema and seal, per the normative of the
// document it names (docs/mh.md, Invalidation windows; order and replacements): the event's version, the window, the
// event's date, the NC's replacement order and notes invalidated before their CCF or CR.
import { decodeJwt } from 'jose';
import { normativeOf, REPLACEMENT_ORDER, type Normative } from '../../shared/normative';
import { eventInvalidationWindow, invalidationDeadline } from '../core/normative/invalidation-windows';
import { KIND_BY_TYPE } from './checks';
import type { SimState, StoredAnswer } from './state';

type Refusal = { ok: false; code: string; message: string; observations: string[] };
const refuse = (code: string, message: string): Refusal => ({ ok: false, code, message, observations: [] });

/** The event schema version MH takes for documents of each normative (our reading, docs/decisions/0014-normativa-2026.md). */
const EVENT_VERSION: Record<Normative, number> = { legacy: 2, '2026': 3 };

interface InvalidationEvent {
  identificacion?: { version?: unknown; fecEmi?: string; fecAnula?: string };
  documento?: { codigoGeneracion?: unknown; codigoGeneracionR?: unknown };
}

/** NC or ND MH accepted, not invalidated, whose documentoRelacionado names `code`. */
function liveNotesOn(state: SimState, code: string): string[] {
  const out: string[] = [];
  for (const [id, d] of state.documents) {
    if (!d.accepted || (d.tipoDte !== '05' && d.tipoDte !== '06') || state.invalidated.has(id)) continue;
    const related = (decodeJwt(d.jws) as { documentoRelacionado?: { numeroDocumento?: string }[] | null }).documentoRelacionado ?? [];
    if (related.some((r) => r.numeroDocumento === code)) out.push(id);
  }
  return out;
}

/** Why MH refuses the event on `target`, or null when these rules let it through. */
/** Eventos de Retorno MH sealed and did not invalidate whose documentoRelacionado names `code`. */
function liveReturnsOn(state: SimState, code: string): string[] {
  const out: string[] = [];
  for (const [id, r] of state.returns) {
    if (state.invalidated.has(id)) continue;
    const related = (decodeJwt(r.jws) as { documentoRelacionado?: { codigoGeneracion?: string }[] }).documentoRelacionado ?? [];
    if (related.some((d) => d.codigoGeneracion === code)) out.push(id);
  }
  return out;
}

/** An Evento de Retorno's invalidation (MF2 §VII pp.11, 13, 17): v3, its window and date as the CCF group's, no replacement. */
function returnInvalidationRefusal(ev: InvalidationEvent, target: StoredAnswer, now: Date): Refusal | null {
  if (Number(ev.identificacion?.version) !== 3)
    return refuse('006', '[identificacion.version] UN EVENTO DE RETORNO SE INVALIDA CON EL EVENTO v3');
  const window = eventInvalidationWindow(new Date(target.receivedAt).toISOString(), target.fecEmi ?? '');
  if (now.getTime() > Date.parse(window.deadline)) return refuse('015', 'PLAZO PARA INVALIDAR EL EVENTO VENCIDO');
  const eventDate = ev.identificacion?.fecEmi ?? '';
  if (window.eventDate && (eventDate < window.eventDate.from || eventDate > window.eventDate.to))
    return refuse('016', `[identificacion.fecEmi] FECHA DEL EVENTO FUERA DEL RANGO ${window.eventDate.from} A ${window.eventDate.to}`);
  if (ev.documento?.codigoGeneracionR != null)
    return refuse('017', '[documento.codigoGeneracionR] UN EVENTO DE RETORNO SE INVALIDA SIN DOCUMENTO DE REEMPLAZO');
  return null;
}

export function invalidationRefusal(state: SimState, ev: InvalidationEvent, target: StoredAnswer, now: Date): Refusal | null {
  if (target.tipoDte === '18') return returnInvalidationRefusal(ev, target, now);
  const kind = KIND_BY_TYPE[target.tipoDte];
  if (!kind) return null;
  const normative = normativeOf(kind, target.version);
  if (Number(ev.identificacion?.version) !== EVENT_VERSION[normative])
    return refuse(
      '006',
      `[identificacion.version] EL DOCUMENTO ${kind} v${target.version} SE INVALIDA CON EL EVENTO v${EVENT_VERSION[normative]}`,
    );
  const window = invalidationDeadline(normative, kind, new Date(target.receivedAt).toISOString(), target.fecEmi ?? '');
  if (now.getTime() > Date.parse(window.deadline)) return refuse('015', 'PLAZO PARA INVALIDAR EL DOCUMENTO VENCIDO');
  const eventDate = ev.identificacion?.fecEmi ?? '';
  if (window.eventDate && (eventDate < window.eventDate.from || eventDate > window.eventDate.to))
    return refuse('016', `[identificacion.fecEmi] FECHA DEL EVENTO FUERA DEL RANGO ${window.eventDate.from} A ${window.eventDate.to}`);
  if (REPLACEMENT_ORDER[normative][kind] === 'after' && ev.documento?.codigoGeneracionR != null)
    return refuse('017', '[documento.codigoGeneracionR] LA NOTA DE CREDITO SE INVALIDA SIN DOCUMENTO DE REEMPLAZO');
  if (normative === '2026' && (kind === 'CCF' || kind === 'CR')) {
    const notes = liveNotesOn(state, String(ev.documento?.codigoGeneracion));
    if (notes.length) return refuse('018', `EL DOCUMENTO TIENE NOTAS VIGENTES QUE DEBEN INVALIDARSE PRIMERO (${notes.join(', ')})`);
  }
  // MF2 p.17: an FE, FEXE or FSEE with a live Evento de Retorno is invalidated only after the ER.
  if (kind === 'FC' || kind === 'FEX' || kind === 'FSE') {
    const returns = liveReturnsOn(state, String(ev.documento?.codigoGeneracion));
    if (returns.length)
      return refuse('019', `EL DOCUMENTO TIENE EVENTOS DE RETORNO VIGENTES QUE DEBEN INVALIDARSE PRIMERO (${returns.join(', ')})`);
  }
  return null;
}
