// The issue forms as data: one spec per kind, grouped the way a cashier thinks (receiver, items, payment,
// related documents, attachments, export data). Rendered by FormEngine, validated with the contract's schemas.
import { ANY_FISCAL_ENCLOSURES, ANY_REGIMES, DEPARTMENTS, UNITS, COUNTRIES } from '../../../shared/catalogs';
import type { VersionedCatalog } from '../../../shared/catalogs/normative';
import { ANY_ACTIVITIES_SHOWN, PAYMENT_METHODS_SHOWN } from '../../../shared/catalogs/display';
import type { DteKind } from '../../../shared/contract';
import {
  CONTRIBUTOR_SIZES,
  CONTRIBUTOR_TYPES,
  DOCTOR_SERVICES,
  ID_TYPES as ID_TYPE_VALUES,
  ITEM_TYPES as ITEM_TYPE_VALUES,
  PAYMENT_TYPES,
} from '../../../shared/contract/common';
import { GOODS_TITLES } from '../../../shared/contract/nr';
import { CL_DOCUMENT_TYPES } from '../../../shared/contract/cl';
import { RECIPIENT_ESTABLISHMENT_TYPES } from '../../../shared/contract/dcl';
import { DONATION_TYPES } from '../../../shared/contract/cd';
import { optionWords } from '../words/options';
import { fieldWords } from '../words/fields';
import { fromDocumentWords } from '../words/documents';
import type { IdFormat } from './id-input';
import { exportLine, firstUnit, purchaseLine, saleLine } from './lines';

export type Options = readonly (readonly [string, string])[];

export type Field = FieldShape & {
  /** Rarely needed: folded under "Más opciones" in its line, group or section until opened (or an error is in it). */
  readonly rare?: boolean;
};

type FieldShape =
  /** `secret`: a password, typed hidden and never trimmed; `format`: an id or phone, typed with hyphens, sent as digits. */
  | {
      readonly type: 'text';
      readonly key: string;
      readonly label: string;
      readonly long?: boolean;
      readonly hint?: string;
      readonly secret?: boolean;
      readonly format?: IdFormat;
    }
  | { readonly type: 'number'; readonly key: string; readonly label: string; readonly hint?: string }
  | { readonly type: 'date'; readonly key: string; readonly label: string }
  /** A yes or no, sent as a boolean. */
  | { readonly type: 'check'; readonly key: string; readonly label: string }
  /** One of the company's establishments (shared/branches.ts), picked from the list a supervisor keeps; stored whole. */
  | { readonly type: 'branch'; readonly key: string; readonly label: string; readonly hint?: string }
  /** `catalog`: an MH catalog whose codes depend on the normative; only those in force are offered. */
  | {
      readonly type: 'select';
      readonly key: string;
      readonly label: string;
      readonly options: Options;
      readonly optional?: boolean;
      readonly catalog?: VersionedCatalog;
    }
  /** A catalog with many entries: searched by code or name, stored as the code, shown as "code · name". */
  | {
      readonly type: 'catalog';
      readonly key: string;
      readonly label: string;
      readonly options: Options;
      /** MH's code of each value, where the value is the contract's key (units). */
      readonly codes?: Readonly<Record<string, string>>;
      /** An MH catalog whose codes depend on the normative; only those in force are offered. */
      readonly catalog?: VersionedCatalog;
    }
  | { readonly type: 'address'; readonly key: string; readonly label: string }
  /** A document of this station, found by search and stored as its id: never typed. */
  | { readonly type: 'document'; readonly key: string; readonly label: string; readonly kinds: readonly DteKind[] }
  /** One of the documents picked in the top-level list `among` (a line's adjusted document), stored as its id. */
  | { readonly type: 'relatedDocument'; readonly key: string; readonly label: string; readonly among: string }
  | { readonly type: 'group'; readonly key: string; readonly label: string; readonly fields: readonly Field[]; readonly optional?: boolean }
  | {
      readonly type: 'list';
      readonly key: string;
      readonly label: string;
      readonly item: readonly Field[];
      readonly addLabel: string;
      readonly min?: number;
      /** A new item's first values, from the items already there (a line starts as the first one's unit). */
      readonly fresh?: (items: readonly unknown[]) => Readonly<Record<string, unknown>>;
      /** Each line may be picked from the product catalog, its price on this basis (forms/ProductPicker.tsx). */
      readonly catalog?: CatalogLine;
    };

