// The homologation report (shared/homologation.ts) as a PDF on landscape letter paper, for MH's authorization
// request: the run's facts, a summary per kind and event, every document, event and rejection, paged as grids
// whose header repeats, the TEST environment label and "Página X de Y" on every page.
import PDFDocument from 'pdfkit';
import type { HomologationReport, ReportKind } from '../../../shared/homologation';
import { NORMATIVE_NAMES } from '../../../shared/normative';
import { registerFonts } from '../render/fonts';
import { footOfEveryPage } from '../render/page-footers';
import { collect } from '../render/letter-pdf';
import { rejectionType, reportTime, statusText } from './report-csv';

type Doc = PDFKit.PDFDocument;
type Face = 'regular' | 'bold' | 'mono';

export const TEST_LABEL = 'DOCUMENTOS DE PRUEBA — AMBIENTE DE PRUEBAS (00)';
export const TITLE = 'Informe de pruebas de homologación — Ambiente de pruebas de MH';

// Landscape: the seal, the generation code and the control number side by side need the width.
const PAGE_W = 792;
const PAGE_H = 612;
const MARGIN = 25;
const FOOTER = 16;
const INK = '#1d2330';
const MUTED = '#5b6472';
const RED = '#b42318';
const RULE = '#c9ced8';
const HEAD_FILL = '#e8ecf3';
const CONTINGENCY_FILL = '#fff4d6';
const INVALIDATED_FILL = '#fde8e6';
const BODY = 7;
const PAD_X = 3;
const PAD_Y = 2.5;

interface Column {
  readonly label: string;
  /** A share of the grid's width: the detail grids give points that add up to the page's 742, sized so a
   * control number, a generation code and a seal in DejaVu Sans Mono each fit on one line unshrunk. */
  readonly weight: number;
  readonly face?: Face;
  readonly align?: 'left' | 'right' | 'center';
  /** Free text that may take several lines; other cells stay on one line, shrunk rather than cut. */
  readonly wrap?: boolean;
}

interface Row {
  readonly cells: readonly string[];
  readonly fill?: string;
}

interface Grid {
  readonly title: string;
  readonly columns: readonly Column[];
  readonly rows: readonly Row[];
  /** Said instead of an empty grid. */
  readonly empty: string;
}

/** The pages: each begins with the TEST label and who the report is for; `y` is where the next thing goes. */
class Paper {
  readonly x = MARGIN;
  readonly width = PAGE_W - MARGIN * 2;
  readonly bottom = PAGE_H - MARGIN - FOOTER;
  y = MARGIN;

  constructor(
    readonly doc: Doc,
    private readonly r: HomologationReport,
  ) {}

