// The homologation generator (main/core/homologation/generate): deterministic per (seed, seq), every body valid for
// the contract and, built by each normative's serializer, for MH's official schema and sums; and the variety the
// test set promises (every identification type, sale type, discount, retention, attachment...) actually occurs.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, ECONOMIC_ACTIVITY_CODES, UNIT_KEYS } from '../../shared/catalogs';
import { CAT020_BY_ISO } from '../../shared/catalogs/data/country-cat020';
import { CREATE_SCHEMAS, ID_TYPES, validate, type CcfBody, type DteKind } from '../../shared/contract';
import { HOMOLOGATION_MINIMUMS } from '../../shared/homologation';
import type { Normative } from '../../shared/normative';
import { dec } from '../../shared/tax';
import type { BuildContext } from '../../main/core/dte/mh/context';
import { serializerFor } from '../../main/core/dte/mh/serializers';
import { generateBody, rngFor } from '../../main/core/homologation/generate';
import { COMPANIES, EXPORTS, FOREIGN_BUYERS, FSE_PRODUCTS, PERSON_ACTIVITIES, PRODUCTS } from '../../main/core/homologation/generate/pools';
import { totalsProblems } from '../../main/mh-sim/totals';
import { schemaErrors, validatorFor, validatorForV2 } from '../support/mh-schemas';
import { v2KindContext } from '../support/v2-kind-context';

type Body = Record<string, unknown>;
type Item = Record<string, unknown>;
const TODAY = '2026-11-22';
const SEED = 20261122;
const KINDS: readonly DteKind[] = ['FC', 'CCF', 'NC', 'ND', 'CR', 'FSE', 'FEX'];
const idOf = (kind: DteKind, n: number) => `c0ffee00-0000-4000-8000-${String(KINDS.indexOf(kind) * 1000 + n).padStart(12, '0')}`;

/** Each kind's minimum of documents, the notes relating the set's CCFs in turn (as the runner does). */
function generateSet(seed: number, normative: Normative): Map<DteKind, Body[]> {
  const set = new Map<DteKind, Body[]>();
  let seq = 0;
  for (const kind of KINDS) {
    const ccfs = set.get('CCF') ?? [];
    const bodies = Array.from({ length: HOMOLOGATION_MINIMUMS[kind] }, (_, n) => {
      const source = ccfs[n % Math.max(ccfs.length, 1)];
      const related = kind === 'NC' || kind === 'ND' ? { id: source!.id as string, body: parsedCcf(source!) } : undefined;
      return generateBody(kind, idOf(kind, n), rngFor(seed, ++seq), { normative, today: TODAY, ...(related ? { related } : {}) });
    });
    set.set(kind, bodies);
  }
  return set;
}

