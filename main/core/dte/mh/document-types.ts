// The MH documents and events the app writes, as types (docs/mh.md), and the typed view its readers take of a
// parsed MH JSON. Each kind's type is what its serializer writes: built from the shared serializer pieces'
// return types where there is one (common.ts, sale-lines.ts), spelled out for the rest. A reader of JSON of
// unknown provenance (the simulator reads what clients send; the renderer and the invalidation read what the DB
// holds) takes a View: every kind's fields merged, each optional — a view of the data, not a validation.
import type { apendice, direccion, emisor, emisorCore, establishment, otrosDocumentos, ventaTercero } from './common';
import type { payment } from './payments';
import type { ivaTributes, lineTributes, noGravLine, saleLine, saleSummary, taxpayerReceptor } from './sale-lines';
import type { nrReceptor, nrResumenHead } from './nr-parts';

// ---- Pieces -------------------------------------------------------------------------------------------------

export type MhDireccion = ReturnType<typeof direccion>;

/** identificacion of every DTE kind; FEX v1 spells the reason motivoContigencia (see FexV1Document). */
export type MhIdentificacion = {
  version: number;
  ambiente: string;
  tipoDte: string;
  numeroControl: string;
  codigoGeneracion: string;
  /** 1 previo, 2 diferido (contingency). */
  tipoModelo: number;
  /** 1 normal, 2 contingency. */
  tipoOperacion: number;
  tipoContingencia: number | null;
  motivoContin: string | null;
  fecEmi: string;
  horEmi: string;
  tipoMoneda: string;
};

/** The emisor of FC, CCF and FEX (with establishment codes) and of NC and ND (without). */
export type MhEmisor = ReturnType<typeof emisor>;
type EmisorCore = ReturnType<typeof emisorCore>;
type Establishment = ReturnType<typeof establishment>;

/** receptor of CCF, NC and ND. */
export type MhTaxpayerReceptor = ReturnType<typeof taxpayerReceptor>;

/** receptor of FC: optional as a whole (final consumer) and mostly optional inside. */
export type MhFcReceptor = {
  tipoDocumento: string | null;
  numDocumento: string | null;
  nrc: string | null;
  nombre: string;
  codActividad: string | null;
  descActividad: string | null;
  direccion: MhDireccion | null;
  telefono: string | null;
  correo: string | null;
};

export type MhCrReceptor = {
  tipoDocumento: string;
  numDocumento: string;
  nrc: string | null;
  nombre: string;
  codActividad: string;
  descActividad: string;
  nombreComercial: string | null;
  direccion: MhDireccion;
  telefono: string | null;
  correo: string;
};

export type MhFexReceptor = {
  nombre: string;
  tipoDocumento: string;
  numDocumento: string;
  nombreComercial: string | null;
  /** CAT-020. */
  codPais: string;
  nombrePais: string;
  /** FEX's receptor has a one-line address, not a direccion. */
  complemento: string;
  tipoPersona: number;
  descActividad: string;
  telefono: string | null;
  correo: string;
};

/** FSE's counterpart, sujetoExcluido (it has no receptor). */
export type MhSujetoExcluido = {
  tipoDocumento: string;
  numDocumento: string;
  nombre: string;
  codActividad: string | null;
  descActividad: string | null;
  direccion: MhDireccion;
  telefono: string | null;
  correo: string | null;
};

export type MhReceptor = MhTaxpayerReceptor | MhFcReceptor | MhCrReceptor | MhFexReceptor;

/** An NC or ND names the CCF (or CR) it adjusts. */
export type MhDocumentoRelacionado = {
  tipoDocumento: string;
  tipoGeneracion: number;
  numeroDocumento: string;
  fechaEmision: string;
};

export type MhVentaTercero = NonNullable<ReturnType<typeof ventaTercero>>;
export type MhApendice = NonNullable<ReturnType<typeof apendice>>[number];
/** otrosDocumentos of FC and CCF: documents of the emisor or receptor, or a doctor. */
export type MhOtroDocumento = NonNullable<ReturnType<typeof otrosDocumentos>>[number];
/** otrosDocumentos of FEX: documents of the emisor or receptor, or a transport. */
export type MhFexOtroDocumento = {
  codDocAsociado: number;
  descDocumento: string | null;
  detalleDocumento: string | null;
  placaTrans: string | null;
  modoTransp: number | null;
  numConductor: string | null;
  nombreConductor: string | null;
};
/** A resumen's tributo: IVA (20) with its amount. */
export type MhTributo = NonNullable<ReturnType<typeof ivaTributes>>[number];
type Payment = ReturnType<typeof payment>;
export type MhPago = NonNullable<Payment['pagos']>[number];

// ---- Item lines ---------------------------------------------------------------------------------------------

