// The hub_company table's one owner: the company as an ADMIN set it at the hub. Every document must name it as its
// issuer, and the books are headed with it, never with what a document says (docs/decisions/0030-hub-trust-model.md).
import { z } from 'zod';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import type { Clock } from '../core/clock';
import type { HubDb } from './hub-database';

export interface HubCompany {
  readonly nit: string;
  readonly nrc: string;
  readonly name: string;
}

export const hubCompanyInput = z.strictObject({
  nit: d(
    z.string().regex(/^[0-9]{9,14}$/, 'El NIT: de 9 a 14 dígitos, sin guiones.'),
    bi('NIT de la empresa, de 9 a 14 dígitos sin guiones.', "The company's NIT, 9 to 14 digits without hyphens."),
  ),
  nrc: d(
    z.string().regex(/^[0-9]{1,8}$/, 'El NRC: hasta 8 dígitos, sin guiones.'),
    bi('NRC de la empresa, hasta 8 dígitos.', "The company's NRC, up to 8 digits."),
  ),
  name: d(
    z.string().trim().min(1).max(250),
    bi('Nombre o razón social, hasta 250 caracteres.', 'Name or company name, up to 250 characters.'),
  ),
});

export function hubCompanyStore(db: HubDb, clock: Clock) {
  return {
    async get(): Promise<HubCompany | null> {
      const row = await db.selectFrom('hub_company').select(['nit', 'nrc', 'name']).executeTakeFirst();
      return row ?? null;
    },
    async set(c: HubCompany, by: string): Promise<HubCompany> {
      const values = { nit: c.nit, nrc: c.nrc, name: c.name, updated_at: clock.now(), updated_by: by };
      await db
        .insertInto('hub_company')
        .values(values)
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      return { nit: c.nit, nrc: c.nrc, name: c.name };
    },
  };
}

export type HubCompanyStore = ReturnType<typeof hubCompanyStore>;
