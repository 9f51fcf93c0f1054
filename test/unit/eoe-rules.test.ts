// The Evento de Operaciones Especiales (docs/decisions/0083-evento-de-operaciones-especiales.md): the body's rules one
// by one (shared/operaciones-especiales.ts), the rules that need the store (rules.ts), and the fe-eop-v1 JSON
// (eop-v1.ts), its money exact and its shape MH's schema.
import { describe, expect, it } from 'vitest';
import { buildEopV1, type EoeBuildItem } from '../../main/core/dte/operaciones-especiales/eop-v1';
import { EOE_RULES, judgeEoe, overlaps, within, type EoeContext, type LiveSpan } from '../../main/core/dte/operaciones-especiales/rules';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { StoredStation } from '../../main/core/station/profile';
import { validateBody } from '../../shared/contract';
import { eoeBody, rangeCount, type EoeBody } from '../../shared/operaciones-especiales';
import { dec } from '../../shared/tax';
import { validatorForV2 } from '../support/mh-schemas';

const EARLIER = 'eeeeeeee-0000-4000-8000-000000000001';
const range = (over: Record<string, unknown> = {}) => ({
  type: '02',
  from: 'FS-0001',
  to: 'FS-0100',
  description: 'Ventas al detalle',
  taxed: 100,
  ...over,
});
const single = (over: Record<string, unknown> = {}) => ({
  type: '97',
  number: 'CCI-0007',
  date: '2026-11-03',
  description: 'Consumo interno',
  exempt: 12.5,
  ...over,
});
const parse = (body: Record<string, unknown>) => validateBody(eoeBody, body, 'reject');
const paths = (body: Record<string, unknown>) => {
  const r = parse(body);
  return r.ok ? [] : r.errors.map((e) => `${e.path} ${e.code}`);
};

describe('the body of an EOE, rule by rule', () => {
  it('takes a month of ranges, and a month of single vouchers', () => {
    expect(paths({ period: '2026-11', items: [range(), range({ type: '97', from: 'C-1', to: 'C-9' })] })).toEqual([]);
    expect(paths({ period: '2026-11', items: [single(), single({ number: 'CCI-0008' })] })).toEqual([]);
  });
  it('names the period when it is not yyyy-mm', () => {
    expect(paths({ period: '2026-13', items: [range()] })).toEqual(['period INVALID_FORMAT']);
    expect(paths({ period: '2026-11-01', items: [range()] })).toEqual(['period INVALID_FORMAT']);
  });
  it('takes 500 items and refuses 501, naming items', () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => single({ number: `CCI-${i}` }));
    expect(paths({ period: '2026-11', items: many(500) })).toEqual([]);
    expect(paths({ period: '2026-11', items: many(501) })).toEqual(['items TOO_MANY']);
    expect(paths({ period: '2026-11', items: [] })).toEqual(['items TOO_FEW']);
  });
  it('refuses a kind other than 02 and 97', () => {
    expect(paths({ period: '2026-11', items: [range({ type: '01' })] })).toEqual(['items.0.type INVALID_ENUM']);
  });
  it('reports Facturas Simplificadas only by ranges', () => {
    expect(paths({ period: '2026-11', items: [single({ type: '02' })] })).toEqual(['items.0.type NOT_ALLOWED']);
  });
  it('never mixes ranges and single vouchers in one event', () => {
    expect(paths({ period: '2026-11', items: [single(), range({ type: '97' })] })).toEqual(['items.1 NOT_ALLOWED']);
  });
  it('gives a range no number or date, and both ends', () => {
    expect(paths({ period: '2026-11', items: [range({ number: 'X', date: '2026-11-02' })] })).toEqual([
      'items.0.number NOT_ALLOWED',
      'items.0.date NOT_ALLOWED',
    ]);
    expect(paths({ period: '2026-11', items: [range({ to: null })] })).toEqual(['items.0.to REQUIRED']);
  });
  it('counts a numeric range, refuses one backwards or with another count, and asks the count of a non-numeric one', () => {
    expect(rangeCount('FS-0001', 'FS-0100')).toBe(100);
    expect(paths({ period: '2026-11', items: [range({ from: 'FS-0100', to: 'FS-0001' })] })).toEqual(['items.0.to INVALID_FORMAT']);
    expect(paths({ period: '2026-11', items: [range({ quantity: 99 })] })).toEqual(['items.0.quantity TOTAL_MISMATCH']);
    expect(paths({ period: '2026-11', items: [range({ from: 'A', to: 'B' })] })).toEqual(['items.0.quantity REQUIRED']);
    expect(paths({ period: '2026-11', items: [range({ from: 'A', to: 'B', quantity: 7 })] })).toEqual([]);
  });
  it('gives a single voucher its number, its date inside the period, and quantity 1', () => {
    expect(paths({ period: '2026-11', items: [single({ number: null })] })).toEqual(['items.0.number REQUIRED']);
    expect(paths({ period: '2026-11', items: [single({ date: null })] })).toEqual(['items.0.date REQUIRED']);
    expect(paths({ period: '2026-11', items: [single({ date: '2026-10-31' })] })).toEqual(['items.0.date NOT_ALLOWED']);
    expect(paths({ period: '2026-11', items: [single({ quantity: 2 })] })).toEqual(['items.0.quantity NOT_ALLOWED']);
  });
  it('asks an amount above zero, in cents, never negative', () => {
    expect(paths({ period: '2026-11', items: [single({ exempt: 0 })] })).toEqual(['items.0.taxed REQUIRED']);
    expect(paths({ period: '2026-11', items: [single({ exempt: 1.005 })] })).toEqual(['items.0.exempt TOO_MANY_DECIMALS']);
    expect(paths({ period: '2026-11', items: [single({ taxed: -1 })] })).toEqual(['items.0.taxed NEGATIVE']);
  });
  it('puts annulled documents in an event of their own', () => {
    expect(paths({ period: '2026-11', items: [single({ reportedIn: EARLIER }), single({ number: 'CCI-0008' })] })).toEqual([
      'items.1.reportedIn NOT_ALLOWED',
    ]);
    expect(paths({ period: '2026-11', items: [single({ reportedIn: 'not-a-uuid' })] })).toEqual(['items.0.reportedIn INVALID_FORMAT']);
  });
  it('refuses the same voucher twice in one event', () => {
    expect(paths({ period: '2026-11', items: [single(), single()] })).toEqual(['items.1 DUPLICATE']);
  });
});

