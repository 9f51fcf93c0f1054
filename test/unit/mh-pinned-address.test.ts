import { describe, expect, it } from 'vitest';
import { allowedMhUrls, mhAddressAllowed } from '../../main/core/mh/pinned-address';

describe("MH's pinned address", () => {
  it("allows MH's own API for the station's environment, over https only", () => {
    expect(mhAddressAllowed('https://apitest.dtes.mh.gob.sv', 'TEST', [])).toBe(true);
    expect(mhAddressAllowed('https://apitest.dtes.mh.gob.sv/', 'TEST', [])).toBe(true);
    expect(mhAddressAllowed('https://api.dtes.mh.gob.sv', 'LIVE', [])).toBe(true);
    // The other environment's host, plain http, another port, a look-alike host: refused.
    expect(mhAddressAllowed('https://api.dtes.mh.gob.sv', 'TEST', [])).toBe(false);
    expect(mhAddressAllowed('https://apitest.dtes.mh.gob.sv', 'LIVE', [])).toBe(false);
    expect(mhAddressAllowed('http://apitest.dtes.mh.gob.sv', 'TEST', [])).toBe(false);
    expect(mhAddressAllowed('https://apitest.dtes.mh.gob.sv:8443', 'TEST', [])).toBe(false);
    expect(mhAddressAllowed('https://apitest.dtes.mh.gob.sv.evil.example', 'TEST', [])).toBe(false);
    expect(mhAddressAllowed('https://evil.example/apitest.dtes.mh.gob.sv', 'TEST', [])).toBe(false);
    expect(mhAddressAllowed('no es una dirección', 'TEST', [])).toBe(false);
  });

  it('allows what SELLO_ALLOW_MH_URL lists: exact origins, or any port of a host with `:*`', () => {
    const allowed = allowedMhUrls(' http://127.0.0.1:8418 ,https://mh-sim.example  http://localhost:*');
    expect(allowed).toEqual(['http://127.0.0.1:8418', 'https://mh-sim.example', 'http://localhost:*']);
    expect(mhAddressAllowed('http://127.0.0.1:8418', 'LIVE', allowed)).toBe(true);
    expect(mhAddressAllowed('http://127.0.0.1:8419', 'TEST', allowed)).toBe(false);
    expect(mhAddressAllowed('https://mh-sim.example/', 'TEST', allowed)).toBe(true);
    expect(mhAddressAllowed('http://mh-sim.example', 'TEST', allowed)).toBe(false);
    expect(mhAddressAllowed('http://localhost:40123', 'TEST', allowed)).toBe(true);
    expect(mhAddressAllowed('https://localhost:40123', 'TEST', allowed)).toBe(false);
    expect(allowedMhUrls(undefined)).toEqual([]);
    expect(allowedMhUrls('')).toEqual([]);
  });
});