/** How a product fills a line: a sale at its net price, an export at its net price, a purchase without one. */
export type CatalogLine = 'sale' | 'export' | 'purchase';

export interface Section {
  readonly title: string;
  readonly fields: readonly Field[];
}

// The words live in strings.ts; the spec names them by meaning.
const L = fieldWords.labels;
const S = fieldWords.sections;
const ADD = fieldWords.add;
const O = optionWords;

const opts = (values: readonly string[], labels: Record<string, string> = {}): Options =>
  values.map((v) => [v, labels[v] ?? v.replace(/_/g, ' ').toLowerCase()] as const);

export const CATALOGS = {
  activities: ANY_ACTIVITIES_SHOWN.map((a) => [a.code, a.name] as const),
  countries: COUNTRIES.map((c) => [c.code, c.name] as const),
  enclosures: ANY_FISCAL_ENCLOSURES.map((c) => [c.code, c.name] as const),
  regimes: ANY_REGIMES.map((c) => [c.code, c.name] as const),
  departments: DEPARTMENTS.filter((d) => d.code !== '00').map((d) => [d.code, d.name] as const),
  units: UNITS.map((u) => [u.key, u.name] as const),
  /** CAT-014's code of each unit key: the catalog shows "59 · unidad", the body carries UNIDAD. */
  unitCodes: Object.fromEntries(UNITS.map((u) => [u.key, String(u.code)])),
};

/** Folds a field under "Más opciones": a cashier seldom needs it. */
const rare = (f: Field): Field => ({ ...f, rare: true });
const unit: Field = {
  type: 'catalog',
  key: 'unitMeasure',
  label: L.unit,
  options: CATALOGS.units,
  codes: CATALOGS.unitCodes,
  catalog: 'CAT-014',
};

const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF', 'DAT', 'DAF', 'DES', 'DEQ', 'DDU'];
const ID_TYPES = opts(ID_TYPE_VALUES, O.idTypes);
const idDocument = (types: Options = ID_TYPES): Field => ({
  type: 'group',
  key: 'identificationDocument',
  label: L.idDocument,
  fields: [
    { type: 'select', key: 'type', label: L.type, options: types },
    { type: 'text', key: 'number', label: L.idNumber, hint: fieldWords.hints.idNumber, format: 'document' },
  ],
});
/** How MH reaches a national recipient: email, phone and address (the receipt goes to the email). */
const contact: Field[] = [
  { type: 'text', key: 'email', label: L.email },
  { type: 'text', key: 'phone', label: L.phone8, format: 'phone' },
  { type: 'address', key: 'address', label: L.address },
];

