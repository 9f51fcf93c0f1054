// The rule behind logins that cannot be starved (decision 0065), on a moved clock: waits that double rather than a
// lock; each check counted before it runs; a right password clears its own count; a login under pressure gives a
// fresh address one check, never none; the desktop window feels no pressure; IPv6 counted by /64; and the hub's
// --trust-proxy list checked before the hub starts.
import { describe, expect, it } from 'vitest';
import {
  LOGIN_BACKOFF,
  OWN_WINDOW,
  PRESSURE_FAILURES,
  countedAddress,
  memoryLoginBackoff,
  waitAfter,
  type Admission,
} from '../../main/core/auth/login-backoff';
import { hubCommand, trustedProxies } from '../../main/cli/hub';

const waitOf = (a: Admission) => (a.ok ? 0 : a.wait);

describe('login backoff', () => {
  it('five checks, then 30 s doubling up to 15 min', () => {
    expect([4, 5, 6, 7, 8, 9, 10, 11, 40].map((n) => waitAfter(LOGIN_BACKOFF, n) / 1000)).toEqual([
      0, 30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });

  it('counts each check before it runs, so checks at once wait their turn; the right password clears the count', () => {
    let now = 1_000_000;
    const b = memoryLoginBackoff(() => now);
    // Five admitted before any answer (guesses sent at once), the sixth waits: nobody waits on another's check.
    const admitted = Array.from({ length: 6 }, () => b.admit('ana', '10.0.0.1'));
    expect(admitted.map(waitOf)).toEqual([0, 0, 0, 0, 0, 30]);
    expect(waitOf(b.admit('ana', '10.0.0.2'))).toBe(0);
    now += 30_000;
    const right = b.admit('ana', '10.0.0.1');
    expect(right.ok).toBe(true);
    if (right.ok) right.succeeded();
    expect(Array.from({ length: 5 }, () => waitOf(b.admit('ana', '10.0.0.1')))).toEqual([0, 0, 0, 0, 0]);
  });

  it('failures are forgotten after an hour without a check', () => {
    let now = 0;
    const b = memoryLoginBackoff(() => now);
    for (let i = 0; i < 5; i++) b.admit('ana', '10.0.0.1');
    now += LOGIN_BACKOFF.forgetMs;
    expect(Array.from({ length: 5 }, () => waitOf(b.admit('ana', '10.0.0.1')))).toEqual([0, 0, 0, 0, 0]);
  });

  it('under pressure a fresh address gets one check, never none; the desktop window keeps its five', () => {
    const b = memoryLoginBackoff(() => 5_000);
    for (let i = 0; i < PRESSURE_FAILURES; i++) b.admit('admin', `10.1.0.${i}`);
    expect(waitOf(b.admit('admin', '10.2.0.1'))).toBe(0);
    expect(waitOf(b.admit('admin', '10.2.0.1'))).toBe(30);
    expect(Array.from({ length: 5 }, () => waitOf(b.admit('admin', OWN_WINDOW)))).toEqual([0, 0, 0, 0, 0]);
    // Another login is not under this one's pressure.
    expect(Array.from({ length: 5 }, () => waitOf(b.admit('cajero', '10.2.0.1')))).toEqual([0, 0, 0, 0, 0]);
  });

  it('a flood of made-up logins past the bound never washes out a running wait', () => {
    const b = memoryLoginBackoff(() => 5_000, undefined, 8);
    for (let i = 0; i < 5; i++) b.admit('admin', '10.0.0.1');
    expect(waitOf(b.admit('admin', '10.0.0.1'))).toBe(30);
    for (let i = 0; i < 100; i++) b.admit(`nadie-${i}`, '10.0.0.1');
    expect(waitOf(b.admit('admin', '10.0.0.1'))).toBe(30);
  });

  it('counts IPv4 as is, IPv4 mapped into IPv6 as IPv4, IPv6 by its /64', () => {
    expect(countedAddress('10.0.0.5')).toBe('10.0.0.5');
    expect(countedAddress('::ffff:10.0.0.5')).toBe('10.0.0.5');
    expect(countedAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(countedAddress('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(countedAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(countedAddress('::1')).toBe('0:0:0:0::/64');
    expect(countedAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('sello hub --trust-proxy', () => {
  it('takes addresses and CIDRs, comma-separated or repeated, and refuses anything else saying how to fix it', async () => {
    expect(trustedProxies(['10.0.0.0/24, 10.0.1.7', '2001:db8::/32'])).toEqual(['10.0.0.0/24', '10.0.1.7', '2001:db8::/32']);
    expect(trustedProxies([])).toEqual([]);
    for (const bad of ['10.0.0.0/33', 'balanceador', '10.0.0.1/8/2', '::1/129'])
      expect(trustedProxies([bad])).toMatch(/no es una dirección IP ni una red CIDR .* corríjala/);
    const err: string[] = [];
    const io = { out: () => undefined, err: (l: string) => err.push(l) };
    expect(await hubCommand(['--database', 'postgres://nadie@127.0.0.1:1/x', '--trust-proxy', '10.0.0.0/99'], io)).toBe(2);
    expect(err.join('\n')).toContain('--trust-proxy: «10.0.0.0/99»');
  });

  it('`sello hub --help` says what it is for', async () => {
    const out: string[] = [];
    expect(await hubCommand(['--help'], { out: (l) => out.push(l), err: () => undefined })).toBe(0);
    expect(out.join('\n')).toMatch(/--trust-proxy[\s\S]*X-Forwarded-For/);
  });
});
