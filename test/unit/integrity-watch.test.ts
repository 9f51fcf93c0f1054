// The start's integrity check when its verdict comes after the station opened (decision 0042): issuing goes on
// while it runs, damage stops it with a critical alert naming the copy to restore, and a check that could not
// run is logged, never taken for damage.
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../main/core/errors';
import type { Logger } from '../../main/core/logger';
import { integrityWatch, type IntegrityVerdict } from '../../main/core/store/integrity-watch';
import { fixedClock } from '../support/core';

function deferred() {
  let settle!: (v: IntegrityVerdict) => void;
  let fail!: (e: Error) => void;
  const promise = new Promise<IntegrityVerdict>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  return { promise, settle, fail };
}

function watched(pending?: Promise<IntegrityVerdict>, backup: string | null = '/datos/backups/sello-x.db') {
  const logged: { message: string; fields: unknown }[] = [];
  const logger = {
    error: (message: string, fields?: unknown) => logged.push({ message, fields }),
    info: () => {},
    warn: () => {},
  } as unknown as Logger;
  let changes = 0;
  const watch = integrityWatch({ pending, latestBackup: () => backup, clock: fixedClock(), logger, changed: () => (changes += 1) });
  return { watch, logged, changes: () => changes };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('integrity watch', () => {
  it('with no check running, the file is whole: nothing to say, issuing goes on', () => {
    const { watch } = watched();
    expect(watch.state()).toBe('ok');
    expect(() => watch.check()).not.toThrow();
    expect(watch.alerts()).toEqual([]);
  });

  it('while the check runs issuing goes on; a whole verdict changes nothing but the state', async () => {
    const d = deferred();
    const { watch, changes } = watched(d.promise);
    expect(watch.state()).toBe('checking');
    expect(() => watch.check()).not.toThrow();
    d.settle({ ok: true });
    await flush();
    expect(watch.state()).toBe('ok');
    expect(watch.alerts()).toEqual([]);
    expect(changes()).toBe(1);
  });

  it('damage stops issuing with SERVICE_UNAVAILABLE, and a critical alert names the copy to restore', async () => {
    const d = deferred();
    const { watch, logged, changes } = watched(d.promise);
    d.settle({ ok: false, problem: 'Tree 12 page 40: btreeInitPage() returns error code 11' });
    await flush();
    expect(watch.state()).toBe('damaged');
    expect(changes()).toBe(1);
    let error: unknown;
    try {
      watch.check();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CoreError);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect((error as Error).message).toContain('dañada');
    expect((error as Error).message).toContain('sello restore --from "/datos/backups/sello-x.db"');
    expect(watch.alerts()).toEqual([
      {
        code: 'store_damaged',
        level: 'critical',
        message: expect.stringContaining('dañada') as string,
        action: expect.stringContaining('sello restore --from "/datos/backups/sello-x.db"') as string,
        since: '2026-11-22T09:30:00-06:00',
      },
    ]);
    expect(logged.map((l) => l.message)).toEqual(['the station database is damaged: issuing stopped']);
  });

  it('a backups folder that cannot be read does not keep the station issuing', async () => {
    const logged: string[] = [];
    const logger = { error: (m: string) => logged.push(m), info: () => {}, warn: () => {} } as unknown as Logger;
    const watch = integrityWatch({
      pending: Promise.resolve({ ok: false, problem: 'malformed' }),
      latestBackup: () => {
        throw new Error('EACCES');
      },
      clock: fixedClock(),
      logger,
      changed: () => {},
    });
    await flush();
    expect(() => watch.check()).toThrow(CoreError);
    expect(watch.alerts().map((a) => a.code)).toEqual(['store_damaged']);
    expect(logged).toContain('the backups folder could not be read');
  });

  it('with no copy in the folder, the alert says to find one elsewhere', async () => {
    const { watch } = watched(Promise.resolve({ ok: false, problem: 'malformed' }), null);
    await flush();
    expect(watch.alerts()[0]?.action).toContain('busque una copia externa');
  });

  it('a check that could not run (its worker died, the disk refused) is logged and issuing goes on', async () => {
    const d = deferred();
    const { watch, logged } = watched(d.promise);
    d.fail(new Error('ENOSPC'));
    await flush();
    expect(watch.state()).toBe('ok');
    expect(() => watch.check()).not.toThrow();
    expect(watch.alerts()).toEqual([]);
    expect(logged.map((l) => l.message)).toEqual(['the integrity check could not run']);
  });
});
