// What MH said about a rejected document, placed beside the form fields it names. MH names a place in its own
// JSON ("[receptor.nrc] …", a schema's "/cuerpoDocumento/0/precioUni …"); the form is the contract's, so each MH
// name is translated to the contract's path. What names no field the form shows goes above the form.
import { textOf } from '../../../shared/text';
import type { Field, Section } from '../forms/spec';
import { fromDocumentWords } from '../words/documents';

const words = fromDocumentWords.correct;

/** An observation shown beside one field: `path` is the contract's dotted path, as FieldError's. */
export interface FieldNote {
  readonly path: string;
  readonly message: string;
}

export interface PlacedObservations {
  readonly fields: readonly FieldNote[];
  /** Observations naming no field of the form, as MH wrote them. */
  readonly general: readonly string[];
}

/** MH's general message and its observations, from a stored answer (null until MH answered). */
export function mhSaid(mhResponse: Record<string, unknown> | null): { summary: string; observations: string[] } {
  const obs = mhResponse?.observaciones;
  return {
    summary: textOf(mhResponse?.descripcionMsg),
    observations: Array.isArray(obs) ? obs.map(textOf).filter((o) => o.trim() !== '') : [],
  };
}

/** MH's place and the rest of the text: "[a.b[0].c] TEXT", "/a/b/0/c TEXT", or "a.b.c: TEXT" (a known section). */
export function splitObservation(observation: string): { place: string[]; message: string } | null {
  const o = observation.trim();
  // The place may hold indices of its own: [cuerpoDocumento[1].precioUni].
  const bracket = /^\[((?:[^[\]]|\[\d+\])+)\]\s*(.*)$/s.exec(o);
  const pointer = /^(\/[\w/]+)\s*(.*)$/s.exec(o);
  const dotted = /^([A-Za-z]+(?:\.\w+|\[\d+\])+):?\s+(.*)$/s.exec(o);
  const [, where, message] = bracket ?? pointer ?? dotted ?? [];
  if (where === undefined || message === undefined) return null;
  const place = where
    .replace(/\[(\d+)\]/g, '.$1')
    .split(/[./]/)
    .filter((p) => p !== '');
  return place.length && (bracket || SECTIONS.has(place[0] ?? '')) ? { place, message: message.trim() || o } : null;
}

/** A contract path for MH's field names under one of its objects, by MH's name (a dotted path on the contract's side). */
type Names = Readonly<Record<string, string>>;

const PARTY: Names = {
  nombre: 'name',
  nombreComercial: 'commercialName',
  nrc: 'nrc',
  nit: 'identificationDocument.number',
  numDocumento: 'identificationDocument.number',
  tipoDocumento: 'identificationDocument.type',
  codActividad: 'economicActivity',
  descActividad: 'economicActivity',
  correo: 'email',
  telefono: 'phone',
  direccion: 'address.complement',
  'direccion.departamento': 'address.department',
  'direccion.municipio': 'address.municipality',
  'direccion.distrito': 'address.district',
  'direccion.complemento': 'address.complement',
  // FEX: the country and a free-text address.
  codPais: 'country',
  nombrePais: 'country',
  complemento: 'address',
  tipoPersona: 'contributorType',
};
const LINE: Names = {
  tipoItem: 'type',
  descripcion: 'description',
  cantidad: 'quantity',
  uniMedida: 'unitMeasure',
  precioUni: 'unitPrice',
  montoDescu: 'discountAmount',
  codigo: 'internalCode',
  codTributo: 'taxCode',
  numeroDocumento: 'documentNumber',
  psv: 'psv',
  // CR: the retained document.
  tipoDte: 'taxDocumentType',
  tipoDoc: 'documentType',
  numDocumento: 'taxDocumentNumber',
  fechaEmision: 'taxDocumentGeneratedAt',
  montoSujetoGrav: 'amountSubject',
  ivaRetenido: 'ivaRetained',
  codigoRetencionMH: 'retentionCode',
};
const NO_GRAV: Names = { tipoItem: 'type', descripcion: 'description', noGravado: 'amount', codigo: 'internalCode' };
const SUMMARY: Names = {
  descuGravada: 'discountGrav',
  descuExenta: 'discountExe',
  descuNoSuj: 'discountNoSuj',
  ivaRete1: 'retentionIva',
  reteRenta: 'retentionRenta',
  condicionOperacion: 'paymentType',
  pagos: 'paymentType',
  descu: 'discount',
  descuento: 'discount',
  seguro: 'insurance',
  flete: 'freight',
  codIncoterms: 'incoterms',
  descIncoterms: 'incoterms',
  observaciones: 'comments',
};
const ATTACHMENT: Names = {
  codDocAsociado: 'code',
  descDocumento: 'details',
  detalleDocumento: 'details',
  'medico.nombre': 'doctor.name',
  'medico.nit': 'doctor.identificationDocument.number',
  'medico.docIdentificacion': 'doctor.identificationDocument.number',
  'medico.tipoServicio': 'doctor.service',
};
const SECTIONS: ReadonlySet<string> = new Set([
  'identificacion',
  'emisor',
  'receptor',
  'sujetoExcluido',
  'cuerpoDocumento',
  'resumen',
  'documentoRelacionado',
  'ventaTercero',
  'otrosDocumentos',
  'apendice',
]);

