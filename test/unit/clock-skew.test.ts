// The clock check's arithmetic: the midpoint reading, its thresholds, its freshness and the backwards test.
import { describe, expect, it } from 'vitest';
import {
  BACKWARDS_WARN_MS,
  READING_FRESH_MS,
  SKEW_REFUSE_MS,
  SKEW_WARN_MS,
  clockWatch,
  httpDateMs,
  mhProcessedMs,
  spanishSpan,
  timedFetch,
} from '../../main/core/clock-skew';
import { CoreError } from '../../main/core/errors';

const T0 = Date.parse('2026-11-20T15:00:00Z');
const HOUR = 3_600_000;

function watchAt(lastIssuedAt: string | null = null) {
  let now = T0;
  let changes = 0;
  const w = clockWatch({ clock: { now: () => new Date(now) }, lastIssuedAt: () => lastIssuedAt, changed: () => (changes += 1) });
  return { w, move: (ms: number) => (now += ms), at: () => now, changes: () => changes };
}

/** An answer that took `rtt` ms, from a server whose clock is `offset` ms ahead of ours (whole seconds, as HTTP's). */
const answer = (at: number, offset: number, rtt = 200) => ({
  source: 'mh' as const,
  sentAt: at - rtt,
  receivedAt: at,
  serverAt: Math.floor((at - rtt / 2 + offset) / 1000) * 1000,
  resolutionMs: 1000,
});

describe('clock readings', () => {
  it('reads the offset at the round trip midpoint, within half a second of the truth', () => {
    for (const offset of [0, 90_000, -3 * HOUR, 24 * HOUR, -48 * HOUR + 123]) {
      const { w, at } = watchAt();
      w.measured(answer(at(), offset, 800));
      const r = w.reading();
      expect(r?.source).toBe('mh');
      expect(Math.abs((r?.offsetMs ?? NaN) - offset)).toBeLessThanOrEqual(500);
      expect(r?.errorMs).toBe(900);
    }
  });

  it('drops a reading whose round trip straddled a change of the clock (its two ends read on different clocks)', () => {
    const { w, at } = watchAt();
    // Sent while the clock was two days behind, answered after it was put right: a "round trip" of two days.
    w.measured({ source: 'mh', sentAt: at() - 48 * HOUR, receivedAt: at(), serverAt: at(), resolutionMs: 1000 });
    expect(w.reading()).toBeNull();
    expect(w.alerts()).toEqual([]);
    // Nor a negative one (the clock put back while the request was out).
    w.measured({ source: 'mh', sentAt: at() + HOUR, receivedAt: at(), serverAt: at(), resolutionMs: 1000 });
    expect(w.reading()).toBeNull();
  });

  it('parses MH fhProcesamiento as El Salvador time and the HTTP Date header as UTC', () => {
    expect(mhProcessedMs('20/11/2026 09:00:05')).toBe(Date.parse('2026-11-20T15:00:05Z'));
    expect(mhProcessedMs('2026-11-20 09:00:05')).toBeNull();
    expect(mhProcessedMs(undefined)).toBeNull();
    expect(httpDateMs('Fri, 20 Nov 2026 15:00:05 GMT')).toBe(Date.parse('2026-11-20T15:00:05Z'));
    expect(httpDateMs('not a date')).toBeNull();
    expect(httpDateMs(null)).toBeNull();
  });

  it('says how far off in Spanish', () => {
    expect(spanishSpan(24 * HOUR)).toBe('1 día');
    expect(spanishSpan(-(48 * HOUR + 2 * HOUR))).toBe('2 días y 2 horas');
    expect(spanishSpan(3 * 60_000)).toBe('3 minutos');
    expect(spanishSpan(HOUR + 60_000)).toBe('1 hora y 1 minuto');
  });
});

