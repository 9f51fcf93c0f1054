// One seed of the sync simulation: the real core (engine, store in a temp dir, MH client) against the real MH
// simulator, through a held network (network.ts) on virtual time (virtual-time.ts). A seeded scheduler
// interleaves issuing, replays, invalidations, MH's weather, deliveries, timers and crashes; then MH goes away
// for half an hour (idle cost), then stays up until everything is final, and the invariants are checked.
import { createHash } from 'node:crypto';
import type { DteKind } from '../../../shared/contract';
import { createCore, type Core } from '../../../main/core/create-core';
import { CoreError } from '../../../main/core/errors';
import type { Logger } from '../../../main/core/logger';
import { createMhSimulator, type MhSimulator } from '../../../main/mh-sim/server';
import { CONSULT_INVALIDATED_ANSWERS, DUPLICATE_QUERY_ANSWERS, REPEAT_INVALIDATION_ANSWERS } from '../../../main/mh-sim/state';
import { uuidV4 } from '../../../main/core/ids';
import { todayBody } from '../../fixtures/bodies';
import { formatControlNumber } from '../../../main/core/dte/control-number';
import type { SimFixture } from './fixture';
import { checkInvariants, type Acknowledged } from './invariants';
import { clockWeather } from './clock-weather';
import { MH_AWAY, network, type Network, type Weather } from './network';
import { prng } from './prng';
import { virtualTime, type VirtualTime } from './virtual-time';

export interface SeedOptions {
  /** Scheduler steps before the outage and the calm (default 60). */
  readonly steps?: number;
  /** Keep the whole trace (the default keeps it only when something failed). */
  readonly trace?: boolean;
  /** The station's clock as weather too (clock-weather.ts); on unless false (the regression seeds found before it). */
  readonly clockWeather?: boolean;
}

export interface SeedResult {
  readonly seed: number;
  readonly violations: string[];
  /** What happened, step by step: printed for a failing seed, hashed to prove a replay is exact. */
  readonly trace: string[];
  readonly traceHash: string;
  readonly stats: {
    documents: number;
    crashes: number;
    deliveries: number;
    idleWakeups: number;
    calmMinutes: number;
    virtualMinutes: number;
  };
}

const TIMEOUT_MS = 8000;
/** Documents per contingency event in the simulation (contingency.ts): few, so every cese splits into several. */
const EVENT_SIZE = 2;
const START = '2026-11-22T15:30:00Z';
const KINDS: readonly (readonly [number, DteKind])[] = [
  [30, 'FC'],
  [20, 'CCF'],
  [10, 'NC'],
  [5, 'ND'],
  [8, 'CR'],
  [8, 'FSE'],
  [8, 'FEX'],
];
const WEATHER_CHOICES: readonly (readonly [number, Weather])[] = [
  [30, 'up'],
  [12, 'down'],
  [6, 'reset'],
  [5, 'offline'],
  [10, 'slow'],
  [10, 'drop'],
  [6, 'reject'],
  [6, 'refuse-login'],
  [5, 'lote-slow'],
  [8, 'flaky'],
];

/** Lets every promise that can move, move: the world is quiet when nothing changed for a few turns. */
export async function settle(signature: () => string): Promise<void> {
  let last = signature();
  let quiet = 0;
  for (let i = 0; i < 5000 && quiet < 4; i++) {
    await new Promise((r) => setImmediate(r));
    const s = signature();
    if (s === last) quiet += 1;
    else {
      quiet = 0;
      last = s;
    }
  }
}

