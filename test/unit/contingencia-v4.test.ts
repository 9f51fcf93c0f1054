// The contingency event of the Normativa v2.0 (contingencia-schema-v4, ../shared/mh REFERENCE.md §16.4, §17.2): valid
// with documents of every kind, 1 to 1,000 of them, codPuntoVentaMH instead of codPuntoVenta.
import { describe, expect, it } from 'vitest';
import { DTE_KINDS, MH_TYPE } from '../../shared/contract';
import { buildContingenciaV4, type ContingencyEventInput } from '../../main/core/sync/contingency-event';
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

/** `n` documents cycling through the seven kinds, with distinct upper-case-able ids. */
const docs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `c0ffee00-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    kind: DTE_KINDS[i % DTE_KINDS.length]!,
  }));

const input = (patch: Partial<ContingencyEventInput> = {}): ContingencyEventInput => ({
  id: EVENT.id,
  event: EVENT,
  now: new Date('2026-11-23T02:30:00Z'),
  station: V2_STATION,
  docs: docs(7),
  ...patch,
});

describe('contingency event v4', () => {
  it('lists documents of the seven kinds by CAT-002 code; version 4 with the MH codes of the station', () => {
    const event = buildContingenciaV4(input());
    expectValid(event);
    expect(event.detalleDTE.map((d) => d.tipoDoc)).toEqual(DTE_KINDS.map((k) => MH_TYPE[k]));
    expect(event.detalleDTE.map((d) => d.noItem)).toEqual([1, 2, 3, 4, 5, 6, 7]);
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
