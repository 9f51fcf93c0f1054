// Every rule of the contract, both ways: a value that keeps the body valid and one that breaks it, with the
// error's field path and code. Bodies come from test/fixtures/bodies.ts.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, invalidateBody, validate, type DteKind } from '../../shared/contract';
import { ccfBody, crBody, fcBody, fexBody, fseBody, ncBody } from '../fixtures/bodies';
import { cdRichBody } from '../fixtures/cd-bodies';
import { nrBody } from '../fixtures/nr-bodies';
import { richCl, richDcl } from '../fixtures/liquidation-bodies';
import { repeat, withValue } from '../support/mutate';

const ID = '3f2b8c1e-9d4a-4c6b-8e2f-1a7d5b9c0e34';
const REL = '6f1d2c3b-4a59-4e8d-9c7b-1a2b3c4d5e6f';
const BASE: Record<DteKind, Record<string, unknown>> = {
  FC: fcBody(ID),
  CCF: ccfBody(ID),
  NC: ncBody(ID, REL),
  ND: ncBody(ID, REL),
  CR: crBody(ID),
  FSE: fseBody(ID),
  FEX: fexBody(ID),
  CD: cdRichBody(ID),
  NR: nrBody(ID),
  CL: richCl(ID),
  DCL: richDcl(ID),
};

interface Case {
  kind: DteKind | 'INVALIDATE';
  path: string;
  value: unknown;
  /** [path, code] of the expected error; absent when the value is valid. */
  error?: [string, string];
}

const INVALIDATE_BASE = {
  dteId: ID,
  dteReplaceId: REL,
  reason: 'Error en el nombre del cliente',
  manager: { name: 'Ana Lucía Gómez', identificationDocument: { type: 'DUI', number: '012345678' } },
  requester: { name: 'Pedro Alvarado', identificationDocument: { type: 'NIT', number: '06141234567890' } },
};

function check(c: Case) {
  const base = c.kind === 'INVALIDATE' ? INVALIDATE_BASE : BASE[c.kind];
  const schema = c.kind === 'INVALIDATE' ? invalidateBody : CREATE_SCHEMAS[c.kind];
  const result = validate(schema, withValue(base, c.path, c.value));
  if (!c.error) {
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
    return;
  }
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.errors).toContainEqual(expect.objectContaining({ path: c.error[0], code: c.error[1] }));
  for (const e of result.errors) expect(e.message.length).toBeGreaterThan(0);
}

/** One rule: a passing value and a failing value at the same path (error path defaults to it). */
function rule(kinds: (DteKind | 'INVALIDATE')[], path: string, good: unknown, bad: unknown, code: string, errorPath = path): Case[] {
  return kinds.flatMap((kind) => [
    { kind, path, value: good },
    { kind, path, value: bad, error: [errorPath, code] as [string, string] },
  ]);
}

const ALL: DteKind[] = ['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX'];
const WITH_PAYMENT: DteKind[] = ['FC', 'CCF', 'NC', 'ND', 'FSE', 'FEX'];
const SALES: DteKind[] = ['FC', 'CCF', 'NC', 'ND'];
const WITH_ADDRESS: DteKind[] = ['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE'];
const WITH_THIRD: DteKind[] = ['FC', 'CCF', 'NC', 'ND', 'FEX'];
const NIT = '06141234567890';