type SaleLine = ReturnType<typeof saleLine>;
type NoGravLine = ReturnType<typeof noGravLine>;

export type MhFcItem =
  (SaleLine & { tributos: null; psv: number; noGravado: number; ivaItem: number }) | (NoGravLine & { ivaItem: number });
export type MhCcfItem = (SaleLine & { tributos: ReturnType<typeof lineTributes>; psv: number; noGravado: number }) | NoGravLine;
export type MhNoteItem = SaleLine & { tributos: ReturnType<typeof lineTributes> };

export type MhCrItem = {
  numItem: number;
  /** CAT-002 of the retained document. */
  tipoDte: string;
  /** CAT-007: 1 physical, 2 electronic. */
  tipoDoc: number;
  numDocumento: string;
  fechaEmision: string;
  montoSujetoGrav: number;
  codigoRetencionMH: string;
  ivaRetenido: number;
  descripcion: string;
};

export type MhFseItem = {
  numItem: number;
  tipoItem: number;
  cantidad: number;
  codigo: string | null;
  uniMedida: number;
  descripcion: string;
  precioUni: number;
  montoDescu: number;
  compra: number;
};

export type MhFexItem = {
  numItem: number;
  cantidad: number;
  codigo: string | null;
  uniMedida: number;
  descripcion: string;
  precioUni: number;
  montoDescu: number;
  ventaGravada: number;
  tributos: string[] | null;
  noGravado: number;
};

// ---- Summaries ----------------------------------------------------------------------------------------------

type SaleSummary = ReturnType<typeof saleSummary>;
/** resumen fields CCF, NC and ND share beyond the sale summary. */
type TaxpayerResumen = SaleSummary & {
  totalDescu: number;
  tributos: MhTributo[] | null;
  subTotal: number;
  ivaPerci1: number;
  ivaRete1: number;
  reteRenta: number;
  montoTotalOperacion: number;
  totalLetras: string;
};

export type MhFcResumen = SaleSummary &
  Payment & {
    porcentajeDescuento: number;
    totalDescu: number;
    /** FC reports IVA in totalIva, never as tributo 20. */
    tributos: null;
    subTotal: number;
    ivaRete1: number;
    reteRenta: number;
    montoTotalOperacion: number;
    totalNoGravado: number;
    totalPagar: number;
    totalLetras: string;
    totalIva: number;
    saldoFavor: number;
    numPagoElectronico: null;
  };

export type MhCcfResumen = TaxpayerResumen &
  Payment & {
    porcentajeDescuento: number;
    totalNoGravado: number;
    totalPagar: number;
    saldoFavor: number;
    numPagoElectronico: null;
  };

/** NC and ND (ND adds numPagoElectronico). */
export type MhNoteResumen = TaxpayerResumen & { condicionOperacion: number; numPagoElectronico?: null };

export type MhCrResumen = {
  totalSujetoRetencion: number;
  totalIVAretenido: number;
  totalIVAretenidoLetras: string;
};

export type MhFseResumen = Payment & {
  totalCompra: number;
  descu: number;
  totalDescu: number;
  subTotal: number;
  ivaRete1: number;
  reteRenta: number;
  totalPagar: number;
  totalLetras: string;
  observaciones: string | null;
};

export type MhFexResumen = Payment & {
  totalGravada: number;
  descuento: number;
  porcentajeDescuento: number;
  totalDescu: number;
  seguro: number | null;
  flete: number | null;
  montoTotalOperacion: number;
  totalNoGravado: number;
  totalPagar: number;
  totalLetras: string;
  codIncoterms: string | null;
  descIncoterms: string | null;
  numPagoElectronico: null;
  observaciones: string | null;
};

// ---- Documents, one per kind and MH version ---------------------------------------------------------------

/** fe-fc-v1 (tipoDte 01). */
export type FcV1Document = {
  identificacion: MhIdentificacion;
  documentoRelacionado: null;
  emisor: MhEmisor;
  receptor: MhFcReceptor | null;
  otrosDocumentos: MhOtroDocumento[] | null;
  ventaTercero: MhVentaTercero | null;
  cuerpoDocumento: MhFcItem[];
  resumen: MhFcResumen;
  extension: null;
  apendice: null;
};

/** fe-ccf-v3 (tipoDte 03): documentoRelacionado lists the NRs it bills (ccf-parts.ts). */
export type CcfV3Document = {
  identificacion: MhIdentificacion;
  documentoRelacionado: MhDocumentoRelacionado[] | null;
  emisor: MhEmisor;
  receptor: MhTaxpayerReceptor;
  otrosDocumentos: MhOtroDocumento[] | null;
  ventaTercero: MhVentaTercero | null;
  cuerpoDocumento: MhCcfItem[];
  resumen: MhCcfResumen;
  extension: null;
  apendice: null;
};