const contributor: Field[] = [
  {
    type: 'select',
    key: 'contributorType',
    label: L.contributorType,
    options: opts(CONTRIBUTOR_TYPES, O.contributorTypes),
    optional: true,
    rare: true,
  },
  {
    type: 'select',
    key: 'contributorSize',
    label: L.contributorSize,
    options: opts(CONTRIBUTOR_SIZES, O.contributorSizes),
    optional: true,
    rare: true,
  },
];
const activity = (label: string = L.activity): Field => ({
  type: 'catalog',
  key: 'economicActivity',
  label,
  options: CATALOGS.activities,
  catalog: 'CAT-019',
});
const payment: Field = { type: 'select', key: 'paymentType', label: L.paymentType, options: opts(PAYMENT_TYPES, O.paymentTypes) };
/** How the customer paid, by CAT-017 method (docs/decisions/0009-payments.md); none means all in cash. */
const payments: Field = {
  type: 'list',
  key: 'payments',
  label: L.payments,
  addLabel: ADD.payment,
  min: 0,
  // The first is cash, the next a credit card: the usual mixed payment, never an empty method.
  fresh: (items) => ({ method: items.length === 0 ? '01' : '03' }),
  item: [
    {
      type: 'select',
      key: 'method',
      label: L.paymentMethod,
      options: PAYMENT_METHODS_SHOWN.map((m) => [m.code, `${m.code} · ${m.name}`] as const),
      catalog: 'CAT-017',
    },
    { type: 'number', key: 'amount', label: L.paymentAmount },
    { type: 'text', key: 'reference', label: L.paymentReference },
  ],
};
/** Cash handed over, for the change printed on paper (docs/decisions/0037-final-paper.md); not sent to MH. */
const cashReceived: Field = rare({ type: 'number', key: 'cashReceived', label: L.cashReceived, hint: L.cashReceivedHint });
const generatedAt: Field = { type: 'date', key: 'generatedAt', label: L.generatedAt, rare: true };
const branch: Field = {
  type: 'group',
  key: 'branchOffice',
  label: L.branchOffice,
  optional: true,
  rare: true,
  fields: [
    { type: 'text', key: 'mhCode', label: L.branchCode },
    { type: 'number', key: 'posNumber', label: L.posNumber },
  ],
};
const thirdParty: Field = {
  type: 'group',
  key: 'thirdPartySale',
  label: L.thirdPartySale,
  optional: true,
  rare: true,
  fields: [{ type: 'text', key: 'name', label: L.thirdPartyName }, idDocument(opts(['NIT'], O.idTypes))],
};
const SALE_TYPES = opts(['GRAVADA', 'EXENTA', 'NO_SUJETA'], O.saleTypes);
/** A retention's first values: a paper FC retained at 1 %. */
const CR_LINE = { documentType: 'FISICO', taxDocumentType: 'FC', retentionCode: 'RETENCION_IVA_1' } as const;
const ITEM_TYPES = opts(ITEM_TYPE_VALUES, O.itemTypes);
// In the order a line is typed (description, quantity, unit, price); what a line seldom carries is folded.
const saleItem = (withPsv: boolean, withDocument: boolean): Field[] => [
  { type: 'text', key: 'description', label: L.description },
  { type: 'number', key: 'quantity', label: L.quantity },
  unit,
  { type: 'number', key: 'unitPrice', label: L.unitPriceNoIva },
  { type: 'number', key: 'discountAmount', label: L.discount },
  { type: 'select', key: 'saleType', label: L.saleType, options: SALE_TYPES },
  { type: 'select', key: 'type', label: L.type, options: ITEM_TYPES },
  { type: 'text', key: 'internalCode', label: L.internalCode, rare: true },
  { type: 'text', key: 'taxCode', label: L.taxCode, rare: true },
  ...(withPsv ? [{ type: 'number', key: 'psv', label: L.psv, rare: true } as Field] : []),
  ...(withDocument ? [{ type: 'text', key: 'documentNumber', label: L.adjustedDocument, rare: true } as Field] : []),
];
const noGrav: Field = {
  type: 'list',
  key: 'itemsNoGrav',
  label: L.nonTaxed,
  addLabel: ADD.nonTaxed,
  rare: true,
  fresh: () => ({ type: 'BIENES' }),
  item: [
    { type: 'select', key: 'type', label: L.type, options: ITEM_TYPES.filter(([v]) => v !== 'OTROS') },
    { type: 'text', key: 'description', label: L.description },
    { type: 'number', key: 'amount', label: L.amount },
    { type: 'text', key: 'internalCode', label: L.internalCode, rare: true },
  ],
};
const related = (min = 0, id: Field = { type: 'text', key: 'id', label: L.documentId }): Field => ({
  type: 'list',
  key: 'relatedTaxDocuments',
  label: L.relatedDocuments,
  addLabel: ADD.related,
  min,
  item: [id],
});
/** A purchase or export line: what is bought or sold, by the unit. */
const unitLine: Field[] = [
  { type: 'text', key: 'description', label: L.description },
  { type: 'number', key: 'quantity', label: L.quantity },
  unit,
  { type: 'number', key: 'unitPrice', label: L.unitPrice },
  { type: 'number', key: 'discountAmount', label: L.discount },
  { type: 'text', key: 'internalCode', label: L.internalCode, rare: true },
];
/** Associated documents: the issuer's or the receiver's with a detail, or one more kind with its own sub-form. */
const attachmentList = (code: 'DOCTOR' | 'TRANSPORTE', subForm: Field): Field => ({
  type: 'list',
  key: 'attachments',
  label: L.attachments,
  addLabel: ADD.attachment,
  fresh: () => ({ code: 'EMISOR' }),
  item: [
    { type: 'select', key: 'code', label: L.type, options: opts(['EMISOR', 'RECEPTOR', code], O.attachmentCodes) },
    { type: 'text', key: 'details', label: L.attachmentDetails },
    subForm,
  ],
});
const attachments = attachmentList('DOCTOR', {
  type: 'group',
  key: 'doctor',
  label: L.doctor,
  optional: true,
  fields: [
    { type: 'text', key: 'name', label: L.doctorName },
    idDocument(),
    {
      type: 'select',
      key: 'service',
      label: L.doctorService,
      options: opts(DOCTOR_SERVICES, O.doctorServices),
    },
  ],
});
/** FEX: documents that travel with an export, the transport's among them. */
const fexAttachments = attachmentList('TRANSPORTE', {
  type: 'group',
  key: 'driver',
  label: L.driver,
  optional: true,
  fields: [
    { type: 'text', key: 'name', label: L.driverName },
    { type: 'text', key: 'documentIdentificationNumber', label: L.driverDocument },
    { type: 'text', key: 'transportIdentificationNumber', label: L.vehiclePlate },
    {
      type: 'select',
      key: 'transport',
      label: L.transportMode,
      options: opts(['TERRESTRE', 'MARITIMO', 'AEREO', 'TERRESTRE_MARITIMO'], O.transports),
      catalog: 'CAT-030',
    },
  ],
});
const discounts: Field[] = [
  { type: 'number', key: 'discountGrav', label: L.discountGrav, rare: true },
  { type: 'number', key: 'discountExe', label: L.discountExe, rare: true },
  { type: 'number', key: 'discountNoSuj', label: L.discountNoSuj, rare: true },
  { type: 'number', key: 'retentionIva', label: L.retentionIva, rare: true },
  { type: 'number', key: 'retentionRenta', label: L.retentionRenta, rare: true },
];
const taxpayer = (nameMax: number): Field => ({
  type: 'group',
  key: 'recipient',
  label: L.taxpayer,
  fields: [
    { type: 'text', key: 'name', label: L.nameOrCompany(nameMax) },
    { type: 'text', key: 'commercialName', label: L.commercialName, rare: true },
    idDocument(opts(['NIT', 'DUI'], O.idTypes)),
    { type: 'text', key: 'nrc', label: L.nrc, format: 'nrc' },
    activity(),
    ...contributor,
    ...contact,
  ],
});