/** The contract path MH's place stands for, before checking the form shows it; null for the station's own data. */
function contractPath(place: readonly string[], itemCount: number): string[] | null {
  const [section, ...rest] = place;
  const under = (base: string, names: Names, tail: readonly string[]) => {
    const named = names[tail.join('.')] ?? names[tail[0] ?? ''];
    return [...base.split('.'), ...(named ? named.split('.') : tail)];
  };
  const at = (tail: readonly string[]): [number, string[]] | null => {
    const [i, ...more] = tail;
    return i !== undefined && /^\d+$/.test(i) ? [Number(i), more] : null;
  };
  switch (section) {
    case 'identificacion':
      return rest[0] === 'fecEmi' ? ['generatedAt'] : null;
    case 'emisor':
      if (rest[0] === 'codEstableMH' || rest[0] === 'codEstable') return ['branchOffice', 'mhCode'];
      if (rest[0] === 'codPuntoVentaMH' || rest[0] === 'codPuntoVenta') return ['branchOffice', 'posNumber'];
      return null;
    case 'receptor':
    case 'sujetoExcluido':
      return under('recipient', PARTY, rest);
    case 'cuerpoDocumento': {
      const line = at(rest);
      if (!line) return ['items'];
      const [i, tail] = line;
      // FC, CCF and FEX put their non-taxed amounts after the items, one line each.
      return i < itemCount ? under(`items.${i}`, LINE, tail) : under(`itemsNoGrav.${i - itemCount}`, NO_GRAV, tail);
    }
    case 'resumen': {
      const named = SUMMARY[rest[0] ?? ''];
      return named ? [named] : null;
    }
    case 'documentoRelacionado': {
      const doc = at(rest);
      return doc ? ['relatedTaxDocuments', String(doc[0]), 'id'] : ['relatedTaxDocuments'];
    }
    case 'ventaTercero':
      return rest[0] === 'nombre' ? ['thirdPartySale', 'name'] : ['thirdPartySale', 'identificationDocument', 'number'];
    case 'otrosDocumentos': {
      const doc = at(rest);
      return doc ? under(`attachments.${doc[0]}`, ATTACHMENT, doc[1]) : ['attachments'];
    }
    case 'apendice': {
      const entry = at(rest);
      const names: Names = { campo: 'name', etiqueta: 'description', valor: 'value' };
      return entry ? under(`appendices.${entry[0]}`, names, entry[1]) : ['appendices'];
    }
    default:
      return null;
  }
}

/** Whether the form shows an error beside this path: a field, a group or a list (an address shows its parts). */
function shows(fields: readonly Field[], path: readonly string[]): boolean {
  const [key, ...rest] = path;
  const f = fields.find((x) => x.key === key);
  if (!f) return false;
  switch (f.type) {
    case 'group':
      return rest.length === 0 || shows(f.fields, rest);
    case 'list': {
      if (rest.length === 0) return true;
      const [index, ...inner] = rest;
      return /^\d+$/.test(index ?? '') && inner.length > 0 && shows(f.item, inner);
    }
    case 'address':
      return rest.length === 1 && ['department', 'municipality', 'district', 'complement'].includes(rest[0] ?? '');
    default:
      return rest.length === 0;
  }
}

/**
 * Each observation beside the field it names, or the nearest enclosing part of the form that shows one (a line's
 * unknown field beside the list of lines); the rest in `general`. `itemCount`: the form's lines (`items`).
 */
export function placeObservations(sections: readonly Section[], observations: readonly string[], itemCount: number): PlacedObservations {
  const fields = sections.flatMap((s) => s.fields);
  const placed: FieldNote[] = [];
  const general: string[] = [];
  for (const o of observations) {
    const split = splitObservation(o);
    const path = split ? contractPath(split.place, itemCount) : null;
    let shown = path;
    while (shown && shown.length > 0 && !shows(fields, shown)) shown = shown.slice(0, -1);
    if (!split || !path || !shown || shown.length === 0) {
      general.push(o);
      continue;
    }
    // Placed beside a whole list, the message still says which of its entries MH meant.
    const entry = path.slice(shown.length).find((p) => /^\d+$/.test(p));
    placed.push({ path: shown.join('.'), message: entry === undefined ? split.message : words.entry(Number(entry) + 1, split.message) });
  }
  return { fields: placed, general };
}
