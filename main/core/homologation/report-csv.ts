// The homologation report (shared/homologation.ts) as one CSV for MH's authorization request: the run's facts,
// a summary per kind and event, then one row per document, event and rejection.
import type { HomologationRejection, HomologationReport, ReportDocument, ReportKind } from '../../../shared/homologation';
import { EVENT_NAMES, KIND_NAMES, mhCodeOf } from '../../../shared/homologation';
import { isDteKind } from '../../../shared/contract/kinds';
import { NORMATIVE_NAMES } from '../../../shared/normative';
import { defused } from '../catalog/csv';

/** The detail rows' columns, in order. */
export const CSV_COLUMNS = [
  'sección',
  'tipo',
  'nombre',
  'número de control',
  'código de generación',
  'fecha de generación',
  'fecha de sello',
  'sello de recepción',
  'estado',
  'contingencia/detalle',
  'observaciones de MH',
] as const;

export const SUMMARY_COLUMNS = ['resumen', 'tipo', 'nombre', 'versión', 'requerido', 'sellados', 'desde', 'hasta', 'resultado'] as const;

const LOCAL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?/;

/** An El Salvador local ISO time as `YYYY-MM-DD HH:MM:SS` (the offset and fractions dropped: the data is local
 * already); text that is not such a time is kept as it is rather than lost; null is blank. */
export function reportTime(iso: string | null): string {
  if (!iso) return '';
  const m = LOCAL.exec(iso.trim());
  return m ? `${m[1]} ${m[2]}:${m[3] ?? '00'}` : iso;
}

/** What is still missing for a line to reach its minimum, in the words both files use. */
export const outcome = (required: number, sealed: number): string => (sealed >= required ? 'Completo' : `Faltan ${required - sealed}`);

export const statusText = (d: ReportDocument): string => (d.status === 'INVALIDATED' ? 'INVALIDADO' : 'SELLADO');

/** A rejection's kind or event as the tipo and nombre columns show it. */
export function rejectionType(r: HomologationRejection): { tipo: string; nombre: string } {
  const k = r.key;
  if (isDteKind(k)) return { tipo: mhCodeOf(k), nombre: KIND_NAMES[k] };
  return { tipo: EVENT_NAMES[k], nombre: EVENT_NAMES[k] };
}

/**
 * RFC 4180: a field holding the separator, a quote or a line break goes in quotes, its quotes doubled. A text
 * starting as a formula would (MH's observations, a rejection's message) gets a leading apostrophe; numbers are
 * written as they are (docs/decisions/0067-email-rights-and-small-guards.md).
 */
const field = (v: string | number): string => {
  const s = typeof v === 'string' ? defused(v) : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const record = (fields: readonly (string | number)[]): string => fields.map(field).join(',');

function facts(r: HomologationReport): string[][] {
  return [
    ['Informe de pruebas de homologación', 'Ambiente de pruebas de MH (00)'],
    ['Empresa', r.company.name],
    ['NIT', r.company.nit],
    ['NRC', r.company.nrc],
    ['Establecimiento', r.branch.mhCode],
    ['Punto de venta', String(r.branch.posNumber)],
    ['Normativa', NORMATIVE_NAMES[r.normative]],
    ['Semilla', String(r.seed)],
    ['Inicio', reportTime(r.startedAt)],
    ['Fin', reportTime(r.finishedAt)],
    ['Generado', reportTime(r.generatedAt)],
    ['Resultado', r.complete ? 'Completo' : 'Incompleto'],
    ['Ejecución', r.runId],
  ];
}

function summary(r: HomologationReport): (string | number)[][] {
  return [
    [...SUMMARY_COLUMNS],
    ...r.kinds.map((k) => [
      'DTE',
      k.mhCode,
      k.name,
      k.version,
      k.required,
      k.sealed,
      reportTime(k.from),
      reportTime(k.to),
      outcome(k.required, k.sealed),
    ]),
    ...r.events.map((e) => ['EVENTO', e.name, e.name, '', e.required, e.sealed, '', '', outcome(e.required, e.sealed)]),
  ];
}

const documentRow = (k: ReportKind, d: ReportDocument): string[] => [
  'DTE',
  k.mhCode,
  k.name,
  d.controlNumber,
  d.codigoGeneracion,
  reportTime(d.generatedAt),
  reportTime(d.sealedAt),
  d.seal ?? '',
  statusText(d),
  d.contingency ? 'Contingencia' : '',
  '',
];

function detail(r: HomologationReport): string[][] {
  const rows: string[][] = [[...CSV_COLUMNS]];
  for (const k of r.kinds) for (const d of k.documents) rows.push(documentRow(k, d));
  for (const e of r.events)
    for (const i of e.items)
      rows.push([
        'EVENTO',
        e.name,
        e.name,
        '',
        i.codigoGeneracion,
        '',
        reportTime(i.sealedAt),
        i.seal ?? '',
        i.seal ? 'SELLADO' : 'SIN SELLO',
        i.detail,
        '',
      ]);
  for (const j of r.rejections) {
    const { tipo, nombre } = rejectionType(j);
    // The rejection's time is when MH answered: it stands where a seal's time would.
    rows.push([
      'RECHAZO',
      tipo,
      nombre,
      j.controlNumber ?? '',
      j.id,
      '',
      reportTime(j.at),
      '',
      'RECHAZADO',
      j.message,
      j.observations.join('\n'),
    ]);
  }
  return rows;
}

/**
 * The report as CSV: the run's facts, a blank line, the summary, a blank line, the detail (each block with its
 * own header row). UTF-8 with a byte order mark, because Excel (what the company and MH open it with) reads a CSV
 * without one as the Windows code page and garbles á, ñ and "—"; no `sep=` line, since Excel then ignores the
 * mark. Comma-separated (El Salvador's locale uses the decimal point, so Excel splits on commas), CRLF as
 * RFC 4180 has it, and a CRLF after the last record.
 */
export function reportCsv(r: HomologationReport): string {
  const lines = [...facts(r).map(record), '', ...summary(r).map(record), '', ...detail(r).map(record)];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
