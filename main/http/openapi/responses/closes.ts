// What the day's close routes answer (shared/close.ts): a close with its summary and drawer reconciliation, a page
// of closes, an opening float, a correction, a cash movement; proven the same as the core's types by proof.ts.
import { z } from 'zod';
import { DTE_KINDS } from '../../../../shared/contract';
import { DTE_STATUSES } from '../../../../shared/records';
import { same, type Answer, type Same } from './proof';

const usd = (es: string, en: string) => z.string().describe(`${es}, USD como texto decimal. / ${en}, USD as a decimal string.`);
const tally = z.strictObject({ count: z.number().int(), total: usd('Total', 'Total') });

export const floatCorrection = z.strictObject({
  amount: usd('El fondo corregido', 'The corrected float'),
  reason: z.string(),
  correctedAt: z.string(),
  correctedBy: z.string(),
  correctedByName: z.string().nullable(),
});

export const drawerOpening = z.strictObject({
  id: z.string(),
  scope: z.string().describe('station, o user:<login> del turno. / The shift scope.'),
  amount: usd('El fondo de caja registrado', 'The opening float recorded'),
  openedAt: z.string(),
  openedBy: z.string(),
  openedByName: z.string().nullable(),
  correction: floatCorrection.optional(),
});

export const cashMovement = z.strictObject({
  id: z.string(),
  kind: z.enum(['withdrawal', 'handover']).describe('withdrawal: retiro; handover: entrega entre personas. / Withdrawal or handover.'),
  from: z.string(),
  to: z.string().nullable(),
  amount: usd('Monto', 'Amount'),
  reason: z.string(),
  at: z.string(),
  by: z.string(),
  byName: z.string().nullable(),
});

const closedDocument = z.strictObject({
  id: z.string(),
  kind: z.enum(DTE_KINDS),
  controlNumber: z.string(),
  status: z.enum(DTE_STATUSES),
  total: z.string(),
});

const closeSummary = z.strictObject({
  byKind: z
    .partialRecord(z.enum(DTE_KINDS), tally)
    .describe(
      'Documentos APPROVED por tipo; el total de una NC es negativo. Un cierre anterior a los tipos NR, CL, DCL y CD no los lista. / APPROVED documents per kind; a close made before the NR, CL, DCL and CD kinds does not list them.',
    ),
  netSales: usd('Ventas netas', 'Net sales'),
  payments: z
    .array(tally.extend({ code: z.string().describe('Código CAT-017 de MH. / MH CAT-017 code.'), name: z.string() }))
    .describe('Por forma de pago. / By payment method.'),
  onCredit: tally,
  iva: usd('IVA', 'VAT'),
  retentions: z.strictObject({
    ivaRetained: z.string(),
    rentaRetained: z.string(),
    crIvaRetained: z.string(),
    fseIvaRetained: z.string(),
    fseRentaRetained: z.string(),
  }),
  invalidated: tally.extend({
    documents: z.array(z.strictObject({ id: z.string(), kind: z.enum(DTE_KINDS), controlNumber: z.string(), total: z.string() })),
  }),
  rejected: z.strictObject({ count: z.number().int() }),
  pending: tally.extend({ byKind: z.partialRecord(z.enum(DTE_KINDS), tally) }),
  documents: z.array(closedDocument),
  reconciliation: z
    .strictObject({
      lines: z.array(z.strictObject({ key: z.string(), label: z.string(), count: z.number().int(), amount: z.string() })),
      netSales: z.string(),
    })
    .optional(),
  drawer: z
    .strictObject({
      openingFloat: z.string(),
      floatOpenedAt: z.string().optional(),
      floatOpenedByName: z.string().nullable().optional(),
      floats: z
        .array(
          z.strictObject({
            scope: z.string(),
            name: z.string().nullable(),
            recorded: z.string(),
            openedAt: z.string(),
            correction: floatCorrection.optional(),
          }),
        )
        .optional(),
      cashSales: z.string(),
      cashRefunds: z.string(),
      withdrawals: z.string().optional(),
      handedIn: z.string().optional(),
      handedOut: z.string().optional(),
      expected: usd('Efectivo esperado en la gaveta', 'Cash expected in the drawer'),
      counted: usd('Efectivo contado', 'Cash counted'),
      overShort: usd('Sobrante (positivo) o faltante (negativo)', 'Over (positive) or short (negative)'),
    })
    .nullable()
    .optional(),
  drawerKicks: z.array(z.strictObject({ at: z.string(), by: z.string(), byName: z.string().nullable() })).optional(),
  returns: z
    .strictObject({
      count: z.number().int(),
      total: z.string(),
      cash: z.string(),
      documents: z.array(z.strictObject({ id: z.string(), total: z.string(), cash: z.boolean() })),
    })
    .optional(),
  refunds: z
    .array(
      z.strictObject({
        kind: z.enum(['NC', 'ER']),
        id: z.string(),
        amount: z.string(),
        method: z.enum(['cash', 'card', 'account', 'unknown']),
        paidBy: z.string().nullable(),
        paidByName: z.string().nullable(),
      }),
    )
    .optional(),
  drawerPulses: z
    .array(
      z.strictObject({
        at: z.string(),
        by: z.string(),
        byName: z.string().nullable(),
        cause: z.enum(['sale', 'refund', 'manual']),
        ref: z.string().nullable(),
      }),
    )
    .optional(),
});

