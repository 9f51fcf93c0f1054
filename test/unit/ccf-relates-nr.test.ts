// A CCF that bills goods sent earlier with notas de remisión cites them in documentoRelacionado (tipoDocumento 04),
// under both normatives (docs/decisions/0080-nota-de-remision.md); a kind MH's enum does not take is refused.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, validate, type CcfBody } from '../../shared/contract';
import { buildCcfV3 } from '../../main/core/dte/mh/ccf-v3';
import { buildCcfV4 } from '../../main/core/dte/mh/ccf-v4';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { VALID_BODIES } from '../fixtures/bodies';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

const ID = '1c3e5a7b-9d2f-4a6b-8c0d-2e4f6a8b0c1d';
const NR_1 = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const NR_2 = '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
const FC = '9c3d4e5f-6a7b-4c8d-8e9f-1a2b3c4d5e6f';
const related: BuildContext['related'] = (id) =>
  id === FC
    ? { kind: 'FC', codigoGeneracion: id.toUpperCase(), issueDate: '2026-11-18' }
    : [NR_1, NR_2].includes(id)
      ? { kind: 'NR', codigoGeneracion: id.toUpperCase(), issueDate: '2026-11-19' }
      : undefined;
const ctx: BuildContext = { ...v2KindContext('CCF', 1), related };

function body(ids: string[]): CcfBody {
  const raw = VALID_BODIES.CCF(ID) as { items: Record<string, unknown>[] };
  // The first line names the first NR it bills.
  const items = raw.items.map((item, i) => (i === 0 ? { ...item, documentNumber: ids[0] } : item));
  const r = validate(CREATE_SCHEMAS.CCF, { ...raw, items, relatedTaxDocuments: ids.map((id) => ({ id })) });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

describe.each([
  ['fe-ccf-v3', buildCcfV3, validatorFor('fe-ccf-v3.json')],
  ['fe-ccf-v4', buildCcfV4, validatorForV2('fe-ccf-v4.json')],
] as const)('a CCF relating NRs as %s', (_name, build, validator) => {
  it('writes each NR as tipoDocumento 04 by its generation code, and validates', () => {
    const built = build(body([NR_1, NR_2]), ctx);
    expect(built.errors).toEqual([]);
    expect(validator(built.document), schemaErrors(validator)).toBe(true);
    expect(built.document.documentoRelacionado).toEqual([
      { tipoDocumento: '04', tipoGeneracion: 2, numeroDocumento: NR_1.toUpperCase(), fechaEmision: '2026-11-19' },
      { tipoDocumento: '04', tipoGeneracion: 2, numeroDocumento: NR_2.toUpperCase(), fechaEmision: '2026-11-19' },
    ]);
    expect((built.document.cuerpoDocumento as { numeroDocumento: unknown }[])[0]!.numeroDocumento).toBe(NR_1.toUpperCase());
  });

  it('refuses to relate a factura, which fe-ccf-v3 does not take', () => {
    expect(build(body([FC]), ctx).errors).toEqual([expect.objectContaining({ path: 'relatedTaxDocuments.0.id', code: 'NOT_ALLOWED' })]);
  });

  it('without related documents writes null, as before', () => {
    expect(build(body([]), ctx).document.documentoRelacionado).toBeNull();
  });
});