/** fe-nc-v3 and fe-nd-v3 (tipoDte 05 and 06). */
export type NoteV3Document = {
  identificacion: MhIdentificacion;
  documentoRelacionado: MhDocumentoRelacionado[];
  emisor: MhEmisor;
  receptor: MhTaxpayerReceptor;
  ventaTercero: MhVentaTercero | null;
  cuerpoDocumento: MhNoteItem[];
  resumen: MhNoteResumen;
  extension: null;
  apendice: null;
};

/** fe-cr-v1 (tipoDte 07): never a contingency document. */
export type CrV1Document = {
  identificacion: MhIdentificacion;
  emisor: EmisorCore & {
    nombreComercial: string | null;
    tipoEstablecimiento: string;
    direccion: MhDireccion;
    telefono: string;
    /** CR v1 names the establishment codes differently. */
    codigoMH: string;
    codigo: string;
    puntoVentaMH: string;
    puntoVenta: string;
    correo: string;
  };
  receptor: MhCrReceptor;
  cuerpoDocumento: MhCrItem[];
  resumen: MhCrResumen;
  extension: null;
  apendice: null;
};

/** fe-fse-v1 (tipoDte 14). */
export type FseV1Document = {
  identificacion: MhIdentificacion;
  emisor: EmisorCore & Establishment & { direccion: MhDireccion; telefono: string; correo: string };
  sujetoExcluido: MhSujetoExcluido;
  cuerpoDocumento: MhFseItem[];
  resumen: MhFseResumen;
  apendice: null;
};

/** fe-fex-v1 (tipoDte 11). */
export type FexV1Document = {
  identificacion: Omit<MhIdentificacion, 'motivoContin'> & { motivoContigencia: string | null };
  emisor: MhEmisor & { tipoItemExpor: number; recintoFiscal: string | null; regimen: string | null };
  receptor: MhFexReceptor;
  otrosDocumentos: MhFexOtroDocumento[] | null;
  ventaTercero: MhVentaTercero | null;
  cuerpoDocumento: MhFexItem[];
  resumen: MhFexResumen;
  apendice: MhApendice[] | null;
};

/** The CD's donor (donante in v1, receptor in v2.0): domiciled (CAT-032 1) or not, with a country (cd-parts.ts). */
export type MhCdDonor = {
  tipoDocumento: string;
  numDocumento: string;
  nrc: string | null;
  nombre: string;
  codActividad: string | null;
  descActividad: string | null;
  direccion: MhDireccion | null;
  telefono: string | null;
  correo: string | null;
  codDomiciliado: number;
  /** CAT-020 in v1, ISO alpha-2 in v2.0. */
  codPais: string;
};

/** A CD line: CAT-026 tipoDonacion and the donated value; the depreciation is depreciacion (v1) or tipoDepreciacion (v2.0). */
export type MhCdItem = {
  numItem: number;
  tipoDonacion: number;
  cantidad: number;
  codigo: string | null;
  uniMedida: number;
  descripcion: string;
  valorUni: number;
  valor: number;
  depreciacion?: number;
  tipoDepreciacion?: number;
};

/** fe-cd-v1 (tipoDte 15): the donee issues as donatario (identified by its NIT as a document) to the donante. */
export type CdV1Document = {
  identificacion: Omit<MhIdentificacion, 'tipoContingencia' | 'motivoContin'>;
  donatario: Omit<MhEmisor, 'nit'> & Establishment & { tipoDocumento: string; numDocumento: string };
  donante: MhCdDonor;
  otrosDocumentos: { codDocAsociado: number; descDocumento: string; detalleDocumento: string }[];
  cuerpoDocumento: MhCdItem[];
  resumen: { valorTotal: number; totalLetras: string; pagos: { codigo: string; montoPago: number; referencia: string | null }[] | null };
  apendice: null;
};

/** fe-cd-v2: the same parties named emisor and receptor (cd-v2.ts). */
export type CdV2Document = Omit<CdV1Document, 'donatario' | 'donante'> & {
  emisor: Omit<CdV1Document['donatario'], 'tipoEstablecimiento' | 'codEstableMH' | 'codPuntoVentaMH'>;
  receptor: MhCdDonor;
};

/** fe-nr-v3 (tipoDte 04): CCF-like lines without psv, a receptor with CAT-025's bienTitulo (nr-parts.ts). */
export type NrV3Document = {
  identificacion: MhIdentificacion;
  documentoRelacionado: MhDocumentoRelacionado[] | null;
  emisor: MhEmisor;
  receptor: ReturnType<typeof nrReceptor<MhDireccion>>;
  ventaTercero: MhVentaTercero | null;
  cuerpoDocumento: MhNoteItem[];
  // totalLetras is null in v4 only past MH's cap, a document refused before it is stored (ceiling.ts).
  resumen: ReturnType<typeof nrResumenHead> & { montoTotalOperacion: number; totalLetras: string; observaciones?: string | null };
  /** v3 only: who delivers and receives, and the observations (nr-v3.ts). */
  extension?: {
    nombEntrega: string | null;
    docuEntrega: string | null;
    nombRecibe: string | null;
    docuRecibe: string | null;
    observaciones: string | null;
  } | null;
  apendice: MhApendice[] | null;
};