const body = (over: Partial<EoeBody> = {}): EoeBody => {
  const r = parse({ period: '2026-11', items: [single()], ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const live = (over: Partial<LiveSpan> = {}): LiveSpan => ({
  eventId: EARLIER,
  eventStatus: 'APPROVED',
  eventPeriod: '2026-11',
  reReport: false,
  type: '97',
  document: 'CCI-0007',
  from: null,
  to: null,
  ...over,
});
const ctx = (over: Partial<EoeContext> = {}): EoeContext => ({
  normative: '2026',
  currentPeriod: '2026-11',
  body: body(),
  live: [],
  ...over,
});
const rule = (id: string) => [EOE_RULES.find((r) => r.id === id)!];
const errorsOf = (id: string, c: EoeContext) => judgeEoe(c, rule(id)).errors.map((e) => `${e.path} ${e.code}`);

describe('the rules that need the station, one by one', () => {
  it('refuses the event under the legacy normative with a 409 in words', () => {
    const v = judgeEoe(ctx({ normative: 'legacy' }));
    expect(v.station).toMatch(/Normativa DTE v2\.0 \(2026\)/);
    expect(judgeEoe(ctx()).station).toBeNull();
  });
  it('refuses a period not begun', () => {
    expect(errorsOf('period-not-future', ctx({ currentPeriod: '2026-10' }))).toEqual(['period NOT_ALLOWED']);
    expect(errorsOf('period-not-future', ctx())).toEqual([]);
  });
  it('reports a voucher once: not again, nor inside a range already reported', () => {
    expect(errorsOf('reported-once', ctx({ live: [live()] }))).toEqual(['items.0 DUPLICATE']);
    expect(errorsOf('reported-once', ctx({ live: [live({ document: null, from: 'CCI-0001', to: 'CCI-0010' })] }))).toEqual([
      'items.0 DUPLICATE',
    ]);
    expect(errorsOf('reported-once', ctx({ live: [live({ document: 'CCI-0008' })] }))).toEqual([]);
    // A re-report event's items do not make the voucher "reported" for this rule.
    expect(errorsOf('reported-once', ctx({ live: [live({ reReport: true })] }))).toEqual([]);
  });
  it('re-reports an annulled voucher only against a sealed EOE that reported it active, in its period', () => {
    const annulled = body({ items: [single({ reportedIn: EARLIER }) as EoeBody['items'][number]] });
    expect(errorsOf('re-report-reference', ctx({ body: annulled, live: [live()] }))).toEqual([]);
    expect(errorsOf('re-report-reference', ctx({ body: annulled, live: [] }))).toEqual(['items.0.reportedIn NOT_ALLOWED']);
    expect(errorsOf('re-report-reference', ctx({ body: annulled, live: [live({ eventStatus: 'PENDING' })] }))).toEqual([
      'items.0.reportedIn NOT_ALLOWED',
    ]);
    expect(errorsOf('re-report-reference', ctx({ body: annulled, live: [live({ document: 'CCI-0099' })] }))).toEqual([
      'items.0.reportedIn NOT_ALLOWED',
    ]);
    expect(errorsOf('re-report-reference', ctx({ body: annulled, live: [live({ eventPeriod: '2026-10' })] }))).toEqual([
      'period NOT_ALLOWED',
    ]);
    // Inside the range the earlier event reported: the voucher was reported active there.
    expect(
      errorsOf('re-report-reference', ctx({ body: annulled, live: [live({ document: null, from: 'CCI-0001', to: 'CCI-0010' })] })),
    ).toEqual([]);
  });
  it('re-reports an annulled voucher once', () => {
    const annulled = body({ items: [single({ reportedIn: EARLIER }) as EoeBody['items'][number]] });
    expect(errorsOf('re-reported-once', ctx({ body: annulled, live: [live(), live({ eventId: 'x', reReport: true })] }))).toEqual([
      'items.0 DUPLICATE',
    ]);
    expect(errorsOf('re-reported-once', ctx({ body: annulled, live: [live()] }))).toEqual([]);
  });
  it('reads overlaps and containment by prefix and number', () => {
    const s = (document: string | null, from: string | null = null, to: string | null = null) => ({ type: '97', document, from, to });
    expect(overlaps(s(null, 'A-010', 'A-020'), s(null, 'A-020', 'A-030'))).toBe(true);
    expect(overlaps(s(null, 'A-010', 'A-020'), s(null, 'B-015', 'B-016'))).toBe(false);
    expect(overlaps(s('X'), { ...s('X'), type: '02' })).toBe(false);
    expect(within(s('A-015'), s(null, 'A-010', 'A-020'))).toBe(true);
    expect(within(s('A-021'), s(null, 'A-010', 'A-020'))).toBe(false);
  });
});

describe('the fe-eop-v1 event', () => {
  const station = { ...DEMO_STATION } as unknown as StoredStation;
  const item = (over: Partial<EoeBuildItem> = {}): EoeBuildItem => ({
    type: '02',
    number: null,
    date: null,
    from: 'FS-0001',
    to: 'FS-0003',
    quantity: 3,
    description: 'Ventas al detalle',
    nonSubject: dec(0),
    exempt: dec(0),
    taxed: dec('10.00'),
    reportedIn: null,
    ...over,
  });
  const build = (items: EoeBuildItem[]) =>
    buildEopV1({
      station,
      ambiente: '00',
      codigoGeneracion: 'DDDDDDDD-0000-4000-8000-000000000017',
      fecEmi: '2026-11-30',
      horEmi: '18:00:00',
      period: '2026-11',
      items,
    });
  const validate = validatorForV2('fe-eop-v1.json');

  it('builds ranges MH’s schema accepts: origin and date null, the unit price the range’s share, IVA on top to the cent', () => {
    const ev = build([item(), item({ from: 'FS-0004', to: 'FS-0004', quantity: 1, taxed: dec('0.05'), exempt: dec('1.10') })]);
    expect(validate(ev), JSON.stringify(validate.errors)).toBe(true);
    expect(ev.identificacion).toMatchObject({ version: 1, tipoEvento: '17', tipoModelo: 1, tipoOperacion: 1, tipoMoneda: 'USD' });
    expect(ev.cuerpoDocumento[0]).toMatchObject({ numDocumento: null, fechaEmision: null, docDel: 'FS-0001', docAl: 'FS-0003' });
    expect(ev.cuerpoDocumento[0]!.precioUni).toBe(3.33333333);
    expect(ev.cuerpoDocumento[0]!.tributos).toEqual(['20']);
    // 10.05 taxed: IVA 1.3065 → 1.31 (half-up at the third decimal, MF2 §XXI).
    expect(ev.resumen).toMatchObject({ totalGravada: 10.05, totalExenta: 1.1, subTotal: 11.15, total: 12.46 });
    expect(ev.resumen.tributos).toEqual([{ codigo: '20', descripcion: 'Impuesto al Valor Agregado 13%', valor: 1.31 }]);
    expect(ev.resumen.totalLetras).toBe('DOCE DÓLARES CON 46/100');
    expect(ev.apendice).toEqual([{ campo: 'periodo', etiqueta: 'Período tributario', valor: '2026-11' }]);
  });

  it('builds single vouchers with quantity 1, their number and date, and no range; no IVA without a taxed sale', () => {
    const ev = build([
      item({ type: '97', number: 'CCI-7', date: '2026-11-03', from: null, to: null, quantity: 1, taxed: dec(0), exempt: dec('4.20') }),
    ]);
    expect(validate(ev), JSON.stringify(validate.errors)).toBe(true);
    expect(ev.cuerpoDocumento[0]).toMatchObject({
      cantidad: 1,
      numDocumento: 'CCI-7',
      fechaEmision: '2026-11-03',
      docDel: null,
      docAl: null,
      tributos: null,
      precioUni: 4.2,
    });
    expect(ev.resumen).toMatchObject({ tributos: null, total: 4.2 });
  });

  it('carries the earlier event’s code on an annulled voucher, and the schema takes it', () => {
    const ev = build([item({ reportedIn: 'EEEEEEEE-0000-4000-8000-000000000001' })]);
    expect(validate(ev), JSON.stringify(validate.errors)).toBe(true);
    expect(ev.cuerpoDocumento[0]!.codigoGeneracionRef).toBe('EEEEEEEE-0000-4000-8000-000000000001');
  });

  it('is refused by the schema when broken (the test can fail): a contingency model', () => {
    const ev = build([item()]);
    expect(validate({ ...ev, identificacion: { ...ev.identificacion, tipoModelo: 2 } })).toBe(false);
  });
});