/** NC and ND share one body (docs/decisions/0002-contract-gaps.md); they adjust a CCF or a CR of this station. */
const noteRelated = related(1, { type: 'document', key: 'id', label: fromDocumentWords.fields.related, kinds: ['CCF', 'CR'] });
// Each line names one of the related documents, chosen from them.
const noteItem = saleItem(false, true).map((f): Field =>
  f.key === 'documentNumber'
    ? { type: 'relatedDocument', key: f.key, label: fromDocumentWords.fields.adjusts, among: 'relatedTaxDocuments' }
    : f,
);
const NOTE: readonly Section[] = [
  { title: S.adjusted, fields: [noteRelated] },
  { title: S.client, fields: [taxpayer(150)] },
  {
    title: S.lines,
    fields: [{ type: 'list', key: 'items', label: L.lines, addLabel: ADD.line, min: 1, item: noteItem, fresh: saleLine, catalog: 'sale' }],
  },
  { title: S.paymentAndDiscounts, fields: [payment, ...discounts, generatedAt, branch, thirdParty] },
];

/** Whoever hands goods over or receives them (or issues a liquidation): a name and a document as written. */
const handler = (key: string, label: string, documentKey = 'document', extra: Field[] = []): Field => ({
  type: 'group',
  key,
  label,
  optional: true,
  rare: true,
  fields: [{ type: 'text', key: 'name', label: L.handlerName }, { type: 'text', key: documentKey, label: L.handlerDocument }, ...extra],
});
const observations = (long = true): Field => ({ type: 'text', key: 'observations', label: L.observations, long, rare: true });

/**
 * NR (docs/decisions/0084-emitir-new-kinds.md): to another branch in one step (the destination picked from the
 * company's list, the reason already TRASLADO), or to anyone else as its receptor; the goods from the catalog.
 */