function parsedCcf(body: Body): CcfBody {
  const parsed = validate(CREATE_SCHEMAS.CCF, body);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

const related: BuildContext['related'] = (id) => ({ kind: 'CCF', codigoGeneracion: id.toUpperCase(), issueDate: TODAY });

describe('determinism', () => {
  it('the same (seed, seq) gives the same numbers; another seq or seed, others', () => {
    const draw = (seed: number, seq: number) => Array.from({ length: 8 }, () => rngFor(seed, seq).next());
    expect(draw(7, 1)).toEqual(draw(7, 1));
    const a = rngFor(7, 1);
    const b = rngFor(7, 2);
    const c = rngFor(8, 1);
    const first = [a.next(), a.next(), a.next()];
    expect([b.next(), b.next(), b.next()]).not.toEqual(first);
    expect([c.next(), c.next(), c.next()]).not.toEqual(first);
    const r = rngFor(1, 0);
    for (let i = 0; i < 200; i++) {
      expect(r.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const v = r.int(3, 5);
      expect(v >= 3 && v <= 5 && Number.isInteger(v)).toBe(true);
    }
  });

  it.each(['legacy', '2026'] as const)(
    'the same inputs give byte-identical bodies (%s)',
    (normative) => {
      const one = generateSet(SEED, normative);
      const two = generateSet(SEED, normative);
      for (const kind of KINDS) expect(JSON.stringify(two.get(kind))).toBe(JSON.stringify(one.get(kind)));
      const other = generateSet(SEED + 1, normative);
      expect(JSON.stringify(other.get('FC'))).not.toBe(JSON.stringify(one.get('FC')));
      // Bodies omit generatedAt: the station issues them today.
      for (const kind of KINDS) for (const b of one.get(kind)!) expect(b).not.toHaveProperty('generatedAt');
    },
    60_000,
  );
});

describe('pools', () => {
  it('hold only codes of MH catalogs', () => {
    for (const a of [...COMPANIES.map((c) => c.activity), ...PERSON_ACTIVITIES]) expect(ECONOMIC_ACTIVITY_CODES.has(a), a).toBe(true);
    for (const p of [...PRODUCTS, ...FSE_PRODUCTS, ...EXPORTS.goods, ...EXPORTS.services]) expect(UNIT_KEYS, p.unit).toContain(p.unit);
    for (const b of FOREIGN_BUYERS) expect(COUNTRY_CODES.has(b.country) && CAT020_BY_ISO[b.country] !== undefined, b.country).toBe(true);
  });
});

// Thousands of bodies built and checked against MH's schemas: seconds, more on a loaded machine.
describe.each(['legacy', '2026'] as const)('every body under the %s normative', (normative) => {
  it('passes the contract, builds without errors, meets MH schema and adds up', () => {
    for (const seed of [1, 42, SEED]) {
      const set = generateSet(seed, normative);
      for (const kind of KINDS) {
        const serializer = serializerFor(normative, kind);
        const validator = normative === 'legacy' ? validatorFor(serializer.schema) : validatorForV2(serializer.schema);
        set.get(kind)!.forEach((body, n) => {
          const parsed = validate(CREATE_SCHEMAS[kind], body);
          expect(parsed.ok, `${kind} ${JSON.stringify(!parsed.ok && parsed.errors)}\n${JSON.stringify(body)}`).toBe(true);
          if (!parsed.ok) return;
          const built = serializer.build(parsed.value, { ...v2KindContext(kind, n + 1), related });
          expect(built.errors, `${kind} ${JSON.stringify(body)}`).toEqual([]);
          expect(validator(built.document), `${kind}: ${schemaErrors(validator)}\n${JSON.stringify(body)}`).toBe(true);
          expect(totalsProblems(kind, built.document), kind).toEqual([]);
        });
      }
    }
  }, 60_000);
});

/** Every value `pick` gives over `bodies`, flattened. */
const seen = (bodies: readonly Body[], pick: (b: Body) => unknown): Set<unknown> => new Set(bodies.flatMap((b) => [pick(b)].flat(2)));
const items = (b: Body) => b.items as Item[];
const recipientId = (b: Body) =>
  (b.recipient as { identificationDocument?: { type: string } } | undefined)?.identificationDocument?.type ?? 'NONE';

describe('the variety the homologation set promises', () => {
  const legacy = generateSet(SEED, 'legacy');
  const v2 = generateSet(SEED, '2026');
  const of = (kind: DteKind) => legacy.get(kind)!;

  it('FC: no recipient and each identification, every sale type, discounts, non-taxed, attachments, payments', () => {
    const fc = of('FC');
    expect(seen(fc, recipientId)).toEqual(new Set(['NONE', ...ID_TYPES]));
    expect(fc.some((b) => (b.recipient as { nrc?: string } | undefined)?.nrc)).toBe(true);
    expect(seen(fc, (b) => items(b).map((i) => i.saleType))).toEqual(new Set(['GRAVADA', 'EXENTA', 'NO_SUJETA']));
    expect(seen(fc, (b) => items(b).map((i) => i.type))).toEqual(new Set(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS']));
    expect(seen(fc, (b) => items(b).map((i) => i.unitMeasure)).size).toBeGreaterThanOrEqual(8);
    expect(fc.some((b) => items(b).some((i) => i.discountAmount))).toBe(true);
    expect(fc.some((b) => items(b).some((i) => i.psv))).toBe(true);
    expect(fc.some((b) => b.discountGrav) && fc.some((b) => b.discountExe || b.discountNoSuj)).toBe(true);
    expect(fc.some((b) => b.itemsNoGrav)).toBe(true);
    expect(seen(fc, (b) => ((b.attachments ?? []) as Item[]).map((a) => a.code))).toEqual(new Set(['EMISOR', 'RECEPTOR', 'DOCTOR']));
    expect(fc.some((b) => b.thirdPartySale)).toBe(true);
    expect(fc.some((b) => (b.payments as unknown[] | undefined)?.length === 1)).toBe(true);
    expect(fc.some((b) => ((b.payments as unknown[] | undefined)?.length ?? 0) > 1)).toBe(true);
    expect(seen(fc, (b) => b.paymentType)).toEqual(new Set(['CONTADO', 'CREDITO', 'OTRO']));
    expect(fc.length).toBe(90);
  });

  it('CCF: NIT and DUI, tax lines, suggested prices, retentions (renta only legacy), third parties, attachments', () => {
    const ccf = of('CCF');
    expect(seen(ccf, recipientId)).toEqual(new Set(['NIT', 'DUI']));
    expect(seen(ccf, (b) => items(b).map((i) => i.saleType))).toEqual(new Set(['GRAVADA', 'EXENTA', 'NO_SUJETA']));
    expect(seen(ccf, (b) => items(b).map((i) => i.taxCode)).size).toBeGreaterThanOrEqual(3);
    expect(ccf.some((b) => items(b).some((i) => i.psv))).toBe(true);
    expect(ccf.some((b) => b.retentionIva) && ccf.some((b) => b.retentionRenta)).toBe(true);
    expect(v2.get('CCF')!.some((b) => b.retentionRenta)).toBe(false);
    expect(ccf.some((b) => b.thirdPartySale) && ccf.some((b) => b.attachments) && ccf.some((b) => b.itemsNoGrav)).toBe(true);
    expect(seen(ccf, (b) => b.paymentType)).toEqual(new Set(['CONTADO', 'CREDITO', 'OTRO']));
    // A large taxpayer's 1 % is exact.
    for (const b of ccf.filter((x) => x.retentionIva)) {
      const taxed = items(b)
        .filter((i) => i.saleType === 'GRAVADA')
        .reduce(
          (s, i) =>
            s.plus(
              dec(i.quantity as number)
                .times(i.unitPrice as number)
                .minus(dec(i.discountAmount as number)),
            ),
          dec(0),
        )
        .minus(dec(b.discountGrav as number));
      expect(b.retentionIva).toBe(taxed.div(100).toDecimalPlaces(2).toNumber());
    }
  });

  it('NC and ND: the CCF related, its recipient, its lines; an NC never above the CCF line, an ND sometimes above', () => {
    const ccfs = new Map(of('CCF').map((b) => [b.id, b]));
    for (const kind of ['NC', 'ND'] as const) {
      for (const note of of(kind)) {
        const [rel] = note.relatedTaxDocuments as { id: string }[];
        const ccf = ccfs.get(rel!.id)!;
        expect(note.recipient).toEqual(ccf.recipient);
        for (const line of items(note)) expect(line.documentNumber).toBe(rel!.id);
        if (kind === 'NC') {
          const value = (l: Item) => dec(l.quantity as number).times(l.unitPrice as number);
          const sold = items(ccf).reduce((s, l) => s.plus(value(l)), dec(0));
          const back = items(note).reduce((s, l) => s.plus(value(l)), dec(0));
          expect(back.lessThanOrEqualTo(sold.times('0.36'))).toBe(true);
        }
      }
    }
    expect(of('NC').some((b) => items(b).some((i) => String(i.description).startsWith('Devolución')))).toBe(true);
    expect(of('NC').some((b) => items(b).some((i) => String(i.description).startsWith('Rebaja')))).toBe(true);
    expect(of('ND').some((b) => items(b).some((i) => String(i.description).startsWith('Intereses')))).toBe(true);
    expect(of('NC').some((b) => b.retentionIva) || of('ND').some((b) => b.retentionIva)).toBe(true);
  });

  it('CR: each identification, physical and electronic documents of FC, CCF and FSE, every retention code, consistent', () => {
    const cr = of('CR');
    expect(seen(cr, recipientId)).toEqual(new Set(ID_TYPES));
    const lines = cr.flatMap(items);
    expect(new Set(lines.map((l) => l.documentType))).toEqual(new Set(['FISICO', 'DIGITAL']));
    expect(new Set(lines.map((l) => l.taxDocumentType))).toEqual(new Set(['FC', 'CCF', 'FSE']));
    expect(new Set(lines.map((l) => l.retentionCode)).size).toBe(3);
    const rate = { RETENCION_IVA_1: 1, RETENCION_IVA_13: 13, OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES: 2 } as Record<string, number>;
    for (const l of lines) {
      expect(String(l.taxDocumentGeneratedAt) <= TODAY).toBe(true);
      if (l.documentType === 'FISICO') expect(String(l.taxDocumentNumber).length).toBeLessThanOrEqual(20);
      expect(l.ivaRetained).toBe(
        dec(l.amountSubject as number)
          .times(rate[l.retentionCode as string]!)
          .div(100)
          .toDecimalPlaces(2)
          .toNumber(),
      );
    }
  });

  it('FSE: each identification, fractional quantities, goods and services, discounts and retentions', () => {
    const fse = of('FSE');
    expect(seen(fse, recipientId)).toEqual(new Set(ID_TYPES));
    expect(fse.some((b) => items(b).some((i) => !Number.isInteger(i.quantity)))).toBe(true);
    expect(seen(fse, (b) => items(b).map((i) => i.type))).toEqual(new Set(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS']));
    expect(fse.some((b) => b.discount) && fse.some((b) => items(b).some((i) => i.discountAmount))).toBe(true);
    expect(fse.some((b) => b.retentionRenta) && fse.some((b) => b.retentionIva)).toBe(true);
    expect(v2.get('FSE')!.some((b) => b.retentionIva)).toBe(false);
    expect(v2.get('FSE')!.some((b) => b.retentionRenta)).toBe(true);
  });

  it('FEX: many countries, every item type, incoterms, freight, insurance, customs, transport, appendices, comments', () => {
    const fex = of('FEX');
    expect(seen(fex, (b) => (b.recipient as { country: string }).country).size).toBeGreaterThanOrEqual(8);
    expect(seen(fex, (b) => b.itemType)).toEqual(new Set(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS']));
    expect(seen(fex, (b) => b.incoterms).size).toBeGreaterThanOrEqual(8);
    expect(fex.some((b) => b.freight) && fex.some((b) => b.insurance) && fex.some((b) => b.discount)).toBe(true);
    expect(fex.some((b) => b.taxArea && b.taxRegimen)).toBe(true);
    expect(fex.filter((b) => b.itemType === 'SERVICIOS').every((b) => !b.taxArea && !b.taxRegimen)).toBe(true);
    const transports = seen(fex, (b) =>
      ((b.attachments ?? []) as { driver?: { transport: string } }[]).map((a) => a.driver?.transport ?? []),
    );
    expect(transports.size).toBeGreaterThanOrEqual(3);
    expect(fex.some((b) => b.appendices) && fex.some((b) => b.comments) && fex.some((b) => b.thirdPartySale)).toBe(true);
    expect(fex.some((b) => b.itemsNoGrav) && fex.some((b) => b.payments)).toBe(true);
  });
});
