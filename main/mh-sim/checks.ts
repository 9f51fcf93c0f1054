// How the simulated MH judges a signed document: signature, identity, schema, dates, duplicates, totals.
import { normativeOf } from '../../shared/normative';
import type { DteKind } from '../../shared/contract';
import type { MhPayloadView } from '../core/dte/mh/document-types';
import { verifyJwsSync } from '../core/signing/jws';
import { localDateTime } from '../core/clock';
import type { SimState } from './state';
import { pickValidator, schemaErrors, type SchemaSet } from './schema-validator';
import { schemaEntry } from './schema-table';
import { totalsProblems } from './totals';
import { catalogProblems } from './catalog-checks';

/** Our kind of each CAT-002 code. */
export const KIND_BY_TYPE: Readonly<Record<string, DteKind | undefined>> = {
  '01': 'FC',
  '03': 'CCF',
  '05': 'NC',
  '06': 'ND',
  '07': 'CR',
  '11': 'FEX',
  '14': 'FSE',
  '04': 'NR',
  '08': 'CL',
  '09': 'DCL',
  '15': 'CD',
};

export type Verdict =
  | { readonly ok: true; readonly doc: MhPayloadView; readonly observations: string[] }
  | { readonly ok: false; readonly code: string; readonly message: string; readonly observations: string[] };

const fail = (code: string, message: string, observations: string[] = []): Verdict => ({ ok: false, code, message, observations });

/** The payload of a JWS, unverified: to learn whose key verifies it. */
function peek(jws: string): MhPayloadView | null {
  const part = jws.split('.')[1];
  try {
    return part ? (JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as MhPayloadView) : null;
  } catch {
    return null;
  }
}

export function verifySigned(state: SimState, jws: string, nitOf: (doc: MhPayloadView) => string | undefined): Verdict {
  const doc = peek(jws);
  if (!doc) return fail('803', 'DOCUMENTO NO ES UN JWS VALIDO');
  const nit = nitOf(doc) ?? '';
  const key = state.keys.get(nit);
  if (!key) return fail('801', `NO EXISTE CERTIFICADO ACTIVO PARA EL NIT ${nit}`);
  if (!jws.startsWith(`${Buffer.from('{"alg":"RS512"}').toString('base64url')}.`)) return fail('803', 'ENCABEZADO DE FIRMA NO VALIDO');
  // Synchronous on purpose (nothing waits on the thread pool): the sync simulation replays exactly.
  if (!verifyJwsSync(jws, key)) return fail('803', 'FIRMA ELECTRONICA NO VALIDA');
  return { ok: true, doc, observations: [] };
}

/** The project's own checks, used when no schema folder was given. */
function ownChecks(doc: MhPayloadView): string[] {
  const problems: string[] = [];
  for (const key of ['identificacion', 'emisor', 'cuerpoDocumento', 'resumen']) if (!(key in doc)) problems.push(`[${key}] REQUERIDO`);
  const id = doc.identificacion ?? {};
  // The legacy block is 8 alphanumerics; v2.0's is (M|B|S|P)NNN then PNNN, which that also matches.
  if (!/^DTE-\d{2}-[A-Z0-9]{8}-\d{15}$/.test(String(id.numeroControl))) problems.push('[identificacion.numeroControl] FORMATO NO VALIDO');
  if (!/^[A-F0-9]{8}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{4}-[A-F0-9]{12}$/.test(String(id.codigoGeneracion)))
    problems.push('[identificacion.codigoGeneracion] FORMATO NO VALIDO');
  return problems;
}

/**
 * MF2 §XV p.41: an electronic related document (tipoGeneracion 2) must be one MH sealed, still valid, of the type
 * named, from the same issuer. Physical ones (1) MH cannot check.
 */
function relatedProblems(state: SimState, doc: MhPayloadView): string[] {
  const related = (doc as { documentoRelacionado?: unknown }).documentoRelacionado;
  if (!Array.isArray(related)) return [];
  const problems: string[] = [];
  const nit = (doc as { emisor?: { nit?: unknown } }).emisor?.nit;
  const issuer = typeof nit === 'string' ? nit : '';
  related.forEach((r: { tipoDocumento?: unknown; tipoGeneracion?: unknown; numeroDocumento?: unknown }, i) => {
    if (r.tipoGeneracion !== 2) return;
    const code = String(r.numeroDocumento);
    const held = state.documents.get(code);
    if (!held && state.relatedMayBeElsewhere) return;
    if (!held?.accepted) problems.push(`[documentoRelacionado[${i}].numeroDocumento] ${code} NO ESTA REGISTRADO EN MH`);
    else if (state.invalidated.has(code)) problems.push(`[documentoRelacionado[${i}].numeroDocumento] ${code} ESTA INVALIDADO`);
    else if (held.tipoDte !== String(r.tipoDocumento))
      problems.push(`[documentoRelacionado[${i}].tipoDocumento] ${code} ES UN DTE ${held.tipoDte}, NO ${String(r.tipoDocumento)}`);
    else if (issuer && held.nit !== issuer) problems.push(`[documentoRelacionado[${i}].numeroDocumento] ${code} ES DE OTRO EMISOR`);
  });
  return problems;
}

