// What a homologation run does next (main/core/homologation/plan.ts), decided from stored state alone: one
// scenario per rule, each a state built by hand and the one action it must lead to.
import { describe, expect, it } from 'vitest';
import { nextAction, type RunState } from '../../main/core/homologation/plan';
import type { RunDocument, RunEvent, RunRow } from '../../main/core/homologation/runs-repo';
import { HOMOLOGATION_MINIMUMS } from '../../shared/homologation';
import type { DteKind } from '../../shared/contract';

const run = (kinds: DteKind[], normative: RunRow['normative'] = 'legacy'): RunRow => ({
  id: 'r',
  normative,
  kinds,
  seed: 1,
  paceMs: 0,
  status: 'running',
  startedBy: 'user:admin',
  startedAt: '2026-11-23T08:00:00-06:00',
  finishedAt: null,
});

let n = 0;
const doc = (kind: DteKind, status: string | null, extra: Partial<RunDocument> & { replaces?: object } = {}): RunDocument => {
  const { replaces, ...rest } = extra;
  return {
    seq: ++n,
    id: `d${n}`,
    kind,
    error: status === null ? 'refused' : null,
    status,
    controlNumber: `DTE-${n}`,
    contingencyId: null,
    request: JSON.stringify({ body: { id: `d${n}`, items: [{ quantity: 2 }] }, ...(replaces ? { replaces } : {}) }),
    createdAt: 'c',
    updatedAt: 'u',
    mhResponse: null,
    ...rest,
  };
};
const sealed = (kind: DteKind, count: number) => Array.from({ length: count }, () => doc(kind, 'APPROVED'));
const event = (step: RunEvent['step'], state: RunEvent['state'], ref = 'x', done = true): RunEvent => ({
  seq: ++n,
  step,
  ref,
  request: '{}',
  done,
  state,
  mhResponse: null,
  createdAt: 'c',
  recordId: `e${n}`,
  seal: null,
  sealedAt: null,
});
const contingencies = () => Array.from({ length: 5 }, () => event('contingency', 'APPROVED'));
const state = (r: RunRow, documents: RunDocument[], events: RunEvent[] = [], extra: Partial<RunState> = {}): RunState => ({
  run: r,
  documents,
  events,
  contingencyOpen: false,
  ccfsWithNotes: new Set(),
  returned: new Set(),
  ...extra,
});

