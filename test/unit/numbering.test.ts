// The numbering room (main/core/dte/numbering.ts) on a real core and SQLite: an unconfirmed folder refuses every
// create, a collision refuses its sequence, and a move goes past both MH's last and the station's own.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { UNCONFIRM_SQL, unconfirmedValue } from '../../main/core/dte/numbering-state';
import { createCore, type Core } from '../../main/core/create-core';
import { CoreError } from '../../main/core/errors';
import { generateMhCertificate } from '../../main/core/signing/certificate';
import { DEMO_STATION } from '../../main/core/station/demo';
import { ccfBody, fcBody } from '../fixtures/bodies';
import { fixedClock, tempDir, testCore } from '../support/core';

const NIT = DEMO_STATION.company.nit;
const open: { core: Core; cleanup: () => void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) {
    o.core.close();
    o.cleanup();
  }
});

function realCore(extra: Record<string, unknown> = {}): Core {
  const t = tempDir();
  const core = createCore({
    dataDir: t.dir,
    clock: fixedClock(),
    sync: { manual: true },
    initialStation: { ...DEMO_STATION, demo: false, users: undefined, ...extra },
    initialCertificate: { xml: generateMhCertificate(NIT, 'Firma#2026'), password: 'Firma#2026' },
  });
  open.push({ core, cleanup: t.cleanup });
  return core;
}

type HubSequence = { kind: string; posNumber: number; last: number; controlNumber: string };

/** A hub answering the numbering question with `sequences()` (read at each question), and 503 to anything else. */
const hubAnswering = (sequences: () => HubSequence[]): typeof fetch =>
  ((url: URL | string) =>
    Promise.resolve(
      String(url).includes('/hub/v1/numbering')
        ? Response.json({ year: 2026, branchCode: 'M001', sequences: sequences() })
        : new Response('{}', { status: 503 }),
    )) as typeof fetch;

/** A station of point 1 of M001 with a hub configured, on `dir`, asking `hub`. */
const hubbedCore = (dir: string, hub: typeof fetch): Core =>
  createCore({
    dataDir: dir,
    clock: fixedClock('2026-11-22T15:30:00Z'),
    fetch: hub,
    sync: { manual: true },
    initialStation: {
      ...DEMO_STATION,
      demo: false,
      users: undefined,
      newPointOfSale: true,
      hub: { url: 'http://127.0.0.1:9', token: 'sello_hub_x' },
    },
    initialCertificate: { xml: generateMhCertificate(NIT, 'Firma#2026'), password: 'Firma#2026' },
  });

let serial = 0;
const id = () => `c0d30000-0000-4000-8000-${String(++serial).padStart(12, '0')}`;
const codeOf = (fn: () => unknown): string | null => {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof CoreError ? e.code : String(e);
  }
};
const pathsOf = (fn: () => unknown): string[] => {
  try {
    fn();
    return [];
  } catch (e) {
    return e instanceof CoreError ? (e.errors ?? []).map((x) => x.path) : [String(e)];
  }
};

