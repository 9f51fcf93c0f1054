// The station's data as the wizard, the settings screen, the station file and the core validate it: one
// schema each, shared by the renderer (validation as you type) and the core (the rule that counts).
import { z } from 'zod';
import { firstAdmin } from './people';
import { address, economicActivity, identificationDocument } from './contract/common';
import { digits, email, optional, text, uuid } from './contract/primitives';
import { ENVIRONMENTS, type Environment } from './records';
import { D, bilingual, described } from './contract/descriptions';

/** CAT-009 Tipo de establecimiento. */
export const ESTABLISHMENT_TYPES = ['01', '02', '04', '07', '20'] as const;

/** MH's API per environment (docs/mh.md); the wizard proposes it, a test points it at the simulator. */
export const MH_BASE_URLS: Record<Environment, string> = {
  TEST: 'https://apitest.dtes.mh.gob.sv',
  LIVE: 'https://api.dtes.mh.gob.sv',
};

export const companySchema = z.strictObject({
  id: described(uuid(), bilingual('Identificador de la empresa en Sello (UUID).', "The company's identifier in Sello (UUID).")),
  nit: described(
    z.string().regex(/^(\d{14}|\d{9})$/, { error: 'NIT de 14 (o 9) dígitos sin guiones.' }),
    bilingual(
      'NIT del emisor, 14 dígitos (o 9: el DUI como NIT) sin guiones.',
      "The issuer's NIT, 14 digits (or 9: the DUI as NIT) without hyphens.",
    ),
  ),
  nrc: described(digits(1, 8), D.nrc),
  // MH: emisor nombre of 3 to 200 characters (CCF), nombreComercial of 5 or more (FC, FEX).
  name: described(
    text(200, 3),
    bilingual('Nombre o razón social del emisor, de 3 a 200 caracteres.', "The issuer's name or company name, 3 to 200 characters."),
  ),
  commercialName: described(optional(text(150, 5)), D.commercialName),
  economicActivity: economicActivity(),
  economicActivityDescription: described(
    text(150, 5),
    bilingual(
      'Descripción de la actividad económica, de 5 a 150 caracteres.',
      'Description of the economic activity, 5 to 150 characters.',
    ),
  ),
  phone: described(digits(8, 30), bilingual('Teléfono, de 8 a 30 dígitos.', 'Telephone, 8 to 30 digits.')),
  email: described(email(), D.email),
  // MH's CR wants 5 or more characters of complement.
  address: described(address(5), bilingual('Dirección del establecimiento.', "The establishment's address.")),
});

export const branchSchema = z.strictObject({
  // Goes into numeroControl's 8-character block with the point of sale: upper-case letters and digits.
  mhCode: described(
    z.string().regex(/^[A-Z0-9]{4}$/, { error: '4 letras mayúsculas o dígitos, p. ej. M001.' }),
    bilingual(
      'Código del establecimiento en MH: 4 letras mayúsculas o dígitos (p. ej. M001).',
      "The establishment's MH code: 4 upper-case letters or digits (e.g. M001).",
    ),
  ),
  posNumber: described(z.number().int().min(1).max(999), D.posNumber),
  establishmentType: described(
    z.enum(ESTABLISHMENT_TYPES),
    bilingual(
      'Tipo de establecimiento (MH CAT-009): 01 sucursal, 02 casa matriz, 04 bodega, 07 predio o patio, 20 otro.',
      'Establishment type (MH CAT-009): 01 branch, 02 head office, 04 warehouse, 07 yard, 20 other.',
    ),
  ),
});

/** Who answers for the station before MH (invalidations, contingency events); defaults to the company. */
export const responsibleSchema = z.strictObject({
  name: described(
    text(100, 5),
    bilingual('Nombre del responsable, de 5 a 100 caracteres.', "The responsible person's name, 5 to 100 characters."),
  ),
  identificationDocument: described(identificationDocument(), D.identificationDocument),
});

