// FEX (factura de exportación, tipoDte 11) as MH's fe-fex-v1: IVA 0 % (tributo C3), CAT-020 country codes.
import { COUNTRIES } from '../../../../shared/catalogs';
import { CAT020_BY_ISO } from '../../../../shared/catalogs/data/country-cat020';
import type { FexBody, FieldError } from '../../../../shared/contract';
import { computeFex, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { payment, paymentErrors } from './payments';
import { ATTACHMENT_LABEL, activityName, apendice, emisor, identificacion, idNumber, idTypeCode, ventaTercero } from './common';
import { ATTACHMENT, INCOTERM, ITEM_TYPE, PERSON_TYPE, TRANSPORT, UNIT, UNIT_OTHER } from './mappings';

const EXPORT_IVA = 'C3';

export function buildFexV1(body: FexBody, ctx: BuildContext): Built {
  const { lines, noGravado, totals: t, errors } = computeFex(body);
  const extra: FieldError[] = [];
  const r = body.recipient;
  const country = CAT020_BY_ISO[r.country];
  if (!country)
    extra.push({
      path: 'recipient.country',
      code: 'NOT_ALLOWED',
      message: 'El catálogo de países de MH (CAT-020) no tiene código para este país.',
    });
  const services = body.itemType === 'SERVICIOS';
  // nombrePais: the country's Spanish name (3 to 50 characters).
  const countryName = (COUNTRIES.find((c) => c.code === r.country)?.name ?? r.country).slice(0, 50);

  const document = {
    identificacion: identificacion(ctx, 1, '11', 'motivoContigencia'),
    emisor: {
      ...emisor(ctx, true),
      tipoItemExpor: ITEM_TYPE[body.itemType],
      recintoFiscal: services ? null : (body.taxArea ?? null),
      regimen: services ? null : (body.taxRegimen ?? null),
    },
    receptor: {
      nombre: r.name,
      tipoDocumento: idTypeCode(r.identificationDocument.type),
      numDocumento: idNumber(r.identificationDocument, true),
      nombreComercial: r.commercialName ?? null,
      codPais: country?.code ?? '',
      nombrePais: countryName,
      complemento: r.address,
      tipoPersona: PERSON_TYPE[r.contributorType],
      descActividad: activityName(r.economicActivity),
      telefono: r.phone ?? null,
      correo: r.email,
    },
    otrosDocumentos: body.attachments?.length
      ? body.attachments.map((a) =>
          a.code === 'TRANSPORTE' && a.driver
            ? {
                codDocAsociado: ATTACHMENT.TRANSPORTE,
                descDocumento: null,
                detalleDocumento: null,
                placaTrans: a.driver.transportIdentificationNumber,
                modoTransp: TRANSPORT[a.driver.transport],
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
        )
      : null,
    ventaTercero: ventaTercero(body.thirdPartySale),
    cuerpoDocumento: [
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
          tributos: [EXPORT_IVA],
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
        tributos: null,
        noGravado: num(noGravado[j]!),
      })),
    ],
    resumen: {
      totalGravada: num(t.totalGravada),
      descuento: num(t.descuento),
      porcentajeDescuento: num(t.porcentajeDescuento),
      totalDescu: num(t.totalDescu),
      seguro: t.seguro === null ? null : num(t.seguro),
      flete: t.flete === null ? null : num(t.flete),
      montoTotalOperacion: num(t.montoTotalOperacion),
      totalNoGravado: num(t.totalNoGravado),
      totalPagar: num(t.totalPagar),
      totalLetras: totalWords(t.totalPagar),
      ...payment(body.paymentType, t.totalPagar, body.payments),
      codIncoterms: body.incoterms ? INCOTERM[body.incoterms].code : null,
      descIncoterms: body.incoterms ? INCOTERM[body.incoterms].name : null,
      numPagoElectronico: null,
      observaciones: body.comments ?? null,
    },
    apendice: apendice(body.appendices),
  };
  return { document, total: t.totalPagar, errors: [...errors, ...extra, ...paymentErrors(body.paymentType, t.totalPagar, body.payments)] };
}
