// POST /dte/cl: comprobante de liquidación (MH tipoDte 08), what an agent who sold on behalf of a principal issues
// to that principal: one line per document the agent issued (docs/decisions/0081-liquidaciones.md).
import { z } from 'zod';
import { PAYMENT_TYPES, address, branchOffice, economicActivity, email, identificationDocument, phone8 } from './common';
import {
  addRuleIssue,
  digits,
  enumWithDefault,
  isUuid,
  isoDate,
  nonNegativeMoney,
  optional,
  positiveDecimal,
  text,
  uuid,
} from './primitives';
import { D, bilingual, catalogRoute, described } from './descriptions';

/** MH's fe-cl-v1 holds at most 500 lines (cuerpoDocumento maxItems). */
export const CL_MAX_ITEMS = 500;

/** The documents a CL line may report (fe-cl-v1 tipoDte enum: 01, 03, 05, 06, 11). */
export const CL_DOCUMENT_TYPES = ['FC', 'CCF', 'NC', 'ND', 'FEX'] as const;

/**
 * The principal of a CL, or the affiliate of a DCL: a registered taxpayer. The legacy schemas want a NIT (or the DUI
 * as NIT), an NRC of 2 to 8 digits, a trade name of 5 or more characters and an address complement of 5 or more.
 */
export const liquidationRecipientShape = {
  economicActivity: economicActivity(),
  nrc: described(
    digits(2, 8),
    bilingual('NRC del receptor, de 2 a 8 dígitos, sin guion.', "The recipient's NRC, 2 to 8 digits, no hyphen."),
  ),
  name: described(text(250), D.recipientName),
  commercialName: described(
    optional(text(150, 5)),
    bilingual(
      'Nombre comercial, de 5 a 150 caracteres, si es otro que el nombre.',
      'Trade name, 5 to 150 characters, when it differs from the name.',
    ),
  ),
  phone: described(optional(phone8()), D.phone),
  email: described(email(), D.email),
  address: described(address(5), D.address),
  identificationDocument: described(
    identificationDocument(['NIT', 'DUI']),
    bilingual(
      'Documento del receptor: NIT (14 dígitos) o DUI (9 dígitos).',
      "The recipient's document: NIT (14 digits) or DUI (9 digits).",
    ),
  ),
};

/** The rule the line's refinement applies to its amounts (below), said in each amount's description. */
const THREE_AMOUNTS = {
  es: 'Salvo en una FEX, es obligatorio al menos uno de nonSubjectSales, exemptSales o taxedSales; una FEX no admite ninguno de los tres.',
  en: 'Except on an FEX, at least one of nonSubjectSales, exemptSales or taxedSales is required; an FEX takes none of the three.',
};

const AMOUNT = (es: string, en: string, rule: { es: string; en: string } = THREE_AMOUNTS) =>
  described(
    optional(positiveDecimal()),
    bilingual(
      `${es} en USD, positivo, hasta 8 decimales; en una NC se escribe sin signo y Sello la resta. ${rule.es}`,
      `${en}, USD, positive, up to 8 decimals; on an NC it is written unsigned and Sello subtracts it. ${rule.en}`,
    ),
  );

