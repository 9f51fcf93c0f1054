// CAT-017 Forma de pago, as MH writes it (lower case, no accents).
// Checked against MH's file by test/unit/catalogs.test.ts.
import type { CatalogEntry } from '../types';

export const PAYMENT_METHODS: readonly CatalogEntry[] = [
  { code: '01', name: 'billetes y monedas' },
  { code: '02', name: 'tarjeta debito' },
  { code: '03', name: 'tarjeta credito' },
  { code: '04', name: 'cheque' },
  { code: '05', name: 'transferencia deposito bancario' },
  { code: '06', name: 'vales o cupones' },
  { code: '08', name: 'dinero electronico' },
  { code: '09', name: 'monedero electronico' },
  { code: '10', name: 'certificado o tarjeta de regalo' },
  { code: '11', name: 'bitcoin' },
  { code: '12', name: 'otras criptomonedas' },
  { code: '13', name: 'cuentas por pagar del receptor' },
  { code: '14', name: 'giro bancario' },
  { code: '99', name: 'otros (se debe indicar el medio de pago)' },
];
