// The station: one company (MH "emisor"), one branch, one environment, its own point of sale by default.
// The same shape is the `--config station.json` file (README) and what the settings screen edits.
import { z } from 'zod';
import { address, economicActivity, identificationDocument } from '../../../shared/contract/common';
import { digits, email, optional, text, uuid } from '../../../shared/contract/primitives';
import { ENVIRONMENTS } from '../../../shared/records';

/** CAT-009 Tipo de establecimiento. */
export const ESTABLISHMENT_TYPES = ['01', '02', '04', '07', '20'] as const;

export const stationProfile = z.strictObject({
  environment: z.enum(ENVIRONMENTS),
  company: z.strictObject({
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
  }),
  branch: z.strictObject({
    // Goes into numeroControl's 8-character block with the point of sale: upper-case letters and digits.
    mhCode: z.string().regex(/^[A-Z0-9]{4}$/, { error: '4 letras mayúsculas o dígitos, p. ej. M001.' }),
    posNumber: z.number().int().min(1).max(999),
    establishmentType: z.enum(ESTABLISHMENT_TYPES),
  }),
  /** Who answers for the station before MH (invalidations, contingency events); defaults to the company. */
  responsible: optional(
    z.strictObject({
      name: text(100, 5),
      identificationDocument: identificationDocument(),
    }),
  ),
  mh: optional(
    z.strictObject({
      baseUrl: z.url(),
      user: text(30),
      password: text(100),
      certificateFile: optional(text(1000)),
      certificatePassword: optional(text(200)),
    }),
  ),
  /** Plain keys accepted on X-API-Key; stored hashed, never kept in plain text. */
  apiKeys: optional(z.array(z.string().min(16, { error: 'Una clave de API tiene al menos 16 caracteres.' }).max(200)).max(50)),
  demo: optional(z.boolean()),
});

export type StationProfile = z.output<typeof stationProfile>;
/** What is kept in settings: the profile without secrets (they go to the secret box). */
export type StoredStation = Omit<StationProfile, 'mh' | 'apiKeys'> & {
  mh: { baseUrl: string; user: string; certificateFile: string | null } | null;
};
