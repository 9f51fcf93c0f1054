// What the paper shows of the two liquidations, read from their signed MH JSON: a CL's reported documents and totals,
// a DCL's period, amounts, commission and líquido a pagar (docs/decisions/0081-liquidaciones.md). model.ts calls in.
import type { clItems, clResumenHead } from '../dte/mh/cl-parts';
import type { dclCuerpo } from '../dte/mh/dcl-parts';
import type { MhDocumentView, View } from '../dte/mh/document-types';
import { date, money } from './format';
import type { Party, Table } from './model';

/** A CL line as either version writes it (v2.0 renames fechaGeneracion and obsItem). */
type ClLineView = View<ReturnType<typeof clItems>[number] & { fechaEmision: string; observaciones: string | null }>;
type ClResumenView = View<
  ReturnType<typeof clResumenHead> & { exportacion: number; totalLetras: string | null; observaciones: string | null }
>;
type DclCuerpoView = View<ReturnType<typeof dclCuerpo>>;

/** The parts of a liquidation's JSON the shared document view does not type. */
const parts = (doc: MhDocumentView) =>
  doc as unknown as {
    cuerpoDocumento?: unknown;
    resumen?: ClResumenView | null;
    extension?: { observaciones?: string | null; nombEntrega?: string | null; docuEntrega?: string | null } | null;
  };

const LINE_KIND: Readonly<Record<string, string>> = {
  '01': 'Factura',
  '03': 'CCF',
  '05': 'Nota de crédito',
  '06': 'Nota de débito',
  '11': 'FEX',
};

const clLines = (doc: MhDocumentView): readonly ClLineView[] => {
  const body = parts(doc).cuerpoDocumento;
  return Array.isArray(body) ? (body as ClLineView[]) : [];
};
const dclCuerpoOf = (doc: MhDocumentView): DclCuerpoView => {
  const body = parts(doc).cuerpoDocumento;
  return body && typeof body === 'object' && !Array.isArray(body) ? body : {};
};

/**
 * The documents a CL reports: kind and date, number, observation and the amounts. Nine columns would not leave the
 * generation code its one line (as the CR's table keeps it), so the date goes with the kind and each line's IVA, 13 %
 * of its taxed sales, is left to the totals and the receipt's line amount.
 */
export function clTable(doc: MhDocumentView): Table {
  const lines = clLines(doc);
  const n = (v: unknown) => Number(v ?? 0);
  return {
    columns: [
      { label: 'Documento', width: 1.5, align: 'left' },
      { label: 'N.º / código', width: 3.6, align: 'left' },
      { label: 'Descripción', width: 1.3, align: 'left' },
      { label: 'No sujetas', width: 1, align: 'right' },
      { label: 'Exentas', width: 1, align: 'right' },
      { label: 'Gravadas', width: 1.1, align: 'right' },
      { label: 'Export.', width: 1.1, align: 'right' },
    ],
    rows: lines.map((l) => [
      `${LINE_KIND[String(l.tipoDte)] ?? String(l.tipoDte)} ${l.tipoGeneracion === 2 ? 'electrónico' : 'físico'}, ${date(l.fechaGeneracion ?? l.fechaEmision)}`,
      String(l.numeroDocumento ?? ''),
      String(l.obsItem ?? l.observaciones ?? ''),
      money(l.ventaNoSuj),
      money(l.ventaExenta),
      money(l.ventaGravada),
      money(l.exportaciones),
    ]),
    lineTotals: lines.map((l) => money(n(l.ventaNoSuj) + n(l.ventaExenta) + n(l.ventaGravada) + n(l.exportaciones) + n(l.ivaItem))),
  };
}

export function clTotals(doc: MhDocumentView) {
  const r = parts(doc).resumen ?? {};
  const iva = (r.tributos ?? []).find((t) => t?.codigo === '20')?.valor ?? 0;
  return {
    rows: [
      ['Sumas: no sujetas / exentas / gravadas', `${money(r.totalNoSuj)} / ${money(r.totalExenta)} / ${money(r.totalGravada)}`],
      ['Exportaciones', money(r.totalExportacion ?? r.exportacion)],
      ['Subtotal', money(r.subTotalVentas)],
      ['IVA 13 %', money(iva)],
      ['Monto total de la operación', money(r.montoTotalOperacion)],
      ['IVA percibido', money(r.ivaPerci)],
    ] as [string, string][],
    toPay: ['Total', money(r.total)] as [string, string],
    words: r.totalLetras ?? '',
  };
}

/** A DCL has one body: the period and value of the operations it liquidates, as its one line. */
export function dclTable(doc: MhDocumentView): Table {
  const c = dclCuerpoOf(doc);
  const count = c.cantidadDoc ? `, ${c.cantidadDoc} documentos` : '';
  return {
    columns: [
      { label: 'Período', width: 2.2, align: 'left' },
      { label: 'Descripción', width: 4.8, align: 'left' },
      { label: 'Valor de las operaciones', width: 2, align: 'right' },
    ],
    rows: [
      [
        `${date(c.periodoLiquidacionFechaInicio)} al ${date(c.periodoLiquidacionFechaFin)}`,
        `Liquidación${c.codLiquidacion ? ` ${c.codLiquidacion}` : ''}${count}`,
        money(c.valorOperaciones),
      ],
    ],
    lineTotals: [money(c.valorOperaciones)],
  };
}

export function dclTotals(doc: MhDocumentView) {
  const c = dclCuerpoOf(doc);
  const pct = c.porcentComision === null || c.porcentComision === undefined ? '' : ` (${String(c.porcentComision).replace(/\s*%$/, '')} %)`;
  return {
    rows: [
      ['Valor de las operaciones', money(c.valorOperaciones)],
      ['No sujeto a percepción', money(c.montoSinPercepcion)],
      ['Subtotal', money(c.subTotal)],
      ['IVA de las operaciones', money(c.iva)],
      ['Sujeto a percepción sin IVA', money(c.montoSujetoPercepcion)],
      ['IVA percibido 2 %', money(c.ivaPercibido)],
      [`Comisión${pct}`, money(c.comision)],
      ['IVA de la comisión', money(c.ivaComision)],
    ] as [string, string][],
    toPay: ['Líquido a pagar', money(c.liquidoApagar)] as [string, string],
    words: c.totalLetras ?? '',
  };
}

/** The observations of a CL (extension in v1, resumen in v2.0) and who issued a DCL. */
export function liquidationSections(kind: 'CL' | 'DCL', doc: MhDocumentView): Party[] {
  const { resumen, extension } = parts(doc);
  if (kind === 'CL') {
    const said = extension?.observaciones ?? resumen?.observaciones;
    return said ? [{ title: 'Observaciones', lines: [['Observaciones', said]] }] : [];
  }
  const c = dclCuerpoOf(doc);
  const lines: [string, string][] = [];
  if (c.descripSinPercepcion) lines.push(['No sujeto a percepción', c.descripSinPercepcion]);
  if (c.observaciones) lines.push(['Observaciones', c.observaciones]);
  if (extension?.nombEntrega) lines.push(['Emitido por', `${extension.nombEntrega} (${extension.docuEntrega ?? ''})`]);
  return lines.length ? [{ title: 'Liquidación', lines }] : [];
}