const cases: Case[] = [
  // id and generatedAt
  ...rule(ALL, 'id', '3F2B8C1E-9D4A-4C6B-8E2F-1A7D5B9C0E34', 'not-a-uuid', 'INVALID_FORMAT'),
  ...ALL.map((kind): Case => ({ kind, path: 'id', value: undefined, error: ['id', 'REQUIRED'] })),
  ...rule(ALL, 'generatedAt', '2024-02-29', '2026-02-30', 'INVALID_DATE'),
  ...rule(ALL, 'generatedAt', undefined, '22/11/2026', 'INVALID_FORMAT'),
  // paymentType
  ...rule(WITH_PAYMENT, 'paymentType', 'OTRO', 'TARJETA', 'INVALID_ENUM'),
  // branchOffice
  ...rule(
    [...ALL, 'INVALIDATE'],
    'branchOffice',
    { mhCode: 'M001', posNumber: 999 },
    { mhCode: 'M01', posNumber: 1 },
    'TOO_SHORT',
    'branchOffice.mhCode',
  ),
  ...rule(ALL, 'branchOffice', { mhCode: 'M001', posNumber: 1 }, { mhCode: 'M0012', posNumber: 1 }, 'TOO_LONG', 'branchOffice.mhCode'),
  ...rule(
    ALL,
    'branchOffice',
    { mhCode: 'M001', posNumber: 1 },
    { mhCode: 'M001', posNumber: 1000 },
    'TOO_LARGE',
    'branchOffice.posNumber',
  ),
  ...rule(
    ['FC', 'CR'],
    'branchOffice',
    { mhCode: 'M001', posNumber: 2 },
    { mhCode: 'M001', posNumber: 0 },
    'NOT_POSITIVE',
    'branchOffice.posNumber',
  ),
  ...rule(
    ['FC'],
    'branchOffice',
    { mhCode: 'M001', posNumber: 2 },
    { mhCode: 'M001', posNumber: 1.5 },
    'NOT_INTEGER',
    'branchOffice.posNumber',
  ),
  ...rule(['FC'], 'branchOffice', { mhCode: 'M001', posNumber: 2 }, { mhCode: 'M001' }, 'REQUIRED', 'branchOffice.posNumber'),
  // identificationDocument formats
  ...rule(
    ['FC', 'CCF', 'CR', 'FSE'],
    'recipient.identificationDocument',
    { type: 'DUI', number: '012345678' },
    { type: 'DUI', number: '01234567-8' },
    'INVALID_FORMAT',
    'recipient.identificationDocument.number',
  ),
  ...rule(
    ['FC', 'CCF', 'NC', 'CR', 'FSE', 'FEX'],
    'recipient.identificationDocument',
    { type: 'NIT', number: NIT },
    { type: 'NIT', number: '0614123456789' },
    'INVALID_FORMAT',
    'recipient.identificationDocument.number',
  ),
  ...rule(['FC', 'CR', 'FSE', 'FEX'], 'recipient.identificationDocument.type', 'PASAPORTE', 'CEDULA', 'INVALID_ENUM'),
  ...rule(
    ['FC', 'CR', 'FSE'],
    'recipient.identificationDocument',
    { type: 'CARNET_RESIDENTE', number: 'CR-4455' },
    { type: 'OTRO', number: 'AB' },
    'INVALID_FORMAT',
    'recipient.identificationDocument.number',
  ),
  // CCF and NC recipients: NIT or DUI only
  ...rule(
    ['CCF', 'NC', 'ND'],
    'recipient.identificationDocument',
    { type: 'DUI', number: '012345678' },
    { type: 'PASAPORTE', number: 'A1234567' },
    'INVALID_ENUM',
    'recipient.identificationDocument.type',
  ),
  // FEX recipient identification: at most 20 characters
  ...rule(
    ['FEX'],
    'recipient.identificationDocument',
    { type: 'PASAPORTE', number: repeat(20, '9') },
    { type: 'PASAPORTE', number: repeat(21, '9') },
    'TOO_LONG',
    'recipient.identificationDocument.number',
  ),
  // address
  ...rule(WITH_ADDRESS, 'recipient.address', address(), { ...address(), department: '15' }, 'UNKNOWN_CODE', 'recipient.address.department'),
  ...rule(
    WITH_ADDRESS,
    'recipient.address',
    { ...address(), department: '01', municipality: '13' },
    { ...address(), department: '00', municipality: '00' },
    'UNKNOWN_CODE',
    'recipient.address.department',
  ),
  ...rule(
    WITH_ADDRESS,
    'recipient.address',
    { department: '06', municipality: '23', complement: 'Centro Histórico' },
    { department: '06', municipality: '30', complement: 'Centro Histórico' },
    'UNKNOWN_CODE',
    'recipient.address.municipality',
  ),
  ...rule(
    WITH_ADDRESS,
    'recipient.address',
    { department: '01', municipality: '12', complement: 'Barrio El Centro' },
    { department: '01', municipality: 'XX', complement: 'Barrio El Centro' },
    'INVALID_FORMAT',
    'recipient.address.municipality',
  ),
  ...rule(WITH_ADDRESS, 'recipient.address.complement', repeat(200), repeat(201), 'TOO_LONG'),
  ...rule(WITH_ADDRESS, 'recipient.address.complement', 'Calle 1 #2', undefined, 'REQUIRED'),
  ...rule(['FC', 'CR'], 'recipient.address.complement', 'Casa 5', 'C 5', 'TOO_SHORT'),
  ...rule(['CCF', 'FSE'], 'recipient.address.complement', 'C 5', '   ', 'BLANK'),
  ...rule(['CCF', 'NC', 'CR', 'FSE'], 'recipient.address', address(), undefined, 'REQUIRED'),
  // recipient name limits per kind
  ...rule(['FEX', 'CR', 'FSE'], 'recipient.name', repeat(250), repeat(251), 'TOO_LONG'),
  ...rule(['CCF', 'NC', 'ND', 'FC'], 'recipient.name', repeat(150), repeat(151), 'TOO_LONG'),
  ...rule(['FC', 'CCF', 'CR', 'FSE', 'FEX'], 'recipient.name', 'Ana', undefined, 'REQUIRED'),
  // email
  ...rule(['FC', 'CCF', 'NC', 'CR', 'FSE', 'FEX'], 'recipient.email', `${repeat(88)}@example.com`, `${repeat(89)}@example.com`, 'TOO_LONG'),
  ...rule(['FC', 'CCF', 'NC', 'CR', 'FSE', 'FEX'], 'recipient.email', 'a@b.sv', 'no-es-correo', 'INVALID_FORMAT'),
  ...rule(['CCF', 'NC', 'CR', 'FEX'], 'recipient.email', 'x@y.sv', undefined, 'REQUIRED'),
  ...rule(['FC', 'FSE'], 'recipient.email', undefined, 'correo@', 'INVALID_FORMAT'),
  // commercialName
  ...rule(['CCF', 'NC', 'CR', 'FEX'], 'recipient.commercialName', repeat(150), repeat(151), 'TOO_LONG'),
  // phone digit counts
  ...rule(['FC', 'CCF', 'NC', 'CR', 'FSE'], 'recipient.phone', '22334455', '2233445', 'INVALID_FORMAT'),
  ...rule(['FC', 'CCF', 'NC', 'CR', 'FSE'], 'recipient.phone', '77889900', '2233-4455', 'INVALID_FORMAT'),
  ...rule(['FEX'], 'recipient.phone', repeat(25, '1'), repeat(26, '1'), 'INVALID_FORMAT'),
  ...rule(['FEX'], 'recipient.phone', '12345678', '1234567', 'INVALID_FORMAT'),
  // nrc lengths per kind
  ...rule(['CCF', 'NC', 'ND'], 'recipient.nrc', '1', '123456789', 'INVALID_FORMAT'),
  ...rule(['CCF', 'NC'], 'recipient.nrc', '12345678', 'A12345', 'INVALID_FORMAT'),
  ...rule(['CCF', 'NC'], 'recipient.nrc', '123', undefined, 'REQUIRED'),
  ...rule(['CR'], 'recipient.nrc', '12', '123456789', 'INVALID_FORMAT'),
  ...rule(['CR'], 'recipient.nrc', '12345678', '1', 'INVALID_FORMAT'),
  // economicActivity (CAT-019)
  ...rule(['CCF', 'NC', 'CR', 'FEX', 'FSE'], 'recipient.economicActivity', '01111', '99999', 'UNKNOWN_CODE'),
  ...rule(['CCF', 'NC', 'CR', 'FEX'], 'recipient.economicActivity', '62010', undefined, 'REQUIRED'),
  // contributor enums
  ...rule(['CCF', 'NC', 'CR', 'FSE', 'FEX', 'FC'], 'recipient.contributorSize', 'GRANDE', 'PEQUENO', 'INVALID_ENUM'),
  ...rule(['CCF', 'NC', 'CR', 'FSE', 'FEX', 'FC'], 'recipient.contributorType', 'NATURAL', 'MIXTA', 'INVALID_ENUM'),
  ...rule(['FEX'], 'recipient.contributorType', 'JURIDICA', undefined, 'REQUIRED'),
  // thirdPartySale
  ...rule(WITH_THIRD, 'thirdPartySale', third({ name: repeat(150) }), third({ name: repeat(151) }), 'TOO_LONG', 'thirdPartySale.name'),
  ...rule(WITH_THIRD, 'thirdPartySale', third({ name: 'ABC' }), third({ name: 'AB' }), 'TOO_SHORT', 'thirdPartySale.name'),
  ...rule(
    WITH_THIRD,
    'thirdPartySale',
    third(),
    third({ identificationDocument: { type: 'DUI', number: '012345678' } }),
    'NOT_ALLOWED',
    'thirdPartySale.identificationDocument.type',
  ),
  ...rule(
    WITH_THIRD,
    'thirdPartySale',
    { name: 'Tercero S.A.', identificationDocument: { type: 'NIT', number: NIT } },
    { name: 'Tercero S.A.' },
    'REQUIRED',
    'thirdPartySale.identificationDocument',
  ),
  // relatedTaxDocuments limits
  ...rule(
    ['CCF'],
    'relatedTaxDocuments',
    Array.from({ length: 50 }, (_, i) => ({ id: uuidN(i) })),
    Array.from({ length: 51 }, (_, i) => ({ id: uuidN(i) })),
    'TOO_MANY',
  ),
  ...rule(
    ['FC'],
    'relatedTaxDocuments',
    Array.from({ length: 10 }, (_, i) => ({ id: uuidN(i) })),
    Array.from({ length: 11 }, (_, i) => ({ id: uuidN(i) })),
    'TOO_MANY',
  ),
  ...rule(
    ['CCF', 'FC', 'NC'],
    'relatedTaxDocuments',
    [{ id: REL }],
    [{ id: REL }, { id: REL.toUpperCase() }],
    'DUPLICATE',
    'relatedTaxDocuments.1.id',
  ),
  ...rule(['CCF', 'FC', 'NC'], 'relatedTaxDocuments.0.id', REL, 'abc', 'INVALID_FORMAT'),
  ...rule(['NC', 'ND'], 'relatedTaxDocuments', [{ id: REL }], undefined, 'REQUIRED'),
  ...rule(['NC', 'ND'], 'relatedTaxDocuments', [{ id: REL }, { id: ID }], [], 'TOO_FEW'),
  // items' documentNumber against relatedTaxDocuments
  ...rule(['NC', 'ND'], 'items.0.documentNumber', REL, ID, 'NOT_IN_RELATED_DOCUMENTS'),
  ...rule(['NC', 'ND'], 'items.0.documentNumber', REL.toUpperCase(), undefined, 'REQUIRED'),
  ...rule(['CCF', 'FC'], 'items.0.documentNumber', undefined, REL, 'NOT_IN_RELATED_DOCUMENTS'),
  // attachments
  ...rule(
    ['CCF', 'FC'],
    'attachments',
    Array.from({ length: 10 }, () => ({ code: 'RECEPTOR', details: 'x' })),
    Array.from({ length: 11 }, () => ({ code: 'RECEPTOR', details: 'x' })),
    'TOO_MANY',
  ),
  ...rule(
    ['FEX'],
    'attachments',
    Array.from({ length: 20 }, () => ({ code: 'EMISOR', details: 'x' })),
    Array.from({ length: 21 }, () => ({ code: 'EMISOR', details: 'x' })),
    'TOO_MANY',
  ),
  ...rule(
    ['CCF', 'FC', 'FEX'],
    'attachments.0',
    { code: 'RECEPTOR', details: 'Pedido 5' },
    { code: 'RECEPTOR' },
    'REQUIRED',
    'attachments.0.details',
  ),
  ...rule(
    ['CCF', 'FC', 'FEX'],
    'attachments.0',
    { code: 'EMISOR', details: repeat(300) },
    { code: 'EMISOR', details: repeat(301) },
    'TOO_LONG',
    'attachments.0.details',
  ),
  ...rule(
    ['CCF', 'FC'],
    'attachments.0',
    { code: 'RECEPTOR', details: 'Pedido 7' },
    { code: 'TRANSPORTE', details: 'Pedido 7' },
    'INVALID_ENUM',
    'attachments.0.code',
  ),
  ...rule(
    ['CCF', 'FC'],
    'attachments.0',
    { code: 'DOCTOR', doctor: doctor() },
    { code: 'EMISOR', details: 'x', doctor: doctor() },
    'NOT_ALLOWED',
    'attachments.0.doctor',
  ),
  ...rule(['FEX'], 'attachments.0.code', 'TRANSPORTE', 'DOCTOR', 'INVALID_ENUM'),
  ...rule(['CCF', 'FC'], 'attachments.0', { code: 'DOCTOR', doctor: doctor() }, { code: 'DOCTOR' }, 'REQUIRED', 'attachments.0.doctor'),
  ...rule(['CCF', 'FC'], 'attachments.0', doc({ name: repeat(100) }), doc({ name: repeat(101) }), 'TOO_LONG', 'attachments.0.doctor.name'),
  ...rule(
    ['CCF', 'FC'],
    'attachments.0',
    doc({ service: 'TRATAMIENTO_MEDICO_ISBM' }),
    doc({ service: 'CONSULTA' }),
    'INVALID_ENUM',
    'attachments.0.doctor.service',
  ),
  ...rule(
    ['CCF', 'FC'],
    'attachments.0',
    doc({ identificationDocument: { type: 'PASAPORTE', number: 'P998877' } }),
    doc({ identificationDocument: undefined }),
    'REQUIRED',
    'attachments.0.doctor.identificationDocument',
  ),
  ...rule(['FEX'], 'attachments.0.driver', driver(), driver({ name: repeat(201) }), 'TOO_LONG', 'attachments.0.driver.name'),
  ...rule(
    ['FEX'],
    'attachments.0.driver',
    driver({ transport: 'AEREO' }),
    driver({ transport: 'FERROVIARIO' }),
    'INVALID_ENUM',
    'attachments.0.driver.transport',
  ),
  ...rule(
    ['FEX'],
    'attachments.0.driver',
    driver(),
    driver({ transportIdentificationNumber: undefined }),
    'REQUIRED',
    'attachments.0.driver.transportIdentificationNumber',
  ),
  ...rule(['FEX'], 'attachments.0', { code: 'TRANSPORTE', driver: driver() }, { code: 'TRANSPORTE' }, 'REQUIRED', 'attachments.0.driver'),
  // items: common rules
  ...rule(ALL, 'items.0.description', repeat(1000), repeat(1001), 'TOO_LONG'),
  ...rule(ALL, 'items.0.description', 'x', '', 'BLANK'),
  ...ALL.map((kind): Case => ({ kind, path: 'items', value: [], error: ['items', 'TOO_FEW'] })),
  ...ALL.map((kind): Case => ({ kind, path: 'items', value: undefined, error: ['items', 'REQUIRED'] })),
  ...rule(['FC', 'CCF', 'NC', 'FEX', 'FSE'], 'items.0.internalCode', repeat(25), repeat(26), 'TOO_LONG'),
  ...rule(['FC', 'CCF', 'NC', 'FEX'], 'items.0.quantity', 3, 0, 'NOT_POSITIVE'),
  ...rule(['FC', 'CCF', 'NC', 'ND', 'FEX'], 'items.0.quantity', 1, 1.5, 'NOT_INTEGER'),
  ...rule(['FSE'], 'items.0.quantity', 0.75, -2, 'NOT_POSITIVE'),
  ...rule(['FC', 'CCF', 'NC', 'FEX', 'FSE'], 'items.0.quantity', 7, '7', 'INVALID_TYPE'),
  ...rule(['FC', 'CCF', 'NC', 'FEX', 'FSE'], 'items.0.unitPrice', 0.00000001, 0, 'NOT_POSITIVE'),
  ...rule(['FC', 'CCF', 'NC', 'FEX', 'FSE'], 'items.0.unitPrice', 12.12345678, 12.123456789, 'TOO_MANY_DECIMALS'),
  ...rule(['FC', 'CCF', 'NC', 'FEX', 'FSE'], 'items.0.unitPrice', 99_999_999_999, 100_000_000_000, 'TOO_LARGE'),
  ...rule(['FC', 'CCF', 'NC', 'FEX', 'FSE'], 'items.0.unitMeasure', 'GALON', 'BARRICA', 'INVALID_ENUM'),
  ...rule(['FC', 'CCF', 'NC', 'FEX', 'FSE'], 'items.0.discountAmount', 0.01, 0, 'NOT_POSITIVE'),
  ...rule(SALES, 'items.0.saleType', 'NO_SUJETA', 'GRAVADO', 'INVALID_ENUM'),
  ...rule(SALES, 'items.0.saleType', 'EXENTA', undefined, 'REQUIRED'),
  ...rule(SALES, 'items.0.type', 'BIENES_Y_SERVICIOS', 'PRODUCTOS', 'INVALID_ENUM'),
  ...rule(['FSE'], 'items.0.type', 'SERVICIOS', 'OTROS', 'INVALID_ENUM'),
  ...rule(
    ['NC', 'ND'],
    'items.0',
    { type: 'OTROS', description: 'FOVIAL', quantity: 1, unitPrice: 0.2, saleType: 'GRAVADA', taxCode: 'A8', documentNumber: REL },
    { type: 'OTROS', description: 'FOVIAL', quantity: 1, unitPrice: 0.2, saleType: 'GRAVADA', documentNumber: REL },
    'REQUIRED',
    'items.0.taxCode',
  ),
  ...rule(
    ['FC', 'CCF'],
    'items.0',
    { type: 'OTROS', description: 'FOVIAL', quantity: 1, unitPrice: 0.2, saleType: 'GRAVADA', taxCode: 'A8' },
    { type: 'OTROS', description: 'FOVIAL', quantity: 1, unitPrice: 0.2, saleType: 'GRAVADA' },
    'REQUIRED',
    'items.0.taxCode',
  ),
  ...rule(
    ['NC', 'ND'],
    'items.0',
    taxLine({ taxCode: '57', documentNumber: REL }),
    taxLine({ taxCode: 'C8', documentNumber: REL }),
    'UNKNOWN_CODE',
    'items.0.taxCode',
  ),
  ...rule(['FC', 'CCF'], 'items.0', taxLine({ taxCode: 'D5' }), taxLine({ taxCode: '20' }), 'UNKNOWN_CODE', 'items.0.taxCode'),
  ...rule(
    ['FC', 'CCF'],
    'items.0',
    taxLine({ type: 'BIENES', taxCode: undefined }),
    taxLine({ type: 'BIENES' }),
    'NOT_ALLOWED',
    'items.0.taxCode',
  ),
  ...rule(['FC'], 'items.0', taxLine({ saleType: 'EXENTA' }), taxLine({ taxCode: 'XX' }), 'UNKNOWN_CODE', 'items.0.taxCode'),
  ...rule(['CCF'], 'items.0', taxLine({ saleType: 'GRAVADA' }), taxLine({ saleType: 'EXENTA' }), 'NOT_ALLOWED', 'items.0.saleType'),
  ...rule(['CCF', 'FC'], 'items.0.psv', 2.5, 0, 'NOT_POSITIVE'),
  ...(['NC', 'ND'] as const).map((kind): Case => ({ kind, path: 'items.0.psv', value: 1, error: ['items.0.psv', 'UNKNOWN_FIELD'] })),
  // itemsNoGrav
  ...rule(['CCF', 'FC', 'FEX'], 'itemsNoGrav.0.amount', 0.01, 0, 'NOT_POSITIVE'),
  ...rule(['CCF', 'FC', 'FEX'], 'itemsNoGrav.0.description', repeat(1000), repeat(1001), 'TOO_LONG'),
  ...rule(['CCF', 'FC'], 'itemsNoGrav.0.type', 'BIENES', 'NINGUNO', 'INVALID_ENUM'),
  ...rule(['CCF', 'FC'], 'itemsNoGrav.0.type', 'BIENES_Y_SERVICIOS', 'OTROS', 'NOT_ALLOWED'),
  ...rule(['CCF', 'FC'], 'itemsNoGrav.0.type', 'SERVICIOS', undefined, 'REQUIRED'),
  ...rule(
    ['FEX'],
    'itemsNoGrav',
    [{ description: 'Embalaje', amount: 12 }],
    [{ description: 'Embalaje', amount: 12, type: 'BIENES' }],
    'UNKNOWN_FIELD',
    'itemsNoGrav.0.type',
  ),
  // per-kind fields that do not exist
  // NC and ND have no attachments and no itemsNoGrav (their valid fixture has neither).
  ...(['NC', 'ND'] as const).flatMap((kind): Case[] => [
    { kind, path: 'attachments', value: [{ code: 'EMISOR', details: 'x' }], error: ['attachments', 'UNKNOWN_FIELD'] },
    { kind, path: 'itemsNoGrav', value: [{ type: 'BIENES', description: 'x', amount: 1 }], error: ['itemsNoGrav', 'UNKNOWN_FIELD'] },
  ]),
  ...ALL.map((kind): Case => ({ kind, path: 'observaciones', value: 'x', error: ['observaciones', 'UNKNOWN_FIELD'] })),
  // global discounts and retentions
  ...rule(SALES, 'discountGrav', 0.01, 0, 'NOT_POSITIVE'),
  ...rule(SALES, 'discountExe', 2.5, -1, 'NOT_POSITIVE'),
  ...rule(SALES, 'discountNoSuj', 3, 1.234, 'TOO_MANY_DECIMALS'),
  ...rule([...SALES, 'FSE'], 'retentionIva', 0, -0.01, 'NEGATIVE'),
  ...rule([...SALES, 'FSE'], 'retentionRenta', 0, -5, 'NEGATIVE'),
  ...rule(['FSE', 'FEX'], 'discount', 10, 0, 'NOT_POSITIVE'),
  // CR
  ...rule(['CR'], 'recipient.nrc', '1234', undefined, 'REQUIRED'),
  // CR: nrc is required with a NIT, optional otherwise.
  { kind: 'CR', path: 'recipient', value: { ...crRecipientWithoutNrc(), identificationDocument: { type: 'DUI', number: '012345678' } } },
  { kind: 'CR', path: 'recipient', value: crRecipientWithoutNrc(), error: ['recipient.nrc', 'REQUIRED'] },
  { kind: 'CR', path: 'items.0', value: { ...crItem(), documentType: 'FISICO', taxDocumentNumber: 'F-1' } },
  { kind: 'CR', path: 'items.0.documentType', value: 'ELECTRONICO', error: ['items.0.documentType', 'INVALID_ENUM'] },
  ...rule(['CR'], 'items.0.taxDocumentType', 'FSE', 'NC', 'INVALID_ENUM'),
  ...rule(['CR'], 'items.1.taxDocumentNumber', repeat(20, '9'), repeat(21, '9'), 'TOO_LONG'),
  ...rule(['CR'], 'items.0.taxDocumentNumber', REL.toUpperCase(), 'CCF-0001', 'INVALID_FORMAT'),
  ...rule(['CR'], 'items.0.taxDocumentGeneratedAt', '2026-01-31', '2026-13-01', 'INVALID_DATE'),
  ...rule(['CR'], 'items.0.taxDocumentGeneratedAt', '2025-12-31', '31-12-2025', 'INVALID_FORMAT'),
  ...rule(['CR'], 'items.0.taxDocumentGeneratedAt', '2026-11-01', undefined, 'REQUIRED'),
  ...rule(['CR'], 'items.0.amountSubject', 1, 0.99, 'TOO_SMALL'),
  ...rule(['CR'], 'items.0.ivaRetained', 0.01, 0, 'NOT_POSITIVE'),
  ...rule(['CR'], 'items.0.retentionCode', 'OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES', 'RETENCION_RENTA', 'INVALID_ENUM'),
  ...rule(['CR'], 'items.0.description', 'Retención', undefined, 'REQUIRED'),
  ...rule(['CR'], 'items', Array.from({ length: 500 }, crItem), Array.from({ length: 501 }, crItem), 'TOO_MANY'),
  // FSE
  ...rule(['FSE'], 'recipient.economicActivity', undefined, '1', 'UNKNOWN_CODE'),
  ...rule(['FSE'], 'recipient.identificationDocument', { type: 'OTRO', number: 'RNPN-5566' }, undefined, 'REQUIRED'),
  // FC recipient
  ...rule(['FC'], 'recipient', undefined, { email: 'a@b.sv' }, 'REQUIRED', 'recipient.name'),
  ...rule(
    ['FC'],
    'recipient',
    { name: 'Consumidor', nrc: '1234', economicActivity: '46900', identificationDocument: { type: 'NIT', number: NIT } },
    { name: 'Consumidor', nrc: '1234', economicActivity: '46900', identificationDocument: { type: 'DUI', number: '012345678' } },
    'NOT_ALLOWED',
    'recipient.nrc',
  ),
  ...rule(
    ['FC'],
    'recipient',
    { name: 'Consumidor', nrc: null, identificationDocument: { type: 'DUI', number: '012345678' } },
    { name: 'Consumidor', nrc: '1234' },
    'NOT_ALLOWED',
    'recipient.nrc',
  ),
  ...rule(
    ['FC'],
    'recipient',
    { name: 'Consumidor', nrc: '12', economicActivity: '10101', identificationDocument: { type: 'NIT', number: NIT } },
    { name: 'Consumidor', nrc: '12', identificationDocument: { type: 'NIT', number: NIT } },
    'REQUIRED',
    'recipient.economicActivity',
  ),
  ...rule(
    ['FC'],
    'recipient',
    { name: 'Consumidor', nrc: '12345678', economicActivity: '10101', identificationDocument: { type: 'NIT', number: NIT } },
    { name: 'Consumidor', nrc: '1', economicActivity: '10101', identificationDocument: { type: 'NIT', number: NIT } },
    'INVALID_FORMAT',
    'recipient.nrc',
  ),
  // FEX
  ...rule(['FEX'], 'recipient.country', 'GT', 'USA', 'UNKNOWN_CODE'),
  ...rule(['FEX'], 'recipient.country', 'SV', 'UK', 'UNKNOWN_CODE'),
  // SS is ISO alpha-2 (the 2026 CAT-020) without a legacy CAT-020 code: refused per normative (catalogs-per-normative.test.ts).
  ...rule(
    ['FEX'],
    'attachments.0.driver',
    driver({ transport: 'TERRESTRE_MARITIMO' }),
    driver({ transport: 'MARITIMO_AEREO' }),
    'NOT_ALLOWED',
    'attachments.0.driver.transport',
  ),
  ...rule(['FEX'], 'itemType', 'BIENES_Y_SERVICIOS', 'SERVICIOS', 'NOT_ALLOWED', 'taxArea'),
  ...rule(['FEX'], 'recipient.address', repeat(300), repeat(301), 'TOO_LONG'),
  ...rule(['FEX'], 'itemType', 'BIENES_Y_SERVICIOS', 'OTROS', 'INVALID_ENUM'),
  ...rule(['FEX'], 'itemType', 'BIENES', undefined, 'REQUIRED'),
  ...rule(['FEX'], 'taxArea', '01', 'ZZ', 'UNKNOWN_CODE'),
  ...rule(['FEX'], 'taxRegimen', undefined, 'EX-9.9999.999', 'UNKNOWN_CODE'),
  ...rule(['FEX'], 'incoterms', 'DDU', 'FOBX', 'INVALID_ENUM'),
  ...rule(['FEX'], 'insurance', 0.5, 0, 'NOT_POSITIVE'),
  ...rule(['FEX'], 'freight', 1, -3, 'NOT_POSITIVE'),
  ...rule(['FEX'], 'comments', 'Embarque por Puerto de Acajutla', 42, 'INVALID_TYPE'),
  ...rule(['FEX'], 'appendices.0.name', repeat(25), repeat(26), 'TOO_LONG'),
  ...rule(['FEX'], 'appendices.0.description', repeat(50), repeat(51), 'TOO_LONG'),
  ...rule(['FEX'], 'appendices.0.value', repeat(150), repeat(151), 'TOO_LONG'),
  ...rule(['FEX'], 'appendices.0.value', 'v', undefined, 'REQUIRED'),
  // invalidate
  ...rule(['INVALIDATE'], 'dteId', ID.toUpperCase(), 'ABC', 'INVALID_FORMAT'),
  ...rule(['INVALIDATE'], 'dteId', ID, undefined, 'REQUIRED'),
  ...rule(['INVALIDATE'], 'dteReplaceId', undefined, '1234', 'INVALID_FORMAT'),
  ...rule(['INVALIDATE'], 'reason', repeat(250), repeat(251), 'TOO_LONG'),
  ...rule(['INVALIDATE'], 'reason', 'Error', 'Err', 'TOO_SHORT'),
  ...rule(['INVALIDATE'], 'manager.name', repeat(100), repeat(101), 'TOO_LONG'),
  ...rule(['INVALIDATE'], 'requester.name', 'Pedro', undefined, 'REQUIRED'),
  ...rule(['INVALIDATE'], 'requester.identificationDocument.type', 'CARNET_RESIDENTE', 'LICENCIA', 'INVALID_ENUM'),
  ...rule(
    ['INVALIDATE'],
    'manager.identificationDocument',
    { type: 'NIT', number: NIT },
    { type: 'NIT', number: '123' },
    'INVALID_FORMAT',
    'manager.identificationDocument.number',
  ),
];

