// The homologation report for MH's authorization request read back: the CSV exactly in parts (facts, summary,
// one row per document, event and rejection, RFC 4180 quoting), the PDF as text with poppler (every control
// number, the summary figures, the TEST label and "Página X de Y" on every page).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../main/core/catalog/csv';
import { CSV_COLUMNS, reportCsv } from '../../main/core/homologation/report-csv';
import { TEST_LABEL, TITLE, reportPdf } from '../../main/core/homologation/report-pdf';
import type { DteKind } from '../../shared/contract/kinds';
import type { HomologationReport, ReportDocument, ReportEvent, ReportKind } from '../../shared/homologation';
import { EVENT_NAMES, HOMOLOGATION_MINIMUMS, KIND_NAMES, mhCodeOf } from '../../shared/homologation';
import { MH_VERSIONS, NORMATIVE_NAMES } from '../../shared/normative';
import { pdfInfo, pdfPages, pdfText } from '../support/pdf';

const hex = (n: number, len: number) => (n * 2654435761).toString(16).toUpperCase().padStart(len, '0').slice(-len);
const uuid = (n: number) => `${hex(n, 8)}-${hex(n + 1, 4)}-4${hex(n + 2, 3)}-A${hex(n + 3, 3)}-${hex(n + 4, 12)}`;
const seal = (n: number) => `2026${hex(n, 12)}${hex(n + 7, 12)}${hex(n + 9, 12)}`;
const at = (minute: number) => {
  const h = 8 + Math.floor(minute / 60);
  return `2026-11-20T${String(h).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:05`;
};

// The documents per kind: FC one over its minimum (one invalidated), NC two short of it.
const COUNTS: Record<DteKind, number> = { FC: 91, CCF: 75, NC: 48, ND: 25, CR: 50, FEX: 90, FSE: 25, NR: 50, CL: 75, DCL: 50, CD: 25 };
const INVALIDATED = new Set(['FC-7']);
const MESSAGE = 'MH rechazó: "nombre", no válido\nrevise el receptor';

function kindOf(kind: DteKind, base: number): ReportKind {
  const documents: ReportDocument[] = Array.from({ length: COUNTS[kind] }, (_, i) => {
    const n = base + i;
    return {
      codigoGeneracion: uuid(n),
      controlNumber: `DTE-${mhCodeOf(kind)}-M001P001-${String(i + 1).padStart(15, '0')}`,
      // Offsets and fractions as the data may carry them: printed as local wall-clock time either way.
      generatedAt: i % 2 ? `${at(n % 600)}-06:00` : `${at(n % 600)}.123`,
      sealedAt: `${at((n % 600) + 1)}-06:00`,
      seal: seal(n),
      status: INVALIDATED.has(`${kind}-${i}`) ? 'INVALIDATED' : 'APPROVED',
      contingency: i % 10 === 3,
    };
  });
  const valid = documents.filter((d) => d.status === 'APPROVED');
  return {
    kind,
    mhCode: mhCodeOf(kind),
    name: KIND_NAMES[kind],
    version: MH_VERSIONS['2026'][kind],
    required: HOMOLOGATION_MINIMUMS[kind],
    sealed: valid.length,
    from: documents[0]?.sealedAt ?? null,
    to: documents[documents.length - 1]?.sealedAt ?? null,
    documents,
  };
}

const KINDS: DteKind[] = ['FC', 'CCF', 'NC', 'ND', 'CR', 'FEX', 'FSE'];
const kinds = KINDS.map((k, i) => kindOf(k, 1000 * (i + 1)));

const events: ReportEvent[] = (['invalidation', 'contingency', 'retorno'] as const).map((event, e) => {
  const count = event === 'retorno' ? 3 : 5;
  return {
    event,
    name: EVENT_NAMES[event],
    required: 5,
    sealed: count,
    items: Array.from({ length: count }, (_, i) => ({
      codigoGeneracion: uuid(9000 + e * 10 + i),
      sealedAt: `${at(500 + i)}-06:00`,
      seal: seal(9000 + e * 10 + i),
      detail:
        event === 'contingency'
          ? `Contingencia tipo 1 (no disponibilidad del sistema de MH): ${i + 3} documentos transmitidos después, entre ellos DTE-01-M001P001-${String(i + 4).padStart(15, '0')}`
          : `Evento ${i + 1} sobre DTE-01-M001P001-${String(i + 1).padStart(15, '0')}`,
    })),
  };
});

