// The invalidation event of the Normativa v2.0 (invalidacion-schema-v3, docs/mh.md): valid
// for each of the seven kinds, dated by MF2 p.11's rule per kind, with the counterpart null only where the DTE had none.
import { describe, expect, it } from 'vitest';
import { CREATE_SCHEMAS, DTE_KINDS, invalidateBody, validate, type DteKind } from '../../shared/contract';
import { buildInvalidacionV3, type InvalidacionV3Input } from '../../main/core/dte/invalidation/invalidacion-v3';
import { SERIALIZERS } from '../../main/core/dte/mh/serializers';
import { buildFeV2 } from '../../main/core/dte/mh/fe-v2';
import { invalidationEventDate } from '../../main/core/normative/invalidation-windows';
import { VALID_BODIES, fcBody, ncBody } from '../fixtures/bodies';
import { schemaErrors, validatorForV2 } from '../support/mh-schemas';
import { V2_STATION, v2Context } from '../support/v2-context';
import { v2KindContext } from '../support/v2-kind-context';

const CCF_ID = '1c3e5a7b-9d2f-4a6b-8c0d-2e4f6a8b0c1d';
const ID = '2a4c6e8f-0b1d-4f3a-9c5e-7a9b1c3d5e7f';
const SEAL = '2026A1B2C3D4E5F6A7B8C9D0E1F2A3B4C5D6E7F8';
const validator = validatorForV2('invalidacion-schema-v3.json');

/** The kind's fixture as Sello issues it today, generated 2026-11-22 at 09:30 (v2Context). */
function issued(kind: DteKind): Record<string, unknown> {
  const raw = kind === 'NC' || kind === 'ND' ? ncBody(ID, CCF_ID) : VALID_BODIES[kind](ID);
  const parsed = validate(CREATE_SCHEMAS[kind], raw);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const ctx = {
    ...v2KindContext(kind, 1),
    related: () => ({ kind: 'CCF' as const, codigoGeneracion: CCF_ID.toUpperCase(), issueDate: '2026-11-20' }),
  };
  const built = SERIALIZERS[kind].build(parsed.value, ctx);
  expect(built.errors).toEqual([]);
  return built.document;
}

function input(doc: Record<string, unknown>, fecAnula = '2026-11-25', patch: Record<string, unknown> = {}): InvalidacionV3Input {
  const body = validate(invalidateBody, { dteId: ID, ...patch });
  if (!body.ok) throw new Error(JSON.stringify(body.errors));
  const manager = V2_STATION.responsible!;
  return {
    station: V2_STATION,
    ambiente: '00',
    codigoGeneracion: '9B1D3F5A-7C8E-4B0D-8ECF-4A6B8C0D2E4F',
    fecAnula,
    horAnula: '16:05:00',
    target: { doc, seal: SEAL, posNumber: 1 },
    replacementCode: null,
    body: body.value,
    manager,
    requester: manager,
  };
}

const expectValid = (event: unknown) => expect(validator(event), schemaErrors(validator)).toBe(true);

