// The homologation generator's bodies issued through a real core and sent to the MH simulator with MH's official
// schemas, under each normative: every document of every kind is sealed, none rejected (NC and ND adjust the run's
// own sealed CCFs, as the homologation runner does).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type CcfBody, type DteKind } from '../../shared/contract';
import type { Normative } from '../../shared/normative';
import type { Core } from '../../main/core/create-core';
import { generateBody, rngFor } from '../../main/core/homologation/generate';
import { fixedClock, tempDir } from '../support/core';
import { SCHEMA_DIR_V2 } from '../support/mh-schemas';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

const PER_KIND = 30;
const SEED = 20261122;
/** 2026-11-22 09:30 in El Salvador. */
const TODAY = '2026-11-22';
const KINDS: readonly DteKind[] = ['FC', 'CCF', 'CR', 'FSE', 'FEX'];

let seq = 0;
const idOf = (normative: Normative, kind: DteKind, n: number) =>
  `ba5e0000-${normative === 'legacy' ? '0001' : '0002'}-4000-8000-${String(['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX'].indexOf(kind) * 1000 + n).padStart(12, '0')}`;

/** Sends until nothing is left on its way to MH (each run sends what is ready). */
async function sendAll(core: Core, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < 20; i++) {
    if (ids.every((id) => !['CREATED', 'PROCESSING'].includes(core.dtes.get(id).status))) return;
    await core.sync.runOnce();
  }
}

/** Every document APPROVED, and without observations (MH's simulator reports sums it re-adds differently there). */
function expectSealed(core: Core, kind: DteKind, ids: readonly string[], bodies: ReadonlyMap<string, unknown>): void {
  const observed = (r: { mhResponse: Record<string, unknown> | null }) =>
    ((r.mhResponse?.observaciones as unknown[] | undefined) ?? []).length > 0;
  const refused = ids
    .map((id) => core.dtes.get(id))
    .filter((r) => r.status !== 'APPROVED' || observed(r))
    .map((r) => `${kind} ${r.id} ${r.status}: ${JSON.stringify(r.mhResponse)}\n  body: ${JSON.stringify(bodies.get(r.id))}`);
  expect(refused, refused.join('\n')).toEqual([]);
}

describe.each(['legacy', '2026'] as const)('generated bodies issued under the %s normative', (normative) => {
  const clock = fixedClock();
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let dir: ReturnType<typeof tempDir>;
  let core: Core;

  beforeAll(async () => {
    sim = await startSimulator({ clock, schemasV2Dir: SCHEMA_DIR_V2 });
    dir = tempDir();
    core = coreWithSimulator(dir.dir, sim, { clock });
    if (normative === '2026') core.normative.set({ current: '2026' }, 'test');
  });
  afterAll(async () => {
    core.close();
    await sim.close();
    dir.cleanup();
  });

  it(`${PER_KIND} of each kind are sealed by MH, the notes over the sealed CCFs`, async () => {
    const bodies = new Map<string, Record<string, unknown>>();
    const issued = new Map<DteKind, string[]>();
    const issue = (kind: DteKind, n: number, related?: { id: string; body: CcfBody }) => {
      const id = idOf(normative, kind, n);
      const body = generateBody(kind, id, rngFor(SEED, ++seq), { normative, today: TODAY, ...(related ? { related } : {}) });
      bodies.set(id, body);
      const { record } = core.dtes.create(kind, body, 'homologation');
      expect(record.version).toBeGreaterThan(0);
      issued.set(kind, [...(issued.get(kind) ?? []), record.id]);
    };

    for (const kind of KINDS) for (let n = 0; n < PER_KIND; n++) issue(kind, n);
    await sendAll(core, [...issued.values()].flat());
    for (const kind of KINDS) expectSealed(core, kind, issued.get(kind)!, bodies);

    // One NC and one ND on each sealed CCF, from the body it was issued with; a second NC on a third of them, which the
    // credit limit (credit-limit.ts) must still let through.
    const ccfs = issued.get('CCF')!.map((id) => {
      const parsed = validate(CREATE_SCHEMAS.CCF, bodies.get(id));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return { id, body: parsed.value };
    });
    for (const kind of ['NC', 'ND'] as const) ccfs.forEach((ccf, n) => issue(kind, n, ccf));
    ccfs.slice(0, PER_KIND / 3).forEach((ccf, n) => issue('NC', PER_KIND + n, ccf));
    const notes = [...issued.get('NC')!, ...issued.get('ND')!];
    await sendAll(core, notes);
    for (const kind of ['NC', 'ND'] as const) expectSealed(core, kind, issued.get(kind)!, bodies);
    expect([...issued.values()].flat()).toHaveLength(PER_KIND * 7 + PER_KIND / 3);
    expect(sim.state.documents.size).toBe(PER_KIND * 7 + PER_KIND / 3);
  });
});