const report: HomologationReport = {
  runId: 'run-7f3a',
  company: { name: 'Distribuidora Ñandú, S.A. de C.V.', nit: '06142803901121', nrc: '2345678' },
  branch: { mhCode: 'M001', posNumber: 1 },
  environment: 'TEST',
  normative: '2026',
  seed: 424242,
  startedAt: '2026-11-20T07:59:58-06:00',
  finishedAt: '2026-11-20T18:02:11-06:00',
  generatedAt: '2026-11-21T09:15:00-06:00',
  complete: false,
  kinds,
  events,
  rejections: [
    {
      at: '2026-11-20T09:01:02-06:00',
      key: 'CCF',
      id: uuid(77),
      controlNumber: 'DTE-03-M001P001-000000000000099',
      message: MESSAGE,
      observations: ['[receptor.nombre] no cumple el formato', 'Segunda observación, con coma'],
    },
    {
      at: '2026-11-20T10:00:00-06:00',
      key: 'invalidation',
      id: uuid(78),
      controlNumber: null,
      message: 'Fecha de anulación fuera de plazo',
      observations: [],
    },
  ],
};

const DOCUMENTS = kinds.reduce((a, k) => a + k.documents.length, 0);
const ITEMS = events.reduce((a, e) => a + e.items.length, 0);

describe('homologation report CSV', () => {
  const csv = reportCsv(report);
  const blocks = csv.slice(1).split('\r\n\r\n');

  it('is UTF-8 with a BOM, CRLF between records, line feeds only inside quoted fields', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(csv.replace(/"(?:[^"]|"")*"/g, '').replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(blocks).toHaveLength(3);
  });

  it('begins with the run facts', () => {
    expect(blocks[0]!.split('\r\n')).toEqual([
      'Informe de pruebas de homologación,Ambiente de pruebas de MH (00)',
      'Empresa,"Distribuidora Ñandú, S.A. de C.V."',
      'NIT,06142803901121',
      'NRC,2345678',
      'Establecimiento,M001',
      'Punto de venta,1',
      `Normativa,${NORMATIVE_NAMES['2026']}`,
      'Semilla,424242',
      'Inicio,2026-11-20 07:59:58',
      'Fin,2026-11-20 18:02:11',
      'Generado,2026-11-21 09:15:00',
      'Resultado,Incompleto',
      'Ejecución,run-7f3a',
    ]);
  });

  it('summarizes each kind and event', () => {
    const lines = blocks[1]!.split('\r\n');
    expect(lines[0]).toBe('resumen,tipo,nombre,versión,requerido,sellados,desde,hasta,resultado');
    expect(lines).toHaveLength(1 + KINDS.length + events.length);
    expect(lines[1]).toBe('DTE,01,Factura,2,90,90,2026-11-20 14:41:05,2026-11-20 16:11:05,Completo');
    expect(lines[3]).toMatch(/^DTE,05,Nota de Crédito,4,50,48,2026-11-20 \d\d:\d\d:05,2026-11-20 \d\d:\d\d:05,Faltan 2$/);
    expect(lines.slice(-3)).toEqual([
      'EVENTO,Evento de Invalidación,Evento de Invalidación,,5,5,,,Completo',
      'EVENTO,Evento de Contingencia,Evento de Contingencia,,5,5,,,Completo',
      'EVENTO,Evento de Retorno,Evento de Retorno,,5,3,,,Faltan 2',
    ]);
  });

  it('has one row per document, event and rejection', () => {
    const { records } = parseCsv(blocks[2]!);
    expect(records[0]).toEqual([...CSV_COLUMNS]);
    const rows = records.slice(1);
    expect(rows).toHaveLength(DOCUMENTS + ITEMS + report.rejections.length);
    expect(rows.filter((r) => r[0] === 'DTE')).toHaveLength(DOCUMENTS);
    expect(rows.filter((r) => r[0] === 'EVENTO')).toHaveLength(ITEMS);
    expect(rows.filter((r) => r[0] === 'RECHAZO')).toHaveLength(2);
    for (const k of kinds) for (const d of k.documents) expect(csv).toContain(`,${d.controlNumber},${d.codigoGeneracion},`);
    const fc = kinds[0]!.documents;
    expect(rows[0]).toEqual([
      'DTE',
      '01',
      'Factura',
      fc[0]!.controlNumber,
      fc[0]!.codigoGeneracion,
      '2026-11-20 14:40:05',
      '2026-11-20 14:41:05',
      fc[0]!.seal,
      'SELLADO',
      '',
      '',
    ]);
    expect(rows[3]![9]).toBe('Contingencia');
    expect(rows[7]![8]).toBe('INVALIDADO');
  });

  it('quotes fields holding a comma, a quote or a line break (RFC 4180)', () => {
    expect(csv).toContain(
      `\r\nRECHAZO,03,Comprobante de Crédito Fiscal,DTE-03-M001P001-000000000000099,${uuid(77)},,2026-11-20 09:01:02,,RECHAZADO,` +
        '"MH rechazó: ""nombre"", no válido\nrevise el receptor","[receptor.nombre] no cumple el formato\nSegunda observación, con coma"\r\n',
    );
    expect(csv).toContain(
      `\r\nRECHAZO,Evento de Invalidación,Evento de Invalidación,,${uuid(78)},,2026-11-20 10:00:00,,RECHAZADO,Fecha de anulación fuera de plazo,\r\n`,
    );
    const rejection = parseCsv(blocks[2]!).records.find((r) => r[0] === 'RECHAZO');
    expect(rejection?.[9]).toBe(MESSAGE);
  });
});

