// The contingency event of the Normativa v2.0 (contingencia-schema-v4, docs/mh.md): valid
// with documents of every kind, 1 to 1,000 of them, codPuntoVentaMH instead of codPuntoVenta.
import { describe, expect, it } from 'vitest';
import { DTE_KINDS, MH_TYPE } from '../../shared/contract';
import { SERIALIZERS_2026 } from '../../main/core/dte/mh/serializers';
import { buildContingenciaV4, eventPeriod, type ContingencyEventInput } from '../../main/core/sync/contingency-event';
import type { ContingencyEventsTable } from '../../main/core/store/schema';
import { schemaErrors, validatorForV2 } from '../support/mh-schemas';
import { V2_STATION } from '../support/v2-context';

const validator = validatorForV2('contingencia-schema-v4.json');
const expectValid = (event: unknown) => expect(validator(event), schemaErrors(validator)).toBe(true);

const EVENT: ContingencyEventsTable = {
  id: 'ad2f4b6c-8e0a-4c2e-9f1a-5b7c9d1e3f5a',
  type: 5,
  reason: 'Mantenimiento no programado del servidor',
  started_at: '2026-11-22T15:00:00.000Z',
  ended_at: null,
  status: 'open',
  mh_json: null,
  jws: null,
  seal: null,
  mh_response: null,
  sealed_at: null,
  created_at: '2026-11-22T09:00:00-06:00',
  updated_at: '2026-11-22T09:00:00-06:00',
  attempts: 0,
  next_attempt_at: null,
};

/** The kinds that may be contingency documents under v2.0: all but the CL, DCL and CD (MF2 §VIII p.18). */
const KINDS = DTE_KINDS.filter((k) => SERIALIZERS_2026[k].contingency);

/** `n` documents cycling through those kinds, with distinct upper-case-able ids. */
const docs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `c0ffee00-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    kind: KINDS[i % KINDS.length]!,
  }));

const input = (patch: Partial<ContingencyEventInput> = {}): ContingencyEventInput => ({
  id: EVENT.id,
  event: EVENT,
  now: new Date('2026-11-23T02:30:00Z'),
  station: V2_STATION,
  docs: docs(KINDS.length),
  ...patch,
});

describe('contingency event v4', () => {
  it('lists documents of the eight contingency kinds by CAT-002 code; version 4 with the MH codes of the station', () => {
    const event = buildContingenciaV4(input());
    expectValid(event);
    expect(KINDS).toEqual(['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX', 'NR']);
    expect(event.detalleDTE.map((d) => d.tipoDoc)).toEqual(KINDS.map((k) => MH_TYPE[k]));
    expect(event.detalleDTE.map((d) => d.noItem)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(event.detalleDTE[0]?.codigoGeneracion).toBe('C0FFEE00-0000-4000-8000-000000000001');
    expect(event.identificacion).toMatchObject({ version: 4, codigoGeneracion: EVENT.id.toUpperCase() });
    expect(event.emisor).toMatchObject({ codEstableMH: 'M001', codPuntoVentaMH: 'P001', tipoEstablecimiento: '02' });
    expect(event.emisor).not.toHaveProperty('codPuntoVenta');
  });

  it('still open: the end is the signing time, in El Salvador (UTC−6), the transmission day of a later UTC date', () => {
    const { identificacion, motivo } = buildContingenciaV4(input());
    expect(identificacion).toMatchObject({ fTransmision: '2026-11-22', hTransmision: '20:30:00' });
    expect(motivo).toEqual({
      fInicio: '2026-11-22',
      hInicio: '09:00:00',
      fFin: '2026-11-22',
      hFin: '20:30:00',
      tipoContingencia: 5,
      motivoContingencia: 'Mantenimiento no programado del servidor',
    });
  });

  it('takes 1,000 documents; refuses none and 1,001 (the caller splits, as contingency.ts does)', () => {
    const full = buildContingenciaV4(input({ docs: docs(1000) }));
    expectValid(full);
    expect(full.detalleDTE.at(-1)?.noItem).toBe(1000);
    expect(() => buildContingenciaV4(input({ docs: docs(1001) }))).toThrow(RangeError);
    expect(() => buildContingenciaV4(input({ docs: [] }))).toThrow(RangeError);
  });

  it('refuses a kind outside the contract instead of sending it as a factura', () => {
    expect(() => buildContingenciaV4(input({ docs: [{ id: EVENT.id, kind: 'XX' }] }))).toThrow(/XX/);
  });

  it('without a responsible person on file, the company answers for the event (by its NIT)', () => {
    const { responsible: _r, ...station } = V2_STATION;
    const event = buildContingenciaV4(input({ station }));
    expect(event.emisor).toMatchObject({ nombreResponsable: V2_STATION.company.name, tipoDocResponsable: '36' });
    expectValid(event);
  });
});

describe('the event period and a clock corrected during the contingency', () => {
  const at = (iso: string) => new Date(iso).toISOString();
  it('holds every document: a start after the cese (the clock was ahead) moves back, never past the end', () => {
    // Started with the clock 20 minutes ahead (09:20), corrected, the cese at 09:05 by the right clock.
    const event = { ...EVENT, started_at: at('2026-11-22T15:20:00Z'), ended_at: at('2026-11-22T15:05:00Z') };
    const withTimes = [
      { ...docs(1)[0]!, created_at: '2026-11-22T09:21:00-06:00' },
      { ...docs(2)[1]!, created_at: '2026-11-22T09:02:00-06:00' },
    ];
    const period = eventPeriod({ event, now: new Date('2026-11-22T15:10:00Z'), docs: withTimes });
    expect(period.start.toISOString()).toBe('2026-11-22T15:02:00.000Z');
    expect(period.end.toISOString()).toBe('2026-11-22T15:21:00.000Z');
    const { motivo } = buildContingenciaV4(input({ event, docs: withTimes }));
    expect(motivo).toMatchObject({ fInicio: '2026-11-22', hInicio: '09:02:00', fFin: '2026-11-22', hFin: '09:21:00' });
  });

  it('with nothing to widen it, an end before the start becomes the start', () => {
    const event = { ...EVENT, started_at: at('2026-11-22T15:20:00Z'), ended_at: at('2026-11-22T15:05:00Z') };
    const period = eventPeriod({ event, now: new Date('2026-11-22T15:30:00Z'), docs: docs(2) });
    expect(period.end.getTime()).toBe(period.start.getTime());
    expect(period.start.toISOString()).toBe('2026-11-22T15:20:00.000Z');
  });

  it('a coherent period is left as it was', () => {
    const event = { ...EVENT, ended_at: at('2026-11-22T16:00:00Z') };
    const inside = [{ ...docs(1)[0]!, created_at: '2026-11-22T09:30:00-06:00' }];
    const period = eventPeriod({ event, now: new Date('2026-11-22T17:00:00Z'), docs: inside });
    expect([period.start.toISOString(), period.end.toISOString()]).toEqual(['2026-11-22T15:00:00.000Z', '2026-11-22T16:00:00.000Z']);
  });
});