describe('alerts and refusal', () => {
  it('a clock right to the minute raises nothing and issues', () => {
    const { w, at } = watchAt();
    w.measured(answer(at(), SKEW_WARN_MS - 5_000));
    expect(w.alerts()).toEqual([]);
    expect(() => w.check(new Date(at()))).not.toThrow();
  });

  it('a few minutes off: only the warning, saying ahead or behind, and documents still issue', () => {
    const { w, at, changes } = watchAt();
    w.measured(answer(at(), -4 * 60_000));
    expect(w.alerts().map((a) => [a.code, a.level])).toEqual([['clock_skew', 'warning']]);
    expect(w.alerts()[0]?.message).toContain('adelantado 4 minutos');
    expect(w.alerts()[0]?.action).toMatch(/Corrija la fecha y la hora/);
    expect(changes()).toBe(1);
    expect(() => w.check(new Date(at()))).not.toThrow();
    w.measured(answer(at(), 10 * 60_000));
    expect(w.alerts()[0]?.message).toContain('atrasado 10 minutos');
  });

  it("past MH's window: clock_refused and creates throw STATION_NOT_READY naming the skew", () => {
    const { w, at } = watchAt();
    w.measured(answer(at(), -24 * HOUR));
    expect(w.alerts()).toEqual([expect.objectContaining({ code: 'clock_refused', level: 'critical' })]);
    let thrown: unknown;
    try {
      w.check(new Date(at()));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(CoreError);
    expect((thrown as CoreError).code).toBe('STATION_NOT_READY');
    expect((thrown as CoreError).detail).toMatch(/adelantado 1 día .*Corrija la fecha y la hora/);
  });

  it('the refusal line sits just inside the window, on both sides', () => {
    const { w, at } = watchAt();
    w.measured(answer(at(), SKEW_REFUSE_MS - 2_000));
    expect(() => w.check(new Date(at()))).not.toThrow();
    w.measured(answer(at(), -(SKEW_REFUSE_MS + 2_000)));
    expect(() => w.check(new Date(at()))).toThrow(CoreError);
  });

  it('an old reading refuses nothing: after an hour without MH, or once the clock jumps', () => {
    const { w, at, move } = watchAt();
    w.measured(answer(at(), 2 * 24 * HOUR));
    expect(() => w.check(new Date(at()))).toThrow(CoreError);
    move(READING_FRESH_MS + 1);
    expect(() => w.check(new Date(at()))).not.toThrow();
    expect(w.alerts()).toEqual([]);
    expect(w.reading()).toBeNull();
  });

  it("the hub's time warns but never refuses: MH is the one that judges the date", () => {
    const { w, at } = watchAt();
    w.measured({ ...answer(at(), 24 * HOUR), source: 'hub' });
    expect(w.alerts().map((a) => a.code)).toEqual(['clock_skew']);
    expect(w.alerts()[0]?.message).toContain('oficina central');
    expect(() => w.check(new Date(at()))).not.toThrow();
  });

  it('a clock before the last stored document (it went backwards) warns without any network', () => {
    const last = new Date(T0 + BACKWARDS_WARN_MS + 60_000).toISOString();
    const { w, at, move } = watchAt(last);
    expect(w.alerts().map((a) => a.code)).toEqual(['clock_skew']);
    expect(w.alerts()[0]?.message).toContain('retrocedido');
    // It names the last document's time (El Salvador's), and stays the same as time passes: the status is not
    // pushed again every minute for it.
    const first = w.alerts()[0]?.message;
    expect(first).toContain('(20/11/2026 09:06)');
    move(30_000);
    expect(w.alerts()[0]?.message).toBe(first);
    expect(() => w.check(new Date(at()))).not.toThrow();
    // A document issued now does not move the mark back.
    w.issued(new Date(at()));
    expect(w.alerts()).toHaveLength(1);
    // MH says the clock is right now: the documents were the ones dated ahead; nothing to warn about.
    w.measured(answer(at(), 3_000));
    expect(w.alerts()).toEqual([]);
    const { w: fine } = watchAt(new Date(T0 - 60_000).toISOString());
    expect(fine.alerts()).toEqual([]);
    fine.issued(new Date(T0 + BACKWARDS_WARN_MS + 1_000));
    expect(fine.alerts()[0]?.code).toBe('clock_skew');
  });
});

describe('timedFetch', () => {
  it("reports the hub's Date header of each answer", async () => {
    const seen: number[] = [];
    const f = timedFetch(
      () => Promise.resolve(new Response('{}', { headers: { date: 'Fri, 20 Nov 2026 15:00:05 GMT' } })),
      { now: () => new Date(T0) },
      'hub',
      (t) => seen.push(t.serverAt),
    );
    await f('http://hub.invalid/x');
    expect(seen).toEqual([Date.parse('2026-11-20T15:00:05Z')]);
  });
});

describe('after a refusal', () => {
  it('asks MH for its time again, at most every 10 s, so a corrected clock issues again soon', () => {
    let now = T0;
    let probes = 0;
    const w = clockWatch({ clock: { now: () => new Date(now) }, lastIssuedAt: () => null, probe: () => (probes += 1) });
    w.measured(answer(now, 24 * HOUR));
    expect(() => w.check(new Date(now))).toThrow(CoreError);
    expect(() => w.check(new Date(now + 1_000))).toThrow(CoreError);
    expect(probes).toBe(1);
    now += 10_000;
    expect(() => w.check(new Date(now))).toThrow(CoreError);
    expect(probes).toBe(2);
    // MH's answer to the probe: the clock was corrected.
    w.measured(answer(now, 1_000));
    expect(() => w.check(new Date(now))).not.toThrow();
  });
});