function uuidN(i: number): string {
  return `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
}
function address() {
  return { department: '14', municipality: '19', complement: 'La Unión Norte' };
}
function doctor(over: Record<string, unknown> = {}) {
  const d: Record<string, unknown> = {
    name: 'Dra. Rosa Campos',
    identificationDocument: { type: 'DUI', number: '023456789' },
    service: 'OPERACION',
    ...over,
  };
  for (const k of Object.keys(d)) if (d[k] === undefined) delete d[k];
  return d;
}
function taxLine(over: Record<string, unknown> = {}) {
  const line: Record<string, unknown> = {
    type: 'OTROS',
    description: 'Impuesto especial al combustible',
    quantity: 1,
    unitPrice: 0.5,
    saleType: 'GRAVADA',
    taxCode: 'A8',
    ...over,
  };
  for (const k of Object.keys(line)) if (line[k] === undefined) delete line[k];
  return line;
}
function doc(over: Record<string, unknown> = {}) {
  return { code: 'DOCTOR', doctor: doctor(over) };
}
function third(over: Record<string, unknown> = {}) {
  return { name: 'Comercial Tercero S.A.', identificationDocument: { type: 'NIT', number: NIT }, ...over };
}
function driver(over: Record<string, unknown> = {}) {
  const d: Record<string, unknown> = {
    name: 'Carlos Rivas',
    documentIdentificationNumber: '04567891-2',
    transportIdentificationNumber: 'C-123456',
    transport: 'AEREO',
    ...over,
  };
  for (const k of Object.keys(d)) if (d[k] === undefined) delete d[k];
  return d;
}
function crRecipientWithoutNrc() {
  return withValue(crBody(ID).recipient, 'nrc', undefined) as Record<string, unknown>;
}
function crItem() {
  return (crBody(ID).items as Record<string, unknown>[])[0] as Record<string, unknown>;
}

describe('contract rules, table-driven', () => {
  it.each(cases.map((c) => [`${c.kind} ${c.path} ${c.error ? `→ ${c.error[1]} at ${c.error[0]}` : 'valid'}`, c] as const))(
    '%s',
    (_name, c) => check(c),
  );
});

describe('the valid fixture of every kind', () => {
  it.each(Object.entries(BASE))('%s body is valid', (kind, body) => {
    expect(validate(CREATE_SCHEMAS[kind as DteKind], body)).toMatchObject({ ok: true });
  });
});

describe('defaults', () => {
  it('paymentType defaults to CONTADO and unitMeasure to OTRA', () => {
    const r = validate(CREATE_SCHEMAS.FC, withValue(withValue(BASE.FC, 'paymentType', undefined), 'items.1.unitMeasure', null));
    expect(r.ok && r.value.paymentType).toBe('CONTADO');
    expect(r.ok && r.value.items[1]?.unitMeasure).toBe('OTRA');
  });
  it('null means absent for optional fields', () => {
    expect(validate(CREATE_SCHEMAS.CCF, withValue(BASE.CCF, 'thirdPartySale', null))).toMatchObject({ ok: true });
  });
  it('reports every broken field rule at once', () => {
    const body = withValue(withValue(BASE.CCF, 'recipient.nrc', 'x'), 'items.0.quantity', -1);
    const r = validate(CREATE_SCHEMAS.CCF, body);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path).sort()).toEqual(['items.0.quantity', 'recipient.nrc']);
  });
  it('a body that is not an object is one error on the root', () => {
    const r = validate(CREATE_SCHEMAS.FC, [1, 2]);
    expect(r).toEqual({ ok: false, errors: [{ path: '', code: 'INVALID_TYPE', message: 'Debe ser objeto.' }] });
  });
});
