// The Evento de Retorno's rules one by one (main/core/dte/retorno/rules.ts), and its amounts (eret-v1.ts).
import { describe, expect, it } from 'vitest';
import { buildEretV1, returnedAmounts, storedLines, type StoredLine } from '../../main/core/dte/retorno/eret-v1';
import { judgeReturn, RETURN_RULES, returnDeadline, type ReturnContext, type ReturnTarget } from '../../main/core/dte/retorno/rules';
import { DEMO_STATION } from '../../main/core/station/demo';
import type { StoredStation } from '../../main/core/station/profile';
import { dec, sum, ZERO } from '../../shared/tax';
import { validatorForV2 } from '../support/mh-schemas';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const sealed = new Date('2026-11-20T16:00:00Z');

const target = (id: string, over: Partial<ReturnTarget> = {}): ReturnTarget => ({
  id,
  controlNumber: `DTE-01-M001P001-00000000000000${id[0] === 'a' ? 1 : 2}`,
  kind: 'FC',
  status: 'APPROVED',
  sealedAt: sealed,
  generatedOn: '2026-11-20',
  issuer: '06142803901121',
  receptor: '13:012345678',
  thirdParty: '',
  issuerActivity: '10005',
  lines: [{ item: 1, description: 'Café molido 1 lb', quantity: dec(2), returnedQuantity: ZERO }],
  value: dec(10),
  returnedValue: ZERO,
  ...over,
});

const context = (over: Partial<ReturnContext> = {}, targets: ReturnTarget[] = [target(A)]): ReturnContext => ({
  now: new Date('2026-11-22T15:30:00Z'),
  normative: '2026',
  eventDate: '2026-11-22',
  body: { lines: [{ dteId: A, item: 1, quantity: 1 }], reason: 'Devolución' },
  documents: new Map(targets.map((t) => [t.id, t])),
  askedValue: new Map([[A, dec(5)]]),
  ...over,
});

const rule = (id: string) => {
  const r = RETURN_RULES.find((x) => x.id === id);
  if (!r) throw new Error(`no rule ${id}`);
  return r;
};
const paths = (id: string, c: ReturnContext) => {
  const out = rule(id).check(c);
  return 'station' in out ? ['(station)'] : out.map((e) => e.path);
};

