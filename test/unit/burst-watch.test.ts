// A scanner's burst told from a person's typing (renderer/src/sale/entry-queue.ts BurstWatch, decision 0074): keys
// every 5 ms ending in Enter are a scan, kept apart from what was typed before; a person's pace never is.
import { describe, expect, it } from 'vitest';
import { BurstWatch, SCAN_BREAK_MS, SCAN_MIN_KEYS } from '../../renderer/src/sale/entry-queue';
import { lockKeys, plausibleSecret, LOCK_MIN_PASSWORD, LOCK_MIN_PIN } from '../../renderer/src/session/plausible-secret';
import { MIN_PASSWORD, MIN_PIN } from '../../shared/people';

/** Types `text` into a box holding `start`, a key every `gap` ms from `t0`; returns the box and the last key's time. */
function type(w: BurstWatch, start: string, text: string, t0: number, gap: number): { value: string; at: number } {
  let value = start;
  let at = t0;
  for (const ch of text) {
    w.key(at, value);
    value += ch;
    at += gap;
  }
  return { value, at: at - gap };
}

describe('BurstWatch', () => {
  it('"ace" typed by a person, then a scan at 5 ms a key: the scan apart, "ace" kept', () => {
    const w = new BurstWatch();
    const typed = type(w, '', 'ace', 0, 180);
    const scanned = type(w, typed.value, '7415060001219', typed.at + 900, 5);
    expect(w.enter(scanned.at + 5, scanned.value)).toEqual({ scan: '7415060001219', kept: 'ace' });
  });

  it('a scan into an empty box is the whole box (null: the usual entry)', () => {
    const w = new BurstWatch();
    const s = type(w, '', '7415060001219', 0, 5);
    expect(w.isScan(s.at + 5)).toBe(true);
    expect(w.enter(s.at + 5, s.value)).toBeNull();
  });

  it('a person typing, however quick, is never a scan', () => {
    const w = new BurstWatch();
    const s = type(w, 'ace', 'ite', 0, 90);
    expect(w.enter(s.at + 90, s.value)).toBeNull();
    // Fast keys, but an Enter a person presses after a pause: not a scan either.
    const t = type(w, 'ace', '7415060001219', 1000, 5);
    expect(w.isScan(t.at + SCAN_BREAK_MS + 1)).toBe(false);
  });

  it(`fewer than ${SCAN_MIN_KEYS} fast keys are a rollover, not a scan`, () => {
    const w = new BurstWatch();
    const s = type(w, 'ace', 'ite', 0, 5);
    expect(w.enter(s.at + 5, s.value)).toBeNull();
    const v = new BurstWatch();
    const four = type(v, 'ace', '1234', 0, 5);
    expect(v.enter(four.at + 5, four.value)).toEqual({ scan: '1234', kept: 'ace' });
  });

  it('keys every 20 ms (a slower scanner, or a busy page at 45) still make a scan; every 60 ms do not', () => {
    const w = new BurstWatch();
    const s = type(w, 'leche', '7415060001844', 0, 20);
    expect(w.enter(s.at + 20, s.value)).toEqual({ scan: '7415060001844', kept: 'leche' });
    const v = new BurstWatch();
    const slow = type(v, 'leche', '7415060001844', 0, 60);
    const u = new BurstWatch();
    const busy = type(u, 'leche', '7415060001844', 0, 45);
    expect(u.enter(busy.at + 45, busy.value)).toEqual({ scan: '7415060001844', kept: 'leche' });
    expect(v.enter(slow.at + 40, slow.value)).toBeNull();
  });

  it('a scan with one key held back by a busy page (keys every 15 ms, one after 60) is still a scan', () => {
    const w = new BurstWatch();
    const a = type(w, 'ace', '741300', 0, 15);
    const b = type(w, a.value, '0000018', a.at + 60, 15);
    expect(w.enter(b.at + 15, b.value)).toEqual({ scan: '7413000000018', kept: 'ace' });
  });

  it('a scan held back after two keys (a busy page, 200 ms) is one code, never split', () => {
    const w = new BurstWatch();
    const a = type(w, '', '74', 0, 5);
    const b = type(w, a.value, '13000000018', a.at + 200, 5);
    expect(w.enter(b.at + 5, b.value)).toBeNull();
  });

  it("typed text, F12 and its question, then a scan at once: the text is a person's, kept apart", () => {
    const w = new BurstWatch();
    const word = type(w, '', 'sal', 0, 150);
    w.interrupt();
    const scan = type(w, word.value, '7413000000018', word.at + 120, 5);
    expect(w.enter(scan.at + 5, scan.value)).toEqual({ scan: '7413000000018', kept: 'sal' });
    // A scan cut short by F12 stays a scan's beginning, interrupted or not.
    const v = new BurstWatch();
    const half = type(v, '', '741200', 0, 5);
    v.interrupt();
    const rest = type(v, half.value, '0000011', half.at + 120, 5);
    expect(v.enter(rest.at + 5, rest.value)).toBeNull();
  });

  it('a person typing at 70 ms a key (fast) is never a scan, whatever came before', () => {
    const w = new BurstWatch();
    const word = type(w, '', 'ace', 0, 300);
    const more = type(w, word.value, 'ite 250', word.at + 300, 70);
    expect(w.enter(more.at + 70, more.value)).toBeNull();
  });

  it('an Enter resets it: the next entry starts afresh', () => {
    const w = new BurstWatch();
    const s = type(w, 'ace', '7415060001219', 0, 5);
    expect(w.enter(s.at + 5, s.value)).not.toBeNull();
    expect(w.isScan(s.at + 10)).toBe(false);
  });

  it('a scan cut short (F12 asked) and finished by the scanner is one code, never split', () => {
    const w = new BurstWatch();
    const half = type(w, '', '741200', 0, 5);
    const rest = type(w, half.value, '0000011', half.at + 2000, 5);
    expect(w.enter(rest.at + 5, rest.value)).toBeNull();
    // A person's word before it is kept apart, as always.
    const v = new BurstWatch();
    const word = type(v, '', 'jab', 0, 200);
    const scan = type(v, word.value, '7412000000035', word.at + 2000, 5);
    expect(v.enter(scan.at + 5, scan.value)).toEqual({ scan: '7412000000035', kept: 'jab' });
  });

  it('text the scan did not add to (the box changed under it) is one entry, never split', () => {
    const w = new BurstWatch();
    type(w, 'ace', '74150', 0, 5);
    expect(w.enter(30, 'otra cosa 74150')).toBeNull();
  });
});

describe('the lock screen', () => {
  it('keeps shared/people.ts lengths', () => {
    expect(LOCK_MIN_PIN).toBe(MIN_PIN);
    expect(LOCK_MIN_PASSWORD).toBe(MIN_PASSWORD);
  });

  it('a plausible PIN is 6 digits or more; a password, 8 characters', () => {
    expect(plausibleSecret('123456')).toBe(true);
    expect(plausibleSecret('12345')).toBe(false);
    expect(plausibleSecret('demo-super')).toBe(true);
    expect(plausibleSecret('abc1234')).toBe(false);
  });

  it('a scan while locked is never sent; the same digits typed by a person are', () => {
    const k = lockKeys();
    let at = 0;
    for (const ch of '7415060001219') k.key((at += 5), ch);
    expect(k.judge(at + 5, '7415060001219')).toBe('scan');
    const p = lockKeys();
    at = 0;
    for (const ch of '123456') p.key((at += 150), ch);
    expect(p.judge(at + 200, '123456')).toBe('send');
    expect(p.judge(at + 400, '12')).toBe('short');
  });
});