describe('numbering', () => {
  it('the demo is confirmed by construction: it issues at once, with no alert', () => {
    const demo = testCore();
    open.push({ core: { ...demo, close: () => {} }, cleanup: demo.cleanup });
    expect(demo.numbering.view()).toMatchObject({ confirmed: true, unconfirmed: null });
    expect(demo.numbering.alerts()).toEqual([]);
    expect(demo.dtes.create('FC', fcBody(id()), 'test').record.controlNumber).toMatch(/-000000000000001$/);
  });

  it('a station file that says newPointOfSale starts at 1 at once; one that does not waits for an ADMIN', () => {
    expect(realCore({ newPointOfSale: true }).dtes.create('FC', fcBody(id()), 'test').record.controlNumber).toMatch(/-000000000000001$/);

    const core = realCore();
    expect(core.numbering.view()).toMatchObject({ confirmed: false, unconfirmed: { reason: 'new_folder', hubProblem: null } });
    expect(core.numbering.alerts()).toEqual([expect.objectContaining({ code: 'numbering_unconfirmed', level: 'critical' })]);
    expect(core.sync.status().alerts.map((a) => a.code)).toEqual(['numbering_unconfirmed']);
    expect(codeOf(() => core.dtes.create('FC', fcBody(id()), 'test'))).toBe('NUMBERING_BLOCKED');
    // Nothing was spent by the refusals.
    expect(core.numbering.view().sequences).toEqual([]);
    expect(pathsOf(() => core.numbering.confirm({}, 'ana'))).toEqual(['last']);
    expect(pathsOf(() => core.numbering.confirm({ newPointOfSale: true, last: { FC: 3 } }, 'ana'))).toEqual(['last']);
    expect(pathsOf(() => core.numbering.confirm({ last: { XX: 3 } }, 'ana'))).toEqual(['last.XX']);
    expect(core.numbering.view().confirmed).toBe(false);
    core.numbering.confirm({ last: { FC: 41, CCF: 7 } }, 'ana');
    expect(core.numbering.alerts()).toEqual([]);
    expect(core.dtes.create('FC', fcBody(id()), 'test').record.controlNumber).toMatch(/-000000000000042$/);
  });

  it("a collision stops its sequence only; MH's last below the refused number is refused; the move goes past the station's own too", () => {
    const core = realCore({ newPointOfSale: true });
    const docs = [id(), id(), id()].map((x) => core.dtes.create('FC', fcBody(x), 'test').record);
    const reason = core.numbering.collided(docs[1]!.id, '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR');
    expect(reason).toMatch(new RegExp(`${docs[1]!.controlNumber}.*YA EXISTE.*Ajustes → Numeración`));
    core.numbering.collided(docs[0]!.id, '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR');
    // One alert for the sequence, with its highest refused number and how many documents it cost.
    expect(core.numbering.alerts()).toEqual([
      expect.objectContaining({ code: 'numbering_collision', message: expect.stringMatching(/000000000000002.*2 documentos/) as unknown }),
    ]);
    expect(codeOf(() => core.dtes.create('FC', fcBody(id()), 'test'))).toBe('NUMBERING_BLOCKED');
    // Another kind's sequence goes on.
    expect(core.dtes.create('CCF', ccfBody(id()), 'test').record.controlNumber).toMatch(/^DTE-03-.*-000000000000001$/);
    expect(pathsOf(() => core.numbering.confirm({ last: { FC: 1 } }, 'ana'))).toEqual(['last.FC']);
    expect(core.numbering.alerts()).toHaveLength(1);
    // MH's last is 2, the station's own is 3: the next is 4, never a number taken twice.
    core.numbering.confirm({ last: { FC: 2 } }, 'ana');
    // Numbering goes on; the alert stays as a warning until MH seals a document past the collision (issue 54).
    const resumed = [expect.objectContaining({ code: 'numbering_collision', level: 'warning' })];
    expect(core.numbering.alerts()).toEqual(resumed);
    // A document issued before the move, at or below MH's last, collides too: rejected, the sequence goes on.
    core.numbering.collided(docs[1]!.id, '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR');
    expect(core.numbering.alerts()).toEqual(resumed);
    expect(core.dtes.create('FC', fcBody(id()), 'test').record.controlNumber).toMatch(/-000000000000004$/);
  });

  it('a collision stays stopped while the hub lags MH: only a hub number at or past the refused one moves it on', async () => {
    // The hub's answer, as it stands (issue 54: it knew MH's numbers up to 1 while MH held more).
    let hubLast = 1;
    const t = tempDir();
    const core = hubbedCore(
      t.dir,
      hubAnswering(() => [{ kind: 'FC', posNumber: 1, last: hubLast, controlNumber: 'x' }]),
    );
    open.push({ core, cleanup: t.cleanup });
    await core.numbering.askHub(); // the start's question, answered before the collision asks its own
    const docs = [id(), id(), id()].map((x) => core.dtes.create('FC', fcBody(x), 'test').record);
    core.numbering.collided(docs[1]!.id, '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR');
    // The hub says 1, below the refused 2; the station's own 3 says nothing of MH's last: still stopped, alert up.
    await core.numbering.askHub();
    expect(core.numbering.alerts()).toEqual([expect.objectContaining({ code: 'numbering_collision' })]);
    expect(codeOf(() => core.dtes.create('FC', fcBody(id()), 'test'))).toBe('NUMBERING_BLOCKED');
    // The hub learns of MH's 5: past the refused 2, the sequence goes on after it.
    hubLast = 5;
    await core.numbering.askHub();
    expect(core.numbering.alerts()).toEqual([expect.objectContaining({ code: 'numbering_collision', level: 'warning' })]);
    expect(core.dtes.create('FC', fcBody(id()), 'test').record.controlNumber).toMatch(/-000000000000006$/);
  });

  it('a restored copy lists what it lacks of its own point of sale only, and once however often it is restored', async () => {
    const t = tempDir();
    // The hub answers for the whole branch: this point (1) up to 7, another point (2) up to 40.
    const hub = hubAnswering(() => [
      { kind: 'FC', posNumber: 1, last: 7, controlNumber: 'x' },
      { kind: 'FC', posNumber: 2, last: 40, controlNumber: 'y' },
    ]);
    const make = () => hubbedCore(t.dir, hub);
    // As `sello restore` leaves a copy (main/core/store/restore.ts): numbering unconfirmed, for the reason "restore".
    const restore = () => {
      const db = new BetterSqlite3(join(t.dir, 'sello.db'));
      const current = db.prepare("SELECT value FROM settings WHERE key = 'numbering'").pluck().get() as string | undefined;
      db.prepare(UNCONFIRM_SQL).run(unconfirmedValue(current ?? null, 'restore', '2026-11-22T09:30:00-06:00'));
      db.close();
    };
    let core = make();
    for (let i = 0; i < 3; i++) core.dtes.create('FC', fcBody(id()), 'test');
    core.close();
    const own = [{ year: 2026, kind: 'FC', branchCode: 'M001', posNumber: 1, from: 4, to: 7, source: 'hub' }];
    for (let time = 0; time < 2; time++) {
      restore();
      core = make();
      await core.numbering.askHub();
      expect(core.numbering.view().lacking).toEqual(own);
      const alerts = core.numbering.alerts();
      expect(alerts).toEqual([expect.objectContaining({ code: 'restored_copy_lacks', level: 'warning' })]);
      expect(alerts[0]!.message).toMatch(/M001-1, del 4 hasta el 7, el último que MH tiene\.$/);
      expect(alerts[0]!.message).not.toMatch(/M001-2/);
      core.close();
    }
    core = make();
    open.push({ core, cleanup: t.cleanup });
    // An ADMIN says they were looked for: gone, and audited.
    core.numbering.confirm({ lackingReviewed: true }, 'ana');
    expect(core.numbering.view().lacking).toEqual([]);
    expect(core.numbering.alerts()).toEqual([]);
  });

  it('a new refusal past a lifted collision brings the stop back, counted afresh', () => {
    const core = realCore({ newPointOfSale: true });
    const docs = [id(), id()].map((x) => core.dtes.create('FC', fcBody(x), 'test').record);
    core.numbering.collided(docs[0]!.id, '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR');
    core.numbering.collided(docs[1]!.id, '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR');
    // The word lifts it: a warning naming where numbering goes on.
    core.numbering.confirm({ last: { FC: 2 } }, 'ana');
    expect(core.numbering.alerts()).toEqual([
      expect.objectContaining({
        code: 'numbering_collision',
        level: 'warning',
        message: expect.stringMatching(/después del número 2 /) as unknown,
      }),
    ]);
    // The word was still below MH's last: the next document collides too, and the stop is back, one document counted.
    const next = core.dtes.create('FC', fcBody(id()), 'test').record;
    expect(next.controlNumber).toMatch(/-000000000000003$/);
    core.numbering.collided(next.id, '[identificacion.numeroControl] YA EXISTE UN REGISTRO CON ESE VALOR');
    expect(core.numbering.alerts()).toEqual([
      expect.objectContaining({
        code: 'numbering_collision',
        level: 'critical',
        message: expect.stringMatching(/000000000000003.*Un documento quedó rechazado/) as unknown,
      }),
    ]);
    expect(codeOf(() => core.dtes.create('FC', fcBody(id()), 'test'))).toBe('NUMBERING_BLOCKED');
  });

  it('an unreachable hub is said in the alert, and numbering keeps waiting for it or an ADMIN', async () => {
    const core = realCore({ hub: { url: 'http://127.0.0.1:9', token: 'sello_hub_x' } });
    const v = await core.numbering.askHub();
    expect(v).toMatchObject({ confirmed: false, hubConfigured: true, unconfirmed: { hubProblem: expect.any(String) as unknown } });
    expect(core.numbering.alerts()[0]?.message).toMatch(/oficina central no respondió/);
    expect(codeOf(() => core.dtes.create('FC', fcBody(id()), 'test'))).toBe('NUMBERING_BLOCKED');
  });

  it("a hub answer that arrives after the core closed touches no store and rejects nothing (CI's unhandled rejection)", async () => {
    // Every hub call waits until the test answers them all (other rooms ask the hub too).
    const waiting: ((r: Response) => void)[] = [];
    const slowHub = ((url: URL | string) =>
      new Promise<Response>((r) => waiting.push(r)).then((res) =>
        String(url).includes('/hub/v1/numbering') ? res : new Response('{}', { status: 503 }),
      )) as typeof fetch;
    const t = tempDir();
    const late = createCore({
      dataDir: t.dir,
      clock: fixedClock(),
      fetch: slowHub,
      sync: { manual: true },
      initialStation: { ...DEMO_STATION, demo: false, users: undefined, hub: { url: 'http://127.0.0.1:9', token: 'sello_hub_x' } },
      initialCertificate: { xml: generateMhCertificate(NIT, 'Firma#2026'), password: 'Firma#2026' },
    });
    const asked = late.numbering.askHub();
    late.close();
    expect(waiting.length).toBeGreaterThan(0);
    for (const w of waiting) w(new Response(JSON.stringify({ year: 2026, branchCode: DEMO_STATION.branch.mhCode, sequences: [] })));
    await expect(asked).resolves.toMatchObject({ hubConfigured: expect.any(Boolean) as unknown });
    t.cleanup();
  });
});
