// NC (nota de crédito, tipoDte 05) and ND (nota de débito, tipoDte 06) as MH's fe-nc-v4 / fe-nd-v4 (Normativa
// DTE v2.0, 2026): the notes of nc-v3.ts with the differences in docs/mh.md (v2.0 per kind).
import type { FieldError, NcBody } from '../../../../shared/contract';
import { MH_TYPE } from '../../../../shared/contract';
import { Dec, ZERO, computeSale, num } from '../../../../shared/tax';
import type { BuildContext, Built } from './context';
import { totalWords } from './ceiling';
import { identificacion, idNumber, idTypeCode } from './common';
import { controlNumberErrors, emisorV2, ventaTerceroV2 } from './common-v2';
import { DISTRICT_MISSING, direccionV2 } from './direccion-v2';
import { GENERATION, PAYMENT_CONDITION } from './mappings';
import { nrcV2Errors } from './ccf-parts';
import { noteAmountsV4 } from './note-amounts-v4';
import { IVA_TRIBUTE, lineTributes, saleLine, taxpayerReceptor } from './sale-lines';

export function buildNoteV4(kind: 'NC' | 'ND', body: NcBody, ctx: BuildContext): Built {
  const sale = computeSale(kind, body);
  const a = noteAmountsV4(sale);
  const errors: FieldError[] = [...sale.errors, ...controlNumberErrors(ctx)];
  // fe-nc-v4 / fe-nd-v4 carry no establishment codes in the emisor.
  const {
    emisor: { codEstable: _e, codPuntoVenta: _p, ...emisor },
    errors: emisorErrors,
  } = emisorV2(ctx);
  errors.push(...emisorErrors);
  // v2.0 identifies the receptor by tipoDocumento/numDocumento (DUI as 9 digits, as v3 wrote it in nit).
  const { nit: _nit, ...taxpayer } = taxpayerReceptor(body.recipient);
  const id = body.recipient.identificationDocument;
  const receptor = {
    tipoDocumento: idTypeCode(id.type),
    numDocumento: idNumber(id, false),
    ...taxpayer,
    direccion: direccionV2(body.recipient.address),
  };
  errors.push(...nrcV2Errors(body.recipient.nrc));
  if (!receptor.direccion) errors.push({ path: 'recipient.address.district', code: 'REQUIRED', message: DISTRICT_MISSING });
  // No reteRenta in v2.0 notes: a retention they cannot carry would leave totalPagar unexplained.
  if (body.retentionRenta)
    errors.push({ path: 'retentionRenta', code: 'NOT_ALLOWED', message: 'La nota de la normativa 2026 no lleva retención de renta.' });
  if (a.totalPagar.isNegative() && !errors.some((e) => e.path.startsWith('retention')))
    errors.push({ path: 'retentionIva', code: 'NOT_ALLOWED', message: 'La retención de IVA supera el total de la nota.' });
  const totalPagar = Dec.max(a.totalPagar, ZERO);

  const document = {
    // fusion (an absorbed company's NIT, MF2 p.31): the contract holds none.
    identificacion: { ...identificacion(ctx, 4, MH_TYPE[kind]), fusion: null },
    documentoRelacionado: relatedDocuments(body, ctx, errors),
    emisor,
    receptor,
    ventaTercero: ventaTerceroV2(body.thirdPartySale),
    cuerpoDocumento: body.items.map((item, i) => {
      const l = a.lines[i]!;
      return {
        ...saleLine(item, l, i),
        tributos: lineTributes(l),
        // The body has no cargos/abonos and Sello never perceives IVA.
        noGravado: 0,
        ivaPerci: 0,
        totalIva: num(l.totalIva),
        ivaRete: num(l.ivaRete),
      };
    }),
    resumen: {
      totalNoSuj: num(a.totalNoSuj),
      totalExenta: num(a.totalExenta),
      totalGravada: num(a.totalGravada),
      subTotalVentas: num(a.subTotalVentas),
      totalDescu: num(a.totalDescu),
      // Tributo 20 still applies to NCE/NDE (MF2 pp.32–33); its value is the resumen's totalIva, counted once.
      tributos: a.totalGravada.greaterThan(0) ? [{ ...IVA_TRIBUTE, valor: num(a.totalIva) }] : null,
      montoTotalOperacion: num(a.montoTotalOperacion),
      ivaPerci: 0,
      totalIva: num(a.totalIva),
      ivaRete: num(a.ivaRete),
      totalNoGravado: 0,
      totalPagar: num(totalPagar),
      totalLetras: totalWords(totalPagar) || null,
      condicionOperacion: PAYMENT_CONDITION[body.paymentType],
      ...(kind === 'ND' ? { numPagoElectronico: null } : {}),
      observaciones: null,
      // CAT-006 names the retention's rate (1 %, 13 %, other) and the contract only holds its amount.
      codigoRetencionMH: null,
    },
    apendice: null,
  };
  return { document, total: totalPagar, errors };
}

/** Each related CCF or CR, by its codigoGeneracion; a missing one is reported on its body path. */
function relatedDocuments(body: NcBody, ctx: BuildContext, errors: FieldError[]) {
  const docs = body.relatedTaxDocuments.flatMap((d, i) => {
    const r = ctx.related(d.id);
    // The create path checked these; a missing one here is a bug, reported rather than thrown.
    if (!r) {
      errors.push({ path: `relatedTaxDocuments.${i}.id`, code: 'UNKNOWN_CODE', message: 'No hay en esta estación un DTE con ese id.' });
      return [];
    }
    return [
      {
        tipoDocumento: MH_TYPE[r.kind],
        tipoGeneracion: GENERATION.DIGITAL,
        numeroDocumento: r.codigoGeneracion,
        fechaEmision: r.issueDate,
      },
    ];
  });
  // MF2 p.37: the documents a note relates are all of one type.
  if (new Set(docs.map((d) => d.tipoDocumento)).size > 1)
    errors.push({
      path: 'relatedTaxDocuments',
      code: 'NOT_ALLOWED',
      message: 'MH (normativa 2026): los documentos relacionados de una nota deben ser del mismo tipo (todos CCF o todos CR).',
    });
  return docs;
}
