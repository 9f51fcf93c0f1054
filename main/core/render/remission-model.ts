// What the paper of a nota de remisión shows beyond its goods lines, read from its signed MH JSON
// (docs/decisions/0080-nota-de-remision.md): why the goods travel (CAT-025), who hands them over and who receives
// them (fe-nr-v3's extension; v4 writes them in the apéndice, which the paper prints as it does any other's), the
// observations, and totals with no payment. model.ts calls in.
import type { MhDocumentView, MhResumenView } from '../dte/mh/document-types';
import { money } from './format';
import type { Party } from './model';

/** CAT-025 Título a que se remiten los bienes. */
const GOODS_TITLE: Readonly<Record<string, string>> = {
  '01': 'Depósito',
  '02': 'Propiedad',
  '03': 'Consignación',
  '04': 'Traslado',
  '05': 'Otros',
};

const said = (...parts: (string | null | undefined)[]) => parts.filter((p) => p != null && p !== '').join(' ');

/** The remission's own section: the title of the goods, then whoever fe-nr-v3 names and the observations. */
export function remissionSection(doc: MhDocumentView): Party {
  const title = doc.receptor?.bienTitulo;
  const x = doc.extension ?? null;
  const observations = x?.observaciones ?? doc.resumen?.observaciones ?? null;
  const lines: [string, string][] = [['Bienes remitidos a título de', title ? (GOODS_TITLE[title] ?? title) : '']];
  if (x?.nombEntrega) lines.push(['Entrega', said(x.nombEntrega, x.docuEntrega ? `(${x.docuEntrega})` : null)]);
  if (x?.nombRecibe) lines.push(['Recibe', said(x.nombRecibe, x.docuRecibe ? `(${x.docuRecibe})` : null)]);
  if (observations) lines.push(['Observaciones', observations]);
  return { title: 'Nota de remisión', lines };
}

/** The totals: the sale's sums and IVA, and the operation's amount; nothing is paid with a remission. */
export function remissionTotals(
  r: MhResumenView,
  iva: unknown,
): { rows: [string, string][]; toPay: [string, string]; words: string | undefined } {
  return {
    rows: [
      ['Sumas: no sujetas / exentas / gravadas', `${money(r.totalNoSuj)} / ${money(r.totalExenta)} / ${money(r.totalGravada)}`],
      ['Descuentos', money(r.totalDescu)],
      ['Subtotal', money(r.subTotal)],
      ['IVA 13 %', money(iva ?? 0)],
    ],
    toPay: ['Monto total de la operación', money(r.montoTotalOperacion)],
    words: r.totalLetras ?? undefined,
  };
}