const NR: readonly Section[] = [
  {
    title: S.remission,
    fields: [
      { type: 'branch', key: 'destinationBranch', label: L.destinationBranch, hint: L.destinationBranchHint },
      { type: 'select', key: 'goodsTitle', label: L.goodsTitle, options: opts(GOODS_TITLES, O.goodsTitles) },
    ],
  },
  {
    title: S.remissionRecipient,
    fields: [
      {
        type: 'group',
        key: 'recipient',
        label: L.remissionRecipient,
        optional: true,
        fields: [
          { type: 'text', key: 'name', label: L.nameUpTo(250) },
          { type: 'text', key: 'commercialName', label: L.commercialName, rare: true },
          idDocument(),
          { type: 'text', key: 'nrc', label: L.nrcOnlyWithNit, format: 'nrc' },
          rare(activity(L.activityOptional)),
          ...contact,
        ],
      },
    ],
  },
  {
    title: S.goods,
    fields: [
      {
        type: 'list',
        key: 'items',
        label: L.lines,
        addLabel: ADD.line,
        min: 1,
        item: saleItem(false, true),
        fresh: saleLine,
        catalog: 'sale',
      },
    ],
  },
  {
    title: S.documents,
    fields: [
      handler('deliveredBy', L.deliveredBy),
      handler('receivedBy', L.receivedBy),
      rare(related()),
      ...discounts.filter((f) => f.key.startsWith('discount')),
      observations(),
      generatedAt,
      branch,
      thirdParty,
    ],
  },
];

/** CL and DCL: the principal or affiliate, a registered taxpayer. */
const liquidationRecipient = (label: string, extra: Field[] = []): Field => ({
  type: 'group',
  key: 'recipient',
  label,
  fields: [
    { type: 'text', key: 'name', label: L.nameOrCompany(250) },
    { type: 'text', key: 'commercialName', label: L.commercialName, rare: true },
    idDocument(opts(['NIT', 'DUI'], O.idTypes)),
    { type: 'text', key: 'nrc', label: L.nrc, format: 'nrc' },
    activity(),
    ...extra,
    ...contact,
  ],
});
/** A CL's first line: a document of this station (electronic), a factura. */
const CL_LINE = { documentType: 'DIGITAL', taxDocumentType: 'FC' } as const;
const CL: readonly Section[] = [
  { title: S.principal, fields: [liquidationRecipient(L.principal)] },
  {
    title: S.liquidated,
    fields: [
      {
        type: 'list',
        key: 'items',
        label: L.liquidatedDocuments,
        addLabel: ADD.liquidated,
        min: 1,
        fresh: () => ({ ...CL_LINE }),
        item: [
          { type: 'select', key: 'documentType', label: L.retainedDocument, options: opts(['DIGITAL', 'FISICO'], O.retainedDocumentTypes) },
          { type: 'select', key: 'taxDocumentType', label: L.liquidatedKind, options: opts(CL_DOCUMENT_TYPES, O.liquidatedKinds) },
          { type: 'text', key: 'taxDocumentNumber', label: L.liquidatedNumber },
          { type: 'date', key: 'taxDocumentGeneratedAt', label: L.retainedDocumentDate },
          { type: 'number', key: 'taxedSales', label: L.taxedSales },
          { type: 'number', key: 'exemptSales', label: L.exemptSales, rare: true },
          { type: 'number', key: 'nonSubjectSales', label: L.nonSubjectSales, rare: true },
          { type: 'number', key: 'exportSales', label: L.exportSales, rare: true },
          observations(false),
        ],
      },
    ],
  },
  {
    title: S.payment,
    fields: [payment, { type: 'number', key: 'ivaPerceived', label: L.ivaPerceived, rare: true }, observations(), generatedAt, branch],
  },
];

const DCL: readonly Section[] = [
  {
    title: S.affiliate,
    fields: [
      liquidationRecipient(L.affiliate, [
        {
          type: 'select',
          key: 'establishmentType',
          label: L.establishmentType,
          options: opts(RECIPIENT_ESTABLISHMENT_TYPES, O.establishmentTypes),
        },
      ]),
    ],
  },
  {
    title: S.liquidation,
    fields: [
      { type: 'date', key: 'periodStart', label: L.periodStart },
      { type: 'date', key: 'periodEnd', label: L.periodEnd },
      { type: 'number', key: 'operationsValue', label: L.operationsValue },
      { type: 'number', key: 'commission', label: L.commission },
      { type: 'number', key: 'commissionPercent', label: L.commissionPercent },
      { type: 'number', key: 'documentCount', label: L.documentCount },
      { type: 'text', key: 'liquidationCode', label: L.liquidationCode, rare: true },
      { type: 'number', key: 'amountWithoutPerception', label: L.amountWithoutPerception, rare: true },
      { type: 'text', key: 'withoutPerceptionDescription', label: L.withoutPerceptionDescription, rare: true },
      observations(false),
    ],
  },
  {
    title: S.issuing,
    fields: [
      handler('deliveredBy', L.issuedBy, 'documentNumber', [{ type: 'text', key: 'employeeCode', label: L.employeeCode }]),
      generatedAt,
      branch,
    ],
  },
];

