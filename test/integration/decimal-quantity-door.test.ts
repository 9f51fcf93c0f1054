// Who gets decimal quantities (docs/decisions/0072-decimal-quantities.md): Sello's own screens through the front
// door (the desktop's IPC calls `createDte`) always; the contract's `issue` (POST /dte/{type}) only with the
// extension; the core's create keeps the spec by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { frontDoor } from '../../main/core/front-door';
import { DEMO_USERS } from '../../main/core/station/demo';
import { ALL_EXTENSIONS, SPEC_ONLY } from '../../shared/contract';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;

beforeAll(async () => {
  sim = await startSimulator();
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim);
  const cashier = DEMO_USERS.find((u) => u.login === 'cajero')!;
  if (!core.people.users.get('cajero'))
    core.people.users.create(
      { login: 'cajero', name: 'Cajera', role: 'CASHIER', password: cashier.password },
      'test',
      '2026-11-22T09:30:00-06:00',
    );
});
afterAll(async () => {
  core.close();
  await sim.close();
  dir.cleanup();
});

/** The fixture's FC with 1.5 lb of its first line. */
const weighed = (id: string) => {
  const b: Record<string, unknown> = { ...fcBody(id), generatedAt: undefined };
  const [first, ...rest] = b.items as Record<string, unknown>[];
  return { ...b, items: [{ ...first, quantity: 1.5 }, ...rest] };
};

describe('decimal quantities by caller', () => {
  it("the core's create is the spec by default, decimal with the extension", () => {
    expect(() => core.dtes.create('FC', weighed('0072d00e-0000-4000-8000-000000000001'), 'test')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    const r = core.dtes.create('FC', weighed('0072d00e-0000-4000-8000-000000000001'), 'test', 'reject', null, ALL_EXTENSIONS);
    expect(r.replayed).toBe(false);
  });

  it("a person's createDte (the screens, over IPC) takes 1.5; the contract's issue takes it only when asked", async () => {
    const door = frontDoor(core);
    const cashier = DEMO_USERS.find((u) => u.login === 'cajero')!;
    const { token } = await door.login({ login: 'cajero', password: cashier.password }, '127.0.0.1');
    const calls = door.calls(door.actor(token));
    const screen = await calls.createDte('FC', weighed('0072d00e-0000-4000-8000-000000000002'));
    expect(screen).toMatchObject({ id: '0072d00e-0000-4000-8000-000000000002' });
    await expect(calls.issue('FC', weighed('0072d00e-0000-4000-8000-000000000003'), 'reject', SPEC_ONLY)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ path: 'items.0.quantity', code: 'NOT_INTEGER' })],
    });
    const asked = await calls.issue('FC', weighed('0072d00e-0000-4000-8000-000000000003'), 'reject', ALL_EXTENSIONS);
    expect(asked.record.id).toBe('0072d00e-0000-4000-8000-000000000003');
  });
});
