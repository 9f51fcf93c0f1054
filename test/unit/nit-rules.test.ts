// What the contract takes as a NIT or a DUI (docs/decisions/0076-fields-said-in-two-languages.md): the format MH's
// schemas and the service spec state, never a check digit MH does not verify; a DUI-as-NIT goes as a DUI.
import { describe, expect, it } from 'vitest';
import { ccfBody as ccfSchema, validate, type FieldError } from '../../shared/contract';
import { companySchema } from '../../shared/station';
import { ccfBody } from '../fixtures/bodies';

const ID = '7b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d01';
const PATH = 'recipient.identificationDocument.number';

function errorsFor(type: string, number: string): FieldError[] {
  const body = ccfBody(ID);
  const r = validate(ccfSchema, { ...body, recipient: { ...(body.recipient as object), identificationDocument: { type, number } } });
  return r.ok ? [] : r.errors.filter((e) => e.path.startsWith('recipient.identificationDocument'));
}

describe('a recipient NIT', () => {
  it('takes 14 digits whatever the last one: MH verifies no check digit, so neither does Sello', () => {
    for (const last of '0123456789') expect(errorsFor('NIT', `0614123456789${last}`), last).toEqual([]);
  });

  it('refuses 13 or 15 digits, hyphens and letters (422 INVALID_FORMAT naming the number)', () => {
    for (const number of ['0614123456789', '061412345678901', '0614-123456-789-0', '0614123456789A']) {
      expect(
        errorsFor('NIT', number).map((e) => [e.path, e.code]),
        number,
      ).toEqual([[PATH, 'INVALID_FORMAT']]);
    }
  });

  it('refuses 9 digits as a NIT: a DUI used as NIT is sent as type DUI', () => {
    expect(errorsFor('NIT', '012345678').map((e) => e.path)).toEqual([PATH]);
    expect(errorsFor('DUI', '012345678')).toEqual([]);
  });
});

describe('a recipient DUI', () => {
  it('takes 9 digits and refuses the hyphenated form or 8 digits', () => {
    expect(errorsFor('DUI', '098765432')).toEqual([]);
    for (const number of ['09876543-2', '09876543'])
      expect(
        errorsFor('DUI', number).map((e) => e.path),
        number,
      ).toEqual([PATH]);
  });
});

describe("the issuer's NIT", () => {
  const company = (nit: string) => ({
    id: ID,
    nit,
    nrc: '1234567',
    name: 'Empresa Demo',
    economicActivity: '46900',
    economicActivityDescription: 'Venta al por mayor',
    phone: '22223333',
    email: 'demo@example.com',
    address: { department: '06', municipality: '14', complement: 'Calle Principal 123' },
  });
  it("takes 14 digits or 9 (MH's emisor pattern), and nothing else", () => {
    expect(companySchema.safeParse(company('06141234567890')).success).toBe(true);
    expect(companySchema.safeParse(company('012345678')).success).toBe(true);
    expect(companySchema.safeParse(company('0614123456789')).success).toBe(false);
  });
});
