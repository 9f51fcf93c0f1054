// What GET /sync/events pushes, one `data:` line per event (shared/records.ts SelloEvent); proven the same as the
// core's type by proof.ts. Its own file: it joins the sync state (sync.ts) and the station (settings.ts).
import { z } from 'zod';
import { DTE_STATUSES, type SelloEvent } from '../../../../shared/records';
import { same, type Plain, type Same } from './proof';
import { stationInfo } from './settings';
import { syncStatus } from './sync';

/**
 * One `data:` line of GET /sync/events (shared/records.ts SelloEvent): a document changed status, the sync state
 * after it, or another station now serves (the wizard replaced the demo).
 */
export const selloEvent = z
  .discriminatedUnion('type', [
    z.strictObject({
      type: z.literal('dte'),
      id: z.string().describe('El id del documento, en minúsculas. / The document id, lower case.'),
      status: z.enum(DTE_STATUSES),
    }),
    z.strictObject({ type: z.literal('sync'), status: syncStatus }),
    z.strictObject({ type: z.literal('station'), station: stationInfo }),
  ])
  .meta({ id: 'SelloEvent' });

same<Same<z.output<typeof selloEvent>, Plain<SelloEvent>>>(true);
