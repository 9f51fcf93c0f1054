// The hub's screens' pure parts (renderer/hub): where the address's hash leads, dates as the screens show them, and
// "hace N min" for a station's last contact.
import { describe, expect, it } from 'vitest';
import { localDate, minutesSince } from '../../renderer/hub/format';
import { parseRoute, routeHash } from '../../renderer/hub/route';
import { hubWords } from '../../renderer/hub/words';

describe('the hub screens', () => {
  it('reads the route from the hash and writes it back', () => {
    expect(parseRoute('')).toEqual({ page: 'documents' });
    expect(parseRoute('#/sucursales')).toEqual({ page: 'health' });
    expect(parseRoute('#/personas')).toEqual({ page: 'people' });
    expect(parseRoute('#/libros')).toEqual({ page: 'books' });
    expect(parseRoute('#/documentos/7e000000-0000-4000-8000-000000000001')).toEqual({
      page: 'document',
      id: '7e000000-0000-4000-8000-000000000001',
    });
    expect(parseRoute('#/nada')).toEqual({ page: 'documents' });
    for (const hash of ['#/documentos', '#/sucursales', '#/libros', '#/personas', '#/documentos/abc%2Fdef'])
      expect(routeHash(parseRoute(hash))).toBe(hash);
  });

  it('shows an issue date as dd/MM/yyyy and counts minutes since a contact', () => {
    expect(localDate('2026-11-22')).toBe('22/11/2026');
    expect(localDate('mañana')).toBe('mañana');
    const now = new Date('2026-11-22T15:30:00Z');
    expect(minutesSince('2026-11-22T09:25:30-06:00', now)).toBe(4);
    expect(minutesSince('2026-11-22T15:31:00Z', now)).toBe(0);
    expect(hubWords.health.ago(0)).toBe('hace menos de 1 min');
    expect(hubWords.health.ago(4)).toBe('hace 4 min');
    expect(hubWords.health.ago(180)).toBe('hace 3 h');
  });
});
