// The cash a customer handed over (the contract's optional `cashReceived`) against what the document takes in
// cash (its `pagos` entries 01): the change the paper prints, or the field error that refuses the sale.
import type { FieldError } from '../../../shared/contract';
import { dec } from '../../../shared/tax';
import { CASH_PAYMENT } from './mh/mappings';

interface Pago {
  readonly codigo?: unknown;
  readonly montoPago?: unknown;
}

export type Tendered =
  { readonly ok: true; readonly cash: { received: string; change: string } | null } | { readonly ok: false; readonly errors: FieldError[] };

export function cashTendered(received: number | undefined, pagos: readonly Pago[] | null | undefined): Tendered {
  if (received === undefined) return { ok: true, cash: null };
  const cash = (pagos ?? []).filter((p) => p.codigo === CASH_PAYMENT).reduce((sum, p) => sum.plus(dec(String(p.montoPago))), dec('0'));
  if (cash.isZero())
    return {
      ok: false,
      errors: [
        {
          path: 'cashReceived',
          code: 'NOT_ALLOWED',
          message: 'Solo una venta con pago en efectivo (01) lleva efectivo recibido: quite `cashReceived` o agregue el pago en efectivo.',
        },
      ],
    };
  const given = dec(String(received));
  if (given.lessThan(cash))
    return {
      ok: false,
      errors: [
        {
          path: 'cashReceived',
          code: 'TOO_SMALL',
          message: `El efectivo recibido ($${given.toFixed(2)}) no cubre el pago en efectivo ($${cash.toFixed(2)}): indique lo que entregó el cliente.`,
        },
      ],
    };
  return { ok: true, cash: { received: given.toFixed(2), change: given.minus(cash).toFixed(2) } };
}
