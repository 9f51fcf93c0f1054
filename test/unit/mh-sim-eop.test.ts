// How the MH simulator judges an Evento de Operaciones Especiales beyond its schema (main/mh-sim/special-operations.ts),
// rule by rule.
import { describe, expect, it } from 'vitest';
import { eopRefusal, type SealedEop } from '../../main/mh-sim/special-operations';

const NIT = '06142803901121';
const range = (over: Record<string, unknown> = {}) => ({
  tipoDocumento: '02',
  numDocumento: null,
  fechaEmision: null,
  docDel: 'FS-0001',
  docAl: 'FS-0010',
  cantidad: 10,
  codigoGeneracionRef: null,
  ...over,
});
const single = (over: Record<string, unknown> = {}) => ({
  tipoDocumento: '97',
  numDocumento: 'C-1',
  fechaEmision: '2026-11-03',
  docDel: null,
  docAl: null,
  cantidad: 1,
  codigoGeneracionRef: null,
  ...over,
});
const judge = (items: unknown[], sealed: ReadonlyMap<string, SealedEop> = new Map()) =>
  eopRefusal({ emisor: { nit: NIT }, cuerpoDocumento: items }, sealed)?.code ?? null;

describe('the simulator on an EOE', () => {
  it('takes ranges, and single vouchers', () => {
    expect(judge([range(), range({ tipoDocumento: '97' })])).toBeNull();
    expect(judge([single(), single({ numDocumento: 'C-2' })])).toBeNull();
  });
  it('refuses more than 500 items', () => {
    expect(judge(Array.from({ length: 501 }, () => single()))).toBe('020');
  });
  it('refuses ranges and single vouchers together', () => {
    expect(judge([range(), single()])).toBe('021');
  });
  it('refuses a type outside CAT-023', () => {
    expect(judge([single({ tipoDocumento: '01' })])).toBe('022');
  });
  it('refuses a range with an origin document or date, and one half open', () => {
    expect(judge([range({ numDocumento: 'X' })])).toBe('024');
    expect(judge([range({ docAl: null })])).toBe('023');
  });
  it('refuses a simplified invoice one by one, a voucher without number, and a quantity other than 1', () => {
    expect(judge([single({ tipoDocumento: '02' })])).toBe('025');
    expect(judge([single({ numDocumento: null })])).toBe('026');
    expect(judge([single({ cantidad: 2 })])).toBe('027');
  });
  it('takes a re-report only against an EOE it sealed for the issuer that reported the voucher', () => {
    const sealed = new Map<string, SealedEop>([
      ['E1', { nit: NIT, items: [{ tipoDocumento: '97', numDocumento: 'C-1', docDel: null, docAl: null, ref: null }] }],
      ['E2', { nit: '00000000000000', items: [{ tipoDocumento: '97', numDocumento: 'C-1', docDel: null, docAl: null, ref: null }] }],
    ]);
    expect(judge([single({ codigoGeneracionRef: 'E1' })], sealed)).toBeNull();
    expect(judge([single({ codigoGeneracionRef: 'E2' })], sealed)).toBe('028');
    expect(judge([single({ codigoGeneracionRef: 'E9' })], sealed)).toBe('028');
    expect(judge([single({ numDocumento: 'C-5', codigoGeneracionRef: 'E1' })], sealed)).toBe('028');
  });
  it('takes one annulled simplified invoice re-reported as a range of one inside the range that reported it', () => {
    const sealed = new Map<string, SealedEop>([
      ['E1', { nit: NIT, items: [{ tipoDocumento: '02', numDocumento: null, docDel: 'FS-0001', docAl: 'FS-0100', ref: null }] }],
    ]);
    const one = (n: string) => range({ docDel: n, docAl: n, cantidad: 1, codigoGeneracionRef: 'E1' });
    expect(judge([one('FS-0042')], sealed)).toBeNull();
    expect(judge([range({ docDel: 'FS-0090', docAl: 'FS-0100', cantidad: 11, codigoGeneracionRef: 'E1' })], sealed)).toBeNull();
    // Counted by number, not compared as text: FS-101 is past FS-0100 though "FS-0" < "FS-1".
    expect(judge([one('FS-101')], sealed)).toBe('028');
    expect(judge([one('FS-0000')], sealed)).toBe('028');
    expect(judge([one('FX-0042')], sealed)).toBe('028');
  });
});
