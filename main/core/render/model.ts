// What the printed representation shows, read from the signed MH document (the source of truth) and the
// record's status. The letter PDF and the receipt both draw from this.
import { DEPARTMENTS, MUNICIPALITIES, UNITS } from '../../../shared/catalogs';
import { paymentMethodName } from '../../../shared/catalogs/display';
import type { SalePaper } from '../dte/paper-repo';
import type { DteKind } from '../../../shared/contract';
import type { DteRecord } from '../../../shared/records';
import { readDte, UnknownMhVersion, type DteAmounts } from '../mh-read/read-dte';
import {
  mhDocumentView,
  type MhCounterpartView,
  type MhDireccion,
  type MhDocumentView,
  type MhEmisorView,
  type MhItemView,
  type MhResumenView,
  type View,
} from '../dte/mh/document-types';
import { date, money, quantity } from './format';
import { clTable, clTotals, dclTable, dclTotals, liquidationSections } from './liquidation-model';
import { cdTable, cdTotals, countryName, domicileName } from './donation-model';
import { lookupUrl } from './qr';
import { remissionSection, remissionTotals } from './remission-model';

export const TITLES: Record<DteKind, string> = {
  FC: 'FACTURA',
  CCF: 'COMPROBANTE DE CRÉDITO FISCAL',
  NC: 'NOTA DE CRÉDITO',
  ND: 'NOTA DE DÉBITO',
  CR: 'COMPROBANTE DE RETENCIÓN',
  FSE: 'FACTURA DE SUJETO EXCLUIDO',
  FEX: 'FACTURA DE EXPORTACIÓN',
  NR: 'NOTA DE REMISIÓN',
  CL: 'COMPROBANTE DE LIQUIDACIÓN',
  DCL: 'DOCUMENTO CONTABLE DE LIQUIDACIÓN',
  CD: 'COMPROBANTE DE DONACIÓN',
};

const ID_TYPES: Record<string, string> = { '36': 'NIT', '13': 'DUI', '03': 'Pasaporte', '02': 'Carnet de residente', '37': 'Otro' };
const KIND_BY_TYPE: Record<string, string> = {
  '01': 'Factura',
  '03': 'CCF',
  '05': 'Nota de crédito',
  '06': 'Nota de débito',
  '07': 'Comprobante de retención',
  '04': 'Nota de remisión',
  '09': 'DCL',
  '11': 'FEX',
  '14': 'FSE',
};
const ATTACHMENT_KIND: Record<string, string> = { 1: 'Emisor', 2: 'Receptor', 3: 'Médico', 4: 'Transporte' };
const TRANSPORT: Record<string, string> = {
  1: 'Terrestre',
  2: 'Marítimo',
  3: 'Aéreo',
  4: 'Terrestre-marítimo',
  5: 'Terrestre-aéreo',
  6: 'Marítimo-aéreo',
  7: 'Terrestre-marítimo-aéreo',
};
/** The régimen as the contract names it: v2.0 writes its CAT-033 type apart (EX-1 and 1000.000). */
const regimeShown = (e: { regimen?: string | null; tipoRegimen?: unknown }): string | null | undefined =>
  typeof e.tipoRegimen === 'string' && e.regimen && !e.regimen.startsWith(`${e.tipoRegimen}.`)
    ? `${e.tipoRegimen}.${e.regimen}`
    : e.regimen;
/** CAT-030 of the 2026 normative, which FEX v3 writes (shared/catalogs/normative/contract-values.ts). */
const TRANSPORT_2026: Record<string, string> = { 1: 'Terrestre', 2: 'Aéreo', 3: 'Marítimo', 4: 'Férreo', 5: 'Multimodal', 6: 'Correo' };
const UNIT_NAMES = new Map<unknown, string>(UNITS.map((u) => [u.code, u.name]));
/** A catalog's name for a code, or the code itself (looked up as a property key, whatever the JSON held). */
const named = <C>(table: Readonly<Record<string, string>>, code: C): string | C => table[String(code)] ?? code;

export interface Party {
  readonly title: string;
  readonly lines: readonly (readonly [string, string])[];
}

