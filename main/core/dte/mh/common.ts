// Pieces shared by the MH serializers of several kinds.
import { ANY_ECONOMIC_ACTIVITIES } from '../../../../shared/catalogs';
import type { IdType } from '../../../../shared/contract';
import type { BuildContext } from './context';
import { ATTACHMENT, DOCTOR_SERVICE, ID_TYPE } from './mappings';

type Address = { department: string; municipality: string; complement: string };

export function identificacion(ctx: BuildContext, version: number, tipoDte: string, reasonKey = 'motivoContin') {
  const contingency = ctx.operation.kind === 'contingency' ? ctx.operation : null;
  return {
    version,
    ambiente: ctx.station.environment === 'LIVE' ? '01' : '00',
    tipoDte,
    numeroControl: ctx.identity.numeroControl,
    codigoGeneracion: ctx.identity.codigoGeneracion,
    tipoModelo: contingency ? 2 : 1,
    tipoOperacion: contingency ? 2 : 1,
    tipoContingencia: contingency ? contingency.type : null,
    [reasonKey]: contingency ? contingency.reason : null,
    fecEmi: ctx.identity.fecEmi,
    horEmi: ctx.identity.horEmi,
    tipoMoneda: 'USD',
  };
}

export const direccion = (a: Address) => ({ departamento: a.department, municipio: a.municipality, complemento: a.complement });

/** The station's establishment and point of sale: codes of 4 characters (M001, P001). */
export function establishment(ctx: BuildContext) {
  const pos = `P${String(ctx.posNumber).padStart(3, '0')}`;
  return { codEstableMH: ctx.station.branch.mhCode, codEstable: ctx.station.branch.mhCode, codPuntoVentaMH: pos, codPuntoVenta: pos };
}

/** emisor fields every kind has, in MH's order. */
export function emisorCore(ctx: BuildContext) {
  const c = ctx.station.company;
  return {
    nit: c.nit,
    nrc: c.nrc,
    nombre: c.name,
    codActividad: c.economicActivity,
    descActividad: c.economicActivityDescription,
  };
}

/** The emisor of FC, CCF, NC, ND and FEX (CR and FSE name some fields differently). */
export function emisor(ctx: BuildContext, withEstablishment: boolean) {
  const c = ctx.station.company;
  return {
    ...emisorCore(ctx),
    nombreComercial: c.commercialName ?? null,
    tipoEstablecimiento: ctx.station.branch.establishmentType,
    direccion: direccion(c.address),
    telefono: c.phone,
    correo: c.email,
    ...(withEstablishment ? establishment(ctx) : {}),
  };
}

const ACTIVITY_NAMES = new Map(ANY_ECONOMIC_ACTIVITIES.map((a) => [a.code, a.name]));
/** MH's descActividad for a CAT-019 code (its catalog name, at most 150 characters). */
export const activityName = (code: string): string => (ACTIVITY_NAMES.get(code) ?? code).slice(0, 150);

export const idTypeCode = (t: IdType): string => ID_TYPE[t];

/** FC and FEX write the DUI as ########-#; the other kinds as 9 digits. */
export function idNumber(doc: { type: IdType; number: string }, duiWithHyphen: boolean): string {
  return doc.type === 'DUI' && duiWithHyphen ? `${doc.number.slice(0, 8)}-${doc.number.slice(8)}` : doc.number;
}

export const ventaTercero = (t: { name: string; identificationDocument: { number: string } } | null | undefined) =>
  t ? { nit: t.identificationDocument.number, nombre: t.name } : null;

type Attachment = {
  code: 'EMISOR' | 'RECEPTOR' | 'DOCTOR';
  details?: string | null;
  doctor?: { name: string; identificationDocument: { type: IdType; number: string }; service: keyof typeof DOCTOR_SERVICE } | null;
};

export const ATTACHMENT_LABEL = { EMISOR: 'Documento del emisor', RECEPTOR: 'Documento del receptor' } as const;

/** otrosDocumentos of FC and CCF. */
export function otrosDocumentos(attachments: readonly Attachment[] | null | undefined) {
  if (!attachments?.length) return null;
  return attachments.map((a) => {
    if (a.code === 'DOCTOR' && a.doctor) {
      const nit = a.doctor.identificationDocument.type === 'NIT';
      return {
        codDocAsociado: ATTACHMENT.DOCTOR,
        descDocumento: null,
        detalleDocumento: null,
        medico: {
          nombre: a.doctor.name,
          nit: nit ? a.doctor.identificationDocument.number : null,
          docIdentificacion: nit ? null : a.doctor.identificationDocument.number,
          tipoServicio: DOCTOR_SERVICE[a.doctor.service],
        },
      };
    }
    const code = a.code === 'DOCTOR' ? 'EMISOR' : a.code;
    return { codDocAsociado: ATTACHMENT[code], descDocumento: ATTACHMENT_LABEL[code], detalleDocumento: a.details ?? '', medico: null };
  });
}

export const apendice = (appendices: readonly { name: string; description: string; value: string }[] | null | undefined) =>
  appendices?.length ? appendices.map((a) => ({ campo: a.name, etiqueta: a.description, valor: a.value })) : null;
