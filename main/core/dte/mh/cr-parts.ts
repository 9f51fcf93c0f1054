// The parts of a comprobante de retención (tipoDte 07) that MH's fe-cr-v1 and fe-cr-v2 write alike.
import type { CrBody, FieldError } from '../../../../shared/contract';
import type { BuildContext } from './context';
import { activityName, idNumber, idTypeCode } from './common';
import { CR_DOCUMENT_TYPE, GENERATION, RETENTION } from './mappings';

type Address = CrBody['recipient']['address'];

/** MH refuses a CR from an establishment of type 07 (predio o patio). */
export function crEstablishmentErrors(ctx: BuildContext): FieldError[] {
  if (ctx.station.branch.establishmentType !== '07') return [];
  return [
    { path: '', code: 'NOT_ALLOWED', message: 'MH no admite comprobantes de retención de un establecimiento de tipo 07 (predio o patio).' },
  ];
}

/** The receptor, its address written by the normative's `direccion`. */
export function crReceptor<D>(r: CrBody['recipient'], direccion: (a: Address) => D) {
  return {
    tipoDocumento: idTypeCode(r.identificationDocument.type),
    numDocumento: idNumber(r.identificationDocument, false),
    nrc: r.nrc ?? null,
    nombre: r.name,
    codActividad: r.economicActivity,
    descActividad: activityName(r.economicActivity),
    nombreComercial: r.commercialName ?? null,
    direccion: direccion(r.address),
    telefono: r.phone ?? null,
    correo: r.email,
  };
}

/** cuerpoDocumento as fe-cr-v1 names it (v2.0 renames tipoDoc to tipoGeneracion: cr-v2.ts). */
export const crItems = (body: CrBody) =>
  body.items.map((item, i) => ({
    numItem: i + 1,
    tipoDte: CR_DOCUMENT_TYPE[item.taxDocumentType],
    tipoDoc: GENERATION[item.documentType],
    numDocumento: item.documentType === 'DIGITAL' ? item.taxDocumentNumber.toUpperCase() : item.taxDocumentNumber,
    fechaEmision: item.taxDocumentGeneratedAt,
    montoSujetoGrav: item.amountSubject,
    codigoRetencionMH: RETENTION[item.retentionCode],
    ivaRetenido: item.ivaRetained,
    descripcion: item.description,
  }));
