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

/** What credit notes may still give back of a CCF, per sale type; null for a document that is not a stored CCF. */
export function creditLeft(store: Store, id: string): Record<SaleType, Dec> | null {
  const original = findDocument(store, id);
  const json = signedParts(store, id)?.mh_json;
  if (original?.kind !== 'CCF' || !json) return null;
  const code = canonicalId(id).toUpperCase();
  const resumen = mhDocumentView(JSON.parse(json) as Record<string, unknown>).resumen ?? {};
  const sold: Record<SaleType, Dec> = {
    GRAVADA: dec(resumen.totalGravada).minus(dec(resumen.descuGravada)),
    EXENTA: dec(resumen.totalExenta).minus(dec(resumen.descuExenta)),
    NO_SUJETA: dec(resumen.totalNoSuj).minus(dec(resumen.descuNoSuj)),
  };
  const earlier = creditNotesOf(store, code).flatMap((n) =>
    (mhDocumentView(JSON.parse(n) as Record<string, unknown>).cuerpoDocumento ?? []).filter((it) => it.numeroDocumento === code),
  );
  const left = (type: SaleType) => Dec.max(sold[type].minus(round2(sum(earlier.map((it) => storedValue(it, type))))), ZERO);
  return { GRAVADA: left('GRAVADA'), EXENTA: left('EXENTA'), NO_SUJETA: left('NO_SUJETA') };
}

/** Errors on `items` when this credit note would give back more than a CCF it adjusts has left. */
export function creditLimitErrors(store: Store, items: readonly NoteItem[]): FieldError[] {
  const lines = computeSale('NC', { items }).lines;
  const errors: FieldError[] = [];
  const related = [...new Set(items.flatMap((i) => (i.documentNumber ? [canonicalId(i.documentNumber)] : [])))];
  for (const id of related) {
    const left = creditLeft(store, id);
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
        message: `Las notas de crédito del ${findDocument(store, id)?.control_number ?? id} no pueden devolver más de lo vendido (${over.join('; ')}).`,
      });
    }
  }
  return errors;
}
