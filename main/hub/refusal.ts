// Why the hub refuses a document a station sends (docs/decisions/0030-hub-trust-model.md): one typed error per
// document, a 422 DOCUMENT_REFUSED at the HTTP boundary with the reason, which the station parks and shows.
import { CoreError } from '../core/errors';
import type { ApiError } from '../../shared/errors';

export const REFUSAL_REASONS = [
  /** The control number's establishment and point of sale are not among the token's. */
  'POINT_NOT_BOUND',
  /** The control number is not DTE-TT-MmmmPppp-… or its TT is not the document's kind. */
  'CONTROL_NUMBER',
  /** kind, identificacion.tipoDte, codigoGeneracion, numeroControl or fecEmi disagree. */
  'KIND_MISMATCH',
  'FIELDS_MISMATCH',
  /** The JWS does not verify with any of the company's certificates at the hub. */
  'BAD_SIGNATURE',
  /** The JWS's payload is not the MH JSON sent beside it. */
  'PAYLOAD_MISMATCH',
  /** The emisor is not the company as set at the hub. */
  'ISSUER_MISMATCH',
  /** An approved or invalidated document without MH's seal, or a seal not of MH's shape. */
  'BAD_SEAL',
  /** A status that goes back (APPROVED to PROCESSING, INVALIDATED to APPROVED…). */
  'STATUS_BACKWARDS',
  /** Another station's checked document holds this id. */
  'ID_TAKEN',
  /** A sealed document sent again with another JWS, or a seal another document holds (decision 0063). */
  'RESIGNED_SEALED',
  'SEAL_TAKEN',
  /** A record (an ER, an invalidation, a contingency event) without its signed MH JSON. */
  'RECORD_UNSIGNED',
  /** The document a record names is not at the hub as this station's (it may arrive later: sent again then). */
  'DOCUMENT_UNKNOWN',
  /** An ER gives back more than the documents it names are worth. */
  'AMOUNT_EXCEEDS',
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export class DocumentRefused extends CoreError {
  constructor(
    readonly documentId: string,
    readonly controlNumber: string,
    readonly reason: RefusalReason,
    why: string,
  ) {
    super('DOCUMENT_REFUSED', `La central no acepta el documento ${controlNumber} (${documentId}): ${why}`);
    this.name = 'DocumentRefused';
  }

  override toApiError(): ApiError {
    return { ...super.toApiError(), reason: this.reason };
  }
}
