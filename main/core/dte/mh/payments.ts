// condicionOperacion and pagos (CAT-016, CAT-017) from the contract's paymentType and the optional `payments`
// (docs/decisions/0009-payments.md): what the customer handed over, by method, adds up to the amount to pay.
import type { FieldError } from '../../../../shared/contract';
import { dec, num, type Dec } from '../../../../shared/tax';
import { CASH_PAYMENT, OTHER_PAYMENT, PAYMENT_CONDITION } from './mappings';

type PaymentType = 'CONTADO' | 'CREDITO' | 'OTRO';

export interface PaymentEntry {
  readonly method: string;
  readonly amount: number;
  readonly reference?: string | null | undefined;
}

/** A sale on credit has no payment yet; otherwise the payments given, or all of it in cash (CONTADO) or "other" (OTRO). */
export function payment(paymentType: PaymentType, total: Dec, payments?: readonly PaymentEntry[] | null) {
  const condicionOperacion = PAYMENT_CONDITION[paymentType];
  const entry = (codigo: string, amount: Dec | number, referencia: string | null) => ({
    codigo,
    montoPago: typeof amount === 'number' ? amount : num(amount),
    referencia,
    plazo: null,
    periodo: null,
  });
  if (paymentType === 'CREDITO') return { condicionOperacion, pagos: null };
  const pagos = payments?.length
    ? payments.map((p) => entry(p.method, p.amount, p.reference ?? null))
    : [entry(paymentType === 'CONTADO' ? CASH_PAYMENT : OTHER_PAYMENT, total, null)];
  return { condicionOperacion, pagos };
}

/** The rules `payments` must keep once the total is known: none on credit, and exactly the amount to pay. */
export function paymentErrors(paymentType: PaymentType, total: Dec, payments?: readonly PaymentEntry[] | null): FieldError[] {
  if (!payments?.length) return [];
  if (paymentType === 'CREDITO') {
    return [{ path: 'payments', code: 'NOT_ALLOWED', message: 'Una venta al crédito no lleva pagos: quite `payments` o use CONTADO.' }];
  }
  const paid = payments.reduce((sum, p) => sum.plus(dec(String(p.amount))), dec('0'));
  if (paid.equals(total)) return [];
  return [
    {
      path: 'payments',
      code: 'TOTAL_MISMATCH',
      message: `Los pagos suman $${paid.toFixed(2)} y el total a pagar es $${total.toFixed(2)}: deben ser iguales.`,
    },
  ];
}
