// POST /dte/cr: comprobante de retención (MH tipoDte 07).
import { z } from 'zod';
import {
  CONTRIBUTOR_SIZES,
  CONTRIBUTOR_TYPES,
  address,
  branchOffice,
  economicActivity,
  email,
  identificationDocument,
  phone8,
} from './common';
import { addRuleIssue, digits, isUuid, isoDate, optional, positiveMoney, text, uuid } from './primitives';
import { D, bilingual, catalogRoute, described } from './descriptions';

export const RETENTION_CODES = ['RETENCION_IVA_1', 'RETENCION_IVA_13', 'OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES'] as const;

const crRecipient = z
  .strictObject({
    economicActivity: economicActivity(),
    contributorType: described(optional(z.enum(CONTRIBUTOR_TYPES)), D.contributorType),
    contributorSize: described(optional(z.enum(CONTRIBUTOR_SIZES)), D.contributorSize),
    // The contract says 1 to 8 digits; MH's CR v1 wants at least 2.
    nrc: described(
      optional(digits(2, 8)),
      bilingual(
        'NRC del sujeto retenido, de 2 a 8 dígitos; obligatorio con documento NIT.',
        "The withheld party's NRC, 2 to 8 digits; required with a NIT document.",
      ),
    ),
    name: described(text(250), D.recipientName),
    phone: described(optional(phone8()), D.phone),
    commercialName: described(optional(text(150)), D.commercialName),
    email: described(email(), D.email),
    address: described(address(5), D.address),
    identificationDocument: described(identificationDocument(), D.identificationDocument),
  })
  .superRefine((r, ctx) => {
    if (r.identificationDocument.type === 'NIT' && r.nrc == null) {
      addRuleIssue(ctx, ['nrc'], 'REQUIRED', 'Obligatorio cuando el documento de identificación es NIT.');
    }
  });

const crItem = z
  .strictObject({
    documentType: described(
      z.enum(['FISICO', 'DIGITAL']),
      bilingual(
        'El documento retenido es FISICO (papel) o DIGITAL (un DTE); MH CAT-007.',
        'The withheld document is FISICO (paper) or DIGITAL (a DTE); MH CAT-007.',
      ),
    ),
    taxDocumentType: described(
      z.enum(['FC', 'CCF', 'FSE']),
      bilingual(
        `Tipo del documento retenido (MH CAT-002); lista en ${catalogRoute('document-type')}.`,
        `Type of the withheld document (MH CAT-002); list at ${catalogRoute('document-type')}.`,
      ),
    ),
    taxDocumentNumber: described(
      z.string().trim().min(1).max(36),
      bilingual(
        'Número del documento retenido: FISICO hasta 20 caracteres; DIGITAL su código de generación (UUID).',
        'Number of the withheld document: FISICO up to 20 characters; DIGITAL its generation code (UUID).',
      ),
    ),
    taxDocumentGeneratedAt: described(
      isoDate(),
      bilingual('Fecha de emisión del documento retenido, aaaa-mm-dd.', "The withheld document's issue date, yyyy-MM-dd."),
    ),
    description: described(text(1000), D.itemDescription),
    // MH: montoSujetoGrav of at least $1.00.
    amountSubject: described(
      positiveMoney().min(1),
      bilingual(
        'Monto sujeto a retención en USD, al menos 1.00, con centavos.',
        'Amount subject to withholding, USD, at least 1.00, in cents.',
      ),
    ),
    ivaRetained: described(positiveMoney(), bilingual('IVA retenido en USD, con centavos.', 'VAT withheld, USD, in cents.')),
    retentionCode: described(
      z.enum(RETENTION_CODES),
      bilingual(
        'Código de retención (MH CAT-006): RETENCION_IVA_1 (22), RETENCION_IVA_13 (C4), OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES (C9).',
        'Withholding code (MH CAT-006): RETENCION_IVA_1 (22), RETENCION_IVA_13 (C4), OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES (C9).',
      ),
    ),
  })
  .superRefine((item, ctx) => {
    if (item.documentType === 'FISICO' && item.taxDocumentNumber.length > 20) {
      addRuleIssue(ctx, ['taxDocumentNumber'], 'TOO_LONG', 'Un documento físico tiene como máximo 20 caracteres.');
    }
    if (item.documentType === 'DIGITAL' && !isUuid(item.taxDocumentNumber)) {
      addRuleIssue(ctx, ['taxDocumentNumber'], 'INVALID_FORMAT', 'Un documento digital se identifica por su código de generación (UUID).');
    }
  });

export const crBody = z.strictObject({
  id: described(uuid(), D.id),
  generatedAt: described(optional(isoDate()), D.generatedAt),
  branchOffice: described(optional(branchOffice), D.branchOffice),
  recipient: described(crRecipient, bilingual('El sujeto a quien se retiene (MH receptor).', 'The party withheld from (MH receptor).')),
  // MH's CR v1 holds at most 500 lines.
  items: described(
    z.array(crItem).min(1).max(500),
    bilingual('Los documentos retenidos, de 1 a 500.', 'The withheld documents, 1 to 500.'),
  ),
});

export type CrBody = z.output<typeof crBody>;
