// Credit notes never give back more than the CCF sold, per sale type, counting the earlier notes that still
// count (issue 14, item 3): over HTTP a 422 naming `items` and saying how much remains; nothing is stored.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DteDetail } from '../../shared/records';
import { ccfBody, crBody, ncBody } from '../fixtures/bodies';
import { httpStation, type Problem } from '../support/http-station';

const s = httpStation();
const CCF = 'c1000000-0000-4000-8000-000000000001';
const nc = (n: number) => `c1000000-0000-4000-8000-00000000010${n}`;

/** An NC on the CCF: `quantity` resmas at $3.75, of `saleType`. */
const note = (id: string, quantity: number, saleType = 'GRAVADA') => {
  const body = ncBody(id, CCF);
  const [item] = body.items as Record<string, unknown>[];
  return { ...body, items: [{ ...item, quantity, saleType }] };
};

describe('credit notes against a CCF', () => {
  it('give back up to what it sold (gravado $38.70 less its $1.00 discount), then say how much remains', async () => {
    expect((await s.post('/dte/ccf', ccfBody(CCF))).statusCode).toBe(201);
    // 10 × $3.75 = $37.50 of the $37.70: fine.
    expect((await s.post('/dte/nc', note(nc(1), 10))).statusCode).toBe(201);
    // Two more resmas ($7.50) against the $0.20 left: refused, naming what remains.
    const over = await s.post('/dte/nc', note(nc(2), 2));
    expect(over.statusCode).toBe(422);
    const problem = over.json<Problem>();
    expect(problem.errors).toEqual([
      expect.objectContaining({
        path: 'items',
        code: 'NOT_ALLOWED',
        message: expect.stringContaining('se piden $7.50 y quedan $0.20') as string,
      }),
    ]);
    expect(s.core.dtes.list({ type: 'NC' }).items).toHaveLength(1);
    // Exactly what remains is fine ($0.20 = 0.05333… resmas is not a quantity: a $0.20 line).
    const rest = { ...note(nc(3), 1), items: [{ ...note(nc(3), 1).items[0], unitPrice: 0.2 }] };
    expect((await s.post('/dte/nc', rest)).statusCode).toBe(201);
  });

  it('a sale type the CCF did not sell has nothing to give back', async () => {
    expect((await s.post('/dte/ccf', ccfBody(CCF))).statusCode).toBe(201);
    const res = await s.post('/dte/nc', note(nc(4), 1, 'EXENTA'));
    expect(res.statusCode).toBe(422);
    expect(res.json<Problem>().errors[0]?.message).toContain('exento: se piden $3.75 y quedan $0.00');
  });

  it('a rejected or invalidated note gives its amount back', async () => {
    expect((await s.post('/dte/ccf', ccfBody(CCF))).statusCode).toBe(201);
    expect((await s.post('/dte/nc', note(nc(5), 10))).statusCode).toBe(201);
    expect((await s.post('/dte/nc', note(nc(6), 10))).statusCode).toBe(422);
    // MH rejected the first (set here as the sync engine would).
    const db = new BetterSqlite3(join(s.core.dataDir, 'sello.db'));
    try {
      db.prepare("UPDATE documents SET status = 'REJECTED' WHERE id = ?").run(nc(5));
    } finally {
      db.close();
    }
    expect((await s.post('/dte/nc', note(nc(6), 10))).statusCode).toBe(201);
  });

  it('the detail carries the body it was issued from and what notes may still give back', async () => {
    expect((await s.post('/dte/ccf', ccfBody(CCF))).statusCode).toBe(201);
    const before = (await s.get(`/dte/${CCF}/detail`)).json<DteDetail>();
    expect(before.body).toMatchObject({ id: CCF, recipient: { nrc: '1234567' } });
    // As parsed: the contract's defaults (a unit of OTRA) filled in.
    expect(before.body?.items).toMatchObject(ccfBody(CCF).items as object[]);
    expect(before.creditLeft).toEqual({ GRAVADA: '37.70', EXENTA: '0.00', NO_SUJETA: '0.00' });
    expect((await s.post('/dte/nc', note(nc(7), 4))).statusCode).toBe(201);
    // 4 × $3.75 = $15.00 given back; the note itself carries no credit of its own.
    const after = (await s.get(`/dte/${CCF}/detail`)).json<DteDetail>();
    expect(after.creditLeft).toEqual({ GRAVADA: '22.70', EXENTA: '0.00', NO_SUJETA: '0.00' });
    expect((await s.get(`/dte/${nc(7)}/detail`)).json<DteDetail>().creditLeft).toBeNull();
    // Notes on a CR are not limited: nothing to say.
    const CR = 'c1000000-0000-4000-8000-000000000201';
    expect((await s.post('/dte/cr', crBody(CR))).statusCode).toBe(201);
    expect((await s.get(`/dte/${CR}/detail`)).json<DteDetail>().creditLeft).toBeNull();
  });
});
