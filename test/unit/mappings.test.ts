// The contract → MH code tables must agree with MH's catalogs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ATTACHMENT,
  CASH_PAYMENT,
  DOCTOR_SERVICE,
  ID_TYPE,
  INCOTERM,
  OTHER_PAYMENT,
  PAYMENT_CONDITION,
  PERSON_TYPE,
  RETENTION,
  TRANSPORT,
} from '../../main/core/dte/mh/mappings';

const catalog = (n: string) =>
  new Map(
    (
      JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'shared', 'mh', 'catalogs', 'legacy-2024', `CAT-${n}.json`), 'utf8')) as {
        items: { codigo: string; valores: string }[];
      }
    ).items.map((i) => [
      i.codigo,
      i.valores
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    ]),
  );

describe('mapping tables agree with MH catalogs', () => {
  it('CAT-022 identification types', () => {
    const cat = catalog('022');
    expect(Object.fromEntries(Object.entries(ID_TYPE).map(([k, code]) => [k, cat.get(code)]))).toEqual({
      NIT: 'nit',
      DUI: 'dui',
      PASAPORTE: 'pasaporte',
      CARNET_RESIDENTE: 'carnet de residente',
      OTRO: 'otro',
    });
  });
  it('CAT-031 incoterms, by code and name', () => {
    const cat = catalog('031');
    for (const [key, { code, name }] of Object.entries(INCOTERM)) {
      expect(cat.get(code)).toBe(
        name
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase(),
      );
      expect(name.startsWith(key)).toBe(true);
    }
    expect(Object.keys(INCOTERM)).toHaveLength(cat.size);
  });
  it('CAT-030 transport, CAT-006 retention, CAT-010 medical services, CAT-021 attachments', () => {
    expect(catalog('030').get(String(TRANSPORT.AEREO))).toBe('aereo');
    expect(catalog('030').get(String(TRANSPORT.TERRESTRE_MARITIMO_AEREO))).toBe('multimodal, terrestre-maritimo-aereo');
    expect(Object.values(TRANSPORT).map(String).sort()).toEqual([...catalog('030').keys()].sort());
    expect(Object.values(RETENTION).sort()).toEqual([...catalog('006').keys()].sort());
    expect(catalog('006').get(RETENTION.RETENCION_IVA_1)).toContain('1');
    expect(catalog('010').get(String(DOCTOR_SERVICE.TRATAMIENTO_MEDICO))).toBe('tratamiento medico');
    expect(catalog('010').get(String(DOCTOR_SERVICE.CIRUGIA_ISBM))).toContain('cirugia');
    expect(catalog('021').get(String(ATTACHMENT.TRANSPORTE))).toContain('transporte');
    expect(catalog('021').get(String(ATTACHMENT.DOCTOR))).toContain('medico');
  });
  it('CAT-016 payment condition, CAT-017 payment method, CAT-029 person type', () => {
    expect(catalog('016').get(String(PAYMENT_CONDITION.CREDITO))).toContain('credito');
    expect(catalog('017').get(CASH_PAYMENT)).toBe('billetes y monedas');
    expect(catalog('017').get(OTHER_PAYMENT)).toContain('otros');
    expect(catalog('029').get(String(PERSON_TYPE.JURIDICA))).toContain('juridica');
  });
});
