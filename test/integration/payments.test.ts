// How the customer paid (docs/decisions/0009-payments.md): `payments` becomes MH's `pagos` by CAT-017 method,
// adds up exactly to the amount to pay, and a refused body spends no control number.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { netFromShelf } from '../../shared/tax/shelf-price';
import { ccfBody } from '../fixtures/bodies';
import type { DteRecord } from '../../shared/records';
import type { Problem } from '../support/http-station';
import { httpStation } from '../support/http-station';
import { unpackDocument } from '../../main/core/dte/packing/packed-document';

const station = httpStation();
const { post } = station;
let n = 0;
const uuid = () => `5a1e0000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

/** Two screws at $0.25 and a hammer at $8.50 on the shelf: the cashier's $9.00 sale, as the quick sale sends it. */
function shelfSale(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const line = (description: string, quantity: number, shelf: string) => ({
    type: 'BIENES',
    description,
    quantity,
    unitMeasure: 'UNIDAD',
    unitPrice: Number(netFromShelf(shelf).toFixed(8)),
    saleType: 'GRAVADA',
  });
  return { id, items: [line('Tornillo 1/4', 2, '0.25'), line('Martillo', 1, '8.50')], ...extra };
}

interface Resumen {
  readonly totalPagar: number;
  readonly condicionOperacion: number;
  readonly pagos: { codigo: string; montoPago: number; referencia: string | null }[] | null;
}
/** The MH document as stored and signed (the test station sends nothing to MH by itself). */
function resumen(id: string): Resumen {
  const db = new BetterSqlite3(join(station.core.dataDir, 'sello.db'), { readonly: true });
  try {
    const row = db.prepare('SELECT packed FROM documents WHERE id = ?').get(id) as { packed: Buffer } | undefined;
    if (!row) throw new Error(`no document ${id}`);
    return (JSON.parse(unpackDocument(row.packed).mhJson ?? '{}') as { resumen: Resumen }).resumen;
  } finally {
    db.close();
  }
}

/** The running number at the end of a control number (DTE-01-M001P001-000000000000042 → 42). */
const sequence = (controlNumber: string) => Number(controlNumber.slice(-15));
const controlNumbers = () => station.core.dtes.list({ limit: 200 }).items.length;

describe('payments', () => {
  it('the shelf-price sale totals $9.00 and, without payments, is all cash (01)', async () => {
    const id = uuid();
    const res = await post('/dte/fc', shelfSale(id));
    expect(res.statusCode, res.body).toBe(201);
    const r = resumen(id);
    expect(r.totalPagar).toBe(9);
    expect(r.pagos).toEqual([{ codigo: '01', montoPago: 9, referencia: null, plazo: null, periodo: null }]);
  });

  it('a mixed payment becomes one pago per method, with its reference', async () => {
    const id = uuid();
    const payments = [
      { method: '01', amount: 5 },
      { method: '03', amount: 4, reference: 'VISA 4242' },
    ];
    const res = await post('/dte/fc', shelfSale(id, { payments }));
    expect(res.statusCode, res.body).toBe(201);
    const r = resumen(id);
    expect(r.condicionOperacion).toBe(1);
    expect(r.pagos).toEqual([
      { codigo: '01', montoPago: 5, referencia: null, plazo: null, periodo: null },
      { codigo: '03', montoPago: 4, referencia: 'VISA 4242', plazo: null, periodo: null },
    ]);
  });

  it('payments that do not add up to the total are a 422 naming payments and the total; no number is spent', async () => {
    expect((await post('/dte/fc', shelfSale(uuid()))).statusCode).toBe(201);
    const before = controlNumbers();
    const res = await post('/dte/fc', shelfSale(uuid(), { payments: [{ method: '01', amount: 10 }] }));
    expect(res.statusCode).toBe(422);
    const problem = res.json<Problem>();
    expect(problem.errors).toEqual([expect.objectContaining({ path: 'payments', code: 'TOTAL_MISMATCH' })]);
    expect(problem.errors[0]!.message).toContain('$10.00');
    expect(problem.errors[0]!.message).toContain('$9.00');
    expect(controlNumbers()).toBe(before);
    // The next document takes the number after the last one stored: nothing was spent on the refused one.
    const last = Math.max(...station.core.dtes.list({ type: 'FC', limit: 200 }).items.map((d) => sequence(d.controlNumber)));
    const next = await post('/dte/fc', shelfSale(uuid(), { payments: [{ method: '02', amount: 9 }] }));
    expect(next.statusCode, next.body).toBe(201);
    expect(sequence(next.json<DteRecord>().controlNumber)).toBe(last + 1);
  });

  it('a sale on credit takes no payments; an unknown method or a bad amount names its field', async () => {
    const credit = await post('/dte/fc', shelfSale(uuid(), { paymentType: 'CREDITO', payments: [{ method: '01', amount: 9 }] }));
    expect(credit.statusCode).toBe(422);
    expect(credit.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'payments', code: 'NOT_ALLOWED' })]);

    const bad = await post(
      '/dte/fc',
      shelfSale(uuid(), {
        payments: [
          { method: '07', amount: 9 },
          { method: '01', amount: 0.001 },
        ],
      }),
    );
    expect(bad.statusCode).toBe(422);
    const paths = bad.json<Problem>().errors.map((e) => `${e.path}:${e.code}`);
    expect(paths).toEqual(expect.arrayContaining(['payments.0.method:UNKNOWN_CODE', 'payments.1.amount:TOO_MANY_DECIMALS']));

    const empty = await post('/dte/fc', shelfSale(uuid(), { payments: [] }));
    expect(empty.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'payments', code: 'TOO_FEW' })]);
  });

  it('a CCF paid by transfer carries 05 in MH’s pagos', async () => {
    const id = uuid();
    const probe = await post('/dte/ccf', { ...ccfBody(id), paymentType: 'CONTADO', payments: [{ method: '05', amount: 0.01 }] });
    // The fixture's total is whatever it is: the refusal names it, and the same body with that total goes through.
    expect(probe.statusCode).toBe(422);
    expect(probe.json<Problem>().errors).toEqual([expect.objectContaining({ path: 'payments' })]);
    const total = /total a pagar es \$([\d.]+)/.exec(probe.json<Problem>().errors[0]!.message)?.[1];
    expect(total, probe.body).toBeDefined();
    const res = await post('/dte/ccf', {
      ...ccfBody(id),
      paymentType: 'CONTADO',
      payments: [{ method: '05', amount: Number(total), reference: 'TRF-991' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(resumen(id).pagos).toEqual([{ codigo: '05', montoPago: Number(total), referencia: 'TRF-991', plazo: null, periodo: null }]);
  });
});
