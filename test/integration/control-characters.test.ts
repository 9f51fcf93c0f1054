// Control characters in a document's text (docs/decisions/0067-email-rights-and-small-guards.md), through the real
// HTTP contract: a 422 naming the field by its dotted path, and nothing stored, for U+0000–U+001F and U+007F–U+009F;
// the items' descriptions keep line breaks and tabs, as the catalog's do.
import { describe, expect, it } from 'vitest';
import { fcBody } from '../fixtures/bodies';
import { httpStation, type Problem } from '../support/http-station';
import { stringContaining } from '../support/match';

const station = httpStation();
let n = 0;
const newId = () => `c0c00000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const withName = (name: string) => {
  const b = fcBody(newId());
  return { ...b, recipient: { ...(b.recipient as Record<string, unknown>), name } };
};
const withDescription = (description: string) => {
  const b = fcBody(newId());
  const [first, ...rest] = b.items as Record<string, unknown>[];
  return { ...b, items: [{ ...first, description }, ...rest] };
};
const stored = () => station.core.dtes.list({}).items.length;

describe('control characters in DTE text', () => {
  it('a recipient named with a BEL (U+0007) is a 422 naming recipient.name; nothing is stored', async () => {
    const res = await station.post('/dte/fc', withName('María\u0007 Hernández'));
    expect(res.statusCode).toBe(422);
    const p = res.json<Problem>();
    expect(p.code).toBe('VALIDATION_FAILED');
    expect(p.errors).toEqual([{ path: 'recipient.name', code: 'INVALID_FORMAT', message: stringContaining('U+0007') }]);
    expect(stored()).toBe(0);
  });

  it.each([
    ['NUL', '\u0000'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['NEL (C1)', '\u0085'],
    ['the last C1', '\u009f'],
    ['a line feed', '\n'],
    ['a tab', '\t'],
  ])('%s in the name is refused', async (_what, c) => {
    const res = await station.post('/dte/fc', withName(`Ana${c}López`));
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().errors.map((e) => e.path)).toEqual(['recipient.name']);
    expect(stored()).toBe(0);
  });

  it('deep fields are named by their path: an item description with U+0000, an attachment detail with U+001F', async () => {
    const body = withDescription('Café\u0000 molido');
    const attachments = [{ code: 'RECEPTOR', details: 'Pedido\u001f 88123' }];
    const res = await station.post('/dte/fc', { ...body, attachments });
    expect(res.statusCode).toBe(422);
    expect(
      res
        .json<Problem>()
        .errors.map((e) => e.path)
        .sort(),
    ).toEqual(['attachments.0.details', 'items.0.description']);
    expect(stored()).toBe(0);
  });

  it('an item description keeps its line breaks and tabs (as a catalog description may have them); U+00A0 and accents are text', async () => {
    const res = await station.post('/dte/fc', withDescription('Café molido\r\nbolsa de 1 lb\tmarca Sello'));
    expect(res.statusCode).toBe(201);
    expect((await station.post('/dte/fc', withName('José\u00a0Ñúñez'))).statusCode).toBe(201);
    expect(stored()).toBe(2);
  });

  it("an invalidation's reason with a control character is a 422 naming reason", async () => {
    const created = await station.post('/dte/fc', fcBody(newId()));
    expect(created.statusCode).toBe(201);
    const res = await station.post('/dte/invalidate', { dteId: created.json<{ id: string }>().id, reason: 'Error de\u0008 digitación' });
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().errors.map((e) => e.path)).toContain('reason');
  });
});
