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

/** The one IPC channel; kept here (no zod) so the sandboxed preload bundle stays small. */
export const IPC_CHANNEL = 'sello:invoke';

/** What the preload sends over IPC_CHANNEL; checked in the main process by shared/ipc.ts. */
export interface IpcRequest {
  readonly method: ApiMethod;
  readonly args: readonly unknown[];
}
export const API_METHODS = ['health', 'listDtes', 'getDte', 'createDte'] as const satisfies readonly ApiMethod[];
