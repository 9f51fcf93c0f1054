// Money on screen, one way everywhere: two decimals rounded half up as MH rounds, thousands with commas, a
// minus sign in front ("-$1,234.50"). From the decimal's own digits, never through a binary float.
import { dec, type Dec } from '../../shared/tax';

export function usd(amount: Dec | string): string {
  const d = typeof amount === 'string' ? dec(amount) : amount;
  const [whole = '0', cents = '00'] = d.abs().toFixed(2).split('.');
  const negative = d.isNegative() && !d.abs().toDecimalPlaces(2).isZero();
  return `${negative ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}
