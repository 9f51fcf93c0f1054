// The people and companies on a document: identification numbers per type, names, addresses with known districts,
// telephones and e-mails, and the taxpayer recipient CCF, NC, ND and CR share.
import { DISTRICTS } from '../../../../shared/catalogs';
import { CONTRIBUTOR_SIZES, type IdType } from '../../../../shared/contract';
import type { Rng } from './rng';
import { COMPANIES, FIRST_NAMES, LAST_NAMES, MAIL_DOMAINS, PERSON_ACTIVITIES, STREETS } from './pools';

export interface IdDocument {
  readonly type: IdType;
  readonly number: string;
}

/** DUI: 8 digits and MH's check digit (weights 9 to 2, modulo 10). */
function dui(rng: Rng): string {
  const body = `0${rng.digits(7)}`;
  const total = [...body].reduce((s, d, i) => s + Number(d) * (9 - i), 0);
  return `${body}${(10 - (total % 10)) % 10}`;
}

/** NIT: municipality of registration, birth or founding date (DDMMYY), correlative and check digit. */
function nit(rng: Rng): string {
  const place = rng.pick(['0614', '0210', '0511', '1217', '0315', '0617']);
  const date = `${String(rng.int(1, 28)).padStart(2, '0')}${String(rng.int(1, 12)).padStart(2, '0')}${String(rng.int(60, 99)).padStart(2, '0')}`;
  return `${place}${date}${rng.digits(3)}${rng.int(0, 9)}`;
}

/** A number of the document type, as MH takes it (DUI and NIT digits only; the others 3 to 20 characters). */
export function idNumber(rng: Rng, type: IdType): string {
  switch (type) {
    case 'NIT':
      return nit(rng);
    case 'DUI':
      return dui(rng);
    case 'PASAPORTE':
      return `${rng.pick(['A', 'B', 'G', 'P'])}${rng.digits(8)}`;
    case 'CARNET_RESIDENTE':
      return `${rng.int(1, 9)}${rng.digits(6)}`;
    case 'OTRO':
      return `${rng.pick(['LIC', 'CI', 'ISSS'])}-${rng.digits(6)}`;
  }
}

export const idDocument = (rng: Rng, type: IdType): IdDocument => ({ type, number: idNumber(rng, type) });

export const personName = (rng: Rng): string => `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)} ${rng.pick(LAST_NAMES)}`;

/** A Salvadoran telephone: a landline (2xxx) or a mobile (6xxx, 7xxx). */
export const phone = (rng: Rng): string => `${rng.pick(['2', '6', '7'])}${rng.digits(7)}`;

/** An e-mail built from a name, without accents or spaces, at an example domain (nothing is ever delivered there). */
export function emailFor(rng: Rng, name: string): string {
  const local = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .split('.')
    .slice(0, 2)
    .join('.');
  return `${local}${rng.int(1, 99)}@${rng.pick(MAIL_DOMAINS)}`;
}

export interface Address {
  readonly department: string;
  readonly municipality: string;
  readonly complement: string;
  readonly district?: string;
}

/**
 * An address whose CAT-008 district is always known (the 2026 normative requires it): either the pre-2024
 * municipality code, which is the district's, or a 2024 municipality naming its district.
 */
export function address(rng: Rng): Address {
  const d = rng.pick(DISTRICTS);
  const complement = `${rng.pick(STREETS)}, ${d.name}`;
  return rng.chance(0.5)
    ? { department: d.department, municipality: d.code, complement }
    : { department: d.department, municipality: d.municipality, district: d.code, complement };
}

export interface TaxpayerRecipient {
  readonly economicActivity: string;
  readonly contributorSize: (typeof CONTRIBUTOR_SIZES)[number];
  readonly contributorType: 'NATURAL' | 'JURIDICA';
  readonly nrc: string;
  readonly name: string;
  readonly phone?: string;
  readonly commercialName?: string;
  readonly email: string;
  readonly address: Address;
  readonly identificationDocument: IdDocument;
}

/** NRC: 2 to 8 digits, as MH's 2026 schemas want (the contract allows 1). */
export const nrc = (rng: Rng): string => `${rng.int(1, 9)}${rng.digits(rng.int(1, 7))}`;

/** A registered taxpayer: a company (NIT) or a natural person (NIT or DUI), of `types`. */
export function taxpayer(rng: Rng, types: readonly IdType[]): TaxpayerRecipient {
  const type = rng.pick(types);
  const company = type === 'NIT' && rng.chance(0.7) ? rng.pick(COMPANIES) : null;
  const name = company?.name ?? personName(rng);
  return {
    economicActivity: company?.activity ?? rng.pick(PERSON_ACTIVITIES),
    contributorSize: company ? rng.pick(CONTRIBUTOR_SIZES) : 'OTROS',
    contributorType: company ? 'JURIDICA' : 'NATURAL',
    nrc: nrc(rng),
    name,
    ...(rng.chance(0.6) ? { phone: phone(rng) } : {}),
    ...(company && rng.chance(0.6) ? { commercialName: company.commercialName } : {}),
    email: emailFor(rng, company?.commercialName ?? name),
    address: address(rng),
    identificationDocument: idDocument(rng, type),
  };
}

/** A company selling on a third party's behalf (MH's ventaTercero takes a NIT only). */
export function thirdParty(rng: Rng) {
  return { name: rng.pick(COMPANIES).name, identificationDocument: idDocument(rng, 'NIT') };
}
