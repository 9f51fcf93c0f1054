// Comprobante de crédito fiscal (CCF) bodies: a registered taxpayer (NIT or DUI), lines of every sale type and the
// occasional tax line (CAT-015 section 2), suggested prices, discounts, IVA retention by a large taxpayer, income-tax
// retention on services (legacy only: MH's 2026 CCF has none), third-party sales, attachments and payments.
import type { z } from 'zod';
import type { ccfBody } from '../../../../shared/contract';
import type { Normative } from '../../../../shared/normative';
import { computeSale, dec } from '../../../../shared/tax';
import { taxpayer, thirdParty } from './parties';
import { TAX_LINES } from './pools';
import type { Rng } from './rng';
import {
  globalDiscounts,
  itemsNoGrav,
  netBySaleType,
  payments,
  pickProducts,
  productLine,
  retention,
  saleAttachments,
  type SaleLine,
} from './sale';

type CcfInput = z.input<typeof ccfBody>;

function lines(rng: Rng): SaleLine[] {
  const items: SaleLine[] = pickProducts(rng, rng.int(1, 6)).map((product) => {
    const line = productLine(rng, product, 40);
    const psv = line.type === 'BIENES' && rng.chance(0.2) ? rng.money(line.unitPrice * 1.15, line.unitPrice * 1.4) : 0;
    return psv > 0 ? { ...line, psv } : line;
  });
  if (!rng.chance(0.15)) return items;
  // A tax line is taxed (it carries IVA in a CCF) and names its tax (contract: taxCode only on OTROS).
  const tax = rng.pick(TAX_LINES);
  return [
    ...items,
    {
      type: 'OTROS',
      description: tax.description,
      quantity: 1,
      unitMeasure: 'OTRA',
      unitPrice: rng.money(tax.price[0], tax.price[1]),
      saleType: 'GRAVADA',
      taxCode: tax.taxCode,
    },
  ];
}

/** Income tax a company retains on the services it buys from a natural person: 10 % of the services' net value. */
function servicesNet(items: readonly SaleLine[]) {
  return netBySaleType(items.filter((l) => l.type === 'SERVICIOS')).GRAVADA;
}

export function generateCcf(id: string, rng: Rng, normative: Normative): CcfInput {
  const recipient = taxpayer(rng, ['NIT', 'NIT', 'NIT', 'DUI']);
  const items = lines(rng);
  const discounts = globalDiscounts(rng, items);
  // A large taxpayer buying from a smaller one retains 1 % of the taxed value (Código Tributario art. 162).
  const taxed = netBySaleType(items).GRAVADA.minus(dec(discounts.discountGrav));
  const ivaRetained = recipient.contributorSize === 'GRANDE' && rng.chance(0.8) ? retention(taxed, 1) : undefined;
  // Drawn under both normatives, so that the rest of the document is the same under either.
  const wantsRenta = rng.chance(0.3);
  const rentaRetained =
    normative === 'legacy' && wantsRenta && recipient.contributorType === 'JURIDICA' ? retention(servicesNet(items), 10) : undefined;
  const paymentType = rng.pick(['CONTADO', 'CREDITO', 'CREDITO', 'OTRO'] as const);
  const body: CcfInput = {
    id,
    paymentType,
    recipient,
    ...(rng.chance(0.25) ? { attachments: saleAttachments(rng, rng.chance(0.2)) } : {}),
    ...(rng.chance(0.1) ? { thirdPartySale: thirdParty(rng) } : {}),
    items,
    ...(rng.chance(0.1) ? { itemsNoGrav: itemsNoGrav(rng) } : {}),
    ...discounts,
    ...(ivaRetained ? { retentionIva: ivaRetained } : {}),
    ...(rentaRetained ? { retentionRenta: rentaRetained } : {}),
  };
  if (paymentType === 'CREDITO' || !rng.chance(0.5)) return body;
  const paid = payments(rng, computeSale('CCF', { ...body, items }).totals.totalPagar, normative);
  return paid ? { ...body, payments: paid } : body;
}