/** Any DTE the serializers write. */
export type MhDocument =
  NrV3Document | FcV1Document | CcfV3Document | NoteV3Document | CrV1Document | FseV1Document | FexV1Document | CdV1Document | CdV2Document;

// ---- Events -------------------------------------------------------------------------------------------------

/** anulacion-schema-v2: the invalidation of a sealed DTE. */
export type AnulacionV2Event = {
  identificacion: { version: 2; ambiente: string; codigoGeneracion: string; fecAnula: string; horAnula: string };
  emisor: {
    nit: string;
    nombre: string;
    tipoEstablecimiento: string;
    nomEstablecimiento: string | null;
    codEstableMH: string;
    codEstable: string;
    codPuntoVentaMH: string;
    codPuntoVenta: string;
    telefono: string;
    correo: string;
  };
  /** The invalidated DTE and its counterpart. */
  documento: {
    tipoDte: string;
    codigoGeneracion: string;
    selloRecibido: string;
    numeroControl: string;
    fecEmi: string;
    montoIva: number | null;
    codigoGeneracionR: string | null;
    tipoDocumento: string;
    numDocumento: string;
    nombre: string;
    telefono: string | null;
    correo?: string;
  };
  motivo: {
    /** 1 corrects an error (with a replacement), 2 rescinds the operation. */
    tipoAnulacion: 1 | 2 | 3;
    motivoAnulacion: string | null;
    nombreResponsable: string;
    tipDocResponsable: string;
    numDocResponsable: string;
    nombreSolicita: string;
    tipDocSolicita: string;
    numDocSolicita: string;
  };
};

/** contingencia-schema-v3: the event that lists the documents issued during a contingency. */
export type ContingenciaV3Event = {
  identificacion: { version: 3; ambiente: string; codigoGeneracion: string; fTransmision: string; hTransmision: string };
  emisor: {
    nit: string;
    nombre: string;
    nombreResponsable: string;
    tipoDocResponsable: string;
    numeroDocResponsable: string;
    tipoEstablecimiento: string;
    codEstableMH: string;
    codPuntoVenta: string;
    telefono: string;
    correo: string;
  };
  detalleDTE: { noItem: number; codigoGeneracion: string; tipoDoc: string }[];
  motivo: { fInicio: string; fFin: string; hInicio: string; hFin: string; tipoContingencia: number; motivoContingencia: string | null };
};

// ---- Views --------------------------------------------------------------------------------------------------

type Leaf = string | number | boolean | null | undefined;
type KeysOfAny<T> = T extends unknown ? keyof T : never;
type ValueAt<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : never) : never;
type ViewObject<T> = { readonly [K in KeysOfAny<T>]?: View<ValueAt<T, K>> };

/**
 * What a reader may find in JSON shaped like any member of T: the objects of every member merged, each field
 * optional and typed as the union of what the members put there; arrays read-only.
 */
export type View<T> =
  | Extract<T, Leaf>
  | ([Extract<T, readonly unknown[]>] extends [never] ? never : readonly View<Extract<T, readonly unknown[]>[number]>[])
  | ([Exclude<T, Leaf | readonly unknown[]>] extends [never] ? never : ViewObject<Exclude<T, Leaf | readonly unknown[]>>);

/** A stored or received DTE of any kind and version. */
export type MhDocumentView = View<MhDocument>;
/** Whatever a signed payload may be: a DTE, or an invalidation or contingency event. */
export type MhPayloadView = View<MhDocument | AnulacionV2Event | ContingenciaV3Event>;
/** The DTE's counterpart: its receptor, FSE v1's sujetoExcluido, or CD v1's donante. */
export type MhCounterpartView = View<MhReceptor | MhSujetoExcluido | MhCdDonor>;
export type MhIdentificacionView = NonNullable<MhDocumentView['identificacion']>;
export type MhEmisorView = NonNullable<MhDocumentView['emisor']>;
export type MhResumenView = NonNullable<MhDocumentView['resumen']>;
export type MhItemView = NonNullable<MhDocumentView['cuerpoDocumento']>[number];

/** A parsed MH document (the DB's mh_json) read through the typed view. Nothing is checked or converted. */
export const mhDocumentView = (json: Readonly<Record<string, unknown>>): MhDocumentView => json;
