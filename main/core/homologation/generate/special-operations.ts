// Evento de Operaciones Especiales bodies for the homologation run (docs/decisions/0083-evento-de-operaciones-especiales.md):
// a month of Facturas Simplificadas and Comprobantes de Control Interno by ranges, Comprobantes de Control Interno
// one by one, or one of those re-reported as annulled. The numbers carry the run's tag and the event's turn, so no
// two events of a station (of this run or another) report the same voucher.
import type { z } from 'zod';
import type { eoeBody } from '../../../../shared/operaciones-especiales';
import type { Rng } from './rng';

type EoeInput = z.input<typeof eoeBody>;
type EoeItemInput = EoeInput['items'][number];

export type EoeMode = 'ranges' | 'singles';

export interface EoeGenerateContext {
  /** Distinguishes this run's vouchers from any other run's on the station (e.g. the run id's first characters). */
  readonly tag: string;
  /** The event's turn in the run (every attempt, so a refused one's vouchers are never reused). */
  readonly turn: number;
  /** El Salvador date YYYY-MM-DD: the period is its month and a voucher's date lies between the 1st and it. */
  readonly today: string;
}

const RANGE_SALES = [
  'Ventas de mostrador con factura de venta simplificada',
  'Ventas al detalle de abarrotes con factura simplificada',
  'Ventas de productos de limpieza en sala de ventas',
  'Ventas de repuestos menores a consumidor final',
] as const;
const VOUCHER_SALES = [
  'Consumo interno de mercadería para la sucursal',
  'Muestras entregadas a clientes',
  'Ventas a empleados con comprobante de control interno',
  'Bonificación en especie a distribuidores',
  'Servicio de mantenimiento facturado internamente',
] as const;

/** Sales without IVA split between taxed, exempt and non-subject, at least the taxed part above zero. */
function amounts(rng: Rng, min: number, max: number): Pick<EoeItemInput, 'taxed' | 'exempt' | 'nonSubject'> {
  return {
    taxed: rng.money(min, max),
    ...(rng.chance(0.3) ? { exempt: rng.money(1, min) } : {}),
    ...(rng.chance(0.15) ? { nonSubject: rng.money(1, min) } : {}),
  };
}

const pad = (n: number) => String(n).padStart(6, '0');

/** Ranges of Facturas Simplificadas (02) and Comprobantes de Control Interno (97), none overlapping. */
function ranges(rng: Rng, prefix: (type: '02' | '97') => string): EoeItemInput[] {
  const items: EoeItemInput[] = [];
  for (const [type, count] of [
    ['02', rng.int(1, 3)],
    ['97', rng.int(1, 2)],
  ] as const) {
    let next = 1 + rng.int(0, 50);
    for (let i = 0; i < count; i++) {
      const quantity = rng.int(5, 250);
      const from = `${prefix(type)}${pad(next)}`;
      const to = `${prefix(type)}${pad(next + quantity - 1)}`;
      next += quantity + rng.int(0, 20);
      items.push({
        type,
        from,
        to,
        quantity,
        description: rng.pick(type === '02' ? RANGE_SALES : VOUCHER_SALES),
        ...amounts(rng, quantity * 2, quantity * 40),
      });
    }
  }
  return items;
}

/** Comprobantes de Control Interno one by one, each dated inside the month up to today. */
function singles(rng: Rng, prefix: string, today: string): EoeItemInput[] {
  const day = Number(today.slice(8, 10));
  const count = rng.int(2, 6);
  let next = 1 + rng.int(0, 30);
  return Array.from({ length: count }, () => {
    const number = `${prefix}${pad(next)}`;
    next += rng.int(1, 5);
    return {
      type: '97' as const,
      number,
      date: `${today.slice(0, 8)}${String(rng.int(1, day)).padStart(2, '0')}`,
      quantity: 1,
      description: rng.pick(VOUCHER_SALES),
      ...amounts(rng, 5, 900),
    };
  });
}

/** An EOE of the month of `today`, by ranges or by single vouchers. */
export function generateEoe(mode: EoeMode, rng: Rng, c: EoeGenerateContext): EoeInput {
  const prefix = (type: '02' | '97') => `${type === '02' ? 'FS' : 'CCI'}-${c.tag}-${c.turn}-`;
  return {
    period: c.today.slice(0, 7),
    // Single vouchers in a series of their own ("U"), apart from the ranges of any turn.
    items: mode === 'ranges' ? ranges(rng, prefix) : singles(rng, `${prefix('97')}U`, c.today),
  };
}

/**
 * The annulled voucher re-reported (MF2 §X): one item of a sealed single-voucher event, again, with that event's
 * generation code. Its period is the earlier event's.
 */
export function generateEoeReReport(rng: Rng, earlier: { readonly id: string; readonly body: EoeInput }): EoeInput {
  const voucher = rng.pick(earlier.body.items.filter((i) => i.number != null && i.reportedIn == null));
  return { period: earlier.body.period, items: [{ ...voucher, reportedIn: earlier.id }] };
}
