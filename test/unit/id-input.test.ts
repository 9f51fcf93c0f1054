// Ids and phones typed as printed on cards and invoices reach the core as the digits the contract wants.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate } from '../../shared/contract';
import { idSearch, normaliseId } from '../../renderer/src/forms/id-input';
import { FORM_SPECS } from '../../renderer/src/forms/spec';
import { toBody } from '../../renderer/src/forms/values';
import { emptyStation, stationBody } from '../../renderer/src/station/station-form';
import { stationSetup } from '../../shared/station';

describe('normaliseId', () => {
  it('a NIT, an NRC: hyphens and spaces go', () => {
    expect(normaliseId('nit', '0614-010190-101-3')).toBe('06140101901013');
    expect(normaliseId('nit', ' 0614 010190 101 3 ')).toBe('06140101901013');
    expect(normaliseId('nit', '06140101901013')).toBe('06140101901013');
    expect(normaliseId('nrc', '123456-7')).toBe('1234567');
    // Dashes a PDF or a phone pastes instead of the hyphen, and a non-breaking space.
    expect(normaliseId('nit', '0614–010190‑101−3')).toBe('06140101901013');
    expect(normaliseId('nrc', '123456\u00a07')).toBe('1234567');
  });

  it('a document: NIT and DUI are digits (the contract wants the DUI without its hyphen), others as typed', () => {
    expect(normaliseId('document', '01234567-8', 'DUI')).toBe('012345678');
    expect(normaliseId('document', '012345678', 'DUI')).toBe('012345678');
    expect(normaliseId('document', '0614-010190-101-3', 'NIT')).toBe('06140101901013');
    expect(normaliseId('document', 'EIN-45-1234567', 'OTRO')).toBe('EIN-45-1234567');
    expect(normaliseId('document', ' A-123 456 ', 'PASAPORTE')).toBe('A-123 456');
    expect(normaliseId('document', '01234567-8', undefined)).toBe('01234567-8');
  });

  it('what is not a number with separators is left as typed, for the schema to name', () => {
    expect(normaliseId('nit', '0614-01O190-101-3')).toBe('0614-01O190-101-3');
    expect(normaliseId('document', 'AB-12', 'DUI')).toBe('AB-12');
    expect(normaliseId('phone', 'ext. 12')).toBe('ext. 12');
    expect(normaliseId('nit', '  ')).toBe('');
  });

  it('a phone: 8 digits, with or without El Salvador’s code', () => {
    expect(normaliseId('phone', '2222-3333')).toBe('22223333');
    expect(normaliseId('phone', '2222 3333')).toBe('22223333');
    expect(normaliseId('phone', '+503 2222-3333')).toBe('22223333');
    expect(normaliseId('phone', '(503) 7777-8888')).toBe('77778888');
    expect(normaliseId('phone', '00503 2222 3333')).toBe('22223333');
    // Another country's number stays as typed in an 8-digit field: the schema says what is wrong.
    expect(normaliseId('phone', '+1 713 555 0100')).toBe('+1 713 555 0100');
  });

  it('an international phone: digits, the + dropped', () => {
    expect(normaliseId('phone-intl', '+1 (713) 555-0100')).toBe('17135550100');
    expect(normaliseId('phone-intl', '2222-3333')).toBe('22223333');
    expect(normaliseId('phone-intl', '+503 2222.3333')).toBe('50322223333');
  });
});

describe('idSearch', () => {
  it('a number typed as printed is searched as digits; a name as typed', () => {
    expect(idSearch('0614-0101')).toBe('06140101');
    expect(idSearch('01234567-8')).toBe('012345678');
    expect(idSearch('La Ceiba')).toBe('La Ceiba');
    expect(idSearch('Hernández-López')).toBe('Hernández-López');
  });
});

describe('the forms send MH’s digits', () => {
  it('a CCF typed as printed validates and carries digits', () => {
    const value = {
      id: '7d6b0c2e-6a53-4a8e-9a35-1c2b3d4e5f60',
      paymentType: 'CONTADO',
      recipient: {
        name: 'Distribuidora La Ceiba, S.A. de C.V.',
        identificationDocument: { type: 'NIT', number: '0614-010190-101-3' },
        nrc: '123456-7',
        economicActivity: '46900',
        phone: '2222-3333',
        email: 'compras@laceiba.example.com',
        address: { department: '06', municipality: '23', complement: 'Calle Arce 1010' },
      },
      items: [{ type: 'BIENES', saleType: 'GRAVADA', description: 'Resma', quantity: '2', unitPrice: '10.50' }],
    };
    const body = toBody(FORM_SPECS.CCF, value) as { recipient: Record<string, unknown> };
    expect(body.recipient).toMatchObject({
      identificationDocument: { type: 'NIT', number: '06140101901013' },
      nrc: '1234567',
      phone: '22223333',
    });
    expect(validate(CREATE_SCHEMAS.CCF, body).ok).toBe(true);
  });

  it('a DUI in an FSE goes as 9 digits; a passport in a FEX as typed', () => {
    const fse = toBody(FORM_SPECS.FSE, {
      id: 'x',
      recipient: { identificationDocument: { type: 'DUI', number: '01234567-8' }, phone: '+503 7777-8888' },
    }) as { recipient: Record<string, unknown> };
    expect(fse.recipient).toMatchObject({ identificationDocument: { number: '012345678' }, phone: '77778888' });
    const fex = toBody(FORM_SPECS.FEX, {
      id: 'x',
      recipient: { identificationDocument: { type: 'PASAPORTE', number: 'G-1234567' }, phone: '+1 (713) 555-0100' },
    }) as { recipient: Record<string, unknown> };
    expect(fex.recipient).toMatchObject({ identificationDocument: { number: 'G-1234567' }, phone: '17135550100' });
  });

  it('the station form: NIT, NRC, phone, the MH user and the responsible’s DUI', () => {
    const v = {
      ...emptyStation(),
      company: { nit: '0614-050690-101-7', nrc: '123456-7', phone: '2222-3333' },
      mh: { baseUrl: 'https://apitest.dtes.mh.gob.sv', user: '0614-050690-101-7' },
      responsible: { name: 'Ana María Pérez', identificationDocument: { type: 'DUI', number: '01234567-8' } },
    };
    const body = stationBody('setup', v, null) as {
      company: Record<string, unknown>;
      mh: Record<string, unknown>;
      responsible: { identificationDocument: Record<string, unknown> };
    };
    expect(body.company).toMatchObject({ nit: '06140506901017', nrc: '1234567', phone: '22223333' });
    expect(body.mh.user).toBe('06140506901017');
    expect(body.responsible.identificationDocument.number).toBe('012345678');
    const r = validate(stationSetup, body);
    const paths = r.ok ? [] : r.errors.map((e) => e.path);
    for (const p of ['company.nit', 'company.nrc', 'company.phone', 'mh.user', 'responsible.identificationDocument.number'])
      expect(paths).not.toContain(p);
  });
});
