// Factura de sujeto excluido (FSE) bodies: purchases from a farmer, artisan or tradesperson identified by each
// document type, with fractional quantities, goods and services, discounts, the 10 % income-tax retention on services,
// and (legacy only: MH's 2026 FSE has no ivaRete1) an IVA retention.
import type { z } from 'zod';
import type { fseBody } from '../../../../shared/contract';
import { ID_TYPES } from '../../../../shared/contract';
import type { Normative } from '../../../../shared/normative';
import { computeFse, dec } from '../../../../shared/tax';
import { percentOf } from './money';
import { address, emailFor, idDocument, personName, phone } from './parties';
import { FSE_PRODUCTS, PERSON_ACTIVITIES, type Product } from './pools';
import type { Rng } from './rng';
import { distinct, payments, retention } from './sale';

type FseInput = z.input<typeof fseBody>;
type FseItem = FseInput['items'][number];

function item(rng: Rng, product: Product): FseItem {
  // Goods are weighed or measured (hundredths); a day's work may be half a day.
  const quantity = product.type === 'SERVICIOS' ? rng.int(1, 24) / 2 : rng.int(25, 4000) / 100;
  const unitPrice = rng.money(product.price[0], product.price[1]);
  const discount = rng.chance(0.15) ? percentOf(dec(quantity).times(unitPrice), rng.int(2, 10)) : 0;
  return {
    type: product.type,
    ...(rng.chance(0.7) ? { internalCode: product.code } : {}),
    description: product.description,
    quantity,
    unitMeasure: product.unit,
    unitPrice,
    ...(discount > 0 ? { discountAmount: discount } : {}),
  };
}

const net = (items: readonly FseItem[]) =>
  items.reduce((s, i) => s.plus(dec(i.quantity).times(dec(i.unitPrice)).minus(dec(i.discountAmount))), dec(0));

export function generateFse(id: string, rng: Rng, normative: Normative): FseInput {
  const name = personName(rng);
  const recipient = {
    ...(rng.chance(0.6) ? { economicActivity: rng.pick(PERSON_ACTIVITIES) } : {}),
    ...(rng.chance(0.3) ? { contributorType: 'NATURAL' as const } : {}),
    name,
    ...(rng.chance(0.5) ? { phone: phone(rng) } : {}),
    ...(rng.chance(0.4) ? { email: emailFor(rng, name) } : {}),
    address: address(rng),
    identificationDocument: idDocument(rng, rng.pick(ID_TYPES)),
  };
  const items = distinct(rng.int(1, 5), () => rng.pick(FSE_PRODUCTS)).map((p) => item(rng, p));
  const total = net(items);
  const discount = rng.chance(0.2) && total.greaterThan(2) ? percentOf(total, rng.int(1, 5)) : 0;
  // Income tax retained on services bought from a natural person: 10 % (Ley del Impuesto sobre la Renta art. 156).
  const services = net(items.filter((i) => i.type === 'SERVICIOS'));
  const renta = rng.chance(0.6) ? retention(services, 10) : undefined;
  // Drawn under both normatives, so that the rest of the document is the same under either.
  const wantsIva = rng.chance(0.2);
  const iva = normative === 'legacy' && wantsIva ? retention(total.minus(discount), 1) : undefined;
  const paymentType = rng.pick(['CONTADO', 'CONTADO', 'CREDITO'] as const);
  const body: FseInput = {
    id,
    paymentType,
    recipient,
    items,
    ...(discount > 0 ? { discount } : {}),
    ...(iva ? { retentionIva: iva } : {}),
    ...(renta ? { retentionRenta: renta } : {}),
  };
  if (paymentType === 'CREDITO' || !rng.chance(0.4)) return body;
  const paid = payments(rng, computeFse(body).totals.totalPagar, normative);
  return paid ? { ...body, payments: paid } : body;
}
