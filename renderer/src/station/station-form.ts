// The station's form as data, for the first-run wizard (one step per group) and Ajustes (all at once, without
// the station's identity, which never changes in place). Validated with shared/station.ts as the core does.
import { ESTABLISHMENT_TYPES, MH_BASE_URLS } from '../../../shared/station';
import type { StationInfo } from '../../../shared/records';
import { CATALOGS, type Field } from '../forms/spec';
import { fieldsBody, getAt, setAt, type Value } from '../forms/values';

export type StationMode = 'setup' | 'edit';

export interface Step {
  readonly title: string;
  readonly intro: string;
  readonly fields: readonly Field[];
  /** Error paths under these belong to this step. */
  readonly paths: readonly string[];
}

const ESTABLISHMENTS: Record<(typeof ESTABLISHMENT_TYPES)[number], string> = {
  '01': 'Sucursal / agencia',
  '02': 'Casa matriz',
  '04': 'Bodega',
  '07': 'Predio y/o patio',
  '20': 'Otro',
};

/** Paths that name the station at MH: asked once, in the wizard. */
const IDENTITY = new Set(['environment', 'company.nit', 'branch.mhCode', 'branch.posNumber']);

const company: Field = {
  type: 'group',
  key: 'company',
  label: 'Empresa (emisor ante MH)',
  fields: [
    { type: 'text', key: 'nit', label: 'NIT', hint: '14 dígitos, con o sin guiones', format: 'nit' },
    { type: 'text', key: 'nrc', label: 'NRC', hint: 'Con o sin guion', format: 'nrc' },
    { type: 'text', key: 'name', label: 'Razón social' },
    { type: 'text', key: 'commercialName', label: 'Nombre comercial (opcional)' },
    { type: 'catalog', key: 'economicActivity', label: 'Actividad económica', options: CATALOGS.activities },
    { type: 'text', key: 'economicActivityDescription', label: 'Descripción de la actividad' },
    { type: 'text', key: 'phone', label: 'Teléfono', format: 'phone-intl' },
    { type: 'text', key: 'email', label: 'Correo electrónico' },
    { type: 'address', key: 'address', label: 'Dirección del establecimiento' },
  ],
};

const branch: Field = {
  type: 'group',
  key: 'branch',
  label: 'Sucursal y punto de venta',
  fields: [
    { type: 'text', key: 'mhCode', label: 'Código de sucursal de MH', hint: '4 letras o dígitos, p. ej. M001' },
    { type: 'number', key: 'posNumber', label: 'Punto de venta de esta caja', hint: '1 a 999' },
    { type: 'select', key: 'establishmentType', label: 'Tipo de establecimiento', options: ESTABLISHMENT_TYPES.map((t) => [t, ESTABLISHMENTS[t]] as const) },
  ],
};

const responsible: Field = {
  type: 'group',
  key: 'responsible',
  label: 'Responsable ante MH (opcional: si no, la empresa)',
  optional: true,
  fields: [
    { type: 'text', key: 'name', label: 'Nombre' },
    {
      type: 'group',
      key: 'identificationDocument',
      label: 'Documento de identidad',
      fields: [
        { type: 'select', key: 'type', label: 'Tipo', options: [['DUI', 'DUI'], ['NIT', 'NIT'], ['PASAPORTE', 'Pasaporte'], ['CARNET_RESIDENTE', 'Carné de residente'], ['OTRO', 'Otro']] },
        { type: 'text', key: 'number', label: 'Número', hint: 'Con o sin guiones', format: 'document' },
      ],
    },
  ],
};

const environment: Field = { type: 'select', key: 'environment', label: 'Ambiente de MH', options: [['TEST', 'Pruebas'], ['LIVE', 'Producción']] };

const mh = (mode: StationMode): Field => ({
  type: 'group',
  key: 'mh',
  label: 'Acceso a la API de MH',
  fields: [
    { type: 'text', key: 'baseUrl', label: 'Dirección de la API de MH' },
    { type: 'text', key: 'user', label: 'Usuario (NIT)', format: 'nit' },
    { type: 'text', key: 'password', label: mode === 'edit' ? 'Contraseña de la API (vacío: se conserva)' : 'Contraseña de la API', secret: true },
  ],
});

