// CAT-017 as people read it on screens and paper (MH writes "tarjeta credito"); MH's own text stays in
// ./payment-methods.ts for what goes to MH. Checked against MH's names by test/unit/catalog-display.test.ts.
import type { CatalogEntry } from '../types';

export const PAYMENT_METHODS_SHOWN: readonly CatalogEntry[] = [
  { code: '01', name: 'Billetes y monedas' },
  { code: '02', name: 'Tarjeta de débito' },
  { code: '03', name: 'Tarjeta de crédito' },
  { code: '04', name: 'Cheque' },
  { code: '05', name: 'Transferencia o depósito bancario' },
  { code: '06', name: 'Vales o cupones' },
  { code: '08', name: 'Dinero electrónico' },
  { code: '09', name: 'Monedero electrónico' },
  { code: '10', name: 'Certificado o tarjeta de regalo' },
  { code: '11', name: 'Bitcoin' },
  { code: '12', name: 'Otras criptomonedas' },
  { code: '13', name: 'Cuentas por pagar del receptor' },
  { code: '14', name: 'Giro bancario' },
  { code: '99', name: 'Otros (se debe indicar el medio de pago)' },
];
