// Liquidation bodies (docs/decisions/0081-liquidaciones.md): a CL of the documents an agent issued for its principal
// in the last month (CCF and FC, physical and electronic, now and then an ND, an FEX or a small NC, perceived IVA at
// times); a DCL of last month's card sales, with a part not subject to perception and a commission at times.
import type { z } from 'zod';
import type { clBody, dclBody } from '../../../../shared/contract';
import { dec } from '../../../../shared/tax';
import { daysBefore } from './cr';
import { percentOf } from './money';
import { address, emailFor, idDocument, nrc, personName, phone } from './parties';
import { COMPANIES, PERSON_ACTIVITIES } from './pools';
import type { Rng } from './rng';

type ClInput = z.input<typeof clBody>;
type DclInput = z.input<typeof dclBody>;

/** A registered taxpayer as both liquidations take it (a trade name of 5 or more characters, MH's legacy rule). */
function registered(rng: Rng) {
  const company = rng.chance(0.7) ? rng.pick(COMPANIES) : null;
  const name = company?.name ?? personName(rng);
  const commercialName = company && company.commercialName.length >= 5 && rng.chance(0.6) ? company.commercialName : null;
  return {
    economicActivity: company?.activity ?? rng.pick(PERSON_ACTIVITIES),
    nrc: nrc(rng),
    name,
    ...(commercialName ? { commercialName } : {}),
    ...(rng.chance(0.5) ? { phone: phone(rng) } : {}),
    email: emailFor(rng, commercialName ?? name),
    address: address(rng),
    identificationDocument: idDocument(rng, company || rng.chance(0.5) ? 'NIT' : 'DUI'),
  };
}

const physicalNumber = (rng: Rng): string => `${rng.int(10, 99)}SE${rng.digits(3)}${rng.digits(6)}`;

type ClLine = NonNullable<ClInput['items']>[number];

function document(rng: Rng, today: string, kind: ClLine['taxDocumentType'], digital = rng.chance(0.7)) {
  return {
    documentType: digital ? ('DIGITAL' as const) : ('FISICO' as const),
    taxDocumentType: kind,
    taxDocumentNumber: digital ? rng.uuid().toUpperCase() : physicalNumber(rng),
    taxDocumentGeneratedAt: daysBefore(today, rng.int(0, 30)),
  };
}

/** A sale the agent made: taxed mostly, exempt or not subject at times. */
function sale(rng: Rng, today: string): ClLine {
  return {
    ...document(rng, today, rng.pick(['CCF', 'CCF', 'FC'] as const)),
    taxedSales: rng.money(50, 5000),
    ...(rng.chance(0.2) ? { exemptSales: rng.money(5, 300) } : {}),
    ...(rng.chance(0.1) ? { nonSubjectSales: rng.money(5, 300) } : {}),
    ...(rng.chance(0.4) ? { observations: rng.pick(['Venta por cuenta del mandante', 'Venta en consignación', 'Pedido del mes']) } : {}),
  };
}

export function generateCl(id: string, rng: Rng, today: string): ClInput {
  const items: ClLine[] = Array.from({ length: rng.int(1, 6) }, () => sale(rng, today));
  const first = dec(items[0]!.taxedSales ?? 0);
  // A credit note returns part of one sale, never more than the first: the total stays above zero.
  if (rng.chance(0.3))
    items.push({ ...document(rng, today, 'NC', true), taxedSales: percentOf(first, rng.int(5, 40)) || 1, observations: 'Devolución' });
  if (rng.chance(0.2)) items.push({ ...document(rng, today, 'ND', true), taxedSales: rng.money(5, 100) });
  if (rng.chance(0.2)) items.push({ ...document(rng, today, 'FEX', true), exportSales: rng.money(100, 9000) });
  return {
    id,
    ...(rng.chance(0.4) ? { paymentType: rng.pick(['CREDITO', 'OTRO'] as const) } : {}),
    recipient: registered(rng),
    items,
    ...(rng.chance(0.3) ? { ivaPerceived: percentOf(first, 1) || 0.01 } : {}),
    ...(rng.chance(0.3) ? { observations: 'Liquidación de ventas por cuenta del mandante' } : {}),
  };
}

/** The first and last day of the month before `today` (YYYY-MM-DD). */
function lastMonth(today: string): { start: string; end: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
  return { start, end };
}

export function generateDcl(id: string, rng: Rng, today: string): DclInput {
  const { start, end } = lastMonth(today);
  const operationsValue = rng.money(500, 60000);
  const without = rng.chance(0.3) ? percentOf(operationsValue, rng.int(1, 20)) : 0;
  const percent = rng.pick([0, 1.5, 2.25, 3, 3.5, 4.75]);
  const commission = percent ? percentOf(operationsValue, percent) : 0;
  return {
    id,
    recipient: { ...registered(rng), establishmentType: rng.pick(['CASA_MATRIZ', 'SUCURSAL', 'SUCURSAL', 'BODEGA'] as const) },
    periodStart: start,
    periodEnd: end,
    ...(rng.chance(0.6) ? { liquidationCode: `LIQ-${start.slice(0, 7)}-${rng.digits(4)}` } : {}),
    ...(rng.chance(0.6) ? { documentCount: rng.int(1, 900) } : {}),
    operationsValue,
    ...(without ? { amountWithoutPerception: without, withoutPerceptionDescription: 'Ventas exentas pagadas con tarjeta' } : {}),
    ...(commission ? { commission, commissionPercent: percent } : {}),
    ...(rng.chance(0.3) ? { observations: 'Liquidación mensual de ventas con tarjeta' } : {}),
  };
}
