// Amounts in Spanish words, as MH's totalLetras: "CIENTO VEINTE DÓLARES CON 50/100".
import type { Dec } from './decimal';

const UNITS = [
  'CERO',
  'UNO',
  'DOS',
  'TRES',
  'CUATRO',
  'CINCO',
  'SEIS',
  'SIETE',
  'OCHO',
  'NUEVE',
  'DIEZ',
  'ONCE',
  'DOCE',
  'TRECE',
  'CATORCE',
  'QUINCE',
  'DIECISÉIS',
  'DIECISIETE',
  'DIECIOCHO',
  'DIECINUEVE',
  'VEINTE',
  'VEINTIUNO',
  'VEINTIDÓS',
  'VEINTITRÉS',
  'VEINTICUATRO',
  'VEINTICINCO',
  'VEINTISÉIS',
  'VEINTISIETE',
  'VEINTIOCHO',
  'VEINTINUEVE',
];
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'];
const HUNDREDS = [
  '',
  'CIENTO',
  'DOSCIENTOS',
  'TRESCIENTOS',
  'CUATROCIENTOS',
  'QUINIENTOS',
  'SEISCIENTOS',
  'SETECIENTOS',
  'OCHOCIENTOS',
  'NOVECIENTOS',
];

/** Before a noun (DÓLARES, MIL, MILLONES) "uno" shortens: UN, VEINTIÚN, TREINTA Y UN. */
const apocope = (w: string): string => w.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');

function below1000(n: number): string {
  if (n < 30) return UNITS[n] as string;
  if (n < 100) {
    const u = n % 10;
    return `${TENS[Math.floor(n / 10)]}${u ? ` Y ${UNITS[u]}` : ''}`;
  }
  if (n === 100) return 'CIEN';
  const rest = n % 100;
  return `${HUNDREDS[Math.floor(n / 100)]}${rest ? ` ${below1000(rest)}` : ''}`;
}

/** A whole number below 10^12 in words; `beforeNoun` applies the apocope to a final "uno". */
export function integerWords(n: number, beforeNoun = false): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`out of range: ${n}`);
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor((n % 1e6) / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions) parts.push(millions === 1 ? 'UN MILLÓN' : `${integerWords(millions, true)} MILLONES`);
  if (thousands) parts.push(thousands === 1 ? 'MIL' : `${apocope(below1000(thousands))} MIL`);
  if (rest || parts.length === 0) parts.push(beforeNoun ? apocope(below1000(rest)) : below1000(rest));
  return parts.join(' ');
}

/** "UN DÓLAR CON 00/100", "VEINTIÚN DÓLARES CON 05/100", "UN MILLÓN DE DÓLARES CON 00/100". */
export function amountInWords(amount: Dec): string {
  const [intPart, cents = '00'] = amount.toFixed(2).split('.');
  const n = Number(intPart);
  const noun = n === 1 ? 'DÓLAR' : n >= 1e6 && n % 1e6 === 0 ? 'DE DÓLARES' : 'DÓLARES';
  return `${integerWords(n, true)} ${noun} CON ${cents}/100`;
}
