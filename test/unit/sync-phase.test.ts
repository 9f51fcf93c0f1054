// The sync screen and the banner say the same thing at every step of a recovery (issue 33).
import { describe, expect, it } from 'vitest';
import { deadlinesDue, syncPhase } from '../../renderer/src/sync-phase';
import { es } from '../../renderer/src/strings';

const EVENT = '2026-11-27T10:00:00-06:00';
const DOCS = '2026-11-30T10:00:00-06:00';
const contingency = (status: string) => ({ status, eventDeadline: EVENT, documentsDeadline: DOCS });

describe('one reading of a recovery', () => {
  it('says MH is back only once no contingency is open, and never contingency beside it', () => {
    expect(syncPhase({ state: 'contingency', contingencies: [contingency('open')] as never })).toBe('contingency');
    expect(syncPhase({ state: 'contingency', contingencies: [contingency('ended')] as never })).toBe('recovering');
    expect(syncPhase({ state: 'contingency', contingencies: [contingency('sealed'), contingency('open')] as never })).toBe('contingency');
    expect(syncPhase({ state: 'online', contingencies: [] })).toBe('online');
    expect(syncPhase(null)).toBe('online');
    expect(es.banner[syncPhase({ state: 'contingency', contingencies: [contingency('sealed')] as never })]).toMatch(/^MH volvió/);
  });

  it('asks for the event only until MH accepts it, and for the documents until the contingency closes', () => {
    expect(deadlinesDue(contingency('open'))).toEqual({ event: EVENT, documents: DOCS });
    expect(deadlinesDue(contingency('ended'))).toEqual({ event: EVENT, documents: DOCS });
    expect(deadlinesDue(contingency('rejected'))).toEqual({ event: EVENT, documents: DOCS });
    expect(deadlinesDue(contingency('sealed'))).toEqual({ event: null, documents: DOCS });
    expect(deadlinesDue(contingency('done'))).toEqual({ event: null, documents: null });
  });
});
