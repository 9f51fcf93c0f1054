// Sale lines and amounts the generators share: lines of every sale type, discounts (per line and global), non-taxed
// amounts, attachments, and payments that add up exactly to what the station will compute.
import { PAYMENT_METHODS } from '../../../../shared/catalogs';
import { PAYMENT_CODES } from '../../../../shared/catalogs/normative';
import type { Normative } from '../../../../shared/normative';
import { dec, type Dec } from '../../../../shared/tax';
import { percentOf, roundCents, splitCents } from './money';
import { ATTACHMENT_DETAILS, DOCTORS, NON_TAXED, PRODUCTS, type Product } from './pools';
import { idDocument } from './parties';
import type { Rng } from './rng';

type SaleType = Product['saleType'];

export interface SaleLine {
  readonly type: 'BIENES' | 'SERVICIOS' | 'BIENES_Y_SERVICIOS' | 'OTROS';
  readonly internalCode?: string;
  readonly description: string;
  readonly quantity: number;
  readonly unitMeasure: string;
  readonly unitPrice: number;
  readonly discountAmount?: number;
  readonly saleType: SaleType;
  readonly psv?: number;
  readonly taxCode?: string;
}

/** Mostly taxed sales; exempt and non-subject ones often enough that every document kind shows them. */
function pickProduct(rng: Rng): Product {
  const wanted: SaleType = rng.pick(['GRAVADA', 'GRAVADA', 'GRAVADA', 'GRAVADA', 'EXENTA', 'NO_SUJETA']);
  return rng.pick(PRODUCTS.filter((p) => p.saleType === wanted));
}

/** Up to `count` different entries of `draw`: a document lists each product once. */
export function distinct<T>(count: number, draw: () => T): T[] {
  const out: T[] = [];
  for (let tries = 0; out.length < count && tries < count * 4; tries++) {
    const x = draw();
    if (!out.includes(x)) out.push(x);
  }
  return out;
}

/** `count` different products (fewer when the draws keep repeating). */
export const pickProducts = (rng: Rng, count: number): Product[] => distinct(count, () => pickProduct(rng));

/** One line of `product`; a line discount sometimes (2 % to 15 % of the line, in cents). */
export function productLine(rng: Rng, product: Product, maxQuantity: number): SaleLine {
  const quantity = product.type === 'SERVICIOS' ? rng.int(1, Math.min(3, maxQuantity)) : rng.int(1, maxQuantity);
  const unitPrice = rng.money(product.price[0], product.price[1]);
  const discount = rng.chance(0.2) ? percentOf(dec(quantity).times(unitPrice), rng.int(2, 15)) : 0;
  return {
    type: product.type,
    ...(rng.chance(0.8) ? { internalCode: product.code } : {}),
    description: product.description,
    quantity,
    unitMeasure: product.unit,
    unitPrice,
    ...(discount > 0 ? { discountAmount: discount } : {}),
    saleType: product.saleType,
  };
}

/** Net value of each sale type over `lines` (quantity × price − line discount). */
export function netBySaleType(lines: readonly SaleLine[]): Record<SaleType, Dec> {
  const of = (t: SaleType) =>
    lines
      .filter((l) => l.saleType === t)
      .reduce((s, l) => s.plus(dec(l.quantity).times(dec(l.unitPrice)).minus(dec(l.discountAmount))), dec(0));
  return { GRAVADA: of('GRAVADA'), EXENTA: of('EXENTA'), NO_SUJETA: of('NO_SUJETA') };
}

/**
 * Global discounts, sometimes, on sale types the lines have: at most 5 % of that type, so that credit notes on a
 * CCF still have room (credit-limit.ts counts the CCF's sales less its global discounts).
 */
export function globalDiscounts(rng: Rng, lines: readonly SaleLine[]) {
  const net = netBySaleType(lines);
  const out: { discountGrav?: number; discountExe?: number; discountNoSuj?: number } = {};
  if (!rng.chance(0.3)) return out;
  const share = (d: Dec) => (d.greaterThan(1) ? percentOf(d, rng.int(1, 5)) : 0);
  const grav = share(net.GRAVADA);
  const exe = rng.chance(0.5) ? share(net.EXENTA) : 0;
  const noSuj = rng.chance(0.5) ? share(net.NO_SUJETA) : 0;
  return {
    ...(grav > 0 ? { discountGrav: grav } : {}),
    ...(exe > 0 ? { discountExe: exe } : {}),
    ...(noSuj > 0 ? { discountNoSuj: noSuj } : {}),
  };
}

export function itemsNoGrav(rng: Rng) {
  return Array.from({ length: rng.int(1, 2) }, () => ({
    type: rng.pick(['BIENES', 'SERVICIOS'] as const),
    description: rng.pick(NON_TAXED),
    amount: rng.money(0.5, 25),
  }));
}

/** otrosDocumentos of FC and CCF: a purchase order or contract, and in a clinic's invoice the doctor who treated. */
export function saleAttachments(rng: Rng, withDoctor: boolean) {
  const details = Array.from({ length: rng.int(0, 2) }, () => ({
    code: rng.pick(['EMISOR', 'RECEPTOR'] as const),
    details: rng.pick(ATTACHMENT_DETAILS),
  }));
  if (!withDoctor) return details.length ? details : [{ code: 'RECEPTOR' as const, details: rng.pick(ATTACHMENT_DETAILS) }];
  const d = rng.pick(DOCTORS);
  const doctor = { name: d.name, identificationDocument: idDocument(rng, rng.pick(['NIT', 'DUI'] as const)), service: d.service };
  return [...details, { code: 'DOCTOR' as const, doctor }];
}

const REFERENCED = new Set(['02', '03', '04', '05', '99']);

/**
 * How a cash sale was paid: one CAT-017 method or two or three, adding up exactly to `total` (the station's own
 * computation, payments.ts). Nothing when the total is zero.
 */
export function payments(rng: Rng, total: Dec, normative: Normative) {
  if (!total.greaterThan(0)) return undefined;
  // Only the methods the normative's CAT-017 holds (2026 has no 06 nor 10).
  const methods = PAYMENT_METHODS.filter((m) => PAYMENT_CODES[normative].has(m.code));
  const count = total.greaterThan(1) ? rng.pick([1, 1, 2, 3]) : 1;
  const chosen: string[] = [];
  while (chosen.length < count) {
    const m = rng.pick(methods).code;
    if (!chosen.includes(m)) chosen.push(m);
  }
  const amounts = splitCents(
    total,
    chosen.map(() => rng.int(1, 10)),
  );
  return amounts.map((amount, i) => {
    const method = chosen[i]!;
    const reference = method === '99' ? 'Pago mediante aplicación móvil' : REFERENCED.has(method) ? `REF-${rng.digits(6)}` : undefined;
    return { method, amount, ...(reference ? { reference } : {}) };
  });
}

/** `rate` % of `base`, rounded to cents as MH rounds; undefined when it comes to nothing. */
export function retention(base: Dec, rate: number): number | undefined {
  const v = roundCents(base.times(rate).div(100));
  return v > 0 ? v : undefined;
}