/** A donation's first line is money, whose unit MH fixes as OTRA (99); the next a good, in the first good's unit. */
const donationLine = (items: readonly unknown[]) => ({
  donationType: items.length === 0 ? 'EFECTIVO' : 'BIEN',
  quantity: '1',
  unitMeasure: items.length === 0 ? 'OTRA' : firstUnit(items.filter((i) => (i as { donationType?: unknown }).donationType === 'BIEN')),
});
const CD: readonly Section[] = [
  {
    title: S.donor,
    fields: [
      {
        type: 'group',
        key: 'recipient',
        label: L.donor,
        fields: [
          { type: 'text', key: 'name', label: L.nameOrCompany(250) },
          idDocument(),
          { type: 'text', key: 'nrc', label: L.nrc, format: 'nrc', rare: true },
          { type: 'check', key: 'domiciled', label: L.domiciled },
          { type: 'catalog', key: 'country', label: L.donorCountry, options: CATALOGS.countries, rare: true, catalog: 'CAT-020' },
          rare(activity(L.activityOptional)),
          { type: 'address', key: 'address', label: L.address },
          { type: 'text', key: 'phone', label: L.phone8, format: 'phone' },
          { type: 'text', key: 'email', label: L.email },
        ],
      },
    ],
  },
  {
    title: S.donations,
    fields: [
      {
        type: 'list',
        key: 'items',
        label: L.lines,
        addLabel: ADD.donation,
        min: 1,
        fresh: donationLine,
        item: [
          { type: 'select', key: 'donationType', label: L.donationType, options: opts(DONATION_TYPES, O.donationTypes) },
          { type: 'text', key: 'description', label: L.description },
          { type: 'number', key: 'quantity', label: L.quantity },
          unit,
          { type: 'number', key: 'unitValue', label: L.unitValue },
          { type: 'number', key: 'depreciation', label: L.depreciation, rare: true },
          { type: 'text', key: 'internalCode', label: L.internalCode, rare: true },
        ],
      },
    ],
  },
  {
    title: S.documents,
    fields: [
      {
        type: 'list',
        key: 'attachments',
        label: L.donationDocuments,
        addLabel: ADD.donationDocument,
        min: 1,
        fresh: () => ({ code: 'EMISOR' }),
        item: [
          { type: 'select', key: 'code', label: L.type, options: opts(['EMISOR', 'RECEPTOR'], O.cdAttachmentCodes) },
          { type: 'text', key: 'name', label: L.documentName },
          { type: 'text', key: 'details', label: L.documentDetails },
        ],
      },
      rare({ ...payments, label: L.donationPayments }),
      generatedAt,
      branch,
    ],
  },
];

