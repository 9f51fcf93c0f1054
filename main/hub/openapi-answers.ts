// The hub's JSON answers (main/hub/http.ts and its http-*.ts), field by field, for its OpenAPI document
// (openapi.ts): keyed `METHOD /path` as HUB_OPERATIONS, each proven the type its handler answers with
// (main/http/openapi/responses/proof.ts), and parsed from a real hub by test/integration/hub-openapi-answers.test.ts.
import { z } from 'zod';
import { same, type Plain, type Same } from '../http/openapi/responses/proof';
import { booksSettingsView, monthBooks, salesReport } from '../http/openapi/responses/books';
import { DTE_KINDS } from '../../shared/contract';
import { HUB_ALERT_CODES, type HubHealth, type RelatedAnswer, type StationHeartbeat } from '../../shared/hub';
import type { HubNumberingAnswer } from '../../shared/numbering';
import type { Hub } from './create-hub';
import { HUB_ROLES } from './people';

/** What a call of the hub answers with, as JSON carries it. */
type Of<F extends (...args: never[]) => unknown> = Plain<Awaited<ReturnType<F>>>;
type Books = Awaited<ReturnType<Hub['books']>>;

const accepted = z.strictObject({
  accepted: z
    .number()
    .int()
    .describe('Cuántos quedaron guardados (reenviar es inofensivo). / How many were stored (re-sending is harmless).'),
});

const ready = z.strictObject({ database: z.literal('ok').describe('PostgreSQL responde. / PostgreSQL answers.') });

const stationIdentity = z.strictObject({
  id: z.string(),
  companyId: z.string().describe('El NIT de la empresa. / The company NIT.'),
  branchCode: z.string(),
  posNumber: z.string(),
  name: z.string(),
});

const hubPerson = z.strictObject({
  login: z.string(),
  name: z.string(),
  role: z.enum(HUB_ROLES).describe('ADMIN, ACCOUNTANT (contador) o AUDITOR. / The person role.'),
  active: z.boolean(),
});

const sessionOpened = z.strictObject({
  person: hubPerson,
  token: z
    .string()
    .describe(
      'El token de la sesión (también en la cookie), para Authorization: Bearer en programas. / The session token, for Authorization: Bearer.',
    ),
});
const sessionPerson = z.strictObject({ person: hubPerson });
const people = z.strictObject({ people: z.array(hubPerson) });

const hubStation = stationIdentity.extend({
  createdAt: z.string(),
  lastContactAt: z.string().nullable().describe('La última llamada de la estación; null: nunca. / The station last call.'),
});
const stations = z.strictObject({ stations: z.array(hubStation) });

const tokens = z.strictObject({
  tokens: z.array(
    z.strictObject({
      id: z.string(),
      stationId: z.string(),
      createdAt: z.string(),
      revokedAt: z.string().nullable(),
      points: z.array(z.string()).describe('Los puntos de venta (M001P001) que puede escribir. / The points of sale it may write.'),
    }),
  ),
});

const createdToken = z.strictObject({
  id: z.string(),
  stationId: z.string(),
  points: z.array(z.string()),
  token: z
    .string()
    .describe(
      'EL TOKEN en claro: solo en esta respuesta; la central guarda su hash. / THE TOKEN: only in this answer; the hub keeps its hash.',
    ),
});

const documentSummary = {
  id: z.string(),
  stationId: z.string(),
  branchCode: z.string(),
  posNumber: z.string(),
  kind: z.string(),
  version: z.number().int(),
  status: z.string(),
  controlNumber: z.string(),
  issueDate: z.string(),
  total: z.string().describe('USD como texto decimal. / USD as a decimal string.'),
  recipientName: z.string().nullable(),
  seal: z.string().nullable(),
  sealedAt: z.string().nullable(),
  updatedAt: z.string(),
  sealCheck: z
    .enum(['unconfirmed', 'confirmed', 'mh_unknown', 'seal_mismatch'])
    .nullable()
    .describe('Lo que MH dijo de su sello. / What MH said of its seal.'),
  sealCheckedAt: z.string().nullable(),
};
const documentPage = z.strictObject({
  documents: z.array(z.strictObject(documentSummary)),
  nextCursor: z.string().nullable().describe('Envíelo como `cursor`; null en la última página. / Send as `cursor`; null on the last.'),
});
const documentDetail = z.strictObject({
  ...documentSummary,
  mhJson: z.record(z.string(), z.unknown()).describe('El documento firmado tal como lo recibió MH. / The signed document as MH got it.'),
  jws: z.string(),
});