  newPage(): void {
    const { doc, x, width } = this;
    doc.addPage();
    doc.rect(x, MARGIN, width, 18).lineWidth(1).strokeColor(RED).stroke();
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(RED)
      .text(TEST_LABEL, x, MARGIN + 4.5, { width, align: 'center', lineBreak: false });
    const c = this.r.company;
    doc
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${c.name} · NIT ${c.nit} · NRC ${c.nrc} · Informe de pruebas de homologación`, x, MARGIN + 22, { width, lineBreak: false });
    this.y = MARGIN + 34;
  }

  /** Goes to a new page unless `h` more points fit on this one. */
  room(h: number): boolean {
    if (this.y + h <= this.bottom) return false;
    this.newPage();
    return true;
  }
}

function newDocument(r: HomologationReport): Doc {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    // Below our own margins, so pdfkit never starts a page by itself: the paging is the grids'.
    margin: 10,
    autoFirstPage: false,
    bufferPages: true,
    info: {
      Title: `Informe de pruebas de homologación ${r.company.name}`,
      Author: r.company.name,
      Subject: `${r.company.nit} ${r.runId}`,
      Creator: 'Sello',
      Producer: 'Sello',
      CreationDate: madeAt(r.generatedAt),
    },
  });
  registerFonts(doc);
  // Opened by its registered name first, so later doc.font('regular') calls reuse the parsed face (book-pdf.ts).
  doc.font('regular');
  return doc;
}

/** The report's own time as the file's date, so the same report gives the same bytes; El Salvador is UTC-6. */
function madeAt(iso: string): Date {
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? new Date(iso) : new Date(`${iso.slice(0, 19)}-06:00`);
  return Number.isNaN(zoned.getTime()) ? new Date(0) : zoned;
}

function heading(p: Paper, text: string, size = 11): void {
  // With room for a grid's title, header and first rows after it: a heading never ends a page.
  p.room(size + 80);
  p.y += 6;
  p.doc.font('bold').fontSize(size).fillColor(INK).text(text, p.x, p.y, { width: p.width });
  p.y = p.doc.y + 3;
}

function front(p: Paper, r: HomologationReport): void {
  const { doc, x, width } = p;
  doc.font('bold').fontSize(15).fillColor(INK).text(TITLE, x, p.y, { width });
  doc
    .font('bold')
    .fontSize(11)
    .text(r.company.name, x, doc.y + 3, { width });
  p.y = doc.y + 5;
  const facts: [string, string][] = [
    ['NIT', r.company.nit],
    ['NRC', r.company.nrc],
    ['Establecimiento', r.branch.mhCode],
    ['Punto de venta', String(r.branch.posNumber)],
    ['Normativa', NORMATIVE_NAMES[r.normative]],
    ['Semilla', String(r.seed)],
    ['Inicio', reportTime(r.startedAt)],
    ['Fin', reportTime(r.finishedAt) || 'en curso'],
    ['Generado', reportTime(r.generatedAt)],
    ['Resultado', r.complete ? 'Completo: todos los mínimos alcanzados' : 'Incompleto: faltan pruebas'],
  ];
  // Two columns of label: value, filled down then across.
  const half = Math.ceil(facts.length / 2);
  const colW = width / 2;
  let bottom = p.y;
  [facts.slice(0, half), facts.slice(half)].forEach((col, c) => {
    let y = p.y;
    for (const [k, v] of col) {
      doc
        .font('bold')
        .fontSize(9)
        .fillColor(MUTED)
        .text(`${k}: `, x + c * colW, y, { width: colW - 8, continued: true });
      doc.font('regular').fillColor(INK).text(v);
      y = doc.y + 1.5;
    }
    bottom = Math.max(bottom, y);
  });
  p.y = bottom + 4;
  doc
    .lineWidth(0.8)
    .strokeColor(INK)
    .moveTo(x, p.y)
    .lineTo(x + width, p.y)
    .stroke();
  p.y += 4;
}

/** One cell's text on one line, shrunk rather than spilling into the next column. */
function fit(doc: Doc, text: string, x: number, y: number, width: number, align: Column['align']): void {
  doc.fontSize(BODY);
  const natural = doc.widthOfString(text);
  if (natural > width) doc.fontSize((BODY * width) / natural);
  doc.text(text, x, y, { width, align, lineBreak: false });
}

function drawGrid(p: Paper, g: Grid): void {
  const { doc } = p;
  const total = g.columns.reduce((a, c) => a + c.weight, 0);
  const widths = g.columns.map((c) => (c.weight / total) * p.width);
  const xs = widths.reduce<number[]>((acc, w) => [...acc, (acc[acc.length - 1] ?? p.x) + w], [p.x]);
  const line = doc.font('regular').fontSize(BODY).currentLineHeight(true);
  const heightOf = (row: Row): number =>
    Math.max(
      line,
      ...g.columns.map((c, i) =>
        c.wrap
          ? doc
              .font(c.face ?? 'regular')
              .fontSize(BODY)
              .heightOfString(row.cells[i] ?? '', { width: (widths[i] ?? 0) - 2 * PAD_X })
          : line,
      ),
    ) +
    2 * PAD_Y;
  const header = (continued: boolean): void => {
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(continued ? MUTED : INK)
      .text(continued ? `${g.title} (continuación)` : g.title, p.x, p.y, { width: p.width });
    p.y = doc.y + 2;
    const h = line + 2 * PAD_Y;
    doc.rect(p.x, p.y, p.width, h).fill(HEAD_FILL);
    g.columns.forEach((c, i) => {
      doc.font('bold').fillColor(INK);
      fit(doc, c.label, (xs[i] ?? 0) + PAD_X, p.y + PAD_Y, (widths[i] ?? 0) - 2 * PAD_X, c.align);
    });
    p.y += h;
  };

  const first = g.rows[0];
  p.room(40 + (first ? heightOf(first) : line));
  header(false);
  if (!first) {
    doc
      .font('regular')
      .fontSize(BODY)
      .fillColor(MUTED)
      .text(g.empty, p.x + PAD_X, p.y + PAD_Y, { width: p.width });
    p.y = doc.y + 6;
    return;
  }
  for (const row of g.rows) {
    const h = heightOf(row);
    if (p.room(h)) header(true);
    if (row.fill) doc.rect(p.x, p.y, p.width, h).fill(row.fill);
    g.columns.forEach((c, i) => {
      const text = row.cells[i] ?? '';
      if (!text) return;
      const x = (xs[i] ?? 0) + PAD_X;
      const width = (widths[i] ?? 0) - 2 * PAD_X;
      doc
        .font(c.face ?? 'regular')
        .fontSize(BODY)
        .fillColor(INK);
      if (c.wrap) doc.text(text, x, p.y + PAD_Y, { width });
      else fit(doc, text, x, p.y + PAD_Y, width, c.align);
    });
    p.y += h;
    doc
      .lineWidth(0.3)
      .strokeColor(RULE)
      .moveTo(p.x, p.y)
      .lineTo(p.x + p.width, p.y)
      .stroke();
  }
  p.y += 8;
}

const mark = (required: number, sealed: number): string => (sealed >= required ? '✓' : `Faltan ${required - sealed}`);

function summaries(p: Paper, r: HomologationReport): void {
  drawGrid(p, {
    title: 'Resumen por tipo de documento',
    columns: [
      { label: 'Código MH', weight: 7, align: 'center' },
      { label: 'Nombre', weight: 26 },
      { label: 'Versión', weight: 6, align: 'center' },
      { label: 'Requerido', weight: 8, align: 'right' },
      { label: 'Sellados', weight: 8, align: 'right' },
      { label: 'Desde', weight: 15 },
      { label: 'Hasta', weight: 15 },
      { label: 'Resultado', weight: 10, align: 'center' },
    ],
    rows: r.kinds.map((k) => ({
      cells: [
        k.mhCode,
        k.name,
        String(k.version),
        String(k.required),
        String(k.sealed),
        reportTime(k.from),
        reportTime(k.to),
        mark(k.required, k.sealed),
      ],
      ...(k.sealed < k.required ? { fill: INVALIDATED_FILL } : {}),
    })),
    empty: 'Sin tipos de documento.',
  });
  drawGrid(p, {
    title: 'Resumen por evento',
    columns: [
      { label: 'Evento', weight: 54 },
      { label: 'Requerido', weight: 8, align: 'right' },
      { label: 'Sellados', weight: 8, align: 'right' },
      { label: 'Resultado', weight: 10, align: 'center' },
    ],
    rows: r.events.map((e) => ({
      cells: [e.name, String(e.required), String(e.sealed), mark(e.required, e.sealed)],
      ...(e.sealed < e.required ? { fill: INVALIDATED_FILL } : {}),
    })),
    empty: 'Sin eventos.',
  });
  p.doc
    .font('regular')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(
      'En el detalle, fondo amarillo: documento emitido en contingencia; fondo rojo: documento invalidado (no cuenta como sellado).',
      p.x,
      p.y,
      { width: p.width },
    );
  p.y = p.doc.y + 4;
}

function kindGrid(p: Paper, k: ReportKind): void {
  const invalidated = k.documents.filter((d) => d.status === 'INVALIDATED').length;
  const contingency = k.documents.filter((d) => d.contingency).length;
  drawGrid(p, {
    title:
      `${k.mhCode} · ${k.name} (versión ${k.version}) — ${k.sealed} sellados de ${k.required} requeridos` +
      (invalidated ? ` · invalidados: ${invalidated}` : '') +
      (contingency ? ` · en contingencia: ${contingency}` : ''),
    columns: [
      { label: 'N°', weight: 16, align: 'right' },
      { label: 'Número de control', weight: 137, face: 'mono' },
      { label: 'Código de generación', weight: 158, face: 'mono' },
      { label: 'Fecha de generación', weight: 78 },
      { label: 'Fecha de sello', weight: 78 },
      { label: 'Sello de recepción', weight: 175, face: 'mono' },
      { label: 'Estado', weight: 48 },
      { label: 'Contingencia', weight: 52 },
    ],
    rows: k.documents.map((d, i) => ({
      cells: [
        String(i + 1),
        d.controlNumber,
        d.codigoGeneracion,
        reportTime(d.generatedAt),
        reportTime(d.sealedAt),
        d.seal ?? '',
        statusText(d),
        d.contingency ? 'Contingencia' : '',
      ],
      ...(d.status === 'INVALIDATED' ? { fill: INVALIDATED_FILL } : d.contingency ? { fill: CONTINGENCY_FILL } : {}),
    })),
    empty: 'Ningún documento sellado.',
  });
}

function eventGrids(p: Paper, r: HomologationReport): void {
  for (const e of r.events) {
    drawGrid(p, {
      title: `${e.name} — ${e.sealed} sellados de ${e.required} requeridos`,
      columns: [
        { label: 'N°', weight: 16, align: 'right' },
        { label: 'Código de generación', weight: 158, face: 'mono' },
        { label: 'Fecha de sello', weight: 78 },
        { label: 'Sello de recepción', weight: 175, face: 'mono' },
        { label: 'Detalle', weight: 315, wrap: true },
      ],
      rows: e.items.map((i, n) => ({
        cells: [String(n + 1), i.codigoGeneracion, reportTime(i.sealedAt), i.seal ?? 'sin sello', i.detail],
      })),
      empty: 'Ningún evento sellado.',
    });
  }
}

function rejectionGrid(p: Paper, r: HomologationReport): void {
  drawGrid(p, {
    title: `Documentos y eventos que MH no aceptó (${r.rejections.length})`,
    columns: [
      { label: 'Fecha', weight: 78 },
      { label: 'Tipo', weight: 100, wrap: true },
      { label: 'Número de control', weight: 137, face: 'mono' },
      { label: 'Código de generación', weight: 158, face: 'mono' },
      { label: 'Mensaje y observaciones de MH', weight: 269, wrap: true },
    ],
    rows: r.rejections.map((j) => {
      const { tipo, nombre } = rejectionType(j);
      const what = tipo === nombre ? nombre : `${tipo} · ${nombre}`;
      return {
        cells: [reportTime(j.at), what, j.controlNumber ?? '', j.id, [j.message, ...j.observations.map((o) => `• ${o}`)].join('\n')],
      };
    }),
    empty: 'MH no rechazó ningún documento ni evento.',
  });
}

function footers(doc: Doc, r: HomologationReport): void {
  const what = `Pruebas de homologación · ${r.company.name} · ejecución ${r.runId} · generado ${reportTime(r.generatedAt)}`;
  footOfEveryPage(doc, (i, n) => `${what} · Página ${i} de ${n}`, { margin: MARGIN, color: MUTED, size: 7, lift: 8 });
}

export async function reportPdf(r: HomologationReport): Promise<Buffer> {
  const doc = newDocument(r);
  const done = collect(doc);
  const p = new Paper(doc, r);
  p.newPage();
  front(p, r);
  summaries(p, r);
  heading(p, 'Documentos por tipo');
  for (const k of r.kinds) kindGrid(p, k);
  heading(p, 'Eventos');
  eventGrids(p, r);
  heading(p, 'Rechazos de MH');
  rejectionGrid(p, r);
  footers(doc, r);
  doc.end();
  return done;
}
