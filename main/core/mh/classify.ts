// What an answer from MH means, decided from MH's `estado`, codes and messages (docs/mh.md, Transmission),
// never from the HTTP status alone. One pure function, table-tested.
import { textOf } from '../../../shared/text';

/** What the transport saw: a response, no answer in time, or no connection at all. */
export type Exchange =
  | { readonly kind: 'response'; readonly status: number; readonly body: unknown }
  | { readonly kind: 'timeout' }
  /** The request never reached MH (refused, DNS, offline): safe to send again. */
  | { readonly kind: 'unreachable'; readonly message: string }
  /** The connection broke after the request left: MH may have processed it. */
  | { readonly kind: 'broken'; readonly message: string };

export type Outcome =
  | { readonly outcome: 'accepted'; readonly seal: string; readonly observations: readonly string[] }
  | { readonly outcome: 'accepted_with_observations'; readonly seal: string; readonly observations: readonly string[] }
  | { readonly outcome: 'rejected'; readonly code: string; readonly message: string; readonly observations: readonly string[] }
  /**
   * MH already holds a document with this generation code (query it and take its seal), or, `on: numeroControl`,
   * with this control number: ours if a query finds our code, else another document's (a numbering collision).
   */
  | { readonly outcome: 'duplicate'; readonly message: string; readonly on: 'numeroControl' | 'codigoGeneracion' }
  /** Nothing was processed (MH busy, unreachable): send again later. */
  | { readonly outcome: 'retry'; readonly reason: string }
  /** MH may or may not have it: query before any resend. */
  | { readonly outcome: 'unknown'; readonly reason: string }
  /** The token is missing or expired: log in again, then retry once. */
  | { readonly outcome: 'auth'; readonly reason: string }
  /** Only from consultadte: MH has no document with that code. */
  | { readonly outcome: 'not_found'; readonly message: string }
  /**
   * Only from consultadte: MH holds the document invalidated (an event it sealed). How MH says so is not published
   * (docs/mh.md, Invalidation): an `estado` INVALIDADO or ANULADO, or a refusal whose words say it; the seal is the
   * document's, when MH gives one.
   */
  | { readonly outcome: 'invalidated'; readonly seal: string | null; readonly message: string };

type Body = Record<string, unknown>;
const observationsOf = (b: Body): string[] => (Array.isArray(b.observaciones) ? b.observaciones.map(textOf) : []);
const SEAL = /^[A-Z0-9]{40}$/;
/** consultadte's ways of saying a document stands invalidated (classifyResponse, `invalidated`). */
const INVALIDATED_ESTADO = /^(INVALIDADO|ANULADO)$/;
const INVALIDATED_WORDS = /\b(INVALIDAD[OA]|ANULAD[OA])\b/i;
/** A refusal over another document invalidated (the related one: MH refused this one for it) says nothing of this one. */
const ABOUT_ANOTHER = /RELACIONAD/i;
const AUTH_CODES = new Set(['107', '108']);
/** MH's codes for a signature it cannot verify: 801 no active certificate for the NIT, 803 the signature does not verify. */
const SIGNATURE_CODES = new Set(['801', '803']);

/** MH refused the signature, not the document: the certificate it holds for the NIT is not the signer's. */
export const isSignatureRefusal = (code: string): boolean => SIGNATURE_CODES.has(code.trim());

/** MH's words refusing a document because another one holds its control number (decision 0029). */
export const isNumberTaken = (message: string): boolean => /YA EXISTE UN REGISTRO/i.test(message) && /numeroControl/i.test(message);

/**
 * `send`: MH's answer to a document sent; `query`: to consultadte about one; `lote`: one item of a lote's results,
 * a reception's answer read as a query's where MH does not know the code.
 */
export type Purpose = 'send' | 'query' | 'lote';

export function classify(x: Exchange, purpose: Purpose = 'send'): Outcome {
  switch (x.kind) {
    case 'timeout':
      return { outcome: 'unknown', reason: 'MH no respondió a tiempo' };
    case 'broken':
      return { outcome: 'unknown', reason: `la conexión se cortó: ${x.message}` };
    case 'unreachable':
      return { outcome: 'retry', reason: `MH no es alcanzable: ${x.message}` };
    case 'response':
      return classifyResponse(x.status, x.body, purpose);
    default: {
      const never: never = x;
      return never;
    }
  }
}

function classifyResponse(status: number, raw: unknown, purpose: Purpose): Outcome {
  const b: Body = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Body) : {};
  const code = textOf(b.codigoMsg ?? b.codigo);
  const message = textOf(b.descripcionMsg ?? b.mensaje ?? b.message);
  if (status === 401 || status === 403 || AUTH_CODES.has(code)) return { outcome: 'auth', reason: message || `HTTP ${status}` };
  const estado = textOf(b.estado).toUpperCase();
  if (
    purpose === 'query' &&
    (INVALIDATED_ESTADO.test(estado) || (estado === 'RECHAZADO' && INVALIDATED_WORDS.test(message) && !ABOUT_ANOTHER.test(message)))
  ) {
    const seal = textOf(b.selloRecibido ?? b.numValidacion);
    return { outcome: 'invalidated', seal: SEAL.test(seal) ? seal : null, message: message || estado };
  }
  if (estado === 'PROCESADO' || estado === 'RECIBIDO') {
    const seal = textOf(b.selloRecibido ?? b.numValidacion);
    // PROCESADO without a seal is inconclusive (docs/mh.md): ask again.
    if (!SEAL.test(seal)) return { outcome: 'unknown', reason: 'MH respondió sin sello de recepción' };
    return code === '002' || observationsOf(b).length > 0
      ? { outcome: 'accepted_with_observations', seal, observations: observationsOf(b) }
      : { outcome: 'accepted', seal, observations: [] };
  }
  if (estado === 'RECHAZADO') {
    if (purpose !== 'send' && /NO (SE )?(ENCONTR|EXISTE)/i.test(message)) return { outcome: 'not_found', message };
    // Asked about our code, MH answers with the record it holds: refused, whatever the words (a 004 on the control
    // number included, issue 54). Never a duplicate, which would send it again. A lote's item is a reception's answer.
    if (purpose === 'query') {
      // A refused resend of our code ("already exists") says nothing of the first: it may be sealed. Unclear.
      if (/YA EXISTE UN REGISTRO/i.test(message) && !/numeroControl/i.test(message))
        return { outcome: 'unknown', reason: `MH respondió a la consulta con una recepción repetida: ${message}` };
      return { outcome: 'rejected', code, message, observations: observationsOf(b) };
    }
    if (/YA EXISTE UN REGISTRO/i.test(message))
      return { outcome: 'duplicate', message, on: /numeroControl/i.test(message) ? 'numeroControl' : 'codigoGeneracion' };
    return { outcome: 'rejected', code, message, observations: observationsOf(b) };
  }
  if (purpose !== 'send' && (status === 404 || /NO (SE )?(ENCONTR|EXISTE)/i.test(message))) return { outcome: 'not_found', message };
  // Busy or unavailable before processing: nothing happened, send again later.
  if (status === 429 || status === 503) return { outcome: 'retry', reason: `HTTP ${status}` };
  // Any other answer (5xx, an HTML error page, an unexpected body) says nothing about the document.
  return { outcome: 'unknown', reason: `respuesta no reconocida (HTTP ${status})` };
}
