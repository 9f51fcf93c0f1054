// CAT-017's names as people read them, apart from the other catalogs so the counter loads only these.
import { PAYMENT_METHODS_SHOWN } from './data/payment-methods-shown';

const PAYMENTS: ReadonlyMap<string, string> = new Map(PAYMENT_METHODS_SHOWN.map((e) => [e.code, e.name]));

/** `Tarjeta de crédito` for CAT-017 `03`; undefined for a code MH does not list. */
export const paymentMethodName = (code: string): string | undefined => PAYMENTS.get(code);