/** How far ahead of MH's clock a document's fecEmi/horEmi may be (the ±30 minutes MH's rejections quote). */
export const FUTURE_SLACK_MS = 30 * 60_000;

/** A document's fecEmi/horEmi (El Salvador time, UTC−6) as an instant; NaN when unreadable. */
export function emittedAt(fecEmi: unknown, horEmi: unknown): number {
  return Date.parse(`${String(fecEmi)}T${String(horEmi)}-06:00`);
}

export interface EnvelopeFacts {
  readonly ambiente: unknown;
  readonly version: unknown;
  readonly tipoDte: unknown;
  readonly codigoGeneracion: unknown;
}

/** Everything MH checks on a DTE after the signature. `envelope` is null inside a lote. */
export function judgeDte(
  state: SimState,
  schemas: SchemaSet | null,
  doc: MhPayloadView,
  envelope: EnvelopeFacts | null,
  now: Date,
): Verdict {
  const id = doc.identificacion ?? {};
  if (envelope) {
    for (const field of ['ambiente', 'version', 'tipoDte', 'codigoGeneracion'] as const) {
      if (String(envelope[field]) !== String(id[field])) return fail('005', `[identificacion.${field}] NO COINCIDE CON EL ENVIO`);
    }
  }
  if (!schemaEntry(id.tipoDte, id.version)) return fail('006', `[identificacion.version] TIPO O VERSION DE DTE NO SOPORTADO`);
  if (schemas) {
    const pick = pickValidator(schemas, id.tipoDte, id.version);
    if (!pick.ok) return fail('006', 'VERSION DE DTE NO SOPORTADA POR ESTE AMBIENTE', pick.observations);
    if (!pick.validate(doc)) return fail('008', 'DOCUMENTO NO CUMPLE EL ESQUEMA', schemaErrors(pick.validate).split('\n').slice(0, 20));
  } else {
    const problems = ownChecks(doc);
    if (problems.length) return fail('008', 'DOCUMENTO NO CUMPLE LAS VALIDACIONES', problems);
  }
  // Every catalog code must be in the catalogs of the document's normative (catalog-checks.ts).
  const typed = KIND_BY_TYPE[String(id.tipoDte)];
  const offCatalog = typed ? catalogProblems(doc, normativeOf(typed, Number(id.version))) : [];
  if (offCatalog.length) return fail('008', 'DOCUMENTO CON CODIGOS FUERA DE CATALOGO', offCatalog);
  const unrelated = relatedProblems(state, doc);
  if (unrelated.length) return fail('012', 'DOCUMENTO RELACIONADO NO VALIDO', unrelated);
  const prior = state.documents.get(String(id.codigoGeneracion));
  if (prior) return fail('004', '[identificacion.codigoGeneracion] YA EXISTE UN REGISTRO CON ESE VALOR');
  if (state.controlNumbers.has(String(id.numeroControl)))
    return fail('004', '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR');

  const today = localDateTime(now).date;
  const yesterday = localDateTime(new Date(now.getTime() - 86_400_000)).date;
  if (id.tipoOperacion === 2) {
    // A contingency document must be listed in a sealed event and arrive within its 72 hours.
    const deadline = state.contingencyAllowed.get(String(id.codigoGeneracion));
    if (deadline === undefined) return fail('010', 'DOCUMENTO NO SE ENCUENTRA EN UN EVENTO DE CONTINGENCIA RECIBIDO');
    if (now.getTime() > deadline) return fail('011', 'PLAZO PARA TRANSMITIR DOCUMENTO DE CONTINGENCIA VENCIDO');
    // Our reading: an event lists documents of its own normative (v3 legacy, v4 2026; docs/decisions/0014-normativa-2026.md).
    const listedUnder = state.contingencyNormative.get(String(id.codigoGeneracion));
    const kindOf = KIND_BY_TYPE[String(id.tipoDte)];
    if (listedUnder && kindOf && normativeOf(kindOf, Number(id.version)) !== listedUnder)
      return fail('010', '[identificacion.version] EL DOCUMENTO NO CORRESPONDE A LA VERSION DEL EVENTO DE CONTINGENCIA');
  } else if (String(id.fecEmi) > today || String(id.fecEmi) < yesterday) {
    // MH's slack: a normal transmission carries today's date, or yesterday's.
    return fail('009', `[identificacion.fecEmi] FECHA FUERA DEL RANGO PERMITIDO (${String(id.fecEmi)})`);
  } else if (emittedAt(id.fecEmi, id.horEmi) > now.getTime() + FUTURE_SLACK_MS) {
    // Nor a time ahead of MH's own by more than its 30 minutes (docs/decisions/0028-clock-skew.md).
    return fail('009', `[identificacion.horEmi] FECHA FUERA DEL RANGO PERMITIDO (${String(id.fecEmi)} ${String(id.horEmi)})`);
  }
  const kind = KIND_BY_TYPE[String(id.tipoDte)] ?? '';
  // Wrong sums do not stop the reception: they come back as observations (code 002).
  const observations = totalsProblems(kind, doc).map((p) => `[resumen.${p.split(':')[0]}] CALCULO INCORRECTO`);
  return { ok: true, doc, observations };
}