const related = z.strictObject({
  document: z
    .strictObject({
      id: z.string(),
      stationId: z.string(),
      branchCode: z.string(),
      kind: z.string(),
      status: z.string(),
      controlNumber: z.string(),
      issueDate: z.string(),
      mhJson: z.record(z.string(), z.unknown()),
    })
    .nullable(),
  notes: z.array(z.strictObject({ id: z.string(), stationId: z.string(), kind: z.string(), mhJson: z.record(z.string(), z.unknown()) })),
});

const numbering = z.strictObject({
  year: z.number().int(),
  branchCode: z.string(),
  sequences: z.array(
    z.strictObject({ kind: z.enum(DTE_KINDS), posNumber: z.number().int(), last: z.number().int(), controlNumber: z.string() }),
  ),
});

const alert = z.strictObject({
  code: z.enum(HUB_ALERT_CODES),
  severity: z.enum(['warning', 'critical']),
  message: z.string().describe('Qué pasa y qué hacer, en español. / What is wrong and what to do.'),
});

/**
 * The station's sync state as its report carried it: the hub keeps what a station of any version sent
 * (station-records.ts heartbeatBody is loose), so only the fields it reads are sure; a station of this version
 * sends its GET /sync/status whole.
 */
const heartbeatSync = z
  .looseObject({
    state: z.string(),
    queue: z.looseObject({ pending: z.number().int(), failed: z.number().int() }),
    contingencies: z.array(z.looseObject({ startedAt: z.string(), endedAt: z.string().nullable() })),
    overdue: z.array(z.looseObject({ deadline: z.string() })),
    deliveries: z.looseObject({ failed: z.number().int() }),
    hub: z.looseObject({ waiting: z.number().int() }),
  })
  .describe(
    'El estado de sincronización que la estación informó (su GET /sync/status; una estación de otra versión puede enviar otros campos). / ' +
      'The sync state the station reported (its GET /sync/status; another version may send other fields).',
  );

const health = z.strictObject({
  checkedAt: z.string(),
  stations: z.array(
    z.strictObject({
      station: stationIdentity,
      lastContactAt: z.string().nullable(),
      heartbeat: z
        .strictObject({
          reportedAt: z.string(),
          sync: heartbeatSync,
          auditHead: z.strictObject({ seq: z.number().int(), hash: z.string() }).nullable(),
          lastDayCloseAt: z.string().nullable(),
          certificate: z.strictObject({ fingerprint: z.string(), notAfter: z.string().nullable() }).nullable().optional(),
        })
        .nullable()
        .describe('El último informe de la estación. / The station last report.'),
      alerts: z.array(alert),
      refused: z
        .strictObject({
          count: z.number().int(),
          latest: z.array(
            z.strictObject({
              documentId: z.string(),
              controlNumber: z.string(),
              reason: z.string(),
              detail: z.string(),
              refusedAt: z.string(),
            }),
          ),
        })
        .optional(),
    }),
  ),
  seals: z
    .strictObject({
      alerts: z.array(alert),
      problems: z.number().int(),
      documents: z.array(
        z.strictObject({
          id: z.string(),
          stationId: z.string(),
          controlNumber: z.string(),
          issueDate: z.string(),
          state: z.enum(['mh_unknown', 'seal_mismatch', 'invalidation_not_shown']),
          seal: z.string().nullable(),
          mhSeal: z.string().nullable(),
          detail: z.string().nullable(),
          checkedAt: z.string(),
        }),
      ),
      checker: z
        .strictObject({ lastCheckedAt: z.string().nullable(), blockedBy: z.string().nullable(), retryAt: z.string().nullable() })
        .nullable(),
    })
    .optional(),
});

const company = z.strictObject({ nit: z.string(), nrc: z.string(), name: z.string() });
const certificate = z.strictObject({
  fingerprint: z.string().describe('La huella SHA-256 de la clave pública. / The public key fingerprint.'),
  addedAt: z.string(),
  addedBy: z.string(),
});
const companyView = z.strictObject({ company: company.nullable(), certificates: z.array(certificate) });

