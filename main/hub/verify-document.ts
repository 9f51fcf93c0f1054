// What the hub checks of a document before it stores it, from the document alone (docs/decisions/0030-hub-trust-model.md):
// its point of sale is the token's, its JWS verifies with one of the company's keys and carries the very MH JSON sent,
// the issuer is the company as set at the hub, kind, tipoDte and the identifiers agree, and a seal has MH's shape.
// What needs the stored rows (status only forward, an id another station holds) is documents-repo.ts's.
import type { KeyObject } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { MH_TYPE } from '../../shared/contract/kinds';
import type { DteStatus } from '../../shared/records';
import { DTE_TRANSITIONS } from '../core/dte/status';
import { verifyJwsSync } from '../core/signing/jws';
import { dteMapOf } from '../core/mh-read/dte-maps';
import { readDte } from '../core/mh-read/read-dte';
import type { HubCompany } from './company';
import type { IngestDocument } from './ingest-document';
import { DocumentRefused, type RefusalReason } from './refusal';

/** DTE-01-M001P001-000000000000001: MH's numeroControl (31 characters). */
const CONTROL = /^DTE-(\d{2})-([A-Z0-9]{4}P\d{3})-\d{15}$/;
/** MH's selloRecibido: 40 upper-case letters and digits. */
const SEAL = /^[A-Z0-9]{40}$/;

export interface VerifyContext {
  readonly points: readonly string[];
  readonly company: HubCompany;
  readonly keys: readonly KeyObject[];
}

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const digits = (v: unknown): string => (typeof v === 'string' ? v.replace(/\D/g, '') : '');
const words = (v: unknown): string => (typeof v === 'string' ? v.trim().replace(/\s+/g, ' ').toUpperCase() : '');

/**
 * The JWS carries the very JSON sent. A station signs JSON.stringify of the document, so the payload's text is
 * compared first (a few microseconds); a signer that spaced or ordered it otherwise is compared parsed.
 */
export function carriesJson(jws: string, json: Record<string, unknown>): boolean {
  const text = Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8');
  if (text === JSON.stringify(json)) return true;
  try {
    return isDeepStrictEqual(JSON.parse(text), json);
  } catch {
    return false;
  }
}

/** Throws DocumentRefused naming the first check the document fails. */
export function verifyDocument(d: IngestDocument, ctx: VerifyContext): void {
  const refuse = (reason: RefusalReason, why: string): never => {
    throw new DocumentRefused(d.id, d.controlNumber, reason, why);
  };
  const m = CONTROL.exec(d.controlNumber);
  if (!m) return refuse('CONTROL_NUMBER', 'el número de control no tiene la forma DTE-TT-MmmmPppp-000000000000001.');
  if (m[1] !== MH_TYPE[d.kind]) return refuse('CONTROL_NUMBER', `el número de control es de tipo ${m[1]}, no de ${d.kind}.`);
  if (!ctx.points.includes(m[2]!))
    return refuse(
      'POINT_NOT_BOUND',
      `el punto de venta ${m[2]} no es de este token (${ctx.points.join(', ') || 'ninguno'}); pida a la central un token para ese punto.`,
    );
  // A version MH defines for this kind, the one the JSON says: the hub reads it by that version's names (mh-read/).
  const version = (obj(d.mhJson.identificacion) as { version?: unknown }).version;
  if (version !== d.version || !dteMapOf(d.kind, d.version))
    return refuse('FIELDS_MISMATCH', `la versión ${String(version)} no es una que MH defina para ${d.kind}, o no es la enviada.`);
  const mh = readDte(d.kind, d.mhJson, d.version);
  if (mh.mhType !== MH_TYPE[d.kind]) return refuse('KIND_MISMATCH', `es ${d.kind} pero su tipoDte es ${String(mh.mhType)}.`);
  if (mh.generationCode !== d.id.toUpperCase() || mh.controlNumber !== d.controlNumber || mh.date !== d.issueDate)
    return refuse('FIELDS_MISMATCH', 'el código de generación, el número de control o la fecha no son los del JSON firmado.');
  if (!ctx.keys.some((k) => verifyJwsSync(d.jws, k)))
    return refuse('BAD_SIGNATURE', 'la firma no se verifica con ningún certificado de la empresa registrado en la central.');
  if (!carriesJson(d.jws, d.mhJson)) return refuse('PAYLOAD_MISMATCH', 'el JSON enviado no es el que se firmó.');
  const e = mh.issuer;
  if (digits(e.nit) !== ctx.company.nit || digits(e.nrc) !== ctx.company.nrc || words(e.name) !== words(ctx.company.name))
    return refuse('ISSUER_MISMATCH', 'el emisor no es la empresa registrada en la central (NIT, NRC y nombre).');
  const sealed = d.status === 'APPROVED' || d.status === 'INVALIDATED';
  if (d.seal !== null && !SEAL.test(d.seal))
    return refuse('BAD_SEAL', 'el sello de recepción no tiene la forma de MH (40 letras y dígitos).');
  if (sealed && d.seal === null)
    return refuse('BAD_SEAL', `está ${d.status === 'APPROVED' ? 'aprobado' : 'invalidado'} sin sello de recepción de MH.`);
}

/** Every status a document in `from` may reach, in one step or several (the station's DTE_TRANSITIONS). */
const REACHABLE: ReadonlyMap<DteStatus, ReadonlySet<DteStatus>> = new Map(
  (Object.keys(DTE_TRANSITIONS) as DteStatus[]).map((from) => {
    const seen = new Set<DteStatus>();
    const walk = (s: DteStatus) => {
      for (const n of DTE_TRANSITIONS[s]) {
        if (seen.has(n)) continue;
        seen.add(n);
        walk(n);
      }
    };
    walk(from);
    return [from, seen];
  }),
);

/** True when a stored `from` may become `to` (the same status included): status only moves forward. */
export const statusMayMove = (from: DteStatus, to: DteStatus): boolean => from === to || (REACHABLE.get(from)?.has(to) ?? false);