const clItem = z
  .strictObject({
    documentType: described(
      z.enum(['FISICO', 'DIGITAL']),
      bilingual(
        'El documento liquidado es FISICO (papel) o DIGITAL (un DTE); MH CAT-007.',
        'The liquidated document is FISICO (paper) or DIGITAL (a DTE); MH CAT-007.',
      ),
    ),
    taxDocumentType: described(
      z.enum(CL_DOCUMENT_TYPES),
      bilingual(
        `Tipo del documento que el agente emitió por cuenta del mandante (MH CAT-002): FC, CCF, NC, ND o FEX; lista en ${catalogRoute('document-type')}.`,
        `Type of the document the agent issued on the principal's behalf (MH CAT-002): FC, CCF, NC, ND or FEX; list at ${catalogRoute('document-type')}.`,
      ),
    ),
    taxDocumentNumber: described(
      z.string().trim().min(1).max(36),
      bilingual(
        'Número del documento: FISICO de 1 a 20 letras mayúsculas o dígitos; DIGITAL su código de generación (UUID); cada documento una sola vez en el comprobante.',
        "The document's number: FISICO 1 to 20 upper-case letters or digits; DIGITAL its generation code (UUID); each document once in the comprobante.",
      ),
    ),
    taxDocumentGeneratedAt: described(
      isoDate(),
      bilingual(
        'Fecha de emisión del documento, aaaa-mm-dd, no posterior a la del comprobante.',
        "The document's issue date, yyyy-MM-dd, not after the comprobante's.",
      ),
    ),
    nonSubjectSales: AMOUNT('Ventas no sujetas del documento', "The document's non-subject sales"),
    exemptSales: AMOUNT('Ventas exentas del documento', "The document's exempt sales"),
    taxedSales: AMOUNT(
      'Ventas gravadas del documento, sin IVA (Sello calcula el IVA 13 %)',
      "The document's taxed sales, before VAT (Sello computes the 13 % VAT)",
    ),
    exportSales: AMOUNT('Exportaciones del documento', "The document's exports", {
      es: 'Obligatorio en una FEX y solo en ella.',
      en: 'Required on an FEX, and only there.',
    }),
    observations: described(
      optional(text(1000, 3)),
      bilingual('Observaciones de la línea, de 3 a 1000 caracteres.', "The line's observations, 3 to 1000 characters."),
    ),
  })
  .superRefine((item, ctx) => {
    if (item.documentType === 'FISICO' && !/^[A-Z0-9]{1,20}$/.test(item.taxDocumentNumber)) {
      addRuleIssue(
        ctx,
        ['taxDocumentNumber'],
        'INVALID_FORMAT',
        'Un documento físico se numera con 1 a 20 letras mayúsculas o dígitos (regla de MH).',
      );
    }
    if (item.documentType === 'DIGITAL' && !isUuid(item.taxDocumentNumber)) {
      addRuleIssue(ctx, ['taxDocumentNumber'], 'INVALID_FORMAT', 'Un documento digital se identifica por su código de generación (UUID).');
    }
    const isExport = item.taxDocumentType === 'FEX';
    if (isExport) {
      for (const key of ['nonSubjectSales', 'exemptSales', 'taxedSales'] as const)
        if (item[key] != null) addRuleIssue(ctx, [key], 'NOT_ALLOWED', 'Una factura de exportación se liquida solo como exportaciones.');
      if (item.exportSales == null) addRuleIssue(ctx, ['exportSales'], 'REQUIRED', 'Obligatorio en una factura de exportación.');
    } else {
      if (item.exportSales != null)
        addRuleIssue(ctx, ['exportSales'], 'NOT_ALLOWED', 'Solo una factura de exportación (FEX) lleva exportaciones.');
      if (item.nonSubjectSales == null && item.exemptSales == null && item.taxedSales == null)
        addRuleIssue(ctx, ['taxedSales'], 'REQUIRED', 'Indique al menos un monto: no sujetas, exentas o gravadas.');
    }
  });

export const clBody = z
  .strictObject({
    id: described(uuid(), D.id),
    generatedAt: described(optional(isoDate()), D.generatedAt),
    branchOffice: described(optional(branchOffice), D.branchOffice),
    paymentType: described(enumWithDefault(PAYMENT_TYPES, 'CONTADO'), D.paymentType),
    recipient: described(
      z.strictObject(liquidationRecipientShape),
      bilingual('El mandante a quien se liquida (MH receptor).', 'The principal the sales are liquidated to (MH receptor).'),
    ),
    items: described(
      z.array(clItem).min(1).max(CL_MAX_ITEMS),
      bilingual(
        'Los documentos que el agente emitió por cuenta del mandante, de 1 a 500; cada uno una sola vez.',
        "The documents the agent issued on the principal's behalf, 1 to 500; each one once.",
      ),
    ),
    ivaPerceived: described(
      optional(nonNegativeMoney()),
      bilingual(
        'IVA percibido que se liquida (MH ivaPerci), en USD (2 decimales); solo con ventas gravadas; se suma al total.',
        'VAT perceived being liquidated (MH ivaPerci), USD (2 decimals); only with taxed sales; added to the total.',
      ),
    ),
    observations: described(
      optional(text(1000)),
      bilingual('Observaciones del comprobante, hasta 1000 caracteres.', "The comprobante's observations, up to 1000 characters."),
    ),
  })
  .superRefine((body, ctx) => {
    // MF2 §VII: a document reported in a CL is released only when that CL is invalidated: never twice in one.
    const seen = new Set<string>();
    body.items.forEach((item, i) => {
      const key = `${item.taxDocumentType}/${item.taxDocumentNumber.toUpperCase()}`;
      if (seen.has(key)) addRuleIssue(ctx, ['items', i, 'taxDocumentNumber'], 'DUPLICATE', 'Este documento ya está en otra línea.');
      seen.add(key);
    });
    if (body.ivaPerceived && !body.items.some((item) => item.taxedSales != null)) {
      addRuleIssue(ctx, ['ivaPerceived'], 'NOT_ALLOWED', 'Solo se liquida IVA percibido con ventas gravadas.');
    }
  });

export type ClBody = z.output<typeof clBody>;