describe('homologation plan', () => {
  it('finishes an event a stop cut short before anything else', () => {
    const cut = event('invalidation', 'PENDING', 'd1', false);
    expect(nextAction(state(run(['FC']), [], [cut]))).toEqual({ do: 'finish-event', event: cut });
  });

  it('waits for a document on its way to MH before making another', () => {
    expect(nextAction(state(run(['FC']), [doc('FC', 'PROCESSING')]))).toMatchObject({ do: 'wait' });
  });

  it('declares the contingency events first, over kinds that may go in contingency, and waits while one is open', () => {
    expect(nextAction(state(run(['CR', 'CCF', 'NC']), []))).toEqual({ do: 'contingency', kinds: ['CCF', 'CCF'], index: 1 });
    expect(nextAction(state(run(['FC', 'CR'], '2026'), []))).toEqual({ do: 'contingency', kinds: ['FC', 'CR'], index: 1 });
    expect(nextAction(state(run(['FC']), [], [event('contingency', 'PENDING')], { contingencyOpen: true }))).toMatchObject({ do: 'wait' });
    // A contingency MH refused does not count: another one is declared.
    const refused = [event('contingency', 'REJECTED'), ...contingencies().slice(1)];
    expect(nextAction(state(run(['FC']), [], refused))).toMatchObject({ do: 'contingency', index: 5 });
  });

  it('fills the kind furthest from its minimum; a note adjusts a sealed CCF without notes', () => {
    const docs = [...sealed('FC', 45), ...sealed('CCF', 10)];
    expect(nextAction(state(run(['FC', 'CCF', 'NC']), docs, contingencies()))).toEqual({
      do: 'document',
      kind: 'NC',
      related: docs[45]!.id,
    });
    const withNotes = new Set(docs.filter((d) => d.kind === 'CCF').map((d) => d.id));
    // Every CCF has its note: the NC waits and the next kind short of its minimum goes.
    expect(nextAction(state(run(['FC', 'CCF', 'NC']), docs, contingencies(), { ccfsWithNotes: withNotes }))).toEqual({
      do: 'document',
      kind: 'CCF',
    });
  });

  it('waits with a CL, DCL or CD while a contingency the engine opened is on; an NR goes on in contingency', () => {
    for (const kind of ['CL', 'DCL', 'CD'] as const) {
      const withKind = run(['FC', kind], '2026');
      const docs = sealed('FC', HOMOLOGATION_MINIMUMS.FC);
      expect(nextAction(state(withKind, docs, contingencies()))).toEqual({ do: 'document', kind });
      const waiting = nextAction(state(withKind, docs, contingencies(), { contingencyOpen: true }));
      expect(waiting.do).toBe('wait');
      expect(waiting.do === 'wait' ? waiting.why : '').toContain(kind);
    }
    const nr = run(['FC', 'NR'], '2026');
    const docs = sealed('FC', HOMOLOGATION_MINIMUMS.FC);
    expect(nextAction(state(nr, docs, contingencies(), { contingencyOpen: true }))).toEqual({ do: 'document', kind: 'NR' });
  });

  it('counts a rejected or refused document out, so another of its kind is made', () => {
    const docs = [...sealed('FC', HOMOLOGATION_MINIMUMS.FC - 1), doc('FC', 'REJECTED'), doc('FC', null)];
    expect(nextAction(state(run(['FC']), docs, contingencies()))).toEqual({ do: 'document', kind: 'FC' });
  });

  it('invalidates the newest document, with a replacement sealed first (types 1 and 3), without one for type 2', () => {
    const docs = sealed('FC', HOMOLOGATION_MINIMUMS.FC);
    const newest = docs.at(-1)!;
    const first = nextAction(state(run(['FC']), docs, contingencies()));
    expect(first).toEqual({ do: 'replacement', target: newest, type: 1 });
    const replacement = doc('FC', 'APPROVED', { replaces: { dteId: newest.id, type: 1 } });
    expect(nextAction(state(run(['FC']), [...docs, replacement], contingencies()))).toEqual({
      do: 'invalidation',
      target: newest,
      type: 1,
      replacement: replacement.id,
    });
    const rejected = doc('FC', 'REJECTED', { replaces: { dteId: newest.id, type: 1 } });
    expect(nextAction(state(run(['FC']), [...docs, rejected], contingencies()))).toEqual({ do: 'replacement', target: newest, type: 1 });
    // The second invalidation is a rescission: no replacement.
    const one = [...contingencies(), event('invalidation', 'APPROVED', newest.id)];
    const rest = docs.slice(0, -1);
    expect(nextAction(state(run(['FC']), [...rest, ...sealed('FC', 1)], one))).toMatchObject({
      do: 'invalidation',
      type: 2,
      replacement: null,
    });
  });

  it('never tries a document twice: an invalidation refused or rejected moves on to another', () => {
    const docs = sealed('FC', HOMOLOGATION_MINIMUMS.FC);
    const newest = docs.at(-1)!;
    const replacement = doc('FC', 'APPROVED', { replaces: { dteId: newest.id, type: 1 } });
    // MH rejected (or the station refused) the invalidation of the newest: its sealed replacement stays a document.
    const tried = [...contingencies(), event('invalidation', 'REJECTED', newest.id)];
    const next = nextAction(state(run(['FC']), [...docs, replacement], tried));
    expect(next).toMatchObject({ do: 'invalidation', type: 2 });
    expect((next as { target: { id: string } }).target.id).not.toBe(newest.id);
    // A retorno refused does not come back to the same document either.
    const r = nextAction(
      state(run(['FC'], '2026'), docs, [
        ...contingencies(),
        ...Array.from({ length: 5 }, () => event('invalidation', 'APPROVED')),
        event('retorno', 'REJECTED', newest.id),
      ]),
    );
    expect(r).toMatchObject({ do: 'retorno' });
    expect((r as { target: { id: string } }).target.id).not.toBe(newest.id);
  });

  it('under v2.0 an NC is invalidated first and never names a replacement; retornos cover FE, FEX, FSE only', () => {
    const ccfs = sealed('CCF', 75);
    const ncs = sealed('NC', 50);
    // Four sealed and one MH refused: the sixth turn is an NC, type 1, and every CCF has its note.
    const events = [
      ...contingencies(),
      ...Array.from({ length: 4 }, () => event('invalidation', 'APPROVED')),
      event('invalidation', 'REJECTED'),
    ];
    const noted = { ccfsWithNotes: new Set(ccfs.map((d) => d.id)) };
    expect(nextAction(state(run(['CCF', 'NC'], '2026'), [...ccfs, ...ncs], events, noted))).toEqual({
      do: 'invalidation',
      target: ncs.at(-1),
      type: 1,
      replacement: null,
    });
    // Under the legacy normative the same turn never picks an NC (its replacement would come first).
    expect(nextAction(state(run(['CCF', 'NC']), [...ccfs, ...ncs], events, noted))).toEqual({ do: 'document', kind: 'CCF' });
  });

  it('under v2.0 reports five EOEs after the other events: ranges, single vouchers, an annulled voucher again', () => {
    const docs = sealed('FC', HOMOLOGATION_MINIMUMS.FC);
    const done = [
      ...contingencies(),
      ...Array.from({ length: 5 }, () => event('invalidation', 'APPROVED')),
      ...Array.from({ length: 5 }, () => event('retorno', 'APPROVED')),
    ];
    const eoe = (state: RunEvent['state'], body: object, recordId = `eoe${++n}`): RunEvent => ({
      ...event('operaciones', state),
      request: JSON.stringify(body),
      recordId,
    });
    const ranges = { period: '2026-11', items: [{ type: '02', from: 'FS-1', to: 'FS-9' }] };
    const singles = { period: '2026-11', items: [{ type: '97', number: 'CCI-1', date: '2026-11-02' }] };
    const r = run(['FC'], '2026');
    expect(nextAction(state(r, docs, done))).toEqual({ do: 'operaciones', turn: 0, index: 1, mode: 'ranges' });
    const first = eoe('APPROVED', ranges);
    expect(nextAction(state(r, docs, [...done, first]))).toEqual({ do: 'operaciones', turn: 1, index: 2, mode: 'singles' });
    // The third re-reports a voucher of the sealed singles event.
    const second = eoe('APPROVED', singles);
    expect(nextAction(state(r, docs, [...done, first, second]))).toEqual({
      do: 'operaciones',
      turn: 2,
      index: 3,
      mode: 're-report',
      earlier: second,
    });
    // No sealed singles event yet (it waits for MH): ranges and singles in turn until one is sealed.
    const waiting = eoe('PENDING', singles);
    expect(nextAction(state(r, docs, [...done, first, waiting]))).toEqual({ do: 'operaciones', turn: 2, index: 3, mode: 'ranges' });
    // A refused EOE does not count: its way of reporting comes again, at a new turn (new vouchers).
    expect(nextAction(state(r, docs, [...done, eoe('REJECTED', ranges)]))).toEqual({
      do: 'operaciones',
      turn: 1,
      index: 1,
      mode: 'ranges',
    });
    // A singles event already re-reported is not re-reported again; a refused re-report frees it.
    const reReport = (st: RunEvent['state']) =>
      eoe(st, { period: '2026-11', items: [{ type: '97', number: 'CCI-1', reportedIn: second.recordId!.toUpperCase() }] });
    const five = [...done, first, second, reReport('APPROVED'), eoe('APPROVED', ranges), eoe('REJECTED', singles)];
    expect(nextAction(state(r, docs, five))).toEqual({ do: 'operaciones', turn: 5, index: 5, mode: 'singles' });
    const refusedAgain = [...done, first, second, reReport('REJECTED'), eoe('APPROVED', ranges), eoe('APPROVED', singles)];
    expect(nextAction(state(r, docs, [...refusedAgain, eoe('REJECTED', ranges), eoe('REJECTED', ranges)]))).toMatchObject({
      turn: 7,
      mode: 're-report',
    });
    // MH refused two re-reports: the run stops trying one rather than loop on it.
    expect(nextAction(state(r, docs, [...refusedAgain, reReport('REJECTED')]))).toEqual({
      do: 'operaciones',
      turn: 6,
      index: 5,
      mode: 'ranges',
    });
    // Five sealed (or on their way): done once nothing waits; an EOE step a stop cut short is finished first.
    const all = [...done, ...Array.from({ length: 5 }, () => eoe('APPROVED', ranges))];
    expect(nextAction(state(r, docs, all))).toEqual({ do: 'done' });
    expect(nextAction(state(r, docs, [...all.slice(0, -1), eoe('PENDING', ranges)]))).toMatchObject({ do: 'wait' });
    const cut = { ...eoe('PENDING', ranges, null as unknown as string), recordId: null, done: false };
    expect(nextAction(state(r, docs, [...done, cut]))).toEqual({ do: 'finish-event', event: cut });
    // Never under the legacy normative.
    expect(
      nextAction(
        state(
          run(['FC']),
          docs,
          done.filter((e) => e.step !== 'retorno'),
        ),
      ),
    ).toEqual({ do: 'done' });
  });

  it('is done only when every count is met and nothing waits for MH', () => {
    const docs = sealed('FC', HOMOLOGATION_MINIMUMS.FC);
    const events = [...contingencies(), ...Array.from({ length: 5 }, () => event('invalidation', 'APPROVED'))];
    expect(nextAction(state(run(['FC']), docs, events))).toEqual({ do: 'done' });
    expect(nextAction(state(run(['FC']), docs, [...events.slice(0, 9), event('invalidation', 'PENDING')]))).toMatchObject({ do: 'wait' });
    // Under v2.0 the retornos are due too.
    expect(nextAction(state(run(['FC'], '2026'), docs, events))).toEqual({ do: 'retorno', target: docs.at(-1) });
  });
});
