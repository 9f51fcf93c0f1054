// The homologation test set's generator: realistic, varied, valid request bodies of every kind, from a seed.
import type { CcfBody, DteKind } from '../../../../shared/contract';
import { contractValueAllowed } from '../../../../shared/catalogs/normative';
import type { Normative } from '../../../../shared/normative';
import { generateCcf } from './ccf';
import { generateCr } from './cr';
import { generateCd } from './donation';
import { generateFc } from './fc';
import { generateFex } from './fex';
import { generateFse } from './fse';
import { generateCl, generateDcl } from './liquidations';
import { generateNote } from './note';
import { generateNr } from './remission';
import { createRng, type Rng } from './rng';

export type { Rng } from './rng';

export interface GenerateContext {
  readonly normative: Normative;
  /** El Salvador date YYYY-MM-DD; bodies omit generatedAt (the station uses today). */
  readonly today: string;
  /** NC and ND only: the sealed CCF this note adjusts, with the body it was issued with. */
  readonly related?: { readonly id: string; readonly body: CcfBody };
}

/** Deterministic: the same (seed, seq) gives the same sequence, whatever was generated before. */
export function rngFor(seed: number, seq: number): Rng {
  return createRng(seed, seq);
}

/** A valid body of `kind` with `id`, drawn from `rng`: the same inputs give byte-identical output. */
export function generateBody(kind: DteKind, id: string, rng: Rng, ctx: GenerateContext): Record<string, unknown> {
  return withUnitsOf(ctx.normative, drawBody(kind, id, rng, ctx));
}

/**
 * The pools name units of the legacy CAT-014; a unit the normative's catalog lacks (2026 has no MANZANA) is sold as
 * OTRA. Units change no amount, so the rest of the document is the same under either normative.
 */
function withUnitsOf(normative: Normative, body: Record<string, unknown>): Record<string, unknown> {
  const fit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(fit);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) =>
        k === 'unitMeasure' && typeof v === 'string' && !contractValueAllowed('CAT-014', normative, v) ? [k, 'OTRA'] : [k, fit(v)],
      ),
    );
  };
  return fit(body) as Record<string, unknown>;
}

function drawBody(kind: DteKind, id: string, rng: Rng, ctx: GenerateContext): Record<string, unknown> {
  switch (kind) {
    case 'FC':
      return generateFc(id, rng, ctx.normative);
    case 'CCF':
      return generateCcf(id, rng, ctx.normative);
    case 'NC':
    case 'ND':
      if (!ctx.related) throw new Error(`Una ${kind === 'NC' ? 'nota de crédito' : 'nota de débito'} necesita el CCF que ajusta.`);
      return generateNote(kind, id, rng, ctx.related);
    case 'CR':
      return generateCr(id, rng, ctx.today);
    case 'FSE':
      return generateFse(id, rng, ctx.normative);
    case 'FEX':
      return generateFex(id, rng, ctx.normative);
    case 'CL':
      return generateCl(id, rng, ctx.today);
    case 'DCL':
      return generateDcl(id, rng, ctx.today);
    case 'CD':
      return generateCd(id, rng, ctx.normative);
    case 'NR':
      return generateNr(id, rng);
  }
}