export const dayClose = z
  .strictObject({
    id: z.string(),
    scope: z.string().describe('station, o user:<login>. / The close scope.'),
    scopeName: z.string(),
    from: z.string().describe('Inicio del periodo, ISO 8601. / Period start.'),
    to: z.string().describe('Fin del periodo, ISO 8601. / Period end.'),
    closedAt: z.string(),
    closedBy: z.string(),
    closedByName: z.string().nullable(),
    summary: closeSummary,
    previous: z.string().nullable().describe('El cierre anterior del mismo alcance. / The previous close of the same scope.'),
    difference: z
      .strictObject({
        figures: z.record(z.string(), z.strictObject({ before: z.string(), after: z.string(), change: z.string() })),
        newDocuments: z.array(closedDocument),
        changed: z.array(
          z.strictObject({ id: z.string(), controlNumber: z.string(), from: z.enum(DTE_STATUSES), to: z.enum(DTE_STATUSES) }),
        ),
      })
      .nullable()
      .describe('Lo que cambió desde un cierre anterior del mismo periodo. / What changed since an earlier close of the period.'),
    hash: z.string().describe('Huella del cierre, encadenada al anterior. / The close hash, chained to the previous one.'),
  })
  .meta({ id: 'DayClose' });

export const dayClosePage = z.strictObject({
  items: z.array(
    z.strictObject({
      id: z.string(),
      scope: z.string(),
      scopeName: z.string(),
      from: z.string(),
      to: z.string(),
      closedAt: z.string(),
      closedBy: z.string(),
      previous: z.string().nullable(),
      hash: z.string(),
      netSales: z.string(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

same<Same<z.output<typeof dayClose>, Answer<'makeClose'>>>(true);
same<Same<z.output<typeof dayClose>, Answer<'getClose'>>>(true);
same<Same<z.output<typeof dayClosePage>, Answer<'listCloses'>>>(true);
same<Same<z.output<typeof drawerOpening>, Answer<'openDrawer'>>>(true);
same<Same<z.output<typeof drawerOpening>, NonNullable<Answer<'drawerOpening'>>>>(true);
same<Same<z.output<typeof floatCorrection>, Answer<'correctFloat'>>>(true);
same<Same<z.output<typeof cashMovement>, Answer<'cashMovement'>>>(true);

/** GET /closes/openings/current: the shift's float, or null when none was recorded. */
export const currentOpening = drawerOpening.nullable();
same<Same<z.output<typeof currentOpening>, Answer<'drawerOpening'>>>(true);