export const FORM_SPECS: Record<DteKind, readonly Section[]> = {
  FC: [
    {
      title: S.client,
      fields: [
        {
          type: 'group',
          key: 'recipient',
          label: L.consumer,
          optional: true,
          fields: [
            { type: 'text', key: 'name', label: L.name },
            { ...idDocument(), optional: true } as Field,
            { type: 'text', key: 'email', label: L.email },
            { type: 'text', key: 'phone', label: L.phone8, format: 'phone' },
            { type: 'text', key: 'nrc', label: L.nrcOnlyWithNit, format: 'nrc', rare: true },
            rare(activity(L.activityWithNrc)),
            ...contributor,
            { type: 'address', key: 'address', label: L.address, rare: true },
          ],
        },
      ],
    },
    {
      title: S.products,
      fields: [
        {
          type: 'list',
          key: 'items',
          label: L.lines,
          addLabel: ADD.line,
          min: 1,
          item: saleItem(true, true),
          fresh: saleLine,
          catalog: 'sale',
        },
        noGrav,
      ],
    },
    { title: S.paymentAndDiscounts, fields: [payment, payments, cashReceived, ...discounts, generatedAt, branch] },
    { title: S.documents, fields: [rare(related()), rare(attachments), thirdParty] },
  ],
  CCF: [
    { title: S.client, fields: [taxpayer(150)] },
    {
      title: S.products,
      fields: [
        {
          type: 'list',
          key: 'items',
          label: L.lines,
          addLabel: ADD.line,
          min: 1,
          item: saleItem(true, true),
          fresh: saleLine,
          catalog: 'sale',
        },
        noGrav,
      ],
    },
    { title: S.paymentAndDiscounts, fields: [payment, payments, cashReceived, ...discounts, generatedAt, branch] },
    { title: S.documents, fields: [rare(related()), rare(attachments), thirdParty] },
  ],
  NC: NOTE,
  ND: NOTE,
  CR: [
    {
      title: S.retainedSubject,
      fields: [
        {
          type: 'group',
          key: 'recipient',
          label: L.retainedSubject,
          fields: [
            { type: 'text', key: 'name', label: L.nameUpTo(250) },
            { type: 'text', key: 'commercialName', label: L.commercialName, rare: true },
            idDocument(),
            { type: 'text', key: 'nrc', label: L.nrcRequiredWithNit, format: 'nrc' },
            activity(),
            ...contributor,
            ...contact,
          ],
        },
      ],
    },
    {
      title: S.retentions,
      fields: [
        {
          type: 'list',
          key: 'items',
          label: L.retainedDocuments,
          addLabel: ADD.retention,
          min: 1,
          fresh: () => ({ ...CR_LINE }),
          item: [
            {
              type: 'select',
              key: 'documentType',
              label: L.retainedDocument,
              options: opts(['FISICO', 'DIGITAL'], O.retainedDocumentTypes),
            },
            { type: 'select', key: 'taxDocumentType', label: L.type, options: opts(['FC', 'CCF', 'FSE'], O.retainedKinds) },
            { type: 'text', key: 'taxDocumentNumber', label: L.retainedDocumentNumber },
            { type: 'date', key: 'taxDocumentGeneratedAt', label: L.retainedDocumentDate },
            { type: 'text', key: 'description', label: L.description },
            { type: 'number', key: 'amountSubject', label: L.amountSubject },
            { type: 'number', key: 'ivaRetained', label: L.ivaRetained },
            {
              type: 'select',
              key: 'retentionCode',
              label: L.retentionCode,
              options: opts(['RETENCION_IVA_1', 'RETENCION_IVA_13', 'OTRAS_RETENCIONES_IVA_CASOS_ESPECIALES'], O.retentionCodes),
            },
          ],
        },
      ],
    },
    { title: S.issuing, fields: [generatedAt, branch] },
  ],
  FSE: [
    {
      title: S.excludedSubject,
      fields: [
        {
          type: 'group',
          key: 'recipient',
          label: L.excludedSeller,
          fields: [
            { type: 'text', key: 'name', label: L.nameUpTo(250) },
            idDocument(),
            rare(activity(L.activityOptional)),
            ...contributor,
            ...contact,
          ],
        },
      ],
    },
    {
      title: S.purchases,
      fields: [
        {
          type: 'list',
          key: 'items',
          label: L.lines,
          addLabel: ADD.line,
          min: 1,
          fresh: purchaseLine,
          catalog: 'purchase',
          item: [...unitLine, { type: 'select', key: 'type', label: L.type, options: ITEM_TYPES.filter(([v]) => v !== 'OTROS') }],
        },
      ],
    },
    {
      title: S.payment,
      fields: [
        payment,
        payments,
        { type: 'number', key: 'discount', label: L.globalDiscount, rare: true },
        { type: 'number', key: 'retentionIva', label: L.retentionIva, rare: true },
        { type: 'number', key: 'retentionRenta', label: L.retentionRenta, rare: true },
        generatedAt,
        branch,
      ],
    },
  ],
  FEX: [
    {
      title: S.foreignClient,
      fields: [
        {
          type: 'group',
          key: 'recipient',
          label: L.foreignClient,
          fields: [
            { type: 'text', key: 'name', label: L.nameUpTo(250) },
            { type: 'text', key: 'commercialName', label: L.commercialName, rare: true },
            { type: 'catalog', key: 'country', label: L.country, options: CATALOGS.countries, catalog: 'CAT-020' },
            { type: 'text', key: 'address', label: L.fullAddress, long: true },
            { type: 'select', key: 'contributorType', label: L.contributorType, options: opts(CONTRIBUTOR_TYPES, O.contributorTypes) },
            {
              type: 'select',
              key: 'contributorSize',
              label: L.contributorSize,
              options: opts(CONTRIBUTOR_SIZES, O.contributorSizes),
              optional: true,
              rare: true,
            },
            activity(),
            {
              ...idDocument(),
              fields: [
                { type: 'select', key: 'type', label: L.type, options: ID_TYPES },
                { type: 'text', key: 'number', label: L.idNumberUpTo(20), format: 'document' },
              ],
            } as Field,
            { type: 'text', key: 'email', label: L.email },
            { type: 'text', key: 'phone', label: L.phoneForeign, format: 'phone-intl' },
          ],
        },
      ],
    },
    {
      title: S.products,
      fields: [
        {
          type: 'select',
          key: 'itemType',
          label: L.exportedItems,
          options: opts(['BIENES', 'SERVICIOS', 'BIENES_Y_SERVICIOS'], O.itemTypes),
        },
        {
          type: 'list',
          key: 'items',
          label: L.lines,
          addLabel: ADD.line,
          min: 1,
          fresh: exportLine,
          catalog: 'export',
          item: [...unitLine],
        },
        // FEX's non-taxed amounts have no item type.
        { ...noGrav, item: noGrav.item.filter((f) => f.key !== 'type') },
      ],
    },
    {
      title: S.exportData,
      fields: [
        { type: 'catalog', key: 'taxArea', label: L.taxArea, options: CATALOGS.enclosures, catalog: 'CAT-027' },
        { type: 'catalog', key: 'taxRegimen', label: L.regime, options: CATALOGS.regimes, catalog: 'CAT-028' },
        {
          type: 'select',
          key: 'incoterms',
          label: L.incoterms,
          optional: true,
          options: opts(INCOTERMS, Object.fromEntries(INCOTERMS.map((v) => [v, v]))),
          catalog: 'CAT-031',
          rare: true,
        },
        { type: 'number', key: 'insurance', label: L.insurance, rare: true },
        { type: 'number', key: 'freight', label: L.freight, rare: true },
        { type: 'text', key: 'comments', label: L.comments, long: true, rare: true },
        {
          type: 'list',
          key: 'appendices',
          label: L.appendices,
          addLabel: ADD.appendix,
          rare: true,
          item: [
            { type: 'text', key: 'name', label: L.appendixField },
            { type: 'text', key: 'description', label: L.appendixLabel },
            { type: 'text', key: 'value', label: L.appendixValue },
          ],
        },
      ],
    },
    { title: S.documents, fields: [rare(fexAttachments)] },
    {
      title: S.payment,
      fields: [
        payment,
        payments,
        { type: 'number', key: 'discount', label: L.globalDiscount, rare: true },
        generatedAt,
        branch,
        thirdParty,
      ],
    },
  ],
  NR,
  CL,
  DCL,
  CD,
};

