// The station form's rules that are not the schema's: what follows what, and what Ajustes sends.
import { describe, expect, it } from 'vitest';
import type { StationInfo } from '../../shared/records';
import { MH_BASE_URLS, stationSetup, stationUpdate } from '../../shared/station';
import { validate } from '../../shared/contract';
import { applyChange, emptyStation, stationBody, stationSteps, stationValue } from '../../renderer/src/station/station-form';

const name = (code: string) => (code === '47610' ? 'Venta al por menor de libros' : undefined);

const info: StationInfo = {
  environment: 'TEST',
  demo: false,
  company: {
    name: 'Librería La Pluma, S.A. de C.V.',
    commercialName: null,
    nit: '06140506901017',
    nrc: '1234567',
    activity: 'Venta al por menor de libros',
    economicActivity: '47610',
    phone: '22223333',
    email: 'ventas@lapluma.example',
    address: { department: '06', municipality: '23', district: null, complement: 'Calle Arce 1010' },
  },
  branch: { mhCode: 'S001', posNumber: 3, establishmentType: '02' },
  responsible: null,
  mh: { baseUrl: 'https://apitest.dtes.mh.gob.sv', user: '06140506901017' },
  certificate: { loaded: true, nit: '06140506901017' },
};

describe('station form', () => {
  it('the description follows the activity; the MH user follows the NIT until typed', () => {
    let v = applyChange(emptyStation(), ['company', 'economicActivity'], '47610', name);
    expect((v.company as Record<string, unknown>).economicActivityDescription).toBe('Venta al por menor de libros');
    v = applyChange(v, ['company', 'nit'], '0614', name);
    v = applyChange(v, ['company', 'nit'], '06140506901017', name);
    expect((v.mh as Record<string, unknown>).user).toBe('06140506901017');
    v = applyChange(v, ['mh', 'user'], 'otro', name);
    v = applyChange(v, ['company', 'nit'], '06140506901018', name);
    expect((v.mh as Record<string, unknown>).user).toBe('otro');
  });

  it("MH's address follows the environment unless it was typed by hand", () => {
    let v = applyChange(emptyStation(), ['environment'], 'LIVE', name);
    expect((v.mh as Record<string, unknown>).baseUrl).toBe(MH_BASE_URLS.LIVE);
    v = applyChange(v, ['mh', 'baseUrl'], 'http://127.0.0.1:8418', name);
    v = applyChange(v, ['environment'], 'TEST', name);
    expect((v.mh as Record<string, unknown>).baseUrl).toBe('http://127.0.0.1:8418');
  });

  it('an empty wizard names the fields, not the groups', () => {
    const r = validate(stationSetup, stationBody('setup', emptyStation(), null));
    const paths = r.ok ? [] : r.errors.map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining(['company.nit', 'company.name', 'branch.mhCode', 'mh.password', 'certificate.xml', 'certificate.password']),
    );
    expect(paths).not.toContain('company');
  });

  it('the wizard sends newPointOfSale only when "never issued" is picked on purpose; Ajustes never sends it', () => {
    expect(stationBody('setup', emptyStation(), null).newPointOfSale).toBe(false);
    expect(stationBody('setup', { ...emptyStation(), newPointOfSale: 'yes' }, null).newPointOfSale).toBe(true);
    expect(stationSteps('setup').flatMap((s) => s.paths)).toContain('newPointOfSale');
    expect(stationSteps('edit').flatMap((s) => s.paths)).not.toContain('newPointOfSale');
  });

  it('Ajustes shows no identity field and sends the identity as it is; the passwords stay out unless typed', () => {
    const fields = JSON.stringify(stationSteps('edit'));
    for (const key of ['nit', 'mhCode', 'posNumber', 'environment']) expect(fields).not.toContain(`"key":"${key}"`);
    const body = stationBody('edit', stationValue(info), info);
    expect(body).toMatchObject({ environment: 'TEST', company: { nit: info.company.nit }, branch: { mhCode: 'S001', posNumber: 3 } });
    expect((body.mh as Record<string, unknown>).password).toBeUndefined();
    expect(body.certificate).toBeUndefined();
    expect(validate(stationUpdate, body).ok).toBe(true);
  });

  it('passwords are sent as typed, spaces included', () => {
    const v = applyChange(stationValue(info), ['mh', 'password'], ' clave con espacios ', name);
    expect((stationBody('edit', v, info).mh as Record<string, unknown>).password).toBe(' clave con espacios ');
  });
});
