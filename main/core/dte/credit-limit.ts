// A credit note never gives back more than was sold: per CCF it adjusts and per sale type (gravada, exenta, no
// sujeta), this note's lines plus the earlier credit notes that still count (not rejected, not invalidated) stay
// within what the CCF charged for that type (its total less its global discount). A CR carries no sales, so
// notes on a CR are not limited here; debit notes add to a sale and are not counted.
import type { FieldError } from '../../../shared/contract';
import { computeSale, Dec, dec, round2, sum, ZERO, type SaleLine } from '../../../shared/tax';
import type { Store } from '../store/database';
import { canonicalId, creditNotesOf, findDocument, signedParts } from './documents-repo';
import { mhDocumentView, type MhItemView } from './mh/document-types';

type SaleType = 'GRAVADA' | 'EXENTA' | 'NO_SUJETA';
const TYPES: readonly SaleType[] = ['GRAVADA', 'EXENTA', 'NO_SUJETA'];
const NAMES: Record<SaleType, string> = { GRAVADA: 'gravado', EXENTA: 'exento', NO_SUJETA: 'no sujeto' };

interface NoteItem {
  readonly quantity: number;
  readonly unitPrice: number;
  readonly discountAmount?: number | null;
  readonly saleType: SaleType;
  readonly documentNumber?: string | null;
}

/** An earlier note's line (MH's JSON), for one sale type. */
const storedValue = (item: MhItemView, type: SaleType): Dec =>
  dec(type === 'GRAVADA' ? item.ventaGravada : type === 'EXENTA' ? item.ventaExenta : item.ventaNoSuj);
/** This note's line, computed as MH will see it. */
const lineValue = (line: SaleLine, type: SaleType): Dec =>
  type === 'GRAVADA' ? line.ventaGravada : type === 'EXENTA' ? line.ventaExenta : line.ventaNoSuj;

/** What the hub knows of a document (dte/related-at-hub.ts): another branch's CCF, and other branches' notes on it. */
export interface CompanyWide {
  /** The CCF's MH JSON when another branch issued it; null when it is this station's. */
  readonly original: { readonly kind: string; readonly mhJson: Record<string, unknown> } | null;
  /** NC and ND of other branches on it that still count (neither rejected nor invalidated). */
  readonly otherNotes: readonly { readonly kind: string; readonly mhJson: Record<string, unknown> }[];
}

/**
 * What credit notes may still give back of a CCF, per sale type; null for a document that is not a CCF this
 * station holds or the hub described. With `company`, other branches' notes count too.
 */
export function creditLeft(store: Store, id: string, company?: CompanyWide): Record<SaleType, Dec> | null {
  const local = findDocument(store, id);
  const json = signedParts(store, id)?.mh_json;
  const original = local
    ? local.kind === 'CCF' && json
      ? (JSON.parse(json) as Record<string, unknown>)
      : null
    : company?.original?.kind === 'CCF'
      ? company.original.mhJson
      : null;
  if (!original) return null;
  const code = canonicalId(id).toUpperCase();
  const resumen = mhDocumentView(original).resumen ?? {};
  const sold: Record<SaleType, Dec> = {
    GRAVADA: dec(resumen.totalGravada).minus(dec(resumen.descuGravada)),
    EXENTA: dec(resumen.totalExenta).minus(dec(resumen.descuExenta)),
    NO_SUJETA: dec(resumen.totalNoSuj).minus(dec(resumen.descuNoSuj)),
  };
  const notes = [
    ...creditNotesOf(store, code).map((n) => JSON.parse(n) as Record<string, unknown>),
    ...(company?.otherNotes ?? []).filter((n) => n.kind === 'NC').map((n) => n.mhJson),
  ];
  const earlier = notes.flatMap((n) => (mhDocumentView(n).cuerpoDocumento ?? []).filter((it) => it.numeroDocumento === code));
  const left = (type: SaleType) => Dec.max(sold[type].minus(round2(sum(earlier.map((it) => storedValue(it, type))))), ZERO);
  return { GRAVADA: left('GRAVADA'), EXENTA: left('EXENTA'), NO_SUJETA: left('NO_SUJETA') };
}

const controlOf = (wide: CompanyWide | undefined): string | undefined => {
  const control = (wide?.original?.mhJson.identificacion as { numeroControl?: unknown } | undefined)?.numeroControl;
  return typeof control === 'string' ? control : undefined;
};

/** Errors on `items` when this credit note would give back more than a CCF it adjusts has left (company-wide with the hub). */
export function creditLimitErrors(
  store: Store,
  items: readonly NoteItem[],
  company: (id: string) => CompanyWide | undefined = () => undefined,
): FieldError[] {
  const lines = computeSale('NC', { items }).lines;
  const errors: FieldError[] = [];
  const related = [...new Set(items.flatMap((i) => (i.documentNumber ? [canonicalId(i.documentNumber)] : [])))];
  for (const id of related) {
    const wide = company(id);
    const left = creditLeft(store, id, wide);
    if (!left) continue;
    const over: string[] = [];
    for (const type of TYPES) {
      const mine = lines.filter((_, i) => items[i]!.saleType === type && canonicalId(items[i]!.documentNumber ?? '') === id);
      const asked = round2(sum(mine.map((l) => lineValue(l, type))));
      if (asked.isZero()) continue;
      if (asked.greaterThan(left[type])) over.push(`${NAMES[type]}: se piden $${asked.toFixed(2)} y quedan $${left[type].toFixed(2)}`);
    }
    if (over.length) {
      errors.push({
        path: 'items',
        code: 'NOT_ALLOWED',
        message: `Las notas de crédito del ${findDocument(store, id)?.control_number ?? controlOf(wide) ?? id} no pueden devolver más de lo vendido${wide?.otherNotes.length ? ', contando las de otras sucursales' : ''} (${over.join('; ')}).`,
      });
    }
  }
  return errors;
}