/** A first empty value for each kind: one line, with a line's defaults, where a list needs one. */
export function emptyValue(kind: DteKind, id: string): Record<string, unknown> {
  const v: Record<string, unknown> = { id, paymentType: 'CONTADO' };
  if (kind === 'CR')
    return {
      id,
      items: [{ ...CR_LINE }],
      recipient: { identificationDocument: { type: 'NIT' } },
    };
  if (kind === 'FEX')
    return {
      ...v,
      itemType: 'BIENES',
      items: [exportLine([])],
      recipient: { contributorType: 'JURIDICA', identificationDocument: { type: 'OTRO' } },
    };
  if (kind === 'FSE') return { ...v, items: [purchaseLine([])], recipient: { identificationDocument: { type: 'DUI' } } };
  if (kind === 'NC' || kind === 'ND')
    return {
      ...v,
      relatedTaxDocuments: [{}],
      items: [saleLine([])],
      recipient: { identificationDocument: { type: 'NIT' } },
    };
  if (kind === 'CCF') return { ...v, items: [saleLine([])], recipient: { identificationDocument: { type: 'NIT' } } };
  // The NR's usual trip is to another branch of the company: TRASLADO, the destination still to pick.
  if (kind === 'NR') return { id, goodsTitle: 'TRASLADO', items: [saleLine([])] };
  if (kind === 'CL') return { ...v, items: [{ ...CL_LINE }], recipient: { identificationDocument: { type: 'NIT' } } };
  if (kind === 'DCL') return { id, recipient: { identificationDocument: { type: 'NIT' }, establishmentType: 'CASA_MATRIZ' } };
  if (kind === 'CD')
    return {
      id,
      items: [donationLine([])],
      attachments: [{ code: 'EMISOR' }],
      recipient: { identificationDocument: { type: 'DUI' }, domiciled: true },
    };
  return { ...v, items: [saleLine([])] };
}
