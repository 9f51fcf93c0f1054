// The station's data as the wizard, the settings screen, the station file and the core validate it: one
// schema each, shared by the renderer (validation as you type) and the core (the rule that counts).
import { z } from 'zod';
import { firstAdmin } from './people';
import { address, economicActivity, identificationDocument } from './contract/common';
import { digits, email, optional, text, uuid } from './contract/primitives';
import { ENVIRONMENTS, type Environment } from './records';

/** CAT-009 Tipo de establecimiento. */
export const ESTABLISHMENT_TYPES = ['01', '02', '04', '07', '20'] as const;

/** MH's API per environment (docs/mh.md); the wizard proposes it, a test points it at the simulator. */
export const MH_BASE_URLS: Record<Environment, string> = {
  TEST: 'https://apitest.dtes.mh.gob.sv',
  LIVE: 'https://api.dtes.mh.gob.sv',
};

export const companySchema = z.strictObject({
  id: uuid(),
  nit: z.string().regex(/^(\d{14}|\d{9})$/, { error: 'NIT de 14 (o 9) dígitos sin guiones.' }),
  nrc: digits(1, 8),
  // MH: emisor nombre of 3 to 200 characters (CCF), nombreComercial of 5 or more (FC, FEX).
  name: text(200, 3),
  commercialName: optional(text(150, 5)),
  economicActivity: economicActivity(),
  economicActivityDescription: text(150, 5),
  phone: digits(8, 30),
  email: email(),
  // MH's CR wants 5 or more characters of complement.
  address: address(5),
});

export const branchSchema = z.strictObject({
  // Goes into numeroControl's 8-character block with the point of sale: upper-case letters and digits.
  mhCode: z.string().regex(/^[A-Z0-9]{4}$/, { error: '4 letras mayúsculas o dígitos, p. ej. M001.' }),
  posNumber: z.number().int().min(1).max(999),
  establishmentType: z.enum(ESTABLISHMENT_TYPES),
});

/** Who answers for the station before MH (invalidations, contingency events); defaults to the company. */
export const responsibleSchema = z.strictObject({
  name: text(100, 5),
  identificationDocument: identificationDocument(),
});

const certificateUpload = z.strictObject({
  /** The MH .crt file's text (an XML document). */
  xml: z
    .string()
    .min(1, { error: 'Elija el archivo .crt del certificado de MH.' })
    .max(200_000, { error: 'El archivo es demasiado grande para ser un certificado de MH.' }),
  password: z.string().min(1, { error: 'Escriba la contraseña de la llave privada.' }).max(200),
});

const mhCredentials = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/, error: 'Dirección web de la API de MH (https://…).' }),
  user: text(30),
  password: text(100),
});

/** The first-run wizard: a new real station, with its MH credentials and certificate. */
export const stationSetup = z.strictObject({
  environment: z.enum(ENVIRONMENTS),
  // The company id is Sello's own (it goes in records as companyId); the core makes one when absent.
  company: companySchema.extend({ id: optional(uuid()) }),
  branch: branchSchema,
  responsible: optional(responsibleSchema),
  mh: mhCredentials,
  certificate: certificateUpload,
  /** The first administrator: nobody else can open Ajustes on the new station. */
  admin: firstAdmin,
  /** Said on purpose: this point of sale never issued, its numbers start at 1; absent, they wait for the hub or an ADMIN. */
  newPointOfSale: optional(z.boolean()),
});
export type StationSetup = z.output<typeof stationSetup>;

/**
 * Ajustes on a configured station: the same data; passwords and certificate only when they change.
 * Environment, NIT, branch and point of sale name the station's numbering and its documents at MH: they are
 * sent to be compared, and a change is refused (a new station is a new data folder).
 */
export const stationUpdate = stationSetup.omit({ admin: true, newPointOfSale: true }).extend({
  company: companySchema.omit({ id: true }),
  mh: mhCredentials.extend({ password: optional(text(100)) }),
  certificate: optional(certificateUpload),
});
export type StationUpdate = z.output<typeof stationUpdate>;
