// The station: one company (MH "emisor"), one branch, one environment, its own point of sale by default.
// The same shape is the `--config station.json` file (docs/operations.md) and what the settings screen edits.
import { z } from 'zod';
import { addRuleIssue, custom, optional, text } from '../../../shared/contract/primitives';
import { userInput } from '../../../shared/people';
import { ENVIRONMENTS } from '../../../shared/records';
import { branchSchema, companySchema, responsibleSchema } from '../../../shared/station';
import { stationSmtp } from '../../../shared/delivery';
import { stationWebhook } from '../../../shared/webhooks';
import { mhNormativeSetting } from '../../../shared/normative';

export { ESTABLISHMENT_TYPES } from '../../../shared/station';

const HUB_TOKEN_IN_FILE =
  'Escriba el token de la central junto a su dirección: el token guardado solo se envía a la dirección para la que se escribió.';

export const stationProfile = z.strictObject({
  environment: z.enum(ENVIRONMENTS),
  company: companySchema,
  branch: branchSchema,
  responsible: optional(responsibleSchema),
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
  /** People created or updated at start (shared/people.ts); others already in the station are kept. */
  users: optional(z.array(userInput).max(100)),
  /** The SMTP server documents are e-mailed through (delivery/smtp-settings.ts); its password is sealed. */
  smtp: optional(stationSmtp),
  /** Webhook receivers (docs/decisions/0011-webhooks.md); when present, the file's list replaces the file's earlier one. */
  webhooks: optional(
    z
      .array(stationWebhook)
      .max(20)
      .refine((w) => new Set(w.map((x) => x.url)).size === w.length, custom('DUPLICATE', 'Cada dirección una sola vez.')),
  ),
  /**
   * The head office hub this station replicates to (main/core/replication/, issue 18). Its token is sealed like MH's
   * password and never shown again; absent, the stored one is kept; null removes it.
   */
  hub: optional(
    z
      .strictObject({
        url: z.url({ protocol: /^https?$/, error: 'La dirección del hub empieza con http:// o https://.' }),
        token: optional(text(200)),
      })
      // Always beside its url: a stored token goes only to the address it was typed for (decision 0033).
      .superRefine((h, ctx) => {
        if (!h.token) addRuleIssue(ctx, ['token'], 'REQUIRED', HUB_TOKEN_IN_FILE);
      })
      .transform((h) => ({ url: h.url, token: h.token ?? '' })),
  ),
  /** Which MH normative issues, and when it changes (shared/normative.ts); absent: legacy. */
  mhNormative: optional(mhNormativeSetting),
  demo: optional(z.boolean()),
  /**
   * Read only when a data folder is first configured: true says, on purpose, that this point of sale never issued,
   * so its numbers start at 1. Absent, numbering waits for the hub or an ADMIN (docs/decisions/0029-numbering-never-collides-silently.md).
   */
  newPointOfSale: optional(z.boolean()),
});

export type StationProfile = z.output<typeof stationProfile>;
/** What is kept in settings: the profile without secrets (they go to the secret box). */
export type StoredStation = Omit<StationProfile, 'mh' | 'apiKeys' | 'users' | 'webhooks' | 'smtp' | 'hub' | 'newPointOfSale'> & {
  mh: { baseUrl: string; user: string; certificateFile: string | null } | null;
};
