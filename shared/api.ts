// The one typed API the renderer sees, whatever the runtime: IPC in Electron, HTTP under `sello serve`.
import type { DteKind } from './contract/kinds';
import type { Result } from './errors';
import type { DteListPage, DteListQuery, DteRecord, Health } from './records';

export interface SelloApi {
  health(): Promise<Result<Health>>;
  listDtes(query: DteListQuery): Promise<Result<DteListPage>>;
  getDte(id: string): Promise<Result<DteRecord>>;
  createDte(kind: DteKind, body: unknown): Promise<Result<DteRecord>>;
}

export type ApiMethod = keyof SelloApi;
export const API_METHODS = ['health', 'listDtes', 'getDte', 'createDte'] as const satisfies readonly ApiMethod[];
