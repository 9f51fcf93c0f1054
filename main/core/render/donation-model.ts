// What the paper shows of a comprobante de donación, read from its signed MH JSON: the donated lines with their
// CAT-026 type, value and depreciation, the total, and the donor's domicile and country
// (docs/decisions/0082-comprobante-de-donacion.md). model.ts calls in.
import { COUNTRIES, UNITS } from '../../../shared/catalogs';
import { isoOfCat020 } from '../../../shared/catalogs/normative';
import type { MhDocumentView, MhResumenView } from '../dte/mh/document-types';
import { dec, round2, sum } from '../../../shared/tax';
import { money, quantity } from './format';
import type { Table } from './model';

/** CAT-026, as the paper says it. */
export const DONATION_KIND: Readonly<Record<string, string>> = { 1: 'Efectivo', 2: 'Bien', 3: 'Servicio' };

const UNIT_NAMES = new Map<unknown, string>(UNITS.map((u) => [u.code, u.name]));

/** A country's name from the CD's codPais: CAT-020 (v1) or ISO alpha-2 (v2.0); the code itself when unknown. */
export function countryName(code: string): string {
  const iso = isoOfCat020(code) ?? code;
  return COUNTRIES.find((c) => c.code === iso)?.name ?? code;
}

/** CAT-032, as the paper says it; null for the kinds whose counterpart has no domicile. */
export const domicileName = (code: unknown): string | null => (code === 1 ? 'Domiciliado' : code === 2 ? 'No domiciliado' : null);

/** The donated lines: the receipt reads quantity × unit value (columns 0 and 3) and the description. */
export function cdTable(doc: MhDocumentView): Table {
  const lines = doc.cuerpoDocumento ?? [];
  return {
    columns: [
      { label: 'Cant.', width: 0.8, align: 'right' },
      { label: 'Unidad', width: 1, align: 'left' },
      { label: 'Descripción', width: 3.9, align: 'left' },
      { label: 'Valor unitario', width: 1.3, align: 'right' },
      { label: 'Depreciación', width: 1.2, align: 'right' },
      { label: 'Valor donado', width: 1.3, align: 'right' },
    ],
    rows: lines.map((l) => [
      quantity(l.cantidad),
      UNIT_NAMES.get(l.uniMedida) ?? '',
      // The CAT-026 type leads the description, so the receipt, which prints only the description, says it too.
      `${DONATION_KIND[String(l.tipoDonacion)] ?? String(l.tipoDonacion)}: ${l.descripcion ?? ''}`,
      money(l.valorUni),
      money(l.depreciacion ?? l.tipoDepreciacion ?? 0),
      money(l.valor),
    ]),
    lineTotals: lines.map((l) => money(l.valor)),
  };
}

/** The value of each kind of donation, then the total donated and its words. */
export function cdTotals(doc: MhDocumentView, r: MhResumenView) {
  const lines = doc.cuerpoDocumento ?? [];
  const rows: [string, string][] = [1, 2, 3].flatMap((type): [string, string][] => {
    const of = lines.filter((l) => l.tipoDonacion === type);
    // Summed exactly and rounded to cents as MH rounds its valorTotal (cd-parts.ts).
    const value = round2(sum(of.map((l) => dec(String(l.valor ?? 0)))));
    return of.length ? [[`Donado en ${DONATION_KIND[type]!.toLowerCase()}`, money(value.toFixed(2))]] : [];
  });
  return { rows, toPay: ['Valor total donado', money(r.valorTotal)] as [string, string], words: r.totalLetras ?? undefined };
}
