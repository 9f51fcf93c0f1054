// MH's Normativa v2.0 schemas (../shared/mh/schemas/v2-2026) compile with their patches, judge a hand-made FE v2,
// and the (tipoDte, version) table names a file for every kind of both normatives.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { patchSchema } from '../../main/mh-sim/schema-patches';
import { SCHEMA_TABLE, schemaEntry } from '../../main/mh-sim/schema-table';
import { SCHEMA_DIR, SCHEMA_DIR_V2, schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';

/** The smallest FE v2 a final consumer gets: no receptor, one taxed line of $1.13 (IVA included). */
const minimalFe = () => ({
  identificacion: {
    version: 2,
    ambiente: '00',
    tipoDte: '01',
    numeroControl: 'DTE-01-M001P001-000000000000001',
    codigoGeneracion: '2A4C6E8F-0B1D-4F3A-9C5E-7A9B1C3D5E7F',
    tipoModelo: 1,
    tipoOperacion: 1,
    tipoContingencia: null,
    motivoContin: null,
    fecEmi: '2026-11-22',
    horEmi: '09:30:00',
    tipoMoneda: 'USD',
  },
  documentoRelacionado: null,
  emisor: {
    nit: '06142803901121',
    nrc: '1234567',
    nombre: 'Empresa de Prueba',
    codActividad: '47190',
    descActividad: 'Venta al por menor',
    nombreComercial: null,
    direccion: { departamento: '06', municipio: '23', distrito: '14', complemento: 'Colonia San Benito' },
    telefono: '22223333',
    correo: 'ventas@example.com',
    codEstable: 'M001',
    codPuntoVenta: 'P001',
  },
  receptor: null,
  otrosDocumentos: null,
  ventaTercero: null,
  cuerpoDocumento: [
    {
      numItem: 1,
      tipoItem: 1,
      numeroDocumento: null,
      codigo: null,
      codTributo: null,
      descripcion: 'Café',
      cantidad: 1,
      uniMedida: 59,
      precioUni: 1.13,
      montoDescu: 0,
      ventaNoSuj: 0,
      ventaExenta: 0,
      ventaGravada: 1.13,
      tributos: null,
      psv: 0,
      noGravado: 0,
      ivaItem: 0.13,
    },
  ],
  resumen: {
    totalNoSuj: 0,
    totalExenta: 0,
    totalGravada: 1.13,
    subTotalVentas: 1.13,
    descuNoSuj: 0,
    descuExenta: 0,
    descuGravada: 0,
    porcentajeDescuento: 0,
    totalDescu: 0,
    tributos: null,
    subTotal: 1.13,
    ivaRete: 0,
    montoTotalOperacion: 1.13,
    totalNoGravado: 0,
    totalPagar: 1.13,
    totalLetras: 'UNO 13/100 USD',
    totalIva: 0.13,
    saldoFavor: 0,
    condicionOperacion: 1,
    pagos: [{ codigo: '01', montoPago: 1.13, referencia: null, plazo: null, periodo: null }],
    numPagoElectronico: null,
    observaciones: null,
  },
  apendice: null,
});

describe('MH v2.0 schemas', () => {
  it('every file of the v2.0 folder compiles with its patches', () => {
    const files = readdirSync(SCHEMA_DIR_V2).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const f of files) expect(() => validatorForV2(f), f).not.toThrow();
  });

  it('the table names an existing file for each (tipoDte, version), each version once', () => {
    for (const e of SCHEMA_TABLE) {
      const dir = e.normative === 'legacy' ? SCHEMA_DIR : SCHEMA_DIR_V2;
      expect(readdirSync(dir), `${e.subject} v${e.version}`).toContain(e.file);
    }
    const keys = SCHEMA_TABLE.map((e) => `${e.subject}/${e.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(schemaEntry('01', 2)?.file).toBe('fe-f-v2.json');
    expect(schemaEntry('01', '1')?.file).toBe('fe-fc-v1.json');
    expect(schemaEntry('01', 9)).toBeUndefined();
  });

  it('a minimal FE v2 passes; a broken one fails naming the path', () => {
    const v = validatorForV2('fe-f-v2.json');
    expect(v(minimalFe()), schemaErrors(v)).toBe(true);
    const noDistrict = minimalFe();
    const { distrito: _gone, ...direccion } = noDistrict.emisor.direccion;
    const broken = { ...noDistrict, emisor: { ...noDistrict.emisor, direccion } };
    expect(v(broken)).toBe(false);
    expect(schemaErrors(v)).toContain('/emisor/direccion');
    expect(schemaErrors(v)).toContain('distrito');
    const legacyNumber = minimalFe();
    legacyNumber.identificacion.numeroControl = 'DTE-01-00010001-000000000000001';
    expect(v(legacyNumber)).toBe(false);
    expect(schemaErrors(v)).toContain('/identificacion/numeroControl');
  });

  it('the same FE is not a legacy FC v1 (the version is a const)', () => {
    const v = validatorFor('fe-fc-v1.json');
    expect(v(minimalFe())).toBe(false);
    expect(schemaErrors(v)).toContain('/identificacion/version');
  });

  it('fe-nd-v4: its "" property is read as tributos, in properties and in required', () => {
    const schema = {
      type: 'object',
      properties: { '': { type: ['array', 'null'] }, ivaRete: { type: 'number' } },
      required: ['', 'ivaRete'],
    };
    expect(patchSchema('2026', schema)).toEqual({
      type: 'object',
      properties: { ivaRete: { type: 'number' }, tributos: { type: ['array', 'null'] } },
      required: ['tributos', 'ivaRete'],
    });
    const v = validatorForV2('fe-nd-v4.json');
    v({ resumen: { tributos: [{ codigo: '20', descripcion: 'IVA', valor: 0.13 }] }, cuerpoDocumento: [{ tributos: ['20'] }] });
    const paths = (v.errors ?? []).map((e) => `${e.instancePath} ${JSON.stringify(e.params)}`);
    expect(paths.filter((p) => p.includes('tributos') || p.includes('""'))).toEqual([]);
  });

  it('v2.0 multipleOf is exact on cents, as for the legacy files', () => {
    const v = validatorForV2('fe-f-v2.json');
    const withTotal = (totalPagar: number) => ({ ...minimalFe(), resumen: { ...minimalFe().resumen, totalPagar } });
    v(withTotal(4.18));
    expect((v.errors ?? []).filter((e) => e.instancePath === '/resumen/totalPagar')).toEqual([]);
    v(withTotal(4.181));
    expect((v.errors ?? []).filter((e) => e.instancePath === '/resumen/totalPagar').map((e) => e.keyword)).toEqual(['x-exactMultipleOf']);
  });
});
