// Factura de exportación (FEX) bodies: foreign buyers in many countries, goods, services or both, incoterms with
// freight and insurance, customs office and regime (never for services only), discounts, non-taxed amounts, the
// truck, ship or plane that carries the goods, appendices, comments, third-party sales and payments.
import type { z } from 'zod';
import type { fexBody } from '../../../../shared/contract';
import { FISCAL_ENCLOSURES, REGIMES } from '../../../../shared/catalogs';
import { contractValueAllowed } from '../../../../shared/catalogs/normative';
import type { Normative } from '../../../../shared/normative';
import { computeFex, dec } from '../../../../shared/tax';
import { percentOf } from './money';
import { emailFor, idDocument, thirdParty } from './parties';
import { APPENDICES, ATTACHMENT_DETAILS, DRIVERS, EXPORT_COMMENTS, EXPORTS, FOREIGN_BUYERS, NON_TAXED } from './pools';
import type { Rng } from './rng';
import { distinct, payments } from './sale';

type FexInput = z.input<typeof fexBody>;
type FexItem = FexInput['items'][number];

/** Terms under which the seller pays the main carriage (and, for CIF/CIP, the insurance) to the destination. */
const PAID_CARRIAGE = new Set(['CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP']);
const INSURED = new Set(['CIF', 'CIP', 'DDP']);
const GOODS_TERMS = ['EXW', 'FCA', 'FOB', 'FAS', 'CFR', 'CIF', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP'] as const;
const SERVICE_TERMS = ['EXW', 'DAP'] as const;

function item(rng: Rng, entry: { description: string; code: string; unit: string; price: readonly [number, number] }): FexItem {
  const quantity = rng.int(1, entry.unit === 'OTRA' ? 160 : 400);
  const unitPrice = rng.money(entry.price[0], entry.price[1]);
  const discount = rng.chance(0.15) ? percentOf(dec(quantity).times(unitPrice), rng.int(1, 8)) : 0;
  return {
    description: entry.description,
    quantity,
    unitMeasure: entry.unit,
    unitPrice,
    ...(rng.chance(0.7) ? { internalCode: entry.code } : {}),
    ...(discount > 0 ? { discountAmount: discount } : {}),
  };
}

function buyer(rng: Rng) {
  const b = rng.pick(FOREIGN_BUYERS);
  return {
    name: b.name,
    country: b.country,
    address: b.address,
    contributorType: rng.chance(0.85) ? ('JURIDICA' as const) : ('NATURAL' as const),
    economicActivity: rng.pick(['46900', '46301', '47190', '10791']),
    // Foreign buyers show a passport or a foreign tax number (OTRO); some have a Salvadoran NIT, DUI or residence card.
    identificationDocument: idDocument(
      rng,
      rng.pick(['OTRO', 'OTRO', 'PASAPORTE', 'PASAPORTE', 'NIT', 'DUI', 'CARNET_RESIDENTE'] as const),
    ),
    email: emailFor(rng, b.name),
    ...(rng.chance(0.5) ? { commercialName: b.name.split(',')[0]! } : {}),
    ...(rng.chance(0.6) ? { phone: b.phone } : {}),
  };
}

function transport(rng: Rng, normative: Normative) {
  // Only transports the normative's CAT-030 can write (every one today: 2026 writes the combinations as 5).
  const d = rng.pick(DRIVERS.filter((x) => contractValueAllowed('CAT-030', normative, x.transport)));
  return {
    code: 'TRANSPORTE' as const,
    driver: {
      name: d.name,
      documentIdentificationNumber: `${rng.pick(['DUI ', 'LIC-', 'PAS '])}${rng.digits(8)}`,
      transportIdentificationNumber: d.plate,
      transport: d.transport,
    },
  };
}

export function generateFex(id: string, rng: Rng, normative: Normative): FexInput {
  const itemType = rng.pick(['BIENES', 'BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS'] as const);
  const goods = itemType !== 'SERVICIOS';
  // Goods and services together: at least one of each; a document lists each product once.
  const entries = [
    ...(goods ? distinct(rng.int(1, 3), () => rng.pick(EXPORTS.goods)) : []),
    ...(itemType !== 'BIENES' ? distinct(rng.int(1, 2), () => rng.pick(EXPORTS.services)) : []),
  ];
  const items = entries.map((e) => item(rng, e));
  const incoterms = rng.chance(0.85) ? (goods ? rng.pick(GOODS_TERMS) : rng.pick(SERVICE_TERMS)) : undefined;
  const freight = goods && incoterms && PAID_CARRIAGE.has(incoterms) ? rng.money(150, 4500) : 0;
  const insurance = goods && incoterms && INSURED.has(incoterms) ? rng.money(40, 900) : 0;
  const gross = items.reduce((s, i) => s.plus(dec(i.quantity).times(dec(i.unitPrice)).minus(dec(i.discountAmount))), dec(0));
  const discount = rng.chance(0.15) ? percentOf(gross, rng.int(1, 5)) : 0;
  const attachments = [
    ...(goods && rng.chance(0.6) ? [transport(rng, normative)] : []),
    ...(rng.chance(0.3) ? [{ code: rng.pick(['EMISOR', 'RECEPTOR'] as const), details: rng.pick(ATTACHMENT_DETAILS) }] : []),
  ];
  const paymentType = rng.pick(['CONTADO', 'CREDITO', 'CREDITO', 'OTRO'] as const);
  const body: FexInput = {
    id,
    recipient: buyer(rng),
    itemType,
    items,
    paymentType,
    ...(rng.chance(0.1) ? { thirdPartySale: thirdParty(rng) } : {}),
    ...(attachments.length ? { attachments } : {}),
    ...(rng.chance(0.1) ? { itemsNoGrav: [{ description: rng.pick(NON_TAXED), amount: rng.money(5, 150) }] } : {}),
    ...(discount > 0 ? { discount } : {}),
    // MH: an export of services only names no customs office and no regime.
    ...(goods && rng.chance(0.9) ? { taxArea: rng.pick(FISCAL_ENCLOSURES).code, taxRegimen: rng.pick(REGIMES.slice(0, 12)).code } : {}),
    ...(incoterms ? { incoterms } : {}),
    ...(rng.chance(0.4) ? { comments: rng.pick(EXPORT_COMMENTS) } : {}),
    ...(insurance > 0 ? { insurance } : {}),
    ...(freight > 0 ? { freight } : {}),
    ...(rng.chance(0.3) ? { appendices: APPENDICES.slice(0, rng.int(1, APPENDICES.length)).map((a) => ({ ...a })) } : {}),
  };
  if (paymentType === 'CREDITO' || !rng.chance(0.4)) return body;
  const paid = payments(rng, computeFex(body).totals.totalPagar, normative);
  return paid ? { ...body, payments: paid } : body;
}