describe('invalidation v3', () => {
  it.each(DTE_KINDS)('%s: valid against invalidacion-schema-v3, with the MH codes and without the fields v3 removed', (kind) => {
    const { event, errors } = buildInvalidacionV3(input(issued(kind)));
    expect(errors).toEqual([]);
    expectValid(event);
    expect(event.identificacion).toMatchObject({ version: 3, fusion: null });
    expect(event.emisor).toMatchObject({ codEstableMH: 'M001', codPuntoVentaMH: 'P001' });
    expect(event.emisor).not.toHaveProperty('tipoEstablecimiento');
    expect(event.emisor).not.toHaveProperty('nomEstablecimiento');
    expect(event.documento).not.toHaveProperty('montoIva');
    expect(event.documento.nombre).not.toBeNull();
    expect(Object.keys(event.documento)).toEqual(expect.arrayContaining(['telefono', 'correo']));
  });

  it('MF2 p.11: CCF, NC, ND and CR are dated on the generation day (with its time); FE, FEX and FSE on their own day', () => {
    const dated = (kind: DteKind, fecAnula: string) => buildInvalidacionV3(input(issued(kind), fecAnula)).event.identificacion;
    for (const kind of ['CCF', 'NC', 'ND', 'CR'] as const)
      expect(dated(kind, '2026-11-25')).toMatchObject({ fecEmi: '2026-11-22', horEmi: '09:30:00' });
    for (const kind of ['FC', 'FEX', 'FSE'] as const) {
      expect(dated(kind, '2026-11-25')).toMatchObject({ fecEmi: '2026-11-25', horEmi: '16:05:00' });
      // Past three months from the generation, the event takes the range's last day (MH's check 1 compares dates).
      expect(dated(kind, '2027-03-01')).toMatchObject({ fecEmi: '2027-02-22', horEmi: '09:30:00' });
      // A clock behind the document's date never dates the event before it.
      expect(dated(kind, '2026-11-21')).toMatchObject({ fecEmi: '2026-11-22', horEmi: '09:30:00' });
    }
    // The rule lives in the normative's table; the legacy normative sets none, so the invalidation's own date stands.
    expect(invalidationEventDate('2026', 'CCF', '2026-11-22', '2026-12-03')).toBe('2026-11-22');
    expect(invalidationEventDate('legacy', 'CCF', '2026-11-22', '2026-12-03')).toBe('2026-12-03');
  });

  it('MF2 p.13: an FE without receptor gives null identity and contact; a receptor without identity keeps its name', () => {
    const fe = (recipient: unknown) => {
      const parsed = validate(CREATE_SCHEMAS.FC, { ...fcBody(ID), recipient });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return buildFeV2(parsed.value, v2Context(1)).document;
    };
    const anonymous = buildInvalidacionV3(input(fe(undefined))).event;
    expect(anonymous.documento).toMatchObject({ tipoDocumento: null, numDocumento: null, nombre: null, telefono: null, correo: null });
    expectValid(anonymous);
    const named = buildInvalidacionV3(input(fe({ name: 'Ana Pérez' }))).event;
    expect(named.documento).toMatchObject({ tipoDocumento: null, numDocumento: null, nombre: 'Ana Pérez' });
    expectValid(named);
    // The legacy FE v1 without receptor too (a stored document keeps its version).
    const parsed = validate(CREATE_SCHEMAS.FC, { ...fcBody(ID), recipient: undefined });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const legacy = buildInvalidacionV3(input(SERIALIZERS.FC.build(parsed.value, v2Context(1)).document)).event;
    expect(legacy.documento).toMatchObject({ tipoDocumento: null, numDocumento: null, nombre: null });
  });

  it('copies a CCF receptor by its NIT (CAT-022 36) and carries the replacement and the reason', () => {
    const p = input(issued('CCF'), '2026-11-22', {
      dteReplaceId: '8a0c2e4f-6b7d-4a9c-9dbe-3f5a7b9c1d3e',
      type: 3,
      reason: 'Cambio de bienes',
    });
    const { event } = buildInvalidacionV3({ ...p, replacementCode: '8A0C2E4F-6B7D-4A9C-9DBE-3F5A7B9C1D3E' });
    expect(event.documento).toMatchObject({
      tipoDte: '03',
      tipoDocumento: '36',
      codigoGeneracionR: '8A0C2E4F-6B7D-4A9C-9DBE-3F5A7B9C1D3E',
    });
    expect(event.motivo).toMatchObject({ tipoAnulacion: 3, motivoAnulacion: 'Cambio de bienes' });
    expectValid(event);
  });

  it('refuses a reason over the 200 characters of invalidacion-schema-v3 (the contract allows 250)', () => {
    const { errors } = buildInvalidacionV3(input(issued('FC'), '2026-11-25', { reason: 'x'.repeat(201) }));
    expect(errors.map((e) => e.path)).toEqual(['reason']);
  });
});
