// POST /dte/dcl: documento contable de liquidación (MH tipoDte 09), the liquidation a collection agent (a card
// processor) issues to its affiliate for a period. Sello computes the IVA, the 2 % perception, the commission's IVA
// and the líquido a pagar from the amounts said here (docs/decisions/0081-liquidaciones.md).
import { z } from 'zod';
import { branchOffice } from './common';
import { liquidationRecipientShape } from './cl';
import {
  addRuleIssue,
  custom,
  decimalPlaces,
  isoDate,
  nonNegativeMoney,
  optional,
  positiveInt,
  positiveMoney,
  text,
  uuid,
} from './primitives';
import { D, bilingual, described } from './descriptions';

/** CAT-009 Tipo de establecimiento, by name. */
export const RECIPIENT_ESTABLISHMENT_TYPES = ['SUCURSAL', 'CASA_MATRIZ', 'BODEGA', 'PATIO'] as const;

const dclRecipient = z.strictObject({
  ...liquidationRecipientShape,
  establishmentType: described(
    z.enum(RECIPIENT_ESTABLISHMENT_TYPES),
    bilingual(
      'Tipo de establecimiento del afiliado (MH CAT-009): SUCURSAL (01), CASA_MATRIZ (02), BODEGA (04) o PATIO (07).',
      "The affiliate's establishment type (MH CAT-009): SUCURSAL (01), CASA_MATRIZ (02, head office), BODEGA (04, warehouse) or PATIO (07, yard).",
    ),
  ),
});

const deliveredBy = z.strictObject({
  name: described(text(100, 5), bilingual('Nombre, de 5 a 100 caracteres.', 'Name, 5 to 100 characters.')),
  documentNumber: described(
    text(25, 5),
    bilingual('Número de su documento de identidad, de 5 a 25 caracteres.', 'Their identity document number, 5 to 25 characters.'),
  ),
  employeeCode: described(optional(text(15)), bilingual('Código de empleado, hasta 15 caracteres.', 'Employee code, up to 15 characters.')),
});

const percent = z
  .number()
  .min(0)
  .max(100)
  .refine((n) => decimalPlaces(n) <= 2, custom('TOO_MANY_DECIMALS', 'Como máximo 2 decimales.'));

export const dclBody = z
  .strictObject({
    id: described(uuid(), D.id),
    generatedAt: described(optional(isoDate()), D.generatedAt),
    branchOffice: described(optional(branchOffice), D.branchOffice),
    recipient: described(
      dclRecipient,
      bilingual('El afiliado a quien se liquida (MH receptor).', 'The affiliate the liquidation is for (MH receptor).'),
    ),
    periodStart: described(
      isoDate(),
      bilingual('Primer día del período liquidado, aaaa-mm-dd.', 'First day of the liquidated period, yyyy-MM-dd.'),
    ),
    periodEnd: described(
      isoDate(),
      bilingual(
        'Último día del período liquidado, aaaa-mm-dd: no antes del primero ni después de la fecha de emisión.',
        'Last day of the liquidated period, yyyy-MM-dd: not before the first nor after the issue date.',
      ),
    ),
    liquidationCode: described(
      optional(text(30)),
      bilingual('Código de la liquidación del agente, hasta 30 caracteres.', "The agent's liquidation code, up to 30 characters."),
    ),
    documentCount: described(
      optional(positiveInt().lt(1_000_000_000)),
      bilingual('Cuántos documentos se liquidan, entero positivo.', 'How many documents are liquidated, a positive integer.'),
    ),
    operationsValue: described(
      positiveMoney(),
      bilingual(
        'Valor de las operaciones liquidadas, IVA incluido, en USD (2 decimales).',
        'Value of the liquidated operations, VAT included, USD (2 decimals).',
      ),
    ),
    amountWithoutPerception: described(
      optional(nonNegativeMoney()),
      bilingual(
        'Parte de ese valor no sujeta a percepción, en USD (2 decimales); menor que el valor de las operaciones.',
        'The part of that value not subject to perception, USD (2 decimals); less than the value of the operations.',
      ),
    ),
    withoutPerceptionDescription: described(
      optional(text(100)),
      bilingual(
        'Qué es el monto no sujeto a percepción, hasta 100 caracteres; obligatorio con ese monto y solo con él.',
        'What the amount not subject to perception is, up to 100 characters; required with that amount, and only with it.',
      ),
    ),
    commission: described(
      optional(nonNegativeMoney()),
      bilingual(
        'Comisión del agente, sin IVA, en USD (2 decimales); Sello le calcula el IVA 13 %.',
        "The agent's commission, before VAT, USD (2 decimals); Sello computes its 13 % VAT.",
      ),
    ),
    commissionPercent: described(
      optional(percent),
      bilingual(
        'Porcentaje de la comisión, de 0 a 100, hasta 2 decimales; obligatorio con comisión; sin comisión, 0 o ausente.',
        "The commission's percentage, 0 to 100, up to 2 decimals; required with a commission; without one, 0 or absent.",
      ),
    ),
    observations: described(optional(text(200)), bilingual('Observaciones, hasta 200 caracteres.', 'Observations, up to 200 characters.')),
    deliveredBy: described(
      optional(deliveredBy),
      bilingual(
        'Quién emite la liquidación (MH extension); si falta, el responsable de la estación.',
        "Who issues the liquidation (MH extension); when absent, the station's responsible person.",
      ),
    ),
  })
  .superRefine((b, ctx) => {
    if (b.periodEnd < b.periodStart) addRuleIssue(ctx, ['periodEnd'], 'NOT_ALLOWED', 'El período termina antes de empezar.');
    const without = b.amountWithoutPerception ?? 0;
    // Cents compared as integers: both are 2-decimal amounts.
    if (Math.round(without * 100) >= Math.round(b.operationsValue * 100))
      addRuleIssue(ctx, ['amountWithoutPerception'], 'NOT_ALLOWED', 'Debe ser menor que el valor de las operaciones.');
    if (without > 0 && b.withoutPerceptionDescription == null)
      addRuleIssue(ctx, ['withoutPerceptionDescription'], 'REQUIRED', 'Obligatorio cuando hay un monto no sujeto a percepción.');
    if (without === 0 && b.withoutPerceptionDescription != null)
      addRuleIssue(ctx, ['withoutPerceptionDescription'], 'NOT_ALLOWED', 'Solo con un monto no sujeto a percepción.');
    const commission = b.commission ?? 0;
    if (commission > 0 && b.commissionPercent == null)
      addRuleIssue(ctx, ['commissionPercent'], 'REQUIRED', 'Obligatorio cuando hay comisión.');
    if (commission === 0 && b.commissionPercent != null && b.commissionPercent > 0)
      addRuleIssue(ctx, ['commissionPercent'], 'NOT_ALLOWED', 'Un porcentaje de comisión sin comisión.');
  });

export type DclBody = z.output<typeof dclBody>;