/** The success body of each hub operation that answers JSON. */
export const HUB_RESPONSE_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  'GET /hub/v1/ready': ready,
  'POST /hub/v1/documents': accepted,
  'GET /hub/v1/station': stationIdentity,
  'POST /hub/v1/records': accepted,
  'GET /hub/v1/related/{id}': related,
  'GET /hub/v1/numbering': numbering,
  'POST /hub/v1/session': sessionOpened,
  'GET /hub/v1/session': sessionPerson,
  'GET /hub/v1/health': health,
  'GET /hub/v1/documents': documentPage,
  'GET /hub/v1/documents/{id}': documentDetail,
  'GET /hub/v1/books': monthBooks,
  'GET /hub/v1/reports/sales': salesReport,
  'GET /hub/v1/settings/books': booksSettingsView,
  'GET /hub/v1/people': people,
  'POST /hub/v1/people': hubPerson,
  'PATCH /hub/v1/people/{login}': hubPerson,
  'GET /hub/v1/stations': stations,
  'POST /hub/v1/stations': hubStation,
  'GET /hub/v1/stations/{id}/tokens': tokens,
  'POST /hub/v1/stations/{id}/tokens': createdToken,
  'GET /hub/v1/company': companyView,
  'PUT /hub/v1/company': company,
  'POST /hub/v1/certificates': certificate,
};

same<Same<z.output<typeof accepted>['accepted'], Of<Hub['ingestDocuments']>['accepted']>>(true);
same<Same<z.output<typeof accepted>['accepted'], Of<Hub['ingestRecords']>>>(true);
same<Same<z.output<typeof stationIdentity>, Plain<Pick<Parameters<Hub['ingestRecords']>[0], keyof z.output<typeof stationIdentity>>>>>(
  true,
);
same<Same<z.output<typeof sessionOpened>, NonNullable<Of<Hub['people']['login']>>>>(true);
same<Same<z.output<typeof people>['people'], Of<Hub['people']['list']>>>(true);
same<Same<z.output<typeof hubPerson>, Of<Hub['people']['create']>>>(true);
same<Same<z.output<typeof hubPerson>, Of<Hub['people']['update']>>>(true);
same<Same<z.output<typeof stations>['stations'], Of<Hub['stationAdmin']['stations']>>>(true);
same<Same<z.output<typeof hubStation>, Of<Hub['stations']['register']>>>(true);
same<Same<z.output<typeof tokens>['tokens'], Of<Hub['stationAdmin']['tokens']>>>(true);
same<Same<z.output<typeof createdToken>, Of<Hub['tokens']['create']>>>(true);
same<Same<z.output<typeof documentPage>, Of<Hub['documents']['list']>>>(true);
same<Same<z.output<typeof documentDetail>, Of<Hub['documents']['get']>>>(true);
same<Same<z.output<typeof related>, Plain<RelatedAnswer>>>(true);
same<Same<z.output<typeof related>, Of<Hub['related']['lookup']>>>(true);
same<Same<z.output<typeof numbering>, Plain<HubNumberingAnswer>>>(true);
same<Same<z.output<typeof numbering>, Of<Hub['numbering']['lastNumbers']>>>(true);
type HealthOut = z.output<typeof health>;
type BeatOut = NonNullable<HealthOut['stations'][number]['heartbeat']>;
same<Same<Omit<HealthOut, 'stations'>, Omit<Plain<HubHealth>, 'stations'>>>(true);
same<Same<Omit<HealthOut['stations'][number], 'heartbeat'>, Omit<Plain<HubHealth>['stations'][number], 'heartbeat'>>>(true);
same<Same<Omit<BeatOut, 'sync'>, Omit<Plain<StationHeartbeat>, 'sync'>>>(true);
// Every report a station of this version sends fits what the document promises of any station's.
same<Plain<StationHeartbeat>['sync'] extends BeatOut['sync'] ? true : false>(true);
same<Same<z.output<typeof monthBooks>, Of<Books['month']>>>(true);
same<Same<z.output<typeof salesReport>, Of<Books['report']>>>(true);
same<Same<z.output<typeof company>, Of<Hub['company']['set']>>>(true);
same<Same<z.output<typeof companyView>['company'], Of<Hub['company']['get']>>>(true);
same<Same<z.output<typeof companyView>['certificates'], Of<Hub['certificates']['list']>>>(true);
same<Same<z.output<typeof certificate>, Of<Hub['certificates']['add']>>>(true);
