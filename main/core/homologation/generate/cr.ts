// Comprobante de retención (CR) bodies: the retained supplier identified by each document type, lines over physical
// documents (series and number) and electronic ones (their generation code), of FC, CCF and FSE, dated up to two
// months back, with the IVA retained at 1 %, 13 % or a special rate of the amount subject to retention.
import type { z } from 'zod';
import type { crBody, IdType } from '../../../../shared/contract';
import { ID_TYPES } from '../../../../shared/contract';
import { dec } from '../../../../shared/tax';
import { roundCents } from './money';
import { address, emailFor, idDocument, nrc, personName, phone } from './parties';
import { COMPANIES, PERSON_ACTIVITIES, PRODUCTS } from './pools';
import type { Rng } from './rng';

type CrInput = z.input<typeof crBody>;

const RATES = { RETENCION_IVA_1: 1, RETENCION_IVA_13: 13, OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES: 2 } as const;
type RetentionCode = keyof typeof RATES;

/** `days` before the El Salvador date `today` (YYYY-MM-DD), by calendar arithmetic only. */
export function daysBefore(today: string, days: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

function supplier(rng: Rng, type: IdType) {
  const company = type === 'NIT' && rng.chance(0.6) ? rng.pick(COMPANIES) : null;
  const name = company?.name ?? personName(rng);
  return {
    economicActivity: company?.activity ?? rng.pick(PERSON_ACTIVITIES),
    contributorType: company ? ('JURIDICA' as const) : ('NATURAL' as const),
    // With a NIT MH wants the NRC; a supplier identified otherwise may still have one.
    ...(type === 'NIT' || rng.chance(0.3) ? { nrc: nrc(rng) } : {}),
    name,
    ...(rng.chance(0.5) ? { phone: phone(rng) } : {}),
    ...(company && rng.chance(0.5) ? { commercialName: company.commercialName } : {}),
    email: emailFor(rng, company?.commercialName ?? name),
    address: address(rng),
    identificationDocument: idDocument(rng, type),
  };
}

/** A printed document's series and correlative, as on a pre-printed invoice (at most 20 characters). */
const physicalNumber = (rng: Rng): string => `${rng.int(10, 99)}SE${rng.digits(3)}${rng.pick(['F', 'C', 'S'])}-${rng.digits(6)}`;

function line(rng: Rng, today: string) {
  const digital = rng.chance(0.5);
  const retentionCode = rng.pick([
    'RETENCION_IVA_1',
    'RETENCION_IVA_1',
    'RETENCION_IVA_13',
    'OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES',
  ] as const);
  const amountSubject = rng.money(100, 8000);
  const product = rng.pick(PRODUCTS.filter((p) => p.saleType === 'GRAVADA'));
  return {
    documentType: digital ? ('DIGITAL' as const) : ('FISICO' as const),
    taxDocumentType: rng.pick(['FC', 'CCF', 'CCF', 'FSE'] as const),
    taxDocumentNumber: digital ? rng.uuid().toUpperCase() : physicalNumber(rng),
    taxDocumentGeneratedAt: daysBefore(today, rng.int(0, 60)),
    description: `Retención de IVA sobre compra: ${product.description}`,
    amountSubject,
    ivaRetained: retained(amountSubject, retentionCode),
    retentionCode,
  };
}

/** The retention of the code's rate, at least a cent (amountSubject is $100 or more here). */
const retained = (amount: number, code: RetentionCode): number => roundCents(dec(amount).times(RATES[code]).div(100));

export function generateCr(id: string, rng: Rng, today: string): CrInput {
  return {
    id,
    recipient: supplier(rng, rng.pick(ID_TYPES)),
    items: Array.from({ length: rng.int(1, 5) }, () => line(rng, today)),
  };
}
