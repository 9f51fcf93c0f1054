// MH's schemas cap every amount below US$100,000,000,000 (exclusiveMaximum). Each field of a request is
// capped on its own by the contract, but a line (quantity × price) or a total can still reach the cap; such a
// document is refused here, naming the line or the items, before it spends a control number.
import type { FieldError } from '../../../../shared/contract';
import { MH_MAX_AMOUNT } from '../../../../shared/contract/primitives';
import { amountInWords, type Dec } from '../../../../shared/tax';

const exceeds = (v: unknown): boolean =>
  typeof v === 'number'
    ? v >= MH_MAX_AMOUNT
    : Array.isArray(v)
      ? v.some(exceeds)
      : v !== null && typeof v === 'object'
        ? Object.values(v).some(exceeds)
        : false;

export function ceilingErrors(document: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const lines = document.cuerpoDocumento;
  if (Array.isArray(lines)) {
    lines.forEach((line, i) => {
      if (exceeds(line)) {
        errors.push({
          path: `items.${i}`,
          code: 'NOT_ALLOWED',
          message: 'El monto de esta línea llega al máximo que MH acepta (US$100,000,000,000): divídala en varios documentos.',
        });
      }
    });
  }
  if (errors.length === 0 && exceeds(document.resumen)) {
    errors.push({
      path: 'items',
      code: 'NOT_ALLOWED',
      message: 'El total del documento llega al máximo que MH acepta (US$100,000,000,000): divida la venta en varios documentos.',
    });
  }
  return errors;
}

/** The amount in words, or nothing past MH's cap (that document is refused by ceilingErrors anyway). */
export const totalWords = (amount: Dec): string => (amount.abs().lt(MH_MAX_AMOUNT) ? amountInWords(amount) : '');