describe('homologation report PDF', () => {
  it('shows every document, the summary, the TEST label and page numbers on every page', async () => {
    const started = performance.now();
    const pdf = await reportPdf(report);
    const rendered = performance.now() - started;
    const info = pdfInfo(pdf);
    expect(info.pages).toBeGreaterThan(1);
    expect([info.width, info.height]).toEqual([792, 612]);
    const pages = pdfText(pdf).split('\f').slice(0, info.pages);
    expect(pages).toHaveLength(info.pages);
    pages.forEach((page, i) => {
      expect(page).toContain(TEST_LABEL);
      expect(page).toContain(`Página ${i + 1} de ${info.pages}`);
    });
    const text = pages.join('\n');
    expect(text).toContain(TITLE);
    expect(text).toContain('Distribuidora Ñandú, S.A. de C.V.');
    for (const k of kinds) for (const d of k.documents) expect(text).toContain(d.controlNumber);
    for (const e of events) for (const i of e.items) expect(text).toContain(i.codigoGeneracion);
    expect(text).toContain('[receptor.nombre] no cumple el formato');
    expect(text).toContain('INVALIDADO');

    // The summary read row by row, as on paper.
    const layout = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-f', '1', '-l', '1', '-', '-'], { input: pdf }).toString('utf8');
    expect(layout).toMatch(/NIT:\s+06142803901121/);
    expect(layout).toMatch(/Semilla:\s+424242/);
    expect(layout).toContain(NORMATIVE_NAMES['2026']);
    expect(layout).toMatch(/01\s+Factura\s+2\s+90\s+90\s+2026-11-20 14:41:05\s+2026-11-20 16:11:05\s+✓/);
    expect(layout).toMatch(/05\s+Nota de Crédito\s+4\s+50\s+48\s+.*Faltan 2/);
    expect(layout).toMatch(/Evento de Retorno\s+5\s+3\s+Faltan 2/);
    expect(layout).toMatch(/Evento de Invalidación\s+5\s+5\s+✓/);

    expect(pdfPages(pdf, 'homologation-report', 60)).toHaveLength(1);
    // Same report, same bytes: the file's dates come from the report.
    expect((await reportPdf(report)).equals(pdf)).toBe(true);
    console.info(`homologation report: ${DOCUMENTS} documents, ${info.pages} pages, ${Math.round(rendered)} ms`);
  });
});