/** The certificate: the file is picked with its own control; this is what the body carries. */
export const certificateField: Field = {
  type: 'group',
  key: 'certificate',
  label: 'Certificado de firma de MH',
  fields: [
    { type: 'text', key: 'xml', label: 'Archivo .crt' },
    { type: 'text', key: 'password', label: 'Contraseña de la llave privada', secret: true },
  ],
};

const withoutIdentity = (f: Field, prefix = ''): Field | null => {
  const path = prefix ? `${prefix}.${f.key}` : f.key;
  if (IDENTITY.has(path)) return null;
  if (f.type !== 'group') return f;
  return { ...f, fields: f.fields.map((c) => withoutIdentity(c, path)).filter((c): c is Field => c !== null) };
};

export function stationSteps(mode: StationMode): Step[] {
  const steps: Step[] = [
    { title: 'Empresa', intro: 'Los datos del emisor como están registrados en MH.', fields: [company], paths: ['company'] },
    { title: 'Sucursal', intro: 'La sucursal que MH le asignó y el número de esta caja.', fields: [branch, responsible], paths: ['branch', 'responsible'] },
    { title: 'MH', intro: 'El ambiente y las credenciales de la API de transmisión de MH.', fields: [environment, mh(mode)], paths: ['environment', 'mh'] },
    { title: 'Certificado', intro: 'El archivo .crt que MH le entregó y la contraseña de su llave privada.', fields: [], paths: ['certificate'] },
  ];
  if (mode === 'setup') return steps;
  return steps.map((s) => ({ ...s, fields: s.fields.map((f) => withoutIdentity(f)).filter((f): f is Field => f !== null) }));
}

export function emptyStation(): Value {
  return { environment: 'TEST', branch: { posNumber: '1', establishmentType: '02' }, mh: { baseUrl: MH_BASE_URLS.TEST } };
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
    ...(s.responsible ? { responsible: { name: s.responsible.name, identificationDocument: { ...s.responsible.identificationDocument } } } : {}),
    mh: s.mh ? { baseUrl: s.mh.baseUrl, user: s.mh.user } : { baseUrl: MH_BASE_URLS[s.environment] },
  };
}

/**
 * A change as the person expects it: the activity's description follows the activity picked, MH's address
 * follows the environment unless typed by hand, and the MH user follows the NIT until it is typed.
 */
export function applyChange(value: Value, path: readonly (string | number)[], next: unknown, activityName: (code: string) => string | undefined): Value {
  let v = setAt(value, path, next) as Value;
  const key = path.join('.');
  if (key === 'company.economicActivity' && typeof next === 'string') {
    const name = activityName(next);
    if (name) v = setAt(v, ['company', 'economicActivityDescription'], name) as Value;
  }
  if (key === 'environment' && (next === 'TEST' || next === 'LIVE')) {
    const url = getAt(value, ['mh', 'baseUrl']);
    if (url === undefined || url === '' || Object.values(MH_BASE_URLS).includes(String(url))) v = setAt(v, ['mh', 'baseUrl'], MH_BASE_URLS[next]) as Value;
  }
  if (key === 'company.nit') {
    const user = getAt(value, ['mh', 'user']);
    if (user === undefined || user === '' || user === getAt(value, ['company', 'nit'])) v = setAt(v, ['mh', 'user'], next) as Value;
  }
  return v;
}

/** The request body: the form's fields, the identity kept as it is in Ajustes, the certificate if chosen. */
export function stationBody(mode: StationMode, value: Value, current: StationInfo | null): Value {
  const fields = [...stationSteps(mode).flatMap((s) => s.fields), certificateField];
  // Required groups travel even when empty, so the schema names their fields rather than the group.
  const body = { company: {}, branch: {}, mh: {}, ...(mode === 'setup' ? { certificate: {} } : {}), ...fieldsBody(fields, value) };
  if (mode === 'setup' || !current) return body;
  const companyPart = (body.company ?? {}) as Value;
  const branchPart = (body.branch ?? {}) as Value;
  return {
    ...body,
    environment: current.environment,
    company: { ...companyPart, nit: current.company.nit },
    branch: { ...branchPart, mhCode: current.branch.mhCode, posNumber: current.branch.posNumber },
  };
}
