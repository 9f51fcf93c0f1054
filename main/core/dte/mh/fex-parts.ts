// The parts of a factura de exportación (tipoDte 11) that MH's fe-fex-v1 and fe-fex-v3 write alike.
import { COUNTRIES } from '../../../../shared/catalogs';
import type { FexBody } from '../../../../shared/contract';
import { num, type computeFex } from '../../../../shared/tax';
import { totalWords } from './ceiling';
import { ATTACHMENT_LABEL, activityName, idNumber, idTypeCode } from './common';
import { payment } from './payments';
import { ATTACHMENT, INCOTERM, PERSON_TYPE, TRANSPORT, UNIT, UNIT_OTHER } from './mappings';

type Export = ReturnType<typeof computeFex>;

/** MH's tributo for exports: IVA 0 % (CAT-015 C3). */
export const EXPORT_IVA = { codigo: 'C3', descripcion: 'Impuesto al Valor Agregado (exportaciones) 0%' } as const;

/** The receptor abroad; `codPais` is the normative's country code (CAT-020 in v1, ISO alpha-2 in v3). */
export function fexReceptor(r: FexBody['recipient'], codPais: string) {
  return {
    nombre: r.name,
    tipoDocumento: idTypeCode(r.identificationDocument.type),
    numDocumento: idNumber(r.identificationDocument, true),
    nombreComercial: r.commercialName ?? null,
    codPais,
    // nombrePais: the country's Spanish name (3 to 50 characters).
    nombrePais: (COUNTRIES.find((c) => c.code === r.country)?.name ?? r.country).slice(0, 50),
    complemento: r.address,
    tipoPersona: PERSON_TYPE[r.contributorType],
    descActividad: activityName(r.economicActivity),
    telefono: r.phone ?? null,
    correo: r.email,
  };
}

/** otrosDocumentos: the transport's driver (its mode coded by the normative's CAT-030), or a document of the issuer or the receptor. */
export function fexOtrosDocumentos(
  attachments: FexBody['attachments'],
  mode: (transport: keyof typeof TRANSPORT) => number = (t) => TRANSPORT[t],
) {
  if (!attachments?.length) return null;
  return attachments.map((a) =>
    a.code === 'TRANSPORTE' && a.driver
      ? {
          codDocAsociado: ATTACHMENT.TRANSPORTE,
          descDocumento: null,
          detalleDocumento: null,
          placaTrans: a.driver.transportIdentificationNumber,
          modoTransp: mode(a.driver.transport),
          numConductor: a.driver.documentIdentificationNumber,
          nombreConductor: a.driver.name,
        }
      : {
          codDocAsociado: ATTACHMENT[a.code === 'TRANSPORTE' ? 'EMISOR' : a.code],
          descDocumento: ATTACHMENT_LABEL[a.code === 'TRANSPORTE' ? 'EMISOR' : a.code],
          detalleDocumento: a.details ?? '',
          placaTrans: null,
          modoTransp: null,
          numConductor: null,
          nombreConductor: null,
        },
  );
}

/** The exported items (taxed at 0 %, C3), then the non-taxed charges, each a line of its own. */
export function fexItems(body: FexBody, { lines, noGravado }: Export) {
  return [
    ...body.items.map((item, i) => {
      const l = lines[i]!;
      return {
        numItem: i + 1,
        cantidad: item.quantity,
        codigo: item.internalCode ?? null,
        uniMedida: UNIT[item.unitMeasure] ?? UNIT_OTHER,
        descripcion: item.description,
        precioUni: num(l.precioUni),
        montoDescu: num(l.montoDescu),
        ventaGravada: num(l.amount),
        tributos: [EXPORT_IVA.codigo] as string[] | null,
        noGravado: 0,
      };
    }),
    ...(body.itemsNoGrav ?? []).map((x, j) => ({
      numItem: body.items.length + j + 1,
      cantidad: 1,
      codigo: x.internalCode ?? null,
      uniMedida: UNIT_OTHER,
      descripcion: x.description,
      precioUni: 0,
      montoDescu: 0,
      ventaGravada: 0,
      tributos: null as string[] | null,
      noGravado: num(noGravado[j]!),
    })),
  ];
}

/** The resumen fields after the amounts: what is paid, in words, how, and the INCOTERM. */
export function fexResumenTail(body: FexBody, { totals: t }: Export) {
  return {
    totalLetras: totalWords(t.totalPagar),
    ...payment(body.paymentType, t.totalPagar, body.payments),
    codIncoterms: body.incoterms ? INCOTERM[body.incoterms].code : null,
    descIncoterms: body.incoterms ? INCOTERM[body.incoterms].name : null,
    numPagoElectronico: null,
    observaciones: body.comments ?? null,
  };
}
