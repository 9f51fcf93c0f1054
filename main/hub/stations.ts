// The stations table's one owner: a station is one point of sale of one branch, named by the hub's administrator.
import type { Selectable } from 'kysely';
import { z } from 'zod';
import { bilingual as bi, described as d } from '../../shared/contract/descriptions';
import type { Clock } from '../core/clock';
import { CoreError } from '../core/errors';
import type { HubDb } from './hub-database';
import type { StationsTable } from './schema';

export interface HubStation {
  readonly id: string;
  readonly companyId: string;
  readonly branchCode: string;
  readonly posNumber: string;
  readonly name: string;
  readonly createdAt: string;
  readonly lastContactAt: string | null;
}

export interface NewStation {
  /** Letters, digits, '.', '_' or '-', up to 64 (e.g. 'M001-P001'); a UUID when not given. */
  readonly id?: string;
  readonly companyId: string;
  readonly branchCode: string;
  readonly posNumber: string;
  readonly name: string;
}

export const STATION_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A station an ADMIN registers (POST /hub/v1/stations). */
export const newStation = z.strictObject({
  id: d(
    z.string().regex(STATION_ID).optional(),
    bi(
      'Identificador de la estación, hasta 64 letras, dígitos, punto o guion; si falta, se crea.',
      "The station's identifier, up to 64 letters, digits, dot or hyphen; made when absent.",
    ),
  ),
  companyId: d(
    z.string().trim().min(1).max(20),
    bi('La empresa de la estación, hasta 20 caracteres.', "The station's company, up to 20 characters."),
  ),
  branchCode: d(
    z.string().trim().min(1).max(10),
    bi('Código del establecimiento en MH (p. ej. M001).', "The establishment's MH code (e.g. M001)."),
  ),
  posNumber: d(z.string().trim().min(1).max(10), bi('Punto de venta (p. ej. P001).', 'Point of sale (e.g. P001).')),
  name: d(
    z.string().trim().min(1).max(100),
    bi('Nombre de la estación, hasta 100 caracteres.', "The station's name, up to 100 characters."),
  ),
});

export const toStation = (r: Selectable<StationsTable>): HubStation => ({
  id: r.id,
  companyId: r.company_id,
  branchCode: r.branch_code,
  posNumber: r.pos_number,
  name: r.name,
  createdAt: r.created_at.toISOString(),
  lastContactAt: r.last_contact_at ? r.last_contact_at.toISOString() : null,
});

export function hubStations(db: HubDb, clock: Clock, newId: () => string) {
  return {
    async register(s: NewStation): Promise<HubStation> {
      const id = s.id ?? newId();
      if (!STATION_ID.test(id))
        throw new CoreError('VALIDATION_FAILED', `El id de estación ${id} no es válido: letras, dígitos, . _ -, hasta 64.`);
      const row = await db
        .insertInto('stations')
        .values({
          id,
          company_id: s.companyId,
          branch_code: s.branchCode,
          pos_number: s.posNumber,
          name: s.name,
          created_at: clock.now(),
          last_contact_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row)
        throw new CoreError('STATION_CONFLICT', `Ya existe una estación con id ${id} o en ${s.companyId} ${s.branchCode} ${s.posNumber}.`);
      return toStation(row);
    },
    async get(id: string): Promise<HubStation | null> {
      const row = await db.selectFrom('stations').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toStation(row) : null;
    },
  };
}

export type HubStations = ReturnType<typeof hubStations>;
