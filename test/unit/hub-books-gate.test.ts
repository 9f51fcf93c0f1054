// The hub's books gate (main/hub/books-gate.ts): so many builds at a time, the others in order, and past the
// queue's size a 429 that says when to come back.
import { describe, expect, it } from 'vitest';
import { booksGate, BooksBusy } from '../../main/hub/books-gate';

const deferred = () => {
  let resolve = (_: string) => {};
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('books gate', () => {
  it('runs one build at a time, in the order asked, and refuses past its queue', async () => {
    const gate = booksGate({ running: 1, queued: 3, retryAfter: 30 });
    const started: number[] = [];
    const builds = [deferred(), deferred(), deferred()];
    const runs = builds.map((b, i) =>
      gate.run(() => {
        started.push(i);
        return b.promise;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0]);
    expect(gate.queued()).toBe(3);
    const refused = await gate.run(() => Promise.resolve('x')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BooksBusy);
    expect((refused as BooksBusy).toApiError()).toMatchObject({ code: 'TOO_MANY_REQUESTS', retryAfter: 30 });
    builds[0]!.resolve('a');
    expect(await runs[0]).toBe('a');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    builds[1]!.resolve('b');
    builds[2]!.resolve('c');
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(started).toEqual([0, 1, 2]);
    expect(gate.queued()).toBe(0);
  });

  it('a failed build lets the next one run', async () => {
    const gate = booksGate();
    const failed = gate.run(() => Promise.reject(new Error('sin memoria')));
    const next = gate.run(() => Promise.resolve('ok'));
    await expect(failed).rejects.toThrow('sin memoria');
    expect(await next).toBe('ok');
  });

  it('runs a few at once; a finished one hands its place to the first waiting, never to one arriving later', async () => {
    const gate = booksGate({ running: 2, queued: 5 });
    const started: number[] = [];
    const builds = [deferred(), deferred(), deferred(), deferred()];
    const run = (i: number) =>
      gate.run(() => {
        started.push(i);
        return builds[i]!.promise;
      });
    const runs = [run(0), run(1), run(2)];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    builds[0]!.resolve('a');
    // One arrives as the first finishes: the one already waiting goes first, and two run again, not three.
    runs.push(run(3));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    builds[1]!.resolve('b');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3]);
    builds[2]!.resolve('c');
    builds[3]!.resolve('d');
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.queued()).toBe(0);
  });
});