describe('Evento de Retorno rules', () => {
  it('a good ER on a sealed FE passes every rule', () => {
    expect(judgeReturn(context())).toEqual({ station: null, errors: [] });
  });

  it('normative-2026: refused, as a station matter, while the legacy normative is in force', () => {
    expect(paths('normative-2026', context({ normative: 'legacy' }))).toEqual(['(station)']);
    const verdict = judgeReturn(context({ normative: 'legacy' }));
    expect(verdict.station).toContain('Normativa DTE v2.0 (2026)');
    expect(paths('normative-2026', context())).toEqual([]);
  });

  it('document-exists: a document the station does not hold', () => {
    expect(paths('document-exists', context({ body: { lines: [{ dteId: B, item: 1, quantity: 1 }], reason: 'x' } }))).toEqual([
      'lines.0.dteId',
    ]);
  });

  it('returnable-kind: only FE (FC), FEX and FSE', () => {
    for (const kind of ['FC', 'FEX', 'FSE']) expect(paths('returnable-kind', context({}, [target(A, { kind })]))).toEqual([]);
    for (const kind of ['CCF', 'NC', 'ND', 'CR'])
      expect(paths('returnable-kind', context({}, [target(A, { kind })]))).toEqual(['lines.0.dteId']);
  });

  it('sealed: only an APPROVED document with a seal', () => {
    for (const status of ['CREATED', 'PROCESSING', 'REJECTED', 'INVALIDATED'])
      expect(paths('sealed', context({}, [target(A, { status })]))).toEqual(['lines.0.dteId']);
    expect(paths('sealed', context({}, [target(A, { sealedAt: null })]))).toEqual(['lines.0.dteId']);
  });

  it('up-to-50-documents: 50 pass, 51 do not', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `cccccccc-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const many = (n: number) =>
      context(
        { body: { lines: ids(n).map((dteId) => ({ dteId, item: 1, quantity: 1 })), reason: 'x' } },
        ids(n).map((id) => target(id)),
      );
    expect(paths('up-to-50-documents', many(50))).toEqual([]);
    expect(paths('up-to-50-documents', many(51))).toEqual(['lines']);
  });

  it('same-kind-issuer-receptor: a second document of another kind, issuer, customer or third party', () => {
    const two = (over: Partial<ReturnTarget>) =>
      context(
        {
          body: {
            lines: [
              { dteId: A, item: 1, quantity: 1 },
              { dteId: B, item: 1, quantity: 1 },
            ],
            reason: 'x',
          },
        },
        [target(A), target(B, over)],
      );
    expect(paths('same-kind-issuer-receptor', two({}))).toEqual([]);
    for (const over of [{ kind: 'FEX' }, { issuer: '06140101001010' }, { receptor: '13:987654321' }, { thirdParty: '06140101001010' }])
      expect(paths('same-kind-issuer-receptor', two(over))).toEqual(['lines.1.dteId']);
  });

  it('within-3-months-of-seal: until 23:59:59 El Salvador of the same day 3 months after the seal', () => {
    expect(returnDeadline(sealed).toISOString()).toBe('2027-02-21T05:59:59.000Z');
    // A day the third month lacks: its last day.
    expect(returnDeadline(new Date('2026-11-30T18:00:00Z')).toISOString()).toBe('2027-03-01T05:59:59.000Z');
    expect(paths('within-3-months-of-seal', context({ now: new Date('2027-02-21T05:59:59Z') }))).toEqual([]);
    expect(paths('within-3-months-of-seal', context({ now: new Date('2027-02-21T06:00:00Z') }))).toEqual(['lines.0.dteId']);
  });

  it('within-3-months-of-seal: 2 years for an FE or FEXE whose issuer has activity 01282, 21001, 46484 or 47721', () => {
    const late = context({ now: new Date('2028-11-21T05:59:59Z') });
    const tooLate = context({ now: new Date('2028-11-21T06:00:00Z') });
    for (const issuerActivity of ['01282', '21001', '46484', '47721'])
      for (const kind of ['FC', 'FEX']) {
        const t = [target(A, { kind, issuerActivity })];
        expect(
          paths('within-3-months-of-seal', { ...late, documents: new Map(t.map((x) => [x.id, x])) }),
          `${kind} ${issuerActivity}`,
        ).toEqual([]);
        const refused = judgeReturn({ ...tooLate, documents: new Map(t.map((x) => [x.id, x])) }, [rule('within-3-months-of-seal')]);
        expect(refused.errors[0]?.message).toContain('(2 años desde el sello)');
      }
    // Not an FSE, and not another activity: 3 months.
    for (const over of [{ kind: 'FSE', issuerActivity: '01282' }, { issuerActivity: '10005' }]) {
      const t = [target(A, over)];
      expect(paths('within-3-months-of-seal', { ...late, documents: new Map(t.map((x) => [x.id, x])) })).toEqual(['lines.0.dteId']);
    }
    expect(returnDeadline(sealed, 24).toISOString()).toBe('2028-11-21T05:59:59.000Z');
  });

  it('event-date-not-before-generation: never before the document was generated', () => {
    expect(paths('event-date-not-before-generation', context({ eventDate: '2026-11-20' }))).toEqual([]);
    expect(paths('event-date-not-before-generation', context({ eventDate: '2026-11-19' }))).toEqual(['lines.0.dteId']);
  });

  it('line-quantity-limit: what was sold less what live returns took; an unknown line', () => {
    const returned = target(A, { lines: [{ item: 1, description: 'Café', quantity: dec(2), returnedQuantity: dec('1.5') }] });
    expect(
      paths('line-quantity-limit', context({ body: { lines: [{ dteId: A, item: 1, quantity: 0.5 }], reason: 'x' } }, [returned])),
    ).toEqual([]);
    const over = context({ body: { lines: [{ dteId: A, item: 1, quantity: 0.50000001 }], reason: 'x' } }, [returned]);
    expect(paths('line-quantity-limit', over)).toEqual(['lines.0.quantity']);
    const out = rule('line-quantity-limit').check(over);
    expect('station' in out ? '' : out[0]!.message).toContain('quedan 0.5');
    expect(paths('line-quantity-limit', context({ body: { lines: [{ dteId: A, item: 7, quantity: 1 }], reason: 'x' } }))).toEqual([
      'lines.0.item',
    ]);
  });

  it('value-limit: the returns of a document never pass its value', () => {
    expect(paths('value-limit', context({ askedValue: new Map([[A, dec(10)]]) }))).toEqual([]);
    expect(paths('value-limit', context({ askedValue: new Map([[A, dec('10.01')]]) }))).toEqual(['lines.0.quantity']);
    expect(paths('value-limit', context({ askedValue: new Map([[A, dec(4)]]) }, [target(A, { returnedValue: dec('6.01') })]))).toEqual([
      'lines.0.quantity',
    ]);
  });
});

describe('Evento de Retorno amounts', () => {
  const line: StoredLine = storedLines({
    cuerpoDocumento: [
      {
        numItem: 1,
        tipoItem: 1,
        cantidad: 3,
        precioUni: 3.33333333,
        descripcion: 'Jabón',
        codigo: 'J-1',
        uniMedida: 59,
        montoDescu: 0,
        ventaNoSuj: 0,
        ventaExenta: 0,
        ventaGravada: 9.99999999,
        psv: 0,
        noGravado: 0,
        ivaItem: 1.15044248,
      },
    ],
  })[0]!;

  it('partial returns take their share to the cent; the last takes the rest, so they add up to the line', () => {
    const first = returnedAmounts('FC', line, dec(1), []);
    const second = returnedAmounts('FC', line, dec(1), [dec(1)]);
    const last = returnedAmounts('FC', line, dec(1), [dec(1), dec(1)]);
    expect([first.ventaGravada, second.ventaGravada, last.ventaGravada].map((d) => d.toFixed(2))).toEqual(['3.33', '3.33', '3.34']);
    expect(sum([first, second, last].map((a) => a.ventaGravada)).toFixed(2)).toBe('10.00');
    // The IVA an FE's price holds, per line, to the cent.
    expect(first.ivaItem.toFixed(2)).toBe('0.38');
  });

  it('builds an fe-eret-v1 event the schema accepts, its IVA the exact sum of its lines', () => {
    const station = { ...DEMO_STATION, branch: { ...DEMO_STATION.branch } } as unknown as StoredStation;
    const doc = {
      identificacion: { codigoGeneracion: A.toUpperCase(), fecEmi: '2026-11-20' },
      emisor: { nit: '06142803901121' },
      receptor: {
        tipoDocumento: '13',
        numDocumento: '012345678',
        nombre: 'María Elena Hernández',
        telefono: '22223333',
        correo: 'maria@example.com',
      },
      cuerpoDocumento: [
        {
          numItem: 1,
          tipoItem: 1,
          cantidad: 3,
          precioUni: 3.33333333,
          descripcion: 'Jabón',
          codigo: 'J-1',
          uniMedida: 59,
          montoDescu: 0,
          ventaNoSuj: 0,
          ventaExenta: 0,
          ventaGravada: 9.99999999,
          psv: 0,
          noGravado: 0,
          ivaItem: 1.15,
        },
        {
          numItem: 2,
          tipoItem: 1,
          cantidad: 1,
          precioUni: 5.65,
          descripcion: 'Cepillo',
          codigo: null,
          uniMedida: 59,
          montoDescu: 0,
          ventaNoSuj: 0,
          ventaExenta: 0,
          ventaGravada: 5.65,
          psv: 0,
          noGravado: 0,
          ivaItem: 0.65,
        },
      ],
      resumen: {},
    };
    const [l1, l2] = storedLines(doc);
    const ev = buildEretV1({
      station,
      ambiente: '00',
      codigoGeneracion: 'DDDDDDDD-0000-4000-8000-000000000001',
      fecEmi: '2026-11-22',
      horEmi: '09:30:00',
      reason: 'El cliente devolvió mercadería',
      targets: [
        {
          kind: 'FC',
          doc,
          lines: [
            { line: l1!, quantity: dec(2), amounts: returnedAmounts('FC', l1!, dec(2), []) },
            { line: l2!, quantity: dec(1), amounts: returnedAmounts('FC', l2!, dec(1), []) },
          ],
        },
      ],
    });
    const validate = validatorForV2('fe-eret-v1.json');
    expect(validate(ev), JSON.stringify(validate.errors)).toBe(true);
    expect(ev.identificacion).toMatchObject({ tipoEvento: '18', fusion: null, version: 1 });
    expect(ev.documentoRelacionado).toEqual([{ tipoDocumento: '01', codigoGeneracion: A.toUpperCase(), fechaEmision: '2026-11-20' }]);
    const ivas = ev.cuerpoDocumento.map((i) => dec(i.ivaItem));
    expect(dec(ev.resumen.totalIva).equals(sum(ivas))).toBe(true);
    expect(ev.resumen.totalGravada).toBe(12.32);
    expect(ev.documento).toMatchObject({ numDocumento: '012345678', codPais: null });
  });
});
