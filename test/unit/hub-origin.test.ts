// The hub's address rule (main/core/station/hub-setting.ts): https anywhere; plain http only to this machine or a
// private address, where the station's token crosses a network the company owns; an origin, no credentials.
import { describe, expect, it } from 'vitest';
import { hubOrigin, privateAddress } from '../../main/core/station/hub-setting';

describe('hubOrigin', () => {
  it('keeps https anywhere and http on loopback or a private address, as an origin', () => {
    for (const [given, origin] of [
      ['https://central.empresa.com', 'https://central.empresa.com'],
      ['https://central.empresa.com/', 'https://central.empresa.com'],
      ['https://central.empresa.com:8443', 'https://central.empresa.com:8443'],
      ['http://127.0.0.1:8418', 'http://127.0.0.1:8418'],
      ['http://localhost:8418/', 'http://localhost:8418'],
      ['http://10.1.2.3', 'http://10.1.2.3'],
      ['http://172.20.0.9:8418', 'http://172.20.0.9:8418'],
      ['http://192.168.1.50:8418', 'http://192.168.1.50:8418'],
      ['http://[::1]:8418', 'http://[::1]:8418'],
      ['http://[fd12:3456::1]', 'http://[fd12:3456::1]'],
    ])
      expect(hubOrigin(given!), given).toEqual({ ok: true, url: origin });
  });

  it('refuses http to a public host or name, other schemes, paths, queries and credentials', () => {
    for (const given of [
      'http://central.empresa.com',
      'http://8.8.8.8',
      'http://172.32.0.1',
      'http://192.169.1.1',
      'http://[2001:db8::1]',
      'ftp://10.0.0.1',
      'https://central.empresa.com/hub',
      'https://central.empresa.com/?a=1',
      'https://ana:clave@central.empresa.com',
      'central.empresa.com',
    ]) {
      const r = hubOrigin(given);
      expect(r.ok, given).toBe(false);
      if (!r.ok) expect(r.error.path).toBe('url');
    }
  });

  it('privateAddress: loopback, RFC 1918, link-local, unique-local, mapped IPv4', () => {
    expect(['127.0.0.1', '10.0.0.1', '169.254.1.1', '::ffff:192.168.0.1', 'fe80::1', 'localhost'].every(privateAddress)).toBe(true);
    expect(['1.1.1.1', '::ffff:8.8.8.8', 'example.com', '100.64.0.1'].some(privateAddress)).toBe(false);
  });
});