export async function runSeed(fx: SimFixture, seed: number, options: SeedOptions = {}): Promise<SeedResult> {
  const rng = prng(seed);
  const stationRandom = prng(seed ^ 0x5e110);
  const simRandom = prng(seed ^ 0x3a7);
  const jitter = prng(seed ^ 0x1177);
  const vt: VirtualTime = virtualTime(START);
  const trace: string[] = [];
  const violations: string[] = [];
  const note = (s: string) => trace.push(`${new Date(vt.nowMs()).toISOString().slice(5, 19)} ${s}`);
  const credentials = new Map([[fx.nit, 'demo']]);
  const sim: MhSimulator = createMhSimulator({
    schemas: fx.schemas,
    clock: vt.clock,
    random: (n) => simRandom.bytes(n),
    loteDelayMs: 30_000,
    credentials,
  });
  sim.registerKey(fx.nit, fx.publicKeySpki);
  // MH's refusal of a repeated invalidation is not published: each seed meets one of the ways it may come.
  sim.state.repeatInvalidation = REPEAT_INVALIDATION_ANSWERS[seed % REPEAT_INVALIDATION_ANSWERS.length]!;
  note(`a repeated invalidation is answered "${sim.state.repeatInvalidation}"`);
  // Nor is what consultadte says of an invalidated document.
  sim.state.consultInvalidated = CONSULT_INVALIDATED_ANSWERS[Math.floor(seed / 3) % CONSULT_INVALIDATED_ANSWERS.length]!;
  note(`consultadte answers "${sim.state.consultInvalidated}" of an invalidated document`);
  // Nor what it says of a code refused for a taken control number (issue 54's resend loop). Not 'error': a query
  // that fails for good leaves the document for a person by design (sync/send-cap.ts), which "everything ends final"
  // cannot hold; test/integration/resend-loop-serve.test.ts runs that one on a real process.
  const answers = DUPLICATE_QUERY_ANSWERS.filter((a) => a !== 'error');
  sim.state.duplicateQuery = answers[Math.floor(seed / 9) % answers.length]!;
  note(`consultadte answers "${sim.state.duplicateQuery}" of a code refused for a taken control number`);
  const net: Network = network(sim, vt, TIMEOUT_MS, rng);
  const data = fx.copy();
  const errors: string[] = [];
  const logger: Logger = {
    info() {},
    warn() {},
    error: (message, fields) => errors.push(`${message} ${JSON.stringify(fields ?? {}).slice(0, 300)}`),
  };
  const onUnhandled = (e: unknown) => errors.push(`unhandled rejection: ${e instanceof Error ? e.stack : String(e)}`);
  process.on('unhandledRejection', onUnhandled);

  const skew = clockWeather(seed, vt, options.clockWeather ?? true);
  // The collision weather (decision 0029): numbers another PC of this point of sale got sealed at MH, and how
  // often MH had received each document when it ended REJECTED here (nothing may reach MH after that).
  const foreign = new Set<string>();
  const receivedAtRejection = new Map<string, number>();
  let pushes = 0;
  const watchRejections = (c: Core): Core => {
    c.sync.onEvent((e) => {
      if (e.type === 'sync') pushes += 1;
    });
    c.sync.onChange((e) => {
      if (e.status === 'REJECTED') receivedAtRejection.set(e.id, sim.state.received.get(e.id.toUpperCase()) ?? 0);
    });
    return c;
  };
  const open = (): Core =>
    watchRejections(
      createCore({
        dataDir: data.dir,
        clock: skew.clock,
        random: (n) => stationRandom.bytes(n),
        fetch: net.fetch,
        logger,
        mh: { baseUrl: 'http://mh.sim', user: fx.nit, password: 'demo', timeoutMs: TIMEOUT_MS },
        backups: { everyMs: 0 },
        // Two documents per contingency event, not MH's 1,000: every cese here splits, one event a transaction.
        sync: { timers: vt.timers, jitter: () => jitter.next(), lotePollMs: 60_000, eventSize: EVENT_SIZE },
      }),
    );

  let core = open();
  let calm = false;
  // The renewed certificate as weather, on a generator of its own (the other seeds' schedules stay as they were):
  // in half the seeds MH starts requiring it at some step, and the station is given it some steps later, at the
  // latest when MH stays up for good (docs/decisions/0027-certificate-life-cycle.md).
  const renewal = prng(seed ^ 0xce27);
  const steps = options.steps ?? 60;
  const renewAt = renewal.int(2) === 0 ? renewal.int(steps) : -1;
  const giveAt = renewAt < 0 ? -1 : renewAt + 1 + renewal.int(20);
  let given = renewAt < 0;
  const renewalStep = (step: number) => {
    if (step === renewAt) {
      sim.registerKey(fx.nit, fx.renewed.publicKeySpki);
      note('mh requires the renewed certificate');
    }
    if (step === giveAt) giveRenewed();
  };
  const giveRenewed = () => {
    if (given) return;
    given = true;
    core.importCertificate(fx.renewed.xml, fx.renewed.password, 'sim');
    note('the station imports the renewed certificate');
  };
  const acknowledged: Acknowledged[] = [];
  let tasks = 0;
  let crashes = 0;
  let deliveries = 0;
  // What the engine pushes too: the cese splits the events a transaction a turn with nothing on the network
  // (contingency.ts `end`, a push after each), so the world is not still until the last is made.
  const signature = () => `${net.held()}|${net.events()}|${vt.fired()}|${tasks}|${acknowledged.length}|${pushes}`;

  function setWeather(w: Weather) {
    net.weather = w;
    sim.setMode(w === 'reject' ? 'reject' : 'normal');
    sim.state.loteDelayMs = w === 'lote-slow' ? 20 * 60_000 : 30_000;
    if (w === 'refuse-login') {
      // The company changed its MH password elsewhere: MH refuses the station's and drops its sessions.
      credentials.set(fx.nit, 'otra-clave');
      sim.state.tokens.clear();
    } else credentials.set(fx.nit, 'demo');
    note(`weather ${w}`);
    // The calm at the end has the clock right, so everything can become final.
    if (w === 'up' && calm) skew.set(0, note);
    else skew.change(note);
  }

  function create(kind: DteKind) {
    let k = kind;
    let related: string | null = null;
    if (k === 'NC' || k === 'ND') {
      const targets = acknowledged.filter((a) => a.kind === 'CCF' || a.kind === 'CR');
      if (!targets.length) k = 'CCF';
      else related = rng.pick(targets).id;
    }
    const id = uuidV4((n) => rng.bytes(n));
    const body = todayBody(k, id, related);
    try {
      const known = skew.enabled && clockRefused();
      const r = core.dtes.create(k, body, 'sim');
      acknowledged.push({ id, kind: k, body, controlNumber: r.record.controlNumber ?? '' });
      skew.issued(id, known);
      note(`create ${k} ${id.slice(0, 8)}${related ? ` → ${related.slice(0, 8)}` : ''}`);
    } catch (e) {
      if (e instanceof CoreError) note(`create ${k} refused: ${e.code}${skew.enabled ? ` ${e.detail?.slice(0, 400) ?? ''}` : ''}`);
      else violations.push(`create ${k} threw ${e instanceof Error ? e.stack : String(e)}`);
    }
  }

  const clockRefused = () => core.sync.status().alerts.some((a) => a.code === 'clock_refused');

  function replay() {
    if (!acknowledged.length) return;
    const a = rng.pick(acknowledged);
    try {
      const r = core.dtes.create(a.kind, a.body, 'sim');
      if (!r.replayed || r.record.id !== a.id) violations.push(`replay of ${a.id} was not a replay`);
      note(`replay ${a.id.slice(0, 8)}`);
    } catch (e) {
      violations.push(`replay of ${a.id} threw ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  function invalidate() {
    const approved = acknowledged.filter((a) => core.dtes.get(a.id).status === 'APPROVED');
    if (!approved.length) return;
    const a = rng.pick(approved);
    note(`invalidate ${a.id.slice(0, 8)}`);
    tasks += 1;
    const mine = core;
    mine.dtes.invalidate({ dteId: a.id, reason: 'Anulación de prueba del simulador' }, 'sim').then(
      (r) => {
        tasks -= 1;
        if (mine === core) note(`invalidate ${a.id.slice(0, 8)} → ${r.record.status}`);
      },
      (e: unknown) => {
        tasks -= 1;
        if (!(e instanceof CoreError) && mine === core) violations.push(`invalidate threw ${e instanceof Error ? e.stack : String(e)}`);
      },
    );
  }

  /** MH's last number of a kind for this point of sale: the station's and the other PC's. */
  function mhLast(kind: DteKind): number {
    const { mhCode, posNumber } = core.station().branch;
    const prefix = formatControlNumber(kind, mhCode, posNumber, 0).slice(0, -15);
    return Math.max(0, ...[...sim.state.controlNumbers.keys()].filter((c) => c.startsWith(prefix)).map((c) => Number(c.slice(-15))));
  }

  /**
   * Another PC of this point of sale (a restored copy's twin) gets the numbers after MH's last of a kind sealed:
   * the station's documents under them, queued or in flight or still to come, collide.
   */
  function otherPc() {
    const kind = rng.weighted([
      [3, 'FC'],
      [1, 'CCF'],
    ] as const);
    const { mhCode, posNumber } = core.station().branch;
    const from = mhLast(kind) + 1;
    const count = 1 + rng.int(3);
    for (let n = from; n < from + count; n++) {
      const control = formatControlNumber(kind, mhCode, posNumber, n);
      foreign.add(control);
      sim.state.controlNumbers.set(control, `OTRO-PC-${n}`);
    }
    note(`another PC took ${kind} ${from}..${from + count - 1}`);
  }

  /** An ADMIN types MH's last number for every sequence a collision stopped. */
  function moveOn(): DteKind[] {
    const stopped = core.numbering.view().sequences.filter((s) => s.collision);
    for (const s of stopped) {
      core.numbering.confirm({ last: { [s.kind]: mhLast(s.kind) }, year: s.year, posNumber: s.posNumber }, 'sim');
      note(`admin moves ${s.kind} past ${mhLast(s.kind)}`);
    }
    return stopped.map((s) => s.kind);
  }

  async function crash() {
    crashes += 1;
    note('crash');
    const dead = core;
    // Everything stops at once, as in a real crash: the dead core must not go on between the network's turns
    // (its engine yields between a lote's slices). Then MH may still process what was in flight.
    vt.clearAll();
    tasks = 0;
    dead.close();
    await net.crash(rng);
    core = open();
  }

  async function deliverOne() {
    deliveries += 1;
    note(`deliver ${await net.deliver(rng.int(net.held()))}`);
  }

  const measured = { idleWakeups: 0, calmMinutes: 0 };
  try {
    await settle(signature);
    for (let step = 0; step < steps && !violations.length; step++) {
      renewalStep(step);
      const action = rng.weighted([
        [25, 'create'],
        [4, 'replay'],
        [5, 'invalidate'],
        [30, 'deliver'],
        [22, 'advance'],
        [8, 'weather'],
        [2, 'crash'],
        [2, 'other-pc'],
        [2, 'admin'],
      ] as const);
      switch (action) {
        case 'create':
          create(rng.weighted(KINDS));
          break;
        case 'replay':
          replay();
          break;
        case 'invalidate':
          invalidate();
          break;
        case 'deliver':
          if (net.held()) await deliverOne();
          else if (!vt.fireNext()) vt.advance(rng.int(60_000));
          break;
        case 'advance':
          if (!vt.fireNext()) vt.advance(1 + rng.int(60_000));
          break;
        case 'weather':
          setWeather(rng.weighted(WEATHER_CHOICES));
          break;
        case 'crash':
          await crash();
          break;
        case 'other-pc':
          otherPc();
          break;
        case 'admin':
          moveOn();
          break;
        default: {
          const never: never = action;
          throw new Error(String(never));
        }
      }
      await settle(signature);
    }

    // MH away for half an hour with nothing to do but wait: how often does the engine wake?
    setWeather(rng.pick([...MH_AWAY].filter((w) => w !== 'flaky')));
    const outageStart = vt.nowMs();
    const firedBefore = vt.fired();
    for (let i = 0; i < 5000 && vt.nowMs() < outageStart + 30 * 60_000; i++) {
      if (net.held()) await deliverOne();
      else if (!vt.fireNext()) break;
      await settle(signature);
      // A spin (timers at 0 ms) never lets the half hour pass: stop counting once it is plain.
      if (vt.fired() - firedBefore > 200 && vt.nowMs() - outageStart < 60_000) break;
    }
    const idleWakeups = vt.fired() - firedBefore;
    measured.idleWakeups = idleWakeups;
    // The backoff is capped at a minute with full jitter (about two wake-ups a minute): four is the bound.
    if (idleWakeups > 120) violations.push(`the engine woke ${idleWakeups} times in 30 virtual minutes with MH away (${net.weather})`);

    // MH stays up: everything must reach a final status within bounded virtual time. An ADMIN first moves every
    // stopped sequence past MH's; a document issued in each afterwards must be sealed.
    calm = true;
    setWeather('up');
    giveRenewed();
    const afterMove: string[] = [];
    for (const kind of moveOn()) {
      const before = acknowledged.length;
      create(kind);
      // A clock just put right while MH's last reading still refuses: the refused create asked MH again, and the
      // cashier tries once more after its answer (clock-skew.ts), as at a real counter.
      if (acknowledged.length === before && clockRefused()) {
        for (let i = 0; i < 200 && clockRefused(); i++) {
          if (net.held()) await deliverOne();
          else if (!vt.fireNext()) break;
          await settle(signature);
        }
        create(kind);
      }
      if (acknowledged.length > before) afterMove.push(acknowledged[acknowledged.length - 1]!.id);
      else violations.push(`after moving ${kind} past MH's last, a document could not be issued`);
    }
    const calmStart = vt.nowMs();
    let final = false;
    for (let i = 0; i < 20_000; i++) {
      // A supervisor looks at Sincronización now and then: a document past the cap on sends, which MH's lookup does
      // not show, is sent again on their word (docs/decisions/0068-a-document-is-sent-a-few-times.md).
      if (i % 100 === 0)
        for (const d of core.sync.status().documentsNeedingPerson ?? [])
          if (d.canSendAgain) {
            note(`a supervisor sends ${d.documentId} again`);
            core.sync.sendAgain(d.documentId, 'user:supervisor');
          }
      if (net.held()) await deliverOne();
      else if (tasks === 0 && (final = allFinal(core))) break;
      else if (!vt.fireNext()) {
        violations.push(`work is left but nothing is scheduled to do it (the engine went to sleep): ${pendingSummary(core)}`);
        break;
      }
      await settle(signature);
      if (vt.nowMs() - calmStart > 6 * 3600_000) break;
    }
    measured.calmMinutes = (vt.nowMs() - calmStart) / 60_000;
    if (!final && !violations.length)
      violations.push(`not everything is final after ${measured.calmMinutes.toFixed(0)} virtual minutes of MH up: ${pendingSummary(core)}`);
    violations.push(...checkInvariants(data.dir, sim, acknowledged, foreign, EVENT_SIZE));
    violations.push(...skew.invariants(data.dir, sim));
    for (const id of afterMove)
      if (core.dtes.get(id).status !== 'APPROVED')
        violations.push(`${id}, issued after the move past MH's last, is ${core.dtes.get(id).status}`);
    // Nothing reaches MH after the station rejected it (a collision is never resent).
    for (const [id, received] of receivedAtRejection)
      if ((sim.state.received.get(id.toUpperCase()) ?? 0) > received) violations.push(`${id} reached MH again after it was REJECTED here`);
  } finally {
    violations.push(...errors.map((e) => `logged: ${e}`));
    process.off('unhandledRejection', onUnhandled);
    vt.clearAll();
    core.close();
    await sim.app.close();
    data.cleanup();
  }
  const traceHash = createHash('sha256').update(trace.join('\n')).digest('hex').slice(0, 16);
  return {
    seed,
    violations,
    trace: options.trace || violations.length ? trace : [],
    traceHash,
    stats: { documents: acknowledged.length, crashes, deliveries, ...measured, virtualMinutes: (vt.nowMs() - Date.parse(START)) / 60_000 },
  };
}

function allFinal(core: Core): boolean {
  const s = core.sync.status();
  return s.queue.pending + s.queue.sending + s.queue.unknown + s.queue.invalidations === 0 && s.contingencies.length === 0;
}

function pendingSummary(core: Core): string {
  const s = core.sync.status();
  return JSON.stringify({ queue: s.queue, contingencies: s.contingencies.map((c) => c.status), lastError: s.lastError });
}
