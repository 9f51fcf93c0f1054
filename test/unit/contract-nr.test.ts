// POST /dte/nr's field rules one by one (docs/decisions/0080-nota-de-remision.md): each broken rule is one error
// naming its field, and the fixtures themselves are valid.
import { describe, expect, it } from 'vitest';
import { nrBody, nrBodyOf, validate } from '../../shared/contract';
import { nrMinimalBody, nrRichBody } from '../fixtures/nr-bodies';

const ID = '5e7a9c1b-3d5f-4a7b-9c1d-3e5f7a9b1c2d';
const CCF_ID = '1c3e5a7b-9d2f-4a6b-8c0d-2e4f6a8b0c1d';
type Raw = Record<string, unknown> & { items: Record<string, unknown>[]; recipient: Record<string, unknown> };
const rich = () => nrRichBody(ID, CCF_ID) as Raw;
const minimal = () => nrMinimalBody(ID) as Raw;

/** The errors of `body`, as path and code. */
function errors(body: unknown, schema = nrBody) {
  const r = validate(schema, body);
  return r.ok ? [] : r.errors.map((e) => [e.path, e.code]);
}

describe('POST /dte/nr body', () => {
  it('takes the minimal and the rich fixture', () => {
    expect(errors(minimal())).toEqual([]);
    expect(errors(rich())).toEqual([]);
  });

  it.each<[string, (b: Raw) => unknown, [string, string][]]>([
    ['id must be a UUID', (b) => ({ ...b, id: 'x' }), [['id', 'INVALID_FORMAT']]],
    ['goodsTitle is required', ({ goodsTitle: _g, ...b }) => b, [['goodsTitle', 'REQUIRED']]],
    ['goodsTitle is one of CAT-025', (b) => ({ ...b, goodsTitle: 'VENTA' }), [['goodsTitle', 'INVALID_ENUM']]],
    ['a recipient or a destination branch', ({ recipient: _r, destinationBranch: _d, ...b }) => b, [['recipient', 'REQUIRED']]],
    [
      'the recipient NRC only with a NIT',
      (b) => ({ ...b, recipient: { ...b.recipient, identificationDocument: { type: 'DUI', number: '012345678' } } }),
      [['recipient.nrc', 'NOT_ALLOWED']],
    ],
    [
      'the recipient NRC has 2 to 8 digits',
      (b) => ({ ...b, recipient: { ...b.recipient, nrc: '1' } }),
      [['recipient.nrc', 'INVALID_FORMAT']],
    ],
    ['the recipient name is not blank', (b) => ({ ...b, recipient: { ...b.recipient, name: '' } }), [['recipient.name', 'BLANK']]],
    [
      'the recipient name is at most 250',
      (b) => ({ ...b, recipient: { ...b.recipient, name: 'x'.repeat(251) } }),
      [['recipient.name', 'TOO_LONG']],
    ],
    [
      'the recipient DUI has 9 digits',
      (b) => ({ ...b, recipient: { ...b.recipient, nrc: null, identificationDocument: { type: 'DUI', number: '0123' } } }),
      [['recipient.identificationDocument.number', 'INVALID_FORMAT']],
    ],
    [
      'the recipient activity is of CAT-019',
      (b) => ({ ...b, recipient: { ...b.recipient, economicActivity: '00000' } }),
      [['recipient.economicActivity', 'UNKNOWN_CODE']],
    ],
    [
      'the recipient e-mail is required',
      (b) => ({ ...b, recipient: { ...b.recipient, email: undefined } }),
      [['recipient.email', 'REQUIRED']],
    ],
    [
      'the recipient e-mail is an e-mail',
      (b) => ({ ...b, recipient: { ...b.recipient, email: 'no' } }),
      [['recipient.email', 'INVALID_FORMAT']],
    ],
    [
      'the recipient phone has 8 digits',
      (b) => ({ ...b, recipient: { ...b.recipient, phone: '123' } }),
      [['recipient.phone', 'INVALID_FORMAT']],
    ],
    [
      'the recipient municipality belongs to its department',
      (b) => ({ ...b, recipient: { ...b.recipient, address: { department: '06', municipality: '99', complement: 'Calle 1' } } }),
      [['recipient.address.municipality', 'UNKNOWN_CODE']],
    ],
    [
      'the recipient takes no unknown field',
      (b) => ({ ...b, recipient: { ...b.recipient, nit: '1' } }),
      [['recipient.nit', 'UNKNOWN_FIELD']],
    ],
    [
      'the destination code is (M|S|B|P)NNN',
      (b) => ({ ...b, destinationBranch: { ...(minimal().destinationBranch as object), code: 'X1' } }),
      [['destinationBranch.code', 'INVALID_FORMAT']],
    ],
    [
      'the destination name has 3 or more characters',
      (b) => ({ ...b, destinationBranch: { ...(minimal().destinationBranch as object), name: 'S' } }),
      [['destinationBranch.name', 'TOO_SHORT']],
    ],
    [
      'the destination address is required',
      (b) => ({ ...b, destinationBranch: { code: 'S044', name: 'Sucursal' } }),
      [['destinationBranch.address', 'REQUIRED']],
    ],
    ['deliveredBy has a name', (b) => ({ ...b, deliveredBy: { document: 'DUI 1' } }), [['deliveredBy.name', 'REQUIRED']]],
    [
      'deliveredBy document is at most 25',
      (b) => ({ ...b, deliveredBy: { name: 'Ana', document: 'x'.repeat(26) } }),
      [['deliveredBy.document', 'TOO_LONG']],
    ],
    [
      'receivedBy name is at most 100',
      (b) => ({ ...b, receivedBy: { name: 'x'.repeat(101), document: 'DUI 1' } }),
      [['receivedBy.name', 'TOO_LONG']],
    ],
    [
      'the third party is identified by NIT',
      (b) => ({ ...b, thirdPartySale: { name: 'Tercero S.A.', identificationDocument: { type: 'DUI', number: '012345678' } } }),
      [['thirdPartySale.identificationDocument.type', 'NOT_ALLOWED']],
    ],
    [
      'a related document is a UUID',
      (b) => ({ ...b, relatedTaxDocuments: [{ id: 'x' }] }),
      [
        ['relatedTaxDocuments.0.id', 'INVALID_FORMAT'],
        ['items.0.documentNumber', 'NOT_IN_RELATED_DOCUMENTS'],
      ],
    ],
    [
      'a related document appears once',
      (b) => ({ ...b, relatedTaxDocuments: [{ id: CCF_ID }, { id: CCF_ID }] }),
      [['relatedTaxDocuments.1.id', 'DUPLICATE']],
    ],
    [
      'a line names one of the related documents',
      (b) => ({ ...b, relatedTaxDocuments: null }),
      [['items.0.documentNumber', 'NOT_IN_RELATED_DOCUMENTS']],
    ],
    ['at least one line', (b) => ({ ...b, items: [] }), [['items', 'TOO_FEW']]],
    [
      'a quantity is an integer without the extension',
      (b) => ({ ...b, items: [{ ...b.items[0], quantity: 1.5 }] }),
      [['items.0.quantity', 'NOT_INTEGER']],
    ],
    ['a quantity is positive', (b) => ({ ...b, items: [{ ...b.items[0], quantity: 0 }] }), [['items.0.quantity', 'NOT_POSITIVE']]],
    ['a price is positive', (b) => ({ ...b, items: [{ ...b.items[0], unitPrice: -1 }] }), [['items.0.unitPrice', 'NOT_POSITIVE']]],
    [
      'a price has at most 8 decimals',
      (b) => ({ ...b, items: [{ ...b.items[0], unitPrice: 1.123456789 }] }),
      [['items.0.unitPrice', 'TOO_MANY_DECIMALS']],
    ],
    [
      'a sale type is GRAVADA, EXENTA or NO_SUJETA',
      (b) => ({ ...b, items: [{ ...b.items[0], saleType: 'OTRA' }] }),
      [['items.0.saleType', 'INVALID_ENUM']],
    ],
    ['a tax line needs its tax code', (b) => ({ ...b, items: [{ ...b.items[3], taxCode: null }] }), [['items.0.taxCode', 'REQUIRED']]],
    ['a tax line is taxed', (b) => ({ ...b, items: [{ ...b.items[3], saleType: 'EXENTA' }] }), [['items.0.saleType', 'NOT_ALLOWED']]],
    [
      'only a tax line carries a tax code',
      (b) => ({ ...b, items: [{ ...b.items[1], taxCode: 'A8' }] }),
      [['items.0.taxCode', 'NOT_ALLOWED']],
    ],
    ['a line has no psv (fe-nr has none)', (b) => ({ ...b, items: [{ ...b.items[1], psv: 1 }] }), [['items.0.psv', 'UNKNOWN_FIELD']]],
    ['a global discount has cents at most', (b) => ({ ...b, discountGrav: 0.001 }), [['discountGrav', 'TOO_MANY_DECIMALS']]],
    ['no retention: an NR pays nothing', (b) => ({ ...b, retentionIva: 1 }), [['retentionIva', 'UNKNOWN_FIELD']]],
    ['no payment: an NR pays nothing', (b) => ({ ...b, paymentType: 'CONTADO' }), [['paymentType', 'UNKNOWN_FIELD']]],
    ['observations are at most 3000', (b) => ({ ...b, observations: 'x'.repeat(3001) }), [['observations', 'TOO_LONG']]],
    [
      'the branch office code has 4 characters',
      (b) => ({ ...b, branchOffice: { mhCode: 'M1', posNumber: 1 } }),
      [['branchOffice.mhCode', 'TOO_SHORT']],
    ],
    ['generatedAt is a date', (b) => ({ ...b, generatedAt: '2026-13-01' }), [['generatedAt', 'INVALID_DATE']]],
  ])('%s', (_rule, mutate, expected) => {
    expect(errors(mutate(rich()))).toEqual(expected);
  });

  it('a destination branch alone makes a valid body; a recipient alone too', () => {
    const { destinationBranch: _d, ...noBranch } = minimal();
    expect(errors({ ...noBranch, recipient: rich().recipient })).toEqual([]);
  });

  it('the decimal-quantity extension takes up to 8 decimals', () => {
    const b = minimal();
    expect(errors({ ...b, items: [{ ...b.items[0], quantity: 1.12345678 }] }, nrBodyOf('decimal'))).toEqual([]);
    expect(errors({ ...b, items: [{ ...b.items[0], quantity: 1.123456789 }] }, nrBodyOf('decimal'))).toEqual([
      ['items.0.quantity', 'TOO_MANY_DECIMALS'],
    ]);
  });
});
