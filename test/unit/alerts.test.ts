// The alert board: every source read on each status, critical first, a failing source contained.
import { describe, expect, it } from 'vitest';
import { createAlertBoard } from '../../main/core/alerts';
import type { StationAlert } from '../../shared/records';

const alert = (code: StationAlert['code'], level: StationAlert['level']): StationAlert => ({
  code,
  level,
  message: `m-${code}`,
  action: `a-${code}`,
  since: null,
});

describe('alert board', () => {
  it('reads every source on each call, critical alerts first, otherwise in order of addition', () => {
    const board = createAlertBoard();
    let disk: StationAlert[] = [];
    board.add(() => [alert('clock_skew', 'warning')]);
    board.add(() => disk);
    board.add(() => [alert('certificate_refused', 'critical'), alert('certificate_expiring', 'warning')]);
    expect(board.list().map((a) => a.code)).toEqual(['certificate_refused', 'clock_skew', 'certificate_expiring']);
    disk = [alert('disk_low', 'critical')];
    expect(board.list().map((a) => a.code)).toEqual(['disk_low', 'certificate_refused', 'clock_skew', 'certificate_expiring']);
  });

  it('a source that throws is reported and left out; the others still answer', () => {
    const errors: unknown[] = [];
    const board = createAlertBoard((e) => errors.push(e));
    board.add(() => {
      throw new Error('broken source');
    });
    board.add(() => [alert('disk_low', 'warning')]);
    expect(board.list().map((a) => a.code)).toEqual(['disk_low']);
    expect(errors).toHaveLength(1);
  });

  it('a removed source is no longer read', () => {
    const board = createAlertBoard();
    const remove = board.add(() => [alert('clock_skew', 'warning')]);
    expect(board.list()).toHaveLength(1);
    remove();
    expect(board.list()).toEqual([]);
  });
});
