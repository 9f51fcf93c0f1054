// The IVA inside a consumer sale's price (13/113), rounded once on the month's sum: the one rule for the débito of
// the consumers' book, Anexo 2's casilla 140 and the returns' casilla 143, so no book and annex differ by a cent
// (docs/decisions/0061-one-reader-of-mh-json.md, "One rounding").
import { IVA_INCLUDED, round2 } from '../../../shared/tax';
import { cents, centsDec, type Cents } from './cents';

/** 13/113 of `withIva` (cents), rounded half up to the cent as MH rounds. */
export const ivaInside = (withIva: Cents): Cents => cents(round2(centsDec(withIva).times(IVA_INCLUDED)).toFixed(2));
