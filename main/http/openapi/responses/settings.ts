// What the station's settings routes answer: the normative, the hub, the numbering, the station's data, its
// backups and its audit chain (shared/normative.ts, hub-setting.ts, numbering.ts, records.ts); proven the same
// as the core's types by proof.ts.
import { z } from 'zod';
import { DTE_KINDS } from '../../../../shared/contract';
import { NORMATIVES } from '../../../../shared/normative';
import { ENVIRONMENTS } from '../../../../shared/records';
import type { ChainVerdict } from '../../../core/audit-chain';
import { same, type Answer, type Plain, type Same } from './proof';
import { hubReplicationStatus, normativeStatus } from './sync';

export const normativeView = z.strictObject({
  setting: z.strictObject({
    current: z.enum(NORMATIVES).describe('legacy (esquemas 2023) o 2026 (Normativa DTE v2.0). / The normative chosen.'),
    switchAt: z.string().nullable().describe('Cuándo pasa a la otra, ISO 8601; null: sin cambio. / When it switches.'),
  }),
  status: normativeStatus,
});

export const hubSettingView = z.strictObject({
  configured: z.boolean(),
  url: z.string().nullable().describe('La dirección de la central; null si no hay. / The hub origin.'),
  tokenStored: z.boolean().describe('Hay un token guardado (nunca se devuelve). / A token is stored (never returned).'),
  connectedAs: z
    .strictObject({ id: z.string(), companyId: z.string(), branchCode: z.string(), posNumber: z.string(), name: z.string() })
    .nullable(),
  status: hubReplicationStatus,
});

export const numberingView = z.strictObject({
  confirmed: z.boolean().describe('La estación puede tomar números de control. / Creates may take numbers.'),
  unconfirmed: z
    .strictObject({ reason: z.enum(['new_folder', 'restore']), since: z.string(), hubProblem: z.string().nullable() })
    .nullable(),
  hubConfigured: z.boolean(),
  sequences: z.array(
    z.strictObject({
      year: z.number().int(),
      kind: z.enum(DTE_KINDS),
      branchCode: z.string(),
      posNumber: z.number().int(),
      last: z.number().int().describe('El último correlativo tomado. / The last number taken.'),
      collision: z
        .strictObject({ value: z.number().int(), controlNumber: z.string(), mhMessage: z.string(), documents: z.number().int() })
        .nullable()
        .describe('MH tiene otro documento con este correlativo: la secuencia se detiene. / MH holds another document here.'),
    }),
  ),
  lacking: z.array(
    z.strictObject({
      year: z.number().int(),
      kind: z.enum(DTE_KINDS),
      branchCode: z.string(),
      posNumber: z.number().int(),
      from: z.number().int(),
      to: z.number().int(),
      source: z.enum(['hub', 'admin']),
    }),
  ),
});

export const stationInfo = z
  .strictObject({
    environment: z.enum(ENVIRONMENTS),
    demo: z.boolean(),
    company: z.strictObject({
      name: z.string(),
      commercialName: z.string().nullable(),
      nit: z.string(),
      nrc: z.string(),
      activity: z.string().describe('La descripción de la actividad económica. / The economic activity description.'),
      economicActivity: z.string().describe('Código CAT-019 de MH. / MH CAT-019 code.'),
      phone: z.string(),
      email: z.string(),
      address: z.strictObject({
        department: z.string().describe('CAT-012.'),
        municipality: z.string().describe('CAT-013.'),
        district: z.string().nullable(),
        complement: z.string(),
      }),
    }),
    branch: z.strictObject({
      mhCode: z.string(),
      posNumber: z.number().int(),
      establishmentType: z.string().describe('Código CAT-009 de MH. / MH CAT-009 code.'),
    }),
    responsible: z
      .strictObject({ name: z.string(), identificationDocument: z.strictObject({ type: z.string(), number: z.string() }) })
      .nullable(),
    mh: z.strictObject({ baseUrl: z.string(), user: z.string() }).nullable().describe('Nunca la contraseña. / Never the password.'),
    certificate: z.strictObject({ loaded: z.boolean(), nit: z.string().nullable() }),
    passwordsNeeded: z.string().optional().describe('Qué contraseñas escribir de nuevo, y por qué. / Passwords to type again.'),
  })
  .meta({ id: 'StationInfo' });

export const stationSaved = z.strictObject({
  station: stationInfo,
  mhCheck: z
    .enum(['ok', 'unreachable', 'unchanged'])
    .describe('Si MH aceptó las credenciales (unreachable: no se pudo comprobar). / Whether MH accepted the credentials.'),
});

export const welcomeSeen = z.strictObject({ seen: z.literal(true) });

const backupEntry = z.strictObject({
  file: z.string(),
  reason: z.enum(['scheduled', 'manual', 'migration', 'restore']),
  bytes: z.number().int(),
  takenAt: z.string(),
});

export const backupsStatus = z.strictObject({
  running: z.boolean(),
  progress: z.number().nullable().describe('Avance del respaldo en curso, de 0 a 1. / Progress of the running backup, 0..1.'),
  lastError: z.string().nullable(),
  items: z.array(backupEntry),
});
export { backupEntry };

// What the core answers (audit-chain.ts ChainVerdict), wider than shared/records.ts AuditCheck: the HTTP body
// carries headSeq, keyedFrom and linkedOnly too, so the document describes them.
export const auditCheck = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    entries: z.number().int(),
    head: z.string().describe('La huella de la última entrada. / The last entry hash.'),
    headSeq: z.number().int().describe('El número de la última entrada (0 si no hay). / The last entry seq.'),
    keyedFrom: z.number().int().nullable().describe('La primera entrada firmada con llave; null: nunca. / First keyed entry.'),
    linkedOnly: z
      .number()
      .int()
      .describe('Entradas de una llave anterior: solo se comprobó su enlace. / Entries whose links only were checked.'),
  }),
  z.strictObject({
    ok: z.literal(false),
    entries: z.number().int(),
    seq: z.number().int().describe('La primera entrada rota. / The first broken entry.'),
    reason: z.enum(['content', 'link', 'recomputed', 'no-key']),
  }),
]);

same<Same<z.output<typeof normativeView>, Answer<'normativeSettings'>>>(true);
same<Same<z.output<typeof normativeView>, Answer<'setNormativeSettings'>>>(true);
same<Same<z.output<typeof hubSettingView>, Answer<'hubSettings'>>>(true);
same<Same<z.output<typeof hubSettingView>, Answer<'setHubSettings'>>>(true);
same<Same<z.output<typeof numberingView>, Answer<'numberingSettings'>>>(true);
same<Same<z.output<typeof numberingView>, Answer<'setNumberingSettings'>>>(true);
same<Same<z.output<typeof stationInfo>, Answer<'stationInfo'>>>(true);
same<Same<z.output<typeof stationSaved>, Answer<'updateStation'>>>(true);
same<Same<z.output<typeof stationSaved>, Answer<'setUpStation'>>>(true);
same<Same<z.output<typeof welcomeSeen>, Answer<'seeWelcome'>>>(true);
same<Same<z.output<typeof backupsStatus>, Answer<'backups'>>>(true);
same<Same<z.output<typeof backupEntry>, Answer<'backupNow'>>>(true);
same<Same<z.output<typeof auditCheck>, Plain<ChainVerdict>>>(true);
