// A contingency event whose answer was lost (docs/decisions/0024-event-answer-lost.md), against the simulator over
// HTTP: MH seals the event, the connection breaks before its answer; the resend is refused as a repeat, which
// means MH holds it: no correction, no second event, and its documents go in lotes.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../../main/core/create-core';
import { fcBody } from '../fixtures/bodies';
import { tempDir } from '../support/core';
import { coreWithSimulator, startSimulator } from '../support/mh-sim';

let sim: Awaited<ReturnType<typeof startSimulator>>;
let dir: ReturnType<typeof tempDir>;
let core: Core;
let n = 0;
const newId = () => `c1a7c000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const fc = () => ({ ...fcBody(newId()), generatedAt: undefined });
/** The next contingency event reaches MH, and its answer is lost on the way back. */
let loseNextEventAnswer = false;
const fetchThrough: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (loseNextEventAnswer && String(input instanceof Request ? input.url : input).endsWith('/fesv/contingencia')) {
    loseNextEventAnswer = false;
    await res.arrayBuffer();
    throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
  }
  return res;
};

async function drain(rounds = 6) {
  for (let i = 0; i < rounds; i++) {
    await core.sync.runOnce();
    await new Promise((r) => setTimeout(r, 280));
  }
}

beforeEach(async () => {
  sim = await startSimulator({ loteDelayMs: 20 });
  dir = tempDir();
  core = coreWithSimulator(dir.dir, sim, { timeoutMs: 2000, lotePollMs: 0, fetch: fetchThrough });
});
afterEach(async () => {
  loseNextEventAnswer = false;
  core.close();
  await sim.close();
  dir.cleanup();
});

describe('a contingency event whose answer was lost', () => {
  it('MH refuses the resend as already held: the event counts as received and its documents reach MH', async () => {
    sim.setMode('down');
    const ids = [core.dtes.create('FC', fc(), 'test').record.id];
    await drain(3);
    expect(core.sync.status().state).toBe('contingency');
    ids.push(core.dtes.create('FC', fc(), 'test').record.id);
    sim.setMode('normal');
    loseNextEventAnswer = true;
    await drain(8);
    // MH got the same event twice and holds it once; the station never made a corrected one.
    expect(sim.state.counts.contingencia).toBe(2);
    expect(sim.state.events.size).toBe(1);
    for (const id of ids) expect(core.dtes.get(id).status).toBe('APPROVED');
    expect(core.sync.status().contingencies).toEqual([]);
  });
});
