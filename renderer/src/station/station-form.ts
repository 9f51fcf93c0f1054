// The station's form as data, for the first-run wizard (one step per group) and Ajustes (all at once, without
// the station's identity, which never changes in place). Validated with shared/station.ts as the core does.
import type { FieldError } from '../../../shared/contract';
import { ESTABLISHMENT_TYPES, MH_BASE_URLS } from '../../../shared/station';
import type { StationInfo } from '../../../shared/records';
import { CATALOGS, type Field } from '../forms/spec';
import { fieldsBody, getAt, setAt, type Value } from '../forms/values';
import { stationWords } from '../words/station';
import { peopleWords } from '../words/people';
import { stationFormWords } from '../words/station-form';
import { optionWords } from '../words/options';
import { numberingWords } from '../words/numbering';

// The words live in strings.ts; the form names them by meaning.
const L = stationFormWords.labels;
const H = stationFormWords.hints;
const STEPS = stationFormWords.steps;

export type StationMode = 'setup' | 'edit';

export interface Step {
  readonly title: string;
  readonly intro: string;
  readonly fields: readonly Field[];
  /** Error paths under these belong to this step. */
  readonly paths: readonly string[];
}

const ESTABLISHMENTS: Record<(typeof ESTABLISHMENT_TYPES)[number], string> = optionWords.establishments;

/** Paths that name the station at MH: asked once, in the wizard. */
const IDENTITY = new Set(['environment', 'company.nit', 'branch.mhCode', 'branch.posNumber']);

const company: Field = {
  type: 'group',
  key: 'company',
  label: L.company,
  fields: [
    { type: 'text', key: 'nit', label: L.nit, hint: H.nit, format: 'nit' },
    { type: 'text', key: 'nrc', label: L.nrc, hint: H.nrc, format: 'nrc' },
    { type: 'text', key: 'name', label: L.companyName },
    { type: 'text', key: 'commercialName', label: L.commercialName },
    { type: 'catalog', key: 'economicActivity', label: L.activity, options: CATALOGS.activities },
    { type: 'text', key: 'economicActivityDescription', label: L.activityDescription },
    { type: 'text', key: 'phone', label: L.phone, format: 'phone-intl' },
    { type: 'text', key: 'email', label: L.email },
    { type: 'address', key: 'address', label: L.address },
  ],
};

const branch: Field = {
  type: 'group',
  key: 'branch',
  label: L.branch,
  fields: [
    { type: 'text', key: 'mhCode', label: L.mhCode, hint: H.mhCode },
    { type: 'number', key: 'posNumber', label: L.posNumber, hint: H.posNumber },
    {
      type: 'select',
      key: 'establishmentType',
      label: L.establishmentType,
      options: ESTABLISHMENT_TYPES.map((t) => [t, ESTABLISHMENTS[t]] as const),
    },
  ],
};

const responsible: Field = {
  type: 'group',
  key: 'responsible',
  label: L.responsible,
  optional: true,
  fields: [
    { type: 'text', key: 'name', label: L.name },
    {
      type: 'group',
      key: 'identificationDocument',
      label: L.idDocument,
      fields: [
        {
          type: 'select',
          key: 'type',
          label: L.type,
          options: (['DUI', 'NIT', 'PASAPORTE', 'CARNET_RESIDENTE', 'OTRO'] as const).map((t) => [t, optionWords.idTypes[t]] as const),
        },
        { type: 'text', key: 'number', label: L.idNumber, hint: H.idNumber, format: 'document' },
      ],
    },
  ],
};

const environment: Field = {
  type: 'select',
  key: 'environment',
  label: L.environment,
  options: [
    ['TEST', stationWords.test],
    ['LIVE', stationWords.live],
  ],
};

const mh = (mode: StationMode): Field => ({
  type: 'group',
  key: 'mh',
  label: L.mh,
  fields: [
    { type: 'text', key: 'baseUrl', label: L.baseUrl },
    { type: 'text', key: 'user', label: L.user, format: 'nit' },
    { type: 'text', key: 'password', label: mode === 'edit' ? L.passwordKept : L.password, secret: true },
  ],
});

/** The certificate: the file is picked with its own control; this is what the body carries. */
export const certificateField: Field = {
  type: 'group',
  key: 'certificate',
  label: L.certificate,
  fields: [
    { type: 'text', key: 'xml', label: L.certificateFile },
    { type: 'text', key: 'password', label: L.certificatePassword, secret: true },
  ],
};

/** The wizard only: said on purpose, a point of sale that never issued starts at 1; else numbering waits (decision 0029). */
const newPointOfSale: Field = {
  type: 'select',
  key: 'newPointOfSale',
  label: numberingWords.wizardLabel,
  options: [
    ['no', numberingWords.wizardIssued],
    ['yes', numberingWords.wizardNew],
  ],
};

/** The first administrator (the wizard only): what the body carries. */
const adminBody: Field = {
  type: 'group',
  key: 'admin',
  label: L.admin,
  fields: [
    { type: 'text', key: 'login', label: L.adminLogin, hint: H.adminLogin },
    { type: 'text', key: 'name', label: L.adminName },
    { type: 'text', key: 'password', label: L.adminPassword, hint: H.adminPassword, secret: true },
  ],
};
/** What the wizard shows: the password once more, compared here and never sent. */
const adminField: Field = {
  ...adminBody,
  fields: [...adminBody.fields, { type: 'text', key: 'passwordConfirm', label: L.adminConfirm, secret: true }],
};

