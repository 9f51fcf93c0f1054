// The simulator judges each document by the schema set of its version: given both folders it takes a legacy
// FC v1 and an FE v2; given only the legacy one it refuses the FE v2 with MH-like observations, not a crash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate, CREATE_SCHEMAS } from '../../shared/contract';
import { mhClient } from '../../main/core/mh/client';
import { buildFcV1 } from '../../main/core/dte/mh/fc-v1';
import { buildFeV2 } from '../../main/core/dte/mh/fe-v2';
import type { BuildContext, Built } from '../../main/core/dte/mh/context';
import { silentLogger } from '../../main/core/logger';
import { generateMhCertificate, parseMhCertificate } from '../../main/core/signing/certificate';
import { signJson } from '../../main/core/signing/jws';
import { fcBody } from '../fixtures/bodies';
import { fixedClock } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { startSimulator } from '../support/mh-sim';
import { V2_STATION, v2Context } from '../support/v2-context';

const clock = fixedClock('2026-11-22T15:30:00Z');
const NIT = V2_STATION.company.nit;
const key = parseMhCertificate(generateMhCertificate(NIT, 'Firma#2026'), 'Firma#2026');
let both: Awaited<ReturnType<typeof startSimulator>>;
let legacyOnly: Awaited<ReturnType<typeof startSimulator>>;
let n = 0;

const clientOf = (url: string) =>
  mhClient({
    baseUrl: url,
    user: NIT,
    password: () => 'Api#Clave2026',
    ambiente: '00',
    fetch,
    clock,
    logger: silentLogger,
    timeoutMs: 3000,
  });

/** Builds the demo factura with `build`, signs it with the test key, and sends it as `version`. */
async function send(url: string, build: (ctx: BuildContext) => Built, version: number) {
  const ctx = v2Context(++n);
  const built = build(ctx);
  expect(built.errors).toEqual([]);
  const jws = signJson(built.document, key.privateKey);
  return clientOf(url).sendDte({ tipoDte: '01', version, codigoGeneracion: ctx.identity.codigoGeneracion, jws, idEnvio: n });
}

const parsed = () => {
  const r = validate(CREATE_SCHEMAS.FC, fcBody('2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f'));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

beforeAll(async () => {
  both = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
  legacyOnly = await startSimulator({ clock });
  const spki = key.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  for (const sim of [both, legacyOnly]) sim.registerKey(NIT, spki);
});
afterAll(async () => {
  await both.close();
  await legacyOnly.close();
});

describe('the simulator picks the schema set of each document version', () => {
  it('given both folders, accepts a legacy FC v1 and an FE v2', async () => {
    const fc = await send(both.url, (ctx) => buildFcV1(parsed(), ctx), 1);
    expect(fc.outcome.outcome).toBe('accepted');
    const fe = await send(both.url, (ctx) => buildFeV2(parsed(), ctx), 2);
    expect(fe.outcome.outcome, JSON.stringify(fe.body)).toBe('accepted');
    expect(fe.body?.observaciones).toEqual([]);
  });

  it('given both folders, refuses an FE v2 outside fe-f-v2 naming the path', async () => {
    const fe = await send(
      both.url,
      (ctx) => {
        const built = buildFeV2(parsed(), ctx);
        return { ...built, document: { ...built.document, resumen: { ...(built.document.resumen as object), observaciones: '' } } };
      },
      2,
    );
    expect(fe.outcome).toMatchObject({ outcome: 'rejected', code: '008' });
    expect(fe.body?.observaciones).toEqual(expect.arrayContaining([expect.stringContaining('/resumen/observaciones')]));
  });

  it('given only the legacy folder, still accepts FC v1 and refuses FE v2 as a version it does not hold', async () => {
    expect((await send(legacyOnly.url, (ctx) => buildFcV1(parsed(), ctx), 1)).outcome.outcome).toBe('accepted');
    const fe = await send(legacyOnly.url, (ctx) => buildFeV2(parsed(), ctx), 2);
    expect(fe.outcome).toMatchObject({ outcome: 'rejected', code: '006' });
    expect(fe.body?.observaciones).toEqual([expect.stringContaining('fe-f-v2.json')]);
  });

  it('refuses a version no normative has', async () => {
    const odd = await send(
      both.url,
      (ctx) => {
        const built = buildFeV2(parsed(), ctx);
        return { ...built, document: { ...built.document, identificacion: { ...(built.document.identificacion as object), version: 9 } } };
      },
      9,
    );
    expect(odd.outcome).toMatchObject({ outcome: 'rejected', code: '006' });
  });
});
