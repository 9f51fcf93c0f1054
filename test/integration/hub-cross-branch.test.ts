// Across branches (issue 18): branch M002 credits a sale made at branch M001. The station asks its hub about the
// CCF before issuing (dte/related-at-hub.ts, main/hub/related.ts); MH seals the note; the credit limit counts the
// notes of every branch; with the hub away, another branch's document is refused with a message saying why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import { ccfBody, ncBody } from '../fixtures/bodies';
import { startHubWorld, until, type HubWorld } from '../support/hub-stations';

let world: HubWorld;
let n = 0;
const newId = () => `c0000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const today = (b: Record<string, unknown>): Record<string, unknown> => ({ ...b, generatedAt: undefined });

beforeAll(async () => {
  world = await startHubWorld(['M001', 'M002']);
}, 30_000);
afterAll(async () => {
  await world?.close();
});

/** As the front door issues: ask the hub first, then create. */
async function issueNote(core: Core, body: Record<string, unknown>) {
  return core.dtes.create('NC', body, 'test', undefined, await core.dtes.relatedAtHub('NC', body));
}

/** An NC of `quantity` reams (3.75 each, gravada) against `ccf`. */
const note = (ccf: string, quantity: number) => {
  const body = today(ncBody(newId(), ccf));
  return { ...body, items: [{ ...(body.items as Record<string, unknown>[])[0], quantity }] };
};

const fecEmi = (core: Core, id: string) => (core.dtes.signedJson(id) as { identificacion: { fecEmi: string } }).identificacion.fecEmi;

const errorOf = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof CoreError) return e.toApiError();
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('an NC at one branch against another branch CCF', () => {
  it('is related through the hub, sealed by MH, and limited by every branch notes', async () => {
    const [a, b] = world.stations;
    const ccf = a!.core.dtes.create('CCF', today(ccfBody(newId())), 'test').record;
    await until(() => a!.core.dtes.get(ccf.id).status === 'APPROVED', 'the CCF approved');
    await until(() => a!.core.sync.status().hub.waiting === 0, 'the CCF at the hub');

    // M001 credits 2 reams of its own sale (7.50 of 37.70 gravada).
    const own = await issueNote(a!.core, note(ccf.id, 2));
    await until(() => a!.core.dtes.get(own.record.id).status === 'APPROVED', 'M001 note approved');
    await until(() => a!.core.sync.status().hub.waiting === 0, 'M001 note at the hub');

    // M002 may not give back more than what is left company-wide: 9 reams (33.75) against 30.20.
    const over = await errorOf(issueNote(b!.core, note(ccf.id, 9)));
    expect(over.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(over.errors)).toMatch(/contando las de otras sucursales.*se piden \$33\.75 y quedan \$30\.20/);
    expect(b!.core.dtes.list({ limit: 50 }).items).toHaveLength(0);

    // 8 reams fit: the note relates M001's CCF in its MH JSON, and MH seals it.
    const mine = await issueNote(b!.core, note(ccf.id, 8));
    expect(mine.record.controlNumber).toMatch(/^DTE-05-M002P001-/);
    await until(() => b!.core.dtes.get(mine.record.id).status === 'APPROVED', 'M002 note approved');
    const related = (b!.core.dtes.signedJson(mine.record.id) as { documentoRelacionado: Record<string, unknown>[] }).documentoRelacionado;
    expect(related).toEqual([
      { tipoDocumento: '03', tipoGeneracion: 2, numeroDocumento: ccf.id.toUpperCase(), fechaEmision: fecEmi(a!.core, ccf.id) },
    ]);
    await until(() => b!.core.sync.status().hub.waiting === 0, 'M002 note at the hub');

    // And now M001 itself sees what M002 gave back: one more ream (3.75) is over the 0.20 left.
    const last = await errorOf(issueNote(a!.core, note(ccf.id, 1)));
    expect(JSON.stringify(last.errors)).toMatch(/quedan \$0\.20/);
  }, 45_000);

  it('with the hub away, another branch document is refused saying why; this station own still relates', async () => {
    const [a, b] = world.stations;
    const ccf = a!.core.dtes.create('CCF', today(ccfBody(newId())), 'test').record;
    await until(() => a!.core.dtes.get(ccf.id).status === 'APPROVED', 'the CCF approved');
    await until(() => a!.core.sync.status().hub.waiting === 0, 'the CCF at the hub');
    await world.stopServer();
    try {
      const away = await errorOf(issueNote(b!.core, note(ccf.id, 1)));
      expect(away.errors?.map((e) => [e.path, e.code])).toEqual([['relatedTaxDocuments.0.id', 'UNKNOWN_CODE']]);
      expect(away.errors?.[0]?.message).toMatch(/la central no responde/);
      const own = await issueNote(a!.core, note(ccf.id, 1));
      expect(own.record.status).toBe('CREATED');
    } finally {
      await world.startServer();
    }
    // A document the hub does not have either.
    const unknown = await errorOf(issueNote(b!.core, note('c0ffee00-0000-4000-8000-000000000000', 1)));
    expect(JSON.stringify(unknown.errors)).toMatch(/ni en esta estación ni en la central/);
  }, 45_000);

  it("goes to the CCF's taxpayer, read from the hub's copy (docs/decisions/0076-fields-said-in-two-languages.md)", async () => {
    const [a, b] = world.stations;
    const ccf = a!.core.dtes.create('CCF', today(ccfBody(newId())), 'test').record;
    await until(() => a!.core.dtes.get(ccf.id).status === 'APPROVED', 'the CCF approved');
    await until(() => a!.core.sync.status().hub.waiting === 0, 'the CCF at the hub');
    const body: Record<string, unknown> = note(ccf.id, 1);
    const other = {
      ...body,
      recipient: { ...(body.recipient as object), identificationDocument: { type: 'NIT', number: '06140101901234' } },
    };
    const refused = await errorOf(issueNote(b!.core, other));
    expect(refused.errors?.map((e) => [e.path, e.code])).toEqual([['recipient.identificationDocument.number', 'NOT_ALLOWED']]);
    expect(refused.errors?.[0]?.message).toContain('06141234567890');
    expect((await issueNote(b!.core, note(ccf.id, 1))).record.controlNumber).toMatch(/^DTE-05-M002P001-/);
  }, 45_000);
});