export interface Table {
  readonly columns: readonly { readonly label: string; readonly width: number; readonly align: 'left' | 'right' }[];
  readonly rows: readonly (readonly string[])[];
  /** What each line amounts to (the receipt's right column). */
  readonly lineTotals: readonly string[];
}

export interface Printable {
  readonly kind: DteKind;
  readonly title: string;
  readonly identity: readonly (readonly [string, string])[];
  readonly codigoGeneracion: string;
  readonly numeroControl: string;
  readonly seal: string | null;
  /** Shown in large letters when the document has no MH seal yet (docs/mh.md, the customer's copy). */
  readonly unsealedNotice: string | null;
  readonly demo: boolean;
  /** Issued in MH's TEST environment (a homologation run's, a test station's): every copy says so. */
  readonly testEnvironment: boolean;
  /** Invalidated at MH: every copy says ANULADO in large letters. */
  readonly voided: boolean;
  readonly issuer: Party;
  readonly receiver: Party | null;
  readonly items: Table;
  readonly totals: readonly (readonly [string, string])[];
  readonly totalToPay: readonly [string, string];
  readonly words: string;
  readonly sections: readonly Party[];
  /** How it was paid: each method and amount (MH's pagos), then the cash handed over and the change. */
  readonly payments: readonly (readonly [string, string])[];
  /** MH's public lookup; null where MH publishes none (an Evento de Retorno: return-model.ts). */
  readonly qrUrl: string | null;
  /** Said where the QR would be when there is none: how to identify the paper instead. */
  readonly noQrNotice?: string;
  /** The sections go on the counter receipt too (a return's documents and reason), not only on the letter. */
  readonly sectionsOnReceipt?: boolean;
}

export function place(dir: View<MhDireccion> | null | undefined): string {
  if (!dir) return '';
  const dept = DEPARTMENTS.find((d) => d.code === dir.departamento)?.name ?? dir.departamento;
  const muni = MUNICIPALITIES.find((m) => m.department === dir.departamento && m.code === dir.municipio)?.name ?? dir.municipio;
  return `${dir.complemento}, ${muni}, ${dept}`;
}

export const present = (pairs: [string, unknown][]): [string, string][] =>
  pairs.filter(([, v]) => v !== null && v !== undefined && v !== '').map(([k, v]) => [k, String(v)]);

function receiverOf(kind: DteKind, doc: MhDocumentView): Party | null {
  const r: MhCounterpartView | null = doc.receptor ?? doc.sujetoExcluido ?? doc.donante ?? null;
  const title = kind === 'FSE' ? 'Sujeto excluido' : kind === 'CR' ? 'Sujeto retenido' : kind === 'CD' ? 'Donante' : 'Receptor';
  if (!r) return kind === 'FC' ? { title, lines: [['Nombre', 'Consumidor final']] } : null;
  const idType = r.tipoDocumento ? (ID_TYPES[r.tipoDocumento] ?? r.tipoDocumento) : r.nit ? 'NIT' : null;
  const country = r.codPais ? (r.nombrePais ?? countryName(r.codPais)) : null;
  return {
    title,
    lines: present([
      ['Nombre', r.nombre],
      ['Nombre comercial', r.nombreComercial],
      [idType ?? 'Documento', r.numDocumento ?? r.nit],
      ['NRC', r.nrc],
      ['Actividad', r.descActividad],
      ['Dirección', r.direccion ? place(r.direccion) : r.complemento],
      ['País', country],
      ['Domicilio fiscal', domicileName(r.codDomiciliado)],
      ['Teléfono', r.telefono],
      ['Correo', r.correo],
    ]),
  };
}

