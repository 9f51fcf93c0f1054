// The counter's entry queue (renderer/src/sale/entry-queue.ts): entries taken in order one at a time whatever
// the catalog's answers do, exact barcode and code before words, and a stop that holds what came after it.
import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/catalog';
import { EntryQueue, resolveEntry, type Find, type QueueState, type Resolution, type Stop } from '../../renderer/src/sale/entry-queue';

const product = (code: string, barcode: string | null, description: string): Product => ({
  id: `id-${code}`,
  code,
  barcodes: barcode ? [barcode] : [],
  description,
  unitMeasure: 'UNIDAD',
  itemType: 'BIENES',
  saleType: 'GRAVADA',
  shelfPrice: '1.00',
  netPrice: '0.88495575',
  active: true,
  createdAt: '',
  updatedAt: '',
});

const OIL = product('ACE-1', '7411000000017', 'Aceite vegetal 750 ml');
const RICE = product('ARR-1', '7411000000024', 'Arroz blanco 1 lb');
// A code made of digits that is also words' worth of another product's name, to see which wins.
const BEANS = product('123456', null, 'Frijol rojo 1 lb');
const BEANS_7 = product('FRI-7', null, 'Frijol 123456 edición');
const CATALOG = [OIL, RICE, BEANS, BEANS_7];

/** The catalog as the station answers it, each answer after `delay(question)` ms; every question recorded. */
function catalog(delay: (by: string) => number = () => 0, down = false) {
  const asked: string[] = [];
  const find: Find = async (by) => {
    const what = 'barcode' in by ? `barcode:${by.barcode}` : 'code' in by ? `code:${by.code}` : `q:${by.q}`;
    asked.push(what);
    await new Promise((r) => setTimeout(r, delay(what)));
    if (down) return null;
    // The station refuses what its query cannot take (shared/catalog.ts, productListQuery): a refusal is null.
    if ('barcode' in by && by.barcode.length > 48) return null;
    if ('code' in by && by.code.length > 25) return null;
    if ('q' in by && by.q.length > 100) return null;
    if ('barcode' in by) return CATALOG.filter((p) => p.barcodes.includes(by.barcode));
    if ('code' in by) return CATALOG.filter((p) => p.code.toLowerCase() === by.code.toLowerCase());
    const words = by.q.toLowerCase().split(/\s+/);
    return CATALOG.filter((p) => words.every((x) => `${p.code} ${p.description}`.toLowerCase().includes(x)));
  };
  return { find, asked };
}

function queue(resolve: (text: string) => Promise<Resolution>) {
  const added: string[] = [];
  const stops: Stop[] = [];
  const states: QueueState[] = [];
  const q = new EntryQueue({
    resolve,
    onProduct: (p) => added.push(p.code),
    onStop: (s) => stops.push(s),
    onState: (s) => states.push(s),
  });
  return { q, added, stops, states };
}

const settle = async (q: EntryQueue) => {
  for (let i = 0; i < 200 && q.state().current !== null; i++) await new Promise((r) => setTimeout(r, 5));
  await new Promise((r) => setTimeout(r, 0));
};

describe('an entry’s product', () => {
  it('a barcode matches exactly and asks nothing else', async () => {
    const c = catalog();
    expect(await resolveEntry(c.find, OIL.barcodes[0]!)).toEqual({ kind: 'product', product: OIL });
    expect(c.asked).toEqual([`barcode:${OIL.barcodes[0]}`]);
  });

  it('then the exact code, before any words: digits that are a code win over a name holding them', async () => {
    const c = catalog();
    expect(await resolveEntry(c.find, '123456')).toEqual({ kind: 'product', product: BEANS });
    expect(c.asked).toEqual(['barcode:123456', 'code:123456']);
  });

  it('words only when no barcode or code is that text', async () => {
    const c = catalog();
    expect(await resolveEntry(c.find, 'aceite')).toEqual({ kind: 'product', product: OIL });
    expect(c.asked).toEqual(['barcode:aceite', 'code:aceite', 'q:aceite']);
  });

  it('words longer than a code or with spaces are not asked as a barcode or a code the station would refuse', async () => {
    const c = catalog();
    const words = 'tuerca de bronce sin catalogo de la casa';
    expect(await resolveEntry(c.find, words)).toEqual({ kind: 'unknown', as: 'words' });
    expect(c.asked).toEqual([`q:${words}`]);
    const long = 'aceite '.repeat(20).trim();
    expect(await resolveEntry(c.find, long)).toEqual({ kind: 'unknown', as: 'words' });
    expect(c.asked).toEqual([`q:${words}`]);
    expect(await resolveEntry(c.find, 'aceite vegetal')).toEqual({ kind: 'product', product: OIL });
  });

  it('an unknown scan is an unknown code, never searched as words; unknown words say so; a catalog down fails', async () => {
    const c = catalog();
    expect(await resolveEntry(c.find, '7419999999999')).toEqual({ kind: 'unknown', as: 'code' });
    expect(c.asked).not.toContain('q:7419999999999');
    expect(await resolveEntry(c.find, 'jabon')).toEqual({ kind: 'unknown', as: 'words' });
    expect(await resolveEntry(catalog(() => 0, true).find, 'aceite')).toEqual({ kind: 'failed' });
  });
});

