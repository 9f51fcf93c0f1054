// What a serializer needs besides the request body.
import type { DteKind, FieldError } from '../../../../shared/contract';
import type { Dec } from '../../../../shared/tax';
import type { StoredStation } from '../../station/profile';

export interface Identity {
  /** The request id in upper case. */
  readonly codigoGeneracion: string;
  readonly numeroControl: string;
  /** yyyy-MM-dd and HH:mm:ss, El Salvador time. */
  readonly fecEmi: string;
  readonly horEmi: string;
}

/** Normal transmission, or a document issued during contingency (CAT-005 type and reason). */
export type Operation =
  { readonly kind: 'normal' } | { readonly kind: 'contingency'; readonly type: 1 | 2 | 3 | 4 | 5; readonly reason: string | null };

export interface RelatedDocument {
  readonly kind: DteKind;
  readonly codigoGeneracion: string;
  readonly issueDate: string;
}

export interface BuildContext {
  readonly station: StoredStation;
  readonly identity: Identity;
  readonly operation: Operation;
  readonly posNumber: number;
  readonly related: (id: string) => RelatedDocument | undefined;
}

export interface Built {
  readonly document: Record<string, unknown>;
  /** What the receiver pays (or, for CR, the IVA retained), for lists and receipts. */
  readonly total: Dec;
  /** Rules that need the computed amounts; any of them aborts the issue. */
  readonly errors: FieldError[];
}
