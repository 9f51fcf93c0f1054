// Comprobante de donación bodies (docs/decisions/0082-comprobante-de-donacion.md): a person, a company or a donor
// from abroad gives money (paid one way or several), goods (new, or used with their depreciation) or services; the
// donee names its DGII qualification, and now and then the donor's letter.
import type { z } from 'zod';
import type { cdBody } from '../../../../shared/contract';
import { dec } from '../../../../shared/tax';
import { percentOf } from './money';
import { address, emailFor, idDocument, nrc, personName, phone } from './parties';
import { COMPANIES, FOREIGN_BUYERS, PERSON_ACTIVITIES } from './pools';
import type { Normative } from '../../../../shared/normative';
import type { Rng } from './rng';
import { distinct, payments } from './sale';

type CdInput = z.input<typeof cdBody>;
type CdItem = CdInput['items'][number];

/** What a donee receives: money for a purpose, goods by their unit, services by the hour or the job. */
const GIFTS: readonly { type: CdItem['donationType']; description: string; unit?: string; value: [number, number] }[] = [
  { type: 'EFECTIVO', description: 'Aporte para el comedor escolar', value: [25, 2500] },
  { type: 'EFECTIVO', description: 'Donación para becas de estudio', value: [50, 5000] },
  { type: 'EFECTIVO', description: 'Colecta anual de la parroquia', value: [10, 800] },
  { type: 'BIEN', description: 'Computadora portátil', unit: 'UNIDAD', value: [250, 900] },
  { type: 'BIEN', description: 'Arroz blanco, quintal', unit: 'QUINTAL', value: [45, 70] },
  { type: 'BIEN', description: 'Pupitres escolares', unit: 'UNIDAD', value: [20, 60] },
  { type: 'BIEN', description: 'Cuadernos rayados', unit: 'DOCENA', value: [6, 15] },
  { type: 'BIEN', description: 'Leche en polvo, libra', unit: 'LIBRA', value: [3, 6] },
  { type: 'SERVICIO', description: 'Consulta médica en jornada de salud', value: [15, 40] },
  { type: 'SERVICIO', description: 'Pintura del local, por día', value: [40, 120] },
  { type: 'SERVICIO', description: 'Asesoría contable del mes', value: [100, 400] },
];

const RESOLUTIONS = ['Resolución DGII de calificación como entidad donataria', 'Autorización del Ministerio de Gobernación'];
const LETTERS = ['Carta de donación firmada por el donante', 'Acta de entrega de los bienes donados', 'Convenio de cooperación'];

function line(rng: Rng, gift: (typeof GIFTS)[number]): CdItem {
  const quantity = gift.type === 'EFECTIVO' ? 1 : gift.type === 'SERVICIO' ? rng.int(1, 10) : rng.int(1, 40);
  const unitValue = rng.money(gift.value[0], gift.value[1]);
  // A used good is given at its value less what it lost (10 % to 60 %).
  const depreciation = gift.type === 'BIEN' && rng.chance(0.4) ? percentOf(dec(quantity).times(unitValue), rng.int(10, 60)) : 0;
  return {
    donationType: gift.type,
    ...(rng.chance(0.5) ? { internalCode: `DON-${rng.digits(4)}` } : {}),
    description: gift.description,
    quantity,
    ...(gift.unit ? { unitMeasure: gift.unit } : {}),
    unitValue,
    ...(depreciation > 0 ? { depreciation } : {}),
  };
}

function donor(rng: Rng): CdInput['recipient'] {
  if (rng.chance(0.15)) {
    const foreign = rng.pick(FOREIGN_BUYERS);
    return {
      name: foreign.name,
      identificationDocument: idDocument(rng, rng.pick(['PASAPORTE', 'OTRO'] as const)),
      domiciled: false,
      country: foreign.country,
      ...(rng.chance(0.5) ? { email: emailFor(rng, foreign.name) } : {}),
    };
  }
  const company = rng.chance(0.5) ? rng.pick(COMPANIES) : null;
  const name = company?.name ?? personName(rng);
  return {
    name,
    identificationDocument: idDocument(rng, company ? 'NIT' : rng.pick(['DUI', 'NIT'] as const)),
    ...(company || rng.chance(0.3) ? { nrc: nrc(rng), economicActivity: company?.activity ?? rng.pick(PERSON_ACTIVITIES) } : {}),
    address: address(rng),
    ...(rng.chance(0.6) ? { phone: phone(rng) } : {}),
    ...(rng.chance(0.6) ? { email: emailFor(rng, name) } : {}),
  };
}

export function generateCd(id: string, rng: Rng, normative: Normative): CdInput {
  const items = distinct(rng.int(1, 4), () => rng.pick(GIFTS)).map((g) => line(rng, g));
  const attachments = [
    { code: 'EMISOR' as const, name: `Resolución ${rng.int(1, 400)}-${rng.int(2019, 2026)}`, details: rng.pick(RESOLUTIONS) },
    ...(rng.chance(0.4) ? [{ code: 'RECEPTOR' as const, name: `Carta ${rng.digits(5)}`, details: rng.pick(LETTERS) }] : []),
  ];
  const body: CdInput = { id, recipient: donor(rng), attachments, items };
  // The money given is said how it came in, half of the time (without it MH gets pagos null).
  const cash = items.filter((i) => i.donationType === 'EFECTIVO').reduce((s, i) => s.plus(dec(i.unitValue).times(i.quantity)), dec(0));
  const paid = cash.greaterThan(0) && rng.chance(0.5) ? payments(rng, cash, normative) : undefined;
  return paid ? { ...body, payments: paid } : body;
}
