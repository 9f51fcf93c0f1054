// Factura (FC) bodies: a final consumer with no recipient or identified by each document type, lines of goods and
// services of every sale type, discounts, non-taxed amounts, attachments (a doctor too), third-party sales, payments.
import type { z } from 'zod';
import type { fcBody } from '../../../../shared/contract';
import { computeSale, dec, WITH_IVA } from '../../../../shared/tax';
import { address, emailFor, idDocument, nrc, personName, phone, thirdParty } from './parties';
import { COMPANIES, PERSON_ACTIVITIES, PRODUCTS } from './pools';
import type { Normative } from '../../../../shared/normative';
import type { Rng } from './rng';
import { globalDiscounts, itemsNoGrav, payments, pickProducts, productLine, saleAttachments, type SaleLine } from './sale';

type FcInput = z.input<typeof fcBody>;
type Recipient = NonNullable<FcInput['recipient']>;

/**
 * Under the legacy normative MH wants a consumer identified from $1,095 on (fc-v1.ts); a sale to nobody in
 * particular stays well below it, counting every line at its full price with IVA.
 */
const ANONYMOUS_LIMIT = dec(900);

/** A clinic's or laboratory's lines: their factura names the doctor who treated (MH's otrosDocumentos, médico). */
const MEDICAL: ReadonlySet<string> = new Set(PRODUCTS.filter((p) => /^(MED|LAB)-/.test(p.code)).map((p) => p.description));

const RECIPIENTS = ['NONE', 'NIT', 'DUI', 'PASAPORTE', 'CARNET_RESIDENTE', 'OTRO'] as const;

function recipient(rng: Rng, type: Exclude<(typeof RECIPIENTS)[number], 'NONE'>): Recipient {
  const company = type === 'NIT' && rng.chance(0.5) ? rng.pick(COMPANIES) : null;
  const name = company?.name ?? personName(rng);
  // A consumer with NIT and NRC is a taxpayer buying on a factura: MH then wants the activity too.
  const registered = type === 'NIT' && rng.chance(0.5);
  return {
    name,
    identificationDocument: idDocument(rng, type),
    ...(registered ? { nrc: nrc(rng), economicActivity: company?.activity ?? rng.pick(PERSON_ACTIVITIES) } : {}),
    ...(rng.chance(0.5) ? { email: emailFor(rng, name) } : {}),
    ...(rng.chance(0.4) ? { phone: phone(rng) } : {}),
    ...(rng.chance(0.5) ? { address: address(rng) } : {}),
  };
}

function lines(rng: Rng, anonymous: boolean): SaleLine[] {
  const out: SaleLine[] = [];
  let gross = dec(0);
  for (const product of pickProducts(rng, rng.int(1, 6))) {
    const line = productLine(rng, product, 8);
    const withIva = dec(line.quantity).times(line.unitPrice).times(WITH_IVA);
    if (anonymous && out.length > 0 && gross.plus(withIva).greaterThan(ANONYMOUS_LIMIT)) break;
    // A single line too dear for an anonymous sale is sold as one unit.
    const fitted = anonymous && withIva.greaterThan(ANONYMOUS_LIMIT) ? { ...line, quantity: 1, discountAmount: undefined } : line;
    const psv = fitted.type === 'BIENES' && rng.chance(0.15) ? rng.money(fitted.unitPrice * 1.15, fitted.unitPrice * 1.4) : 0;
    const { discountAmount, ...rest } = fitted;
    out.push({ ...rest, ...(discountAmount ? { discountAmount } : {}), ...(psv > 0 ? { psv } : {}) });
    gross = gross.plus(dec(fitted.quantity).times(fitted.unitPrice).times(WITH_IVA));
  }
  return out;
}

export function generateFc(id: string, rng: Rng, normative: Normative): FcInput {
  const who = rng.pick(RECIPIENTS);
  const items = lines(rng, who === 'NONE');
  const medical = items.some((l) => MEDICAL.has(l.description));
  const paymentType = rng.pick(['CONTADO', 'CONTADO', 'CONTADO', 'CREDITO', 'OTRO'] as const);
  const body: FcInput = {
    id,
    paymentType,
    ...(who === 'NONE' ? {} : { recipient: recipient(rng, who) }),
    ...(rng.chance(0.25) || medical ? { attachments: saleAttachments(rng, medical || rng.chance(0.3)) } : {}),
    ...(rng.chance(0.1) ? { thirdPartySale: thirdParty(rng) } : {}),
    items,
    ...(rng.chance(0.15) ? { itemsNoGrav: itemsNoGrav(rng) } : {}),
    ...globalDiscounts(rng, items),
  };
  if (paymentType === 'CREDITO' || !rng.chance(0.5)) return body;
  const paid = payments(rng, computeSale('FC', { ...body, items }).totals.totalPagar, normative);
  return paid ? { ...body, payments: paid } : body;
}
