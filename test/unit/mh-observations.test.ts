// MH's observations on a rejected document, placed beside the form fields they name (issue 14, item 5).
import { describe, expect, it } from 'vitest';
import { mhSaid, placeObservations, splitObservation } from '../../renderer/src/documents/mh-observations';
import { FORM_SPECS } from '../../renderer/src/forms/spec';

describe("MH's place in an observation", () => {
  it.each([
    ['[receptor.nrc] NRC NO REGISTRADO', ['receptor', 'nrc'], 'NRC NO REGISTRADO'],
    ['[cuerpoDocumento[1].precioUni] VALOR NO VALIDO', ['cuerpoDocumento', '1', 'precioUni'], 'VALOR NO VALIDO'],
    ['/receptor/correo must match format "email" {}', ['receptor', 'correo'], 'must match format "email" {}'],
    [
      'receptor.direccion.municipio: NO CORRESPONDE AL DEPARTAMENTO',
      ['receptor', 'direccion', 'municipio'],
      'NO CORRESPONDE AL DEPARTAMENTO',
    ],
  ])('%s', (observation, place, message) => {
    expect(splitObservation(observation)).toEqual({ place, message });
  });

  it('a sentence names no place', () => {
    expect(splitObservation('DOCUMENTO RECHAZADO POR EL SIMULADOR')).toBeNull();
    expect(splitObservation('e.g. algo: texto')).toBeNull();
    expect(splitObservation('/ruta/ajena texto')).toBeNull();
  });

  it("MH's answer read as stored, whatever it holds", () => {
    expect(mhSaid({ descripcionMsg: 'RECHAZADO', observaciones: ['[a.b] X', '', 3] })).toEqual({
      summary: 'RECHAZADO',
      observations: ['[a.b] X', '3'],
    });
    expect(mhSaid(null)).toEqual({ summary: '', observations: [] });
    expect(mhSaid({ observaciones: 'no es una lista' }).observations).toEqual([]);
  });
});

describe("observations on the contract's fields", () => {
  const place = (kind: keyof typeof FORM_SPECS, observations: string[], items = 2) =>
    placeObservations(FORM_SPECS[kind], observations, items);

  it("a CCF's customer, lines, dates and summary", () => {
    expect(
      place('CCF', [
        '[receptor.nrc] NRC NO REGISTRADO',
        '[receptor.nit] NIT NO VALIDO',
        '[receptor.direccion.municipio] MUNICIPIO NO VALIDO',
        '/receptor/correo must match format "email"',
        '[cuerpoDocumento[1].precioUni] PRECIO NO VALIDO',
        '[cuerpoDocumento.0.cantidad] CANTIDAD NO VALIDA',
        '[identificacion.fecEmi] FECHA FUERA DEL RANGO PERMITIDO',
        '[resumen.descuGravada] DESCUENTO MAYOR AL PERMITIDO',
      ]),
    ).toEqual({
      fields: [
        { path: 'recipient.nrc', message: 'NRC NO REGISTRADO' },
        { path: 'recipient.identificationDocument.number', message: 'NIT NO VALIDO' },
        { path: 'recipient.address.municipality', message: 'MUNICIPIO NO VALIDO' },
        { path: 'recipient.email', message: 'must match format "email"' },
        { path: 'items.1.unitPrice', message: 'PRECIO NO VALIDO' },
        { path: 'items.0.quantity', message: 'CANTIDAD NO VALIDA' },
        { path: 'generatedAt', message: 'FECHA FUERA DEL RANGO PERMITIDO' },
        { path: 'discountGrav', message: 'DESCUENTO MAYOR AL PERMITIDO' },
      ],
      general: [],
    });
  });

  it('computed totals, the station and the unknown go above the form', () => {
    const observations = [
      '[resumen.totalLetras] VALOR OBSERVADO',
      '[emisor.nit] NO COINCIDE',
      '[identificacion.codigoGeneracion] YA EXISTE',
      'DOCUMENTO NO CUMPLE EL ESQUEMA',
    ];
    expect(place('CCF', observations)).toEqual({ fields: [], general: observations });
  });

  it('a field the form lacks is shown beside the nearest part that shows one, saying which line', () => {
    expect(
      place('CCF', ['[cuerpoDocumento[1].ventaGravada] CALCULO INCORRECTO', '[receptor.direccion] REQUERIDO', '[receptor.foo] X']),
    ).toEqual({
      fields: [
        { path: 'items', message: 'Línea 2: CALCULO INCORRECTO' },
        { path: 'recipient.address.complement', message: 'REQUERIDO' },
        { path: 'recipient', message: 'X' },
      ],
      general: [],
    });
  });

  it('lines past the items are the non-taxed amounts (FC, CCF); a kind without them says so above', () => {
    expect(place('CCF', ['[cuerpoDocumento[2].noGravado] MONTO NO VALIDO'])).toEqual({
      fields: [{ path: 'itemsNoGrav.0.amount', message: 'MONTO NO VALIDO' }],
      general: [],
    });
    expect(place('NC', ['[cuerpoDocumento[2].noGravado] MONTO NO VALIDO']).general).toEqual([
      '[cuerpoDocumento[2].noGravado] MONTO NO VALIDO',
    ]);
  });

  it('each kind by its own names: FSE, CR, FEX, notes', () => {
    expect(place('FSE', ['[sujetoExcluido.numDocumento] DUI NO VALIDO']).fields).toEqual([
      { path: 'recipient.identificationDocument.number', message: 'DUI NO VALIDO' },
    ]);
    expect(
      place('CR', ['[cuerpoDocumento[0].numDocumento] NO EXISTE', '[cuerpoDocumento[0].ivaRetenido] MAYOR AL PERMITIDO'], 1).fields,
    ).toEqual([
      { path: 'items.0.taxDocumentNumber', message: 'NO EXISTE' },
      { path: 'items.0.ivaRetained', message: 'MAYOR AL PERMITIDO' },
    ]);
    expect(
      place('FEX', ['[receptor.codPais] PAIS NO VALIDO', '[receptor.complemento] REQUERIDO', '[resumen.flete] NO VALIDO']).fields,
    ).toEqual([
      { path: 'recipient.country', message: 'PAIS NO VALIDO' },
      { path: 'recipient.address', message: 'REQUERIDO' },
      { path: 'freight', message: 'NO VALIDO' },
    ]);
    expect(
      place('NC', ['[documentoRelacionado[0].numeroDocumento] NO EXISTE', '[cuerpoDocumento[0].numeroDocumento] NO RELACIONADO']).fields,
    ).toEqual([
      { path: 'relatedTaxDocuments.0.id', message: 'NO EXISTE' },
      { path: 'items.0.documentNumber', message: 'NO RELACIONADO' },
    ]);
  });
});
