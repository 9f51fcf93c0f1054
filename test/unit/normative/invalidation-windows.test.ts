import { describe, expect, it } from 'vitest';
import { INVALIDATION_WINDOWS, MF2_INVALIDATION_READING, invalidationDeadline } from '../../../main/core/normative/invalidation-windows';

const sv = (local: string) => `${local}-06:00`;

describe('2026 invalidation windows: CCF, NC, ND, CR until the 10th business day of the next month', () => {
  it("MF2 p.11: sealed 25-04-2026 00:30 → 15-05-2026 (1 May is a holiday); the event's date is the generation date", () => {
    for (const kind of ['CCF', 'NC', 'ND', 'CR'] as const) {
      expect(invalidationDeadline('2026', kind, sv('2026-04-25T00:30:00'), '2026-04-24')).toEqual({
        deadline: '2026-05-15T23:59:59-06:00',
        eventDate: { from: '2026-04-24', to: '2026-04-24' },
      });
    }
  });

  it('MF2 p.11: generated 29-03-2026, event transmitted in April → the event date is 29-03-2026', () => {
    expect(invalidationDeadline('2026', 'CCF', sv('2026-03-29T10:00:00'), sv('2026-03-29T09:59:00')).eventDate).toEqual({
      from: '2026-03-29',
      to: '2026-03-29',
    });
  });

  it('MF2 p.11: sealed 19-03-2026 07:30 → 16-04-2026 by national holidays, where MF2 prints 20-04-2026 (flagged)', () => {
    const { deadline } = invalidationDeadline('2026', 'CCF', sv('2026-03-19T07:30:00'), '2026-03-19');
    expect(deadline).toBe('2026-04-16T23:59:59-06:00');
    expect(MF2_INVALIDATION_READING.knownExampleMismatch).toEqual({
      sealed: '2026-03-19',
      mf2Deadline: '2026-04-20',
      computedDeadline: deadline.slice(0, 10),
    });
    expect(MF2_INVALIDATION_READING.chosen).toBe('A');
  });

  it('the seal month is read in El Salvador time: 23:30 on 31 March (05:30Z on 1 April) counts in April', () => {
    expect(invalidationDeadline('2026', 'NC', '2026-04-01T05:30:00Z', '2026-03-31').deadline).toBe('2026-04-16T23:59:59-06:00');
    expect(invalidationDeadline('2026', 'NC', '2026-04-01T06:00:00Z', '2026-04-01').deadline).toBe('2026-05-15T23:59:59-06:00');
  });

  it('across a year end: sealed in December → 15-01-2027 (Año Nuevo on a Friday)', () => {
    expect(invalidationDeadline('2026', 'ND', sv('2026-12-31T23:59:00'), '2026-12-31').deadline).toBe('2027-01-15T23:59:59-06:00');
  });

  it('where the next month has no holiday in its first ten business days, it is the 10th weekday', () => {
    const ours = invalidationDeadline('2026', 'CCF', sv('2026-08-20T10:00:00'), '2026-08-20').deadline;
    expect(ours).toBe('2026-09-14T23:59:59-06:00');
    // April 2026 counts past Semana Santa (Thursday 2 and Friday 3 are holidays): the 10th weekday would be the 14th.
    expect(invalidationDeadline('2026', 'CCF', sv('2026-03-19T07:30:00'), '2026-03-19').deadline).toBe('2026-04-16T23:59:59-06:00');
  });
});

describe('2026 invalidation windows: FC, FEX, FSE for three months', () => {
  it('MF2 p.11: sealed 11-11-2025 07:30 → 11-02-2026 23:59:59; generated 09-01-2026 → event dated 09-01 to 09-04-2026', () => {
    for (const kind of ['FC', 'FEX', 'FSE'] as const) {
      expect(invalidationDeadline('2026', kind, sv('2025-11-11T07:30:00'), '2026-01-09')).toEqual({
        deadline: '2026-02-11T23:59:59-06:00',
        eventDate: { from: '2026-01-09', to: '2026-04-09' },
      });
    }
  });

  it('a day the target month lacks becomes its last day', () => {
    const deadline = (sealed: string) => invalidationDeadline('2026', 'FSE', sv(`${sealed}T12:00:00`), sealed).deadline;
    expect(deadline('2025-11-30')).toBe('2026-02-28T23:59:59-06:00');
    expect(deadline('2027-11-30')).toBe('2028-02-29T23:59:59-06:00');
    expect(deadline('2026-03-31')).toBe('2026-06-30T23:59:59-06:00');
    expect(deadline('2026-05-31')).toBe('2026-08-31T23:59:59-06:00');
    expect(deadline('2026-12-31')).toBe('2027-03-31T23:59:59-06:00');
    expect(invalidationDeadline('2026', 'FC', sv('2026-12-01T08:00:00'), '2025-11-30').eventDate).toEqual({
      from: '2025-11-30',
      to: '2026-02-28',
    });
  });

  it('three calendar months ignore holidays and weekends: the deadline may fall on a Sunday', () => {
    expect(invalidationDeadline('2026', 'FEX', sv('2026-05-10T09:00:00'), '2026-05-10').deadline).toBe('2026-08-10T23:59:59-06:00');
    expect(invalidationDeadline('2026', 'FEX', sv('2026-06-02T09:00:00'), '2026-06-02').deadline).toBe('2026-09-02T23:59:59-06:00');
    expect(invalidationDeadline('2026', 'FC', sv('2026-02-03T09:00:00'), '2026-02-03').deadline).toBe('2026-05-03T23:59:59-06:00');
  });
});

describe('legacy invalidation windows agree with windows.ts', () => {
  const cases = [
    ['CCF', '2026-11-22T23:30:00-06:00', '2026-11-24T05:59:59.000Z'],
    ['FSE', '2026-11-30T20:00:00-06:00', '2026-12-02T05:59:59.000Z'],
    ['CR', '2026-12-31T12:00:00-06:00', '2027-01-02T05:59:59.000Z'],
    ['NC', '2026-04-01T05:30:00Z', '2026-04-02T05:59:59.000Z'], // 23:30 on 31 March in El Salvador,
    ['FC', '2021-11-11T10:00:00-06:00', '2022-02-12T05:59:59.000Z'],
    ['FEX', '2026-11-30T10:00:00-06:00', '2027-03-01T05:59:59.000Z'],
    ['FC', '2027-11-30T10:00:00-06:00', '2028-03-01T05:59:59.000Z'],
  ] as const;

  it.each(cases)('%s sealed %s → %s', (kind, sealedAt, expected) => {
    const ours = invalidationDeadline('legacy', kind, sealedAt, '2020-01-01');
    expect(new Date(ours.deadline).toISOString()).toBe(expected);
    expect(ours.eventDate).toBeNull();
  });

  it('every kind has a rule under both normatives', () => {
    const kinds = ['CCF', 'CD', 'CL', 'CR', 'DCL', 'FC', 'FEX', 'FSE', 'NC', 'ND', 'NR'];
    expect(Object.keys(INVALIDATION_WINDOWS.legacy).sort()).toEqual(kinds);
    expect(Object.keys(INVALIDATION_WINDOWS['2026']).sort()).toEqual(kinds);
  });
});
