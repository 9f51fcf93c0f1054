// Times on screen are El Salvador's (issue 14): an instant in UTC and the same one in -06:00 read alike.
import { describe, expect, it } from 'vitest';
import { localTime } from '../../renderer/src/local-time';

describe('local time on screen', () => {
  it('shows a UTC instant in El Salvador time (UTC−6, no daylight saving)', () => {
    expect(localTime('2026-11-22T09:37:05Z')).toMatch(/22\/11\/2026,? 03:37:05/);
    expect(localTime('2026-11-22T03:37:05-06:00')).toBe(localTime('2026-11-22T09:37:05Z'));
    expect(localTime('2026-07-01T18:00:00Z', false)).toMatch(/01\/07\/2026,? 12:00$/);
  });

  it('leaves text that is not a date as it is', () => {
    expect(localTime('pendiente')).toBe('pendiente');
  });
});