/** The confirmation matches the password (checked in the form; the core never sees it). */
export function adminConfirmErrors(value: Value): FieldError[] {
  const password = getAt(value, ['admin', 'password']);
  const confirm = getAt(value, ['admin', 'passwordConfirm']);
  if (typeof password !== 'string' || password === '') return [];
  if (typeof confirm !== 'string' || confirm === '')
    return [{ path: 'admin.passwordConfirm', code: 'REQUIRED', message: peopleWords.confirmMissing }];
  return confirm === password ? [] : [{ path: 'admin.passwordConfirm', code: 'NOT_ALLOWED', message: peopleWords.mismatch }];
}

const withoutIdentity = (f: Field, prefix = ''): Field | null => {
  const path = prefix ? `${prefix}.${f.key}` : f.key;
  if (IDENTITY.has(path)) return null;
  if (f.type !== 'group') return f;
  return { ...f, fields: f.fields.map((c) => withoutIdentity(c, path)).filter((c): c is Field => c !== null) };
};

export function stationSteps(mode: StationMode): Step[] {
  const steps: Step[] = [
    { ...STEPS.company, fields: [company], paths: ['company'] },
    mode === 'setup'
      ? { ...STEPS.branch, fields: [branch, newPointOfSale, responsible], paths: ['branch', 'newPointOfSale', 'responsible'] }
      : { ...STEPS.branch, fields: [branch, responsible], paths: ['branch', 'responsible'] },
    { ...STEPS.mh, fields: [environment, mh(mode)], paths: ['environment', 'mh'] },
    { ...STEPS.certificate, fields: [], paths: ['certificate'] },
  ];
  if (mode === 'setup') return [...steps, { ...STEPS.admin, fields: [adminField], paths: ['admin'] }];
  return steps.map((s) => ({ ...s, fields: s.fields.map((f) => withoutIdentity(f)).filter((f): f is Field => f !== null) }));
}

export function emptyStation(): Value {
  return {
    environment: 'TEST',
    branch: { posNumber: '1', establishmentType: '02' },
    newPointOfSale: 'no',
    mh: { baseUrl: MH_BASE_URLS.TEST },
  };
}

/** Ajustes starts from the station as it is; passwords and certificate start empty (kept unless typed). */
export function stationValue(s: StationInfo): Value {
  return {
    environment: s.environment,
    company: {
      nit: s.company.nit,
      nrc: s.company.nrc,
      name: s.company.name,
      ...(s.company.commercialName ? { commercialName: s.company.commercialName } : {}),
      economicActivity: s.company.economicActivity,
      economicActivityDescription: s.company.activity,
      phone: s.company.phone,
      email: s.company.email,
      address: { ...s.company.address },
    },
    branch: { mhCode: s.branch.mhCode, posNumber: String(s.branch.posNumber), establishmentType: s.branch.establishmentType },
    ...(s.responsible
      ? { responsible: { name: s.responsible.name, identificationDocument: { ...s.responsible.identificationDocument } } }
      : {}),
    mh: s.mh ? { baseUrl: s.mh.baseUrl, user: s.mh.user } : { baseUrl: MH_BASE_URLS[s.environment] },
  };
}

/**
 * A change as the person expects it: the activity's description follows the activity picked, MH's address
 * follows the environment unless typed by hand, and the MH user follows the NIT until it is typed.
 */
export function applyChange(
  value: Value,
  path: readonly (string | number)[],
  next: unknown,
  activityName: (code: string) => string | undefined,
): Value {
  let v = setAt(value, path, next) as Value;
  const key = path.join('.');
  if (key === 'company.economicActivity' && typeof next === 'string') {
    const name = activityName(next);
    if (name) v = setAt(v, ['company', 'economicActivityDescription'], name) as Value;
  }
  if (key === 'environment' && (next === 'TEST' || next === 'LIVE')) {
    const url = getAt(value, ['mh', 'baseUrl']);
    if (url === undefined || url === '' || (typeof url === 'string' && Object.values(MH_BASE_URLS).includes(url)))
      v = setAt(v, ['mh', 'baseUrl'], MH_BASE_URLS[next]) as Value;
  }
  if (key === 'company.nit') {
    const user = getAt(value, ['mh', 'user']);
    if (user === undefined || user === '' || user === getAt(value, ['company', 'nit'])) v = setAt(v, ['mh', 'user'], next) as Value;
  }
  return v;
}

/** The request body: the form's fields, the identity kept as it is in Ajustes, the certificate if chosen. */
export function stationBody(mode: StationMode, value: Value, current: StationInfo | null): Value {
  const fields = [...stationSteps(mode).flatMap((s) => s.fields.map((f) => (f === adminField ? adminBody : f))), certificateField];
  // Required groups travel even when empty, so the schema names their fields rather than the group.
  const body = {
    company: {},
    branch: {},
    mh: {},
    ...(mode === 'setup' ? { certificate: {}, admin: {} } : {}),
    ...fieldsBody(fields, value),
  };
  if (mode === 'setup') return { ...body, newPointOfSale: getAt(value, ['newPointOfSale']) === 'yes' };
  if (!current) return body;
  const companyPart = (body.company ?? {}) as Value;
  const branchPart = (body.branch ?? {}) as Value;
  return {
    ...body,
    environment: current.environment,
    company: { ...companyPart, nit: current.company.nit },
    branch: { ...branchPart, mhCode: current.branch.mhCode, posNumber: current.branch.posNumber },
  };
}