export function itemsOf(kind: DteKind, doc: MhDocumentView): Table {
  const lines: readonly MhItemView[] = doc.cuerpoDocumento ?? [];
  const unit = (l: MhItemView) => UNIT_NAMES.get(l.uniMedida) ?? '';
  switch (kind) {
    case 'CR':
      return {
        columns: [
          { label: 'Documento', width: 1.3, align: 'left' },
          // Wide enough for a whole 36-character generation code on one line.
          { label: 'N.º / código', width: 3.4, align: 'left' },
          { label: 'Fecha', width: 1, align: 'left' },
          { label: 'Descripción', width: 2.0, align: 'left' },
          { label: 'Monto sujeto', width: 1.3, align: 'right' },
          { label: 'IVA retenido', width: 1.3, align: 'right' },
        ],
        rows: lines.map((l) => [
          `${named(KIND_BY_TYPE, l.tipoDte)} (${l.tipoDoc === 2 ? 'electrónico' : 'físico'})`,
          String(l.numDocumento),
          date(l.fechaEmision),
          `${l.descripcion} [${l.codigoRetencionMH}]`,
          money(l.montoSujetoGrav),
          money(l.ivaRetenido),
        ]),
        lineTotals: lines.map((l) => money(l.ivaRetenido)),
      };
    case 'FSE':
      return {
        columns: [
          { label: 'Cant.', width: 0.8, align: 'right' },
          { label: 'Unidad', width: 1, align: 'left' },
          { label: 'Descripción', width: 4.2, align: 'left' },
          { label: 'Precio', width: 1.2, align: 'right' },
          { label: 'Descuento', width: 1.1, align: 'right' },
          { label: 'Compra', width: 1.3, align: 'right' },
        ],
        rows: lines.map((l) => [
          quantity(l.cantidad),
          unit(l),
          l.descripcion ?? '',
          money(l.precioUni),
          money(l.montoDescu),
          money(l.compra),
        ]),
        lineTotals: lines.map((l) => money(l.compra)),
      };
    case 'FEX':
      return {
        columns: [
          { label: 'Cant.', width: 0.8, align: 'right' },
          { label: 'Unidad', width: 1, align: 'left' },
          { label: 'Descripción', width: 3.6, align: 'left' },
          { label: 'Precio', width: 1.2, align: 'right' },
          { label: 'Descuento', width: 1.1, align: 'right' },
          { label: 'Gravadas', width: 1.2, align: 'right' },
          { label: 'No gravado', width: 1.1, align: 'right' },
        ],
        rows: lines.map((l) => [
          quantity(l.cantidad),
          unit(l),
          l.descripcion ?? '',
          money(l.precioUni),
          money(l.montoDescu),
          money(l.ventaGravada),
          money(l.noGravado),
        ]),
        lineTotals: lines.map((l) => money(Number(l.ventaGravada) + Number(l.noGravado))),
      };
    case 'FC':
    case 'CCF':
    case 'NC':
    case 'ND':
    case 'NR': // An NR's lines are a CCF's (main/core/dte/mh/nr-parts.ts).
      return {
        columns: [
          { label: 'Cant.', width: 0.7, align: 'right' },
          { label: 'Unidad', width: 0.9, align: 'left' },
          { label: 'Descripción', width: 3.2, align: 'left' },
          { label: 'Precio', width: 1.1, align: 'right' },
          { label: 'Desc.', width: 0.9, align: 'right' },
          { label: 'No sujetas', width: 1, align: 'right' },
          { label: 'Exentas', width: 1, align: 'right' },
          { label: 'Gravadas', width: 1.1, align: 'right' },
        ],
        rows: lines.map((l) => [
          quantity(l.cantidad),
          unit(l),
          `${l.descripcion}${l.noGravado ? ` (no gravado ${money(l.noGravado)})` : ''}`,
          money(l.precioUni),
          money(l.montoDescu),
          money(l.ventaNoSuj),
          money(l.ventaExenta),
          money(l.ventaGravada),
        ]),
        lineTotals: lines.map((l) =>
          money(Number(l.ventaNoSuj) + Number(l.ventaExenta) + Number(l.ventaGravada) + Number(l.noGravado ?? 0)),
        ),
      };
    case 'CL':
      return clTable(doc);
    case 'DCL':
      return dclTable(doc);
    case 'CD':
      return cdTable(doc);
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/**
 * `a`: the amounts each schema version names its own way (ivaRete1 or ivaRete, totalIVAretenido or totalIvaRetenido,
 * an NC v4's IVA), read by the one reader of MH's JSON (main/core/mh-read/); the rest is printed as the version wrote it.
 */
function totalsOf(
  kind: DteKind,
  r: MhResumenView,
  a: DteAmounts | null,
  /** The whole document, for the kinds whose amounts are not in a resumen (the DCL's are in its cuerpoDocumento). */
  doc: MhDocumentView,
): { rows: [string, string][]; toPay: [string, string]; words: string | undefined } {
  const iva = a?.iva ?? r.tributos?.find((t) => t.codigo === '20')?.valor;
  const retained = a?.ivaRetenido ?? r.ivaRete1;
  const perceived = a?.ivaPercibido ?? r.ivaPerci1;
  // CCF and its notes share the taxpayer summary; the CCF adds what is paid beyond the operation.
  const taxpayerRows: [string, string][] = [
    ['Sumas: no sujetas / exentas / gravadas', `${money(r.totalNoSuj)} / ${money(r.totalExenta)} / ${money(r.totalGravada)}`],
    ['Descuentos', money(r.totalDescu)],
    ['Subtotal', money(r.subTotal)],
    ['IVA 13 %', money(iva ?? 0)],
    ['IVA percibido', money(perceived)],
    ['IVA retenido', money(retained)],
    ['Retención de renta', money(r.reteRenta)],
  ];
  switch (kind) {
    case 'CR':
      return {
        rows: [['Total sujeto a retención', money(r.totalSujetoRetencion)]],
        toPay: ['Total IVA retenido', money(a?.totalRetenido ?? r.totalIVAretenido)],
        // fe-cr-v2 renamed totalIVAretenidoLetras to totalLetras.
        words: r.totalIVAretenidoLetras ?? r.totalLetras,
      };
    case 'FSE':
      return {
        rows: [
          ['Total compra', money(r.totalCompra)],
          ['Descuento', money(r.descu)],
          ['Subtotal', money(r.subTotal)],
          ['IVA retenido', money(retained)],
          ['Retención de renta', money(r.reteRenta)],
        ],
        toPay: ['Total a pagar', money(r.totalPagar)],
        words: r.totalLetras,
      };
    case 'FEX':
      return {
        rows: [
          ['Total gravadas', money(r.totalGravada)],
          ['Descuento', money(r.descuento)],
          ['Seguro', money(r.seguro ?? 0)],
          ['Flete', money(r.flete ?? 0)],
          ['Monto total de la operación', money(r.montoTotalOperacion)],
          ['Total no gravado', money(r.totalNoGravado)],
        ],
        toPay: ['Total a pagar', money(r.totalPagar)],
        words: r.totalLetras,
      };
    case 'NC':
    case 'ND':
      return {
        rows: [...taxpayerRows],
        toPay: ['Monto total de la operación', money(r.montoTotalOperacion)],
        words: r.totalLetras,
      };
    case 'CCF':
      return {
        rows: [
          ...taxpayerRows,
          ['Monto total de la operación', money(r.montoTotalOperacion)],
          ['Total no gravado', money(r.totalNoGravado)],
        ],
        toPay: ['Total a pagar', money(r.totalPagar)],
        words: r.totalLetras,
      };
    case 'FC':
      return {
        rows: [
          ['Sumas: no sujetas / exentas / gravadas', `${money(r.totalNoSuj)} / ${money(r.totalExenta)} / ${money(r.totalGravada)}`],
          ['Descuentos', money(r.totalDescu)],
          ['Subtotal', money(r.subTotal)],
          ['IVA incluido', money(r.totalIva)],
          ['IVA retenido', money(retained)],
          ['Retención de renta', money(r.reteRenta)],
          ['Monto total de la operación', money(r.montoTotalOperacion)],
          ['Total no gravado', money(r.totalNoGravado)],
        ],
        toPay: ['Total a pagar', money(r.totalPagar)],
        words: r.totalLetras,
      };
    case 'CL':
      return clTotals(doc);
    case 'DCL':
      return dclTotals(doc);
    case 'CD':
      return cdTotals(doc, r);
    case 'NR':
      return remissionTotals(r, iva);
    default: {
      const never: never = kind;
      return never;
    }
  }
}

function sectionsOf(doc: MhDocumentView): Party[] {
  const sections: Party[] = [];
  const related = doc.documentoRelacionado ?? [];
  if (related.length) {
    sections.push({
      title: 'Documentos relacionados',
      lines: related.map(
        (d) => [`${named(KIND_BY_TYPE, d.tipoDocumento)} (${date(d.fechaEmision)})`, String(d.numeroDocumento)] as [string, string],
      ),
    });
  }
  const others = doc.otrosDocumentos ?? [];
  if (others.length) {
    sections.push({
      title: 'Documentos asociados',
      lines: others.map((o) => {
        const label = ATTACHMENT_KIND[String(o.codDocAsociado)] ?? String(o.codDocAsociado);
        if (o.medico) return [label, `${o.medico.nombre} (${o.medico.nit ?? o.medico.docIdentificacion})`] as [string, string];
        if (o.codDocAsociado === 4)
          return [
            label,
            `${named(doc.identificacion?.tipoDte === '11' && doc.identificacion.version === 3 ? TRANSPORT_2026 : TRANSPORT, o.modoTransp)}, placa ${o.placaTrans}, conductor ${o.nombreConductor} (${o.numConductor})`,
          ] as [string, string];
        return [label, `${o.descDocumento ?? ''}: ${o.detalleDocumento ?? ''}`] as [string, string];
      }),
    });
  }
  if (doc.ventaTercero)
    sections.push({
      title: 'Venta a cuenta de terceros',
      lines: [
        ['Nombre', doc.ventaTercero.nombre ?? ''],
        ['NIT', doc.ventaTercero.nit ?? ''],
      ],
    });
  const e: MhEmisorView = doc.emisor ?? {};
  const r: MhResumenView = doc.resumen ?? {};
  if (doc.identificacion?.tipoDte === '11') {
    sections.push({
      title: 'Datos de exportación',
      lines: present([
        ['Tipo de ítem', { 1: 'Bienes', 2: 'Servicios', 3: 'Bienes y servicios' }[e.tipoItemExpor as 1 | 2 | 3]],
        ['Recinto fiscal', e.recintoFiscal],
        // v2.0 writes the régimen's CAT-033 type apart (EX-1 and 1000.000).
        ['Régimen', regimeShown(e)],
        ['INCOTERMS', r.descIncoterms],
        ['Observaciones', r.observaciones],
      ]),
    });
  }
  const appendix = doc.apendice ?? [];
  if (appendix.length)
    sections.push({ title: 'Apéndice', lines: appendix.map((a) => [String(a.etiqueta), String(a.valor)] as [string, string]) });
  return sections;
}

/** CAT-017's cards: débito and crédito. */
const CARDS = new Set(['02', '03']);

/**
 * A payment's method as the customer checks it: a card by its last four digits (never more of its number on
 * paper, whatever was typed), anything else with its reference as typed.
 */
export function paymentLabel(codigo: string, referencia: unknown): string {
  const name = paymentMethodName(codigo) ?? codigo;
  const ref = typeof referencia === 'string' ? referencia.trim() : '';
  if (!ref) return name;
  const digits = ref.replace(/\D/g, '');
  if (CARDS.has(codigo) && digits.length >= 4) return `${name} ****${digits.slice(-4)}`;
  return `${name} (ref. ${ref})`;
}

/** Each method and amount as MH holds them, then what only the counter knew (paper-repo.ts). */
function paymentsOf(r: MhResumenView, paper: SalePaper | null): [string, string][] {
  const rows: [string, string][] = (r.pagos ?? []).map((p) => [paymentLabel(String(p.codigo), p.referencia), money(p.montoPago)]);
  if (!r.pagos && r.condicionOperacion === 2) rows.push(['Condición de la operación', 'Crédito']);
  if (paper?.cash) rows.push(['Efectivo recibido', money(paper.cash.received)], ['Cambio', money(paper.cash.change)]);
  return rows;
}

/**
 * The paper never prints what MH may still change (docs/decisions/0037-final-paper.md): a document that goes
 * to MH late is re-signed as a contingency one (sync/contingency.ts), changing its model and transmission type,
 * so those are printed only for a document issued in contingency from the start (`paper`), where they are final.
 * A later copy differs from the first only in the seal.
 */
/** The reader's amounts, or null for JSON of a version no reader knows (printed then as written). */
function amountsOf(kind: DteKind, json: unknown): DteAmounts | null {
  try {
    return readDte(kind, json).amounts;
  } catch (e) {
    if (e instanceof UnknownMhVersion) return null;
    throw e;
  }
}

export function printable(
  record: Pick<DteRecord, 'type' | 'status' | 'mhResponse'>,
  json: Readonly<Record<string, unknown>>,
  demo: boolean,
  /** The person (or POS key) that issued it, printed as "Atendió". */
  issuedBy: string | null = null,
  paper: SalePaper | null = null,
): Printable {
  const doc = mhDocumentView(json);
  const id = doc.identificacion ?? {};
  // A CD v1 names its issuer donatario (the donee).
  const e: MhEmisorView = doc.emisor ?? doc.donatario ?? {};
  const totals = totalsOf(record.type, doc.resumen ?? {}, amountsOf(record.type, json), doc);
  const sealed = typeof record.mhResponse?.selloRecibido === 'string' ? String(record.mhResponse.selloRecibido) : null;
  const contingency = paper?.issuedInContingency === true;
  return {
    kind: record.type,
    title: TITLES[record.type],
    identity: present([
      ['Código de generación', id.codigoGeneracion],
      ['Número de control', id.numeroControl],
      ['Sello de recepción', sealed ?? 'PENDIENTE'],
      ['Fecha y hora de emisión', `${date(id.fecEmi)} ${id.horEmi}`],
      ['Atendió', issuedBy],
      ['Modelo de facturación', contingency ? 'Diferido' : null],
      // Signed so at issue and never re-signed (only normal documents are, sync/contingency.ts): final.
      ['Tipo de transmisión', contingency ? `Contingencia (tipo ${id.tipoContingencia})` : null],
      ['Ambiente', id.ambiente === '01' ? 'Producción' : 'Pruebas'],
    ]),
    codigoGeneracion: String(id.codigoGeneracion),
    numeroControl: String(id.numeroControl),
    seal: sealed,
    unsealedNotice: sealed
      ? null
      : contingency
        ? 'DOCUMENTO EMITIDO EN CONTINGENCIA: MH lo recibe al volver la conexión. SELLO DE RECEPCIÓN PENDIENTE: consulte el documento en admin.factura.gob.sv con su código de generación o el código QR.'
        : 'SELLO DE RECEPCIÓN PENDIENTE: consulte el documento en admin.factura.gob.sv con su código de generación o el código QR.',
    demo,
    testEnvironment: !demo && id.ambiente === '00',
    voided: record.status === 'INVALIDATED',
    issuer: {
      title: record.type === 'CD' ? 'Donatario' : 'Emisor',
      lines: present([
        ['Nombre', e.nombre],
        ['Nombre comercial', e.nombreComercial],
        // The CD writes the issuer's NIT as its document number.
        ['NIT', e.nit ?? e.numDocumento],
        ['NRC', e.nrc],
        ['Actividad', e.descActividad],
        ['Dirección', place(e.direccion)],
        ['Establecimiento', `${e.codEstableMH ?? e.codigoMH ?? ''} / punto de venta ${e.codPuntoVentaMH ?? e.puntoVentaMH ?? ''}`],
        ['Teléfono', e.telefono],
        ['Correo', e.correo],
      ]),
    },
    receiver: receiverOf(record.type, doc),
    items: itemsOf(record.type, doc),
    totals: totals.rows,
    totalToPay: totals.toPay,
    words: String(totals.words ?? ''),
    sections: [
      ...(record.type === 'NR' ? [remissionSection(doc)] : []),
      ...sectionsOf(doc),
      ...(record.type === 'CL' || record.type === 'DCL' ? liquidationSections(record.type, doc) : []),
    ],
    payments: paymentsOf(doc.resumen ?? {}, paper),
    qrUrl: lookupUrl(String(id.ambiente), String(id.codigoGeneracion), String(id.fecEmi)),
    // The goods' title and destination travel with the goods: the counter's paper says them too.
    ...(record.type === 'NR' ? { sectionsOnReceipt: true } : {}),
  };
}