const certificateUpload = z.strictObject({
  /** The MH .crt file's text (an XML document). */
  xml: described(
    z
      .string()
      .min(1, { error: 'Elija el archivo .crt del certificado de MH.' })
      .max(200_000, { error: 'El archivo es demasiado grande para ser un certificado de MH.' }),
    bilingual('El texto del archivo .crt del certificado de MH (XML).', "The text of MH's certificate .crt file (XML)."),
  ),
  password: described(
    z.string().min(1, { error: 'Escriba la contraseña de la llave privada.' }).max(200),
    bilingual('Contraseña de la llave privada del certificado.', "The certificate's private key password."),
  ),
});

const mhCredentials = z.strictObject({
  baseUrl: described(
    z.url({ protocol: /^https?$/, error: 'Dirección web de la API de MH (https://…).' }),
    bilingual(
      'Dirección de la API de MH (https://apitest.dtes.mh.gob.sv en pruebas).',
      "MH's API address (https://apitest.dtes.mh.gob.sv for tests).",
    ),
  ),
  user: described(text(30), bilingual('Usuario de la API de MH (el NIT del emisor).', "MH API user (the issuer's NIT).")),
  password: described(text(100), bilingual('Contraseña de la API de MH.', 'MH API password.')),
});

const COMPANY = bilingual('La empresa emisora.', 'The issuing company.');
const BRANCH = bilingual('La sucursal y el punto de venta de esta estación.', "This station's branch and point of sale.");
const RESPONSIBLE = bilingual(
  'Quién responde ante MH por la estación (invalidaciones, contingencia); si falta, la empresa.',
  'Who answers for the station before MH (invalidations, contingency); when absent, the company.',
);
const MH = bilingual('Las credenciales de la API de MH.', "MH's API credentials.");
const CERTIFICATE = bilingual('El certificado de firma que MH emitió a la empresa.', 'The signing certificate MH issued to the company.');

/** The first-run wizard: a new real station, with its MH credentials and certificate. */
export const stationSetup = z.strictObject({
  environment: described(
    z.enum(ENVIRONMENTS),
    bilingual('Ambiente de MH: TEST (pruebas) o LIVE (producción).', "MH's environment: TEST or LIVE (production)."),
  ),
  // The company id is Sello's own (it goes in records as companyId); the core makes one when absent.
  company: described(
    companySchema.extend({
      id: described(
        optional(uuid()),
        bilingual('Identificador de la empresa en Sello; si falta, se crea.', "The company's identifier in Sello; made when absent."),
      ),
    }),
    COMPANY,
  ),
  branch: described(branchSchema, BRANCH),
  responsible: described(optional(responsibleSchema), RESPONSIBLE),
  mh: described(mhCredentials, MH),
  certificate: described(certificateUpload, CERTIFICATE),
  /** The first administrator: nobody else can open Ajustes on the new station. */
  admin: described(firstAdmin, bilingual('El primer administrador de la estación.', "The station's first administrator.")),
  /** Said on purpose: this point of sale never issued, its numbers start at 1; absent, they wait for the hub or an ADMIN. */
  newPointOfSale: described(
    optional(z.boolean()),
    bilingual(
      'true: este punto de venta nunca emitió y su numeración empieza en 1; si falta, espera a la central o a un administrador.',
      'true: this point of sale never issued and its numbering starts at 1; when absent, it waits for the head office or an administrator.',
    ),
  ),
});
export type StationSetup = z.output<typeof stationSetup>;

/**
 * Ajustes on a configured station: the same data; passwords and certificate only when they change.
 * Environment, NIT, branch and point of sale name the station's numbering and its documents at MH: they are
 * sent to be compared, and a change is refused (a new station is a new data folder).
 */
export const stationUpdate = stationSetup.omit({ admin: true, newPointOfSale: true }).extend({
  company: described(companySchema.omit({ id: true }), COMPANY),
  mh: described(
    mhCredentials.extend({
      password: described(
        optional(text(100)),
        bilingual('Contraseña de la API de MH; si falta, no cambia.', 'MH API password; when absent, unchanged.'),
      ),
    }),
    MH,
  ),
  certificate: described(
    optional(certificateUpload),
    bilingual('Un certificado nuevo; si falta, no cambia.', 'A new certificate; when absent, unchanged.'),
  ),
});
export type StationUpdate = z.output<typeof stationUpdate>;
