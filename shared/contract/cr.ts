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

export const RETENTION_CODES = ['RETENCION_IVA_1', 'RETENCION_IVA_13', 'OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES'] as const;

const crRecipient = z
  .strictObject({
    economicActivity: economicActivity(),
    contributorType: optional(z.enum(CONTRIBUTOR_TYPES)),
    contributorSize: optional(z.enum(CONTRIBUTOR_SIZES)),
    // The contract says 1 to 8 digits; MH's CR v1 wants at least 2.
    nrc: optional(digits(2, 8)),
    name: text(250),
    phone: optional(phone8()),
    commercialName: optional(text(150)),
    email: email(),
    address: address(5),
    identificationDocument: identificationDocument(),
  })
  .superRefine((r, ctx) => {
    if (r.identificationDocument.type === 'NIT' && r.nrc == null) {
      addRuleIssue(ctx, ['nrc'], 'REQUIRED', 'Obligatorio cuando el documento de identificación es NIT.');
    }
  });

const crItem = z
  .strictObject({
    documentType: z.enum(['FISICO', 'DIGITAL']),
    taxDocumentType: z.enum(['FC', 'CCF', 'FSE']),
    taxDocumentNumber: z.string().trim().min(1).max(36),
    taxDocumentGeneratedAt: isoDate(),
    description: text(1000),
    // MH: montoSujetoGrav of at least $1.00.
    amountSubject: positiveMoney().min(1),
    ivaRetained: positiveMoney(),
    retentionCode: z.enum(RETENTION_CODES),
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
  id: uuid(),
  generatedAt: optional(isoDate()),
  branchOffice: optional(branchOffice),
  recipient: crRecipient,
  // MH's CR v1 holds at most 500 lines.
  items: z.array(crItem).min(1).max(500),
});

export type CrBody = z.output<typeof crBody>;