describe('the queue', () => {
  it('takes entries in the order they came although a word search answers slower than the scans after it', async () => {
    // Words take 40 ms, barcodes 1 ms: without a queue the scans would land first (or be lost).
    const c = catalog((by) => (by.startsWith('q:') ? 40 : 1));
    const { q, added } = queue((t) => resolveEntry(c.find, t));
    for (const text of ['aceite', RICE.barcodes[0]!, 'aceite', RICE.barcodes[0]!, OIL.barcodes[0]!]) q.push({ text });
    expect(q.pending()).toBe(true);
    await settle(q);
    expect(added).toEqual(['ACE-1', 'ARR-1', 'ACE-1', 'ARR-1', 'ACE-1']);
    expect(q.pending()).toBe(false);
  });

  it('one lookup at a time: the next entry is asked only after the one before it answered', async () => {
    let open = 0;
    let most = 0;
    const c = catalog(() => 3);
    const { q, added } = queue(async (t) => {
      open += 1;
      most = Math.max(most, open);
      const r = await resolveEntry(c.find, t);
      open -= 1;
      return r;
    });
    for (let i = 0; i < 6; i++) q.push({ text: i % 2 ? 'arroz' : OIL.barcodes[0]! });
    await settle(q);
    expect(added).toHaveLength(6);
    expect(most).toBe(1);
  });

  it('a product picked from the list for that text is added as is, in its turn', async () => {
    const c = catalog((by) => (by.startsWith('q:') ? 20 : 1));
    const { q, added } = queue((t) => resolveEntry(c.find, t));
    q.push({ text: 'arroz' });
    q.push({ text: 'frijol', pick: BEANS_7 });
    await settle(q);
    expect(added).toEqual(['ARR-1', 'FRI-7']);
    expect(c.asked).not.toContain('q:frijol');
  });

  it('an unknown code stops the queue; what came after waits, then goes on once it is corrected', async () => {
    const c = catalog(() => 1);
    const { q, added, stops } = queue((t) => resolveEntry(c.find, t));
    q.push({ text: RICE.barcodes[0]! });
    q.push({ text: '741100000001' }); // the oil's barcode with its last digit lost
    q.push({ text: 'arroz' });
    await settle(q);
    expect(added).toEqual(['ARR-1']);
    expect(stops).toEqual([{ text: '741100000001', why: 'code' }]);
    expect(q.state()).toMatchObject({ stop: { text: '741100000001' }, waiting: ['arroz'] });
    expect(q.pending()).toBe(true);

    q.retry(OIL.barcodes[0]!);
    await settle(q);
    expect(added).toEqual(['ARR-1', 'ACE-1', 'ARR-1']);
    expect(q.pending()).toBe(false);
  });

  it('a stopped entry given up lets the rest go on; clearing drops everything waiting', async () => {
    const c = catalog(() => 1);
    const { q, added, stops } = queue((t) => resolveEntry(c.find, t));
    q.push({ text: 'jabon' });
    q.push({ text: 'aceite' });
    await settle(q);
    expect(stops.map((s) => s.why)).toEqual(['words']);
    q.dismiss();
    await settle(q);
    expect(added).toEqual(['ACE-1']);

    q.push({ text: '7419999999999' });
    q.push({ text: 'arroz' });
    await settle(q);
    q.clear();
    await settle(q);
    expect(added).toEqual(['ACE-1']);
    expect(q.state()).toEqual({ current: null, waiting: [], stop: null });
  });

  it('a catalog that does not answer (or throws) stops at that entry, nothing after it is lost', async () => {
    let down = true;
    const c = catalog();
    const { q, added, stops } = queue(async (t) => {
      if (down) throw new Error('gone');
      return resolveEntry(c.find, t);
    });
    q.push({ text: 'aceite' });
    q.push({ text: 'arroz' });
    await settle(q);
    expect(stops).toEqual([{ text: 'aceite', why: 'failed' }]);
    expect(q.state().waiting).toEqual(['arroz']);
    down = false;
    q.retry('aceite');
    await settle(q);
    expect(added).toEqual(['ACE-1', 'ARR-1']);
  });

  it('blank entries are nothing; every change of state is told', async () => {
    const { q, states } = queue(() => Promise.resolve<Resolution>({ kind: 'failed' }));
    q.push({ text: '   ' });
    expect(states).toEqual([]);
    expect(q.pending()).toBe(false);
    q.push({ text: 'x' });
    await settle(q);
    expect(states.at(-1)).toEqual({ current: null, waiting: [], stop: { text: 'x', why: 'failed' } });
  });
});
