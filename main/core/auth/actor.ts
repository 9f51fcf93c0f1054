// Who is calling, as the front doors and the audit log know them: a person with a role, a point of sale's API
// key, or the station itself (the station file, the engine). What each may call is in permissions.ts.
import type { Role, UserInfo } from '../../../shared/people';

/** A person's role, or `pos` for a point of sale's API key. */
export type Caller = Role | 'pos';

export interface Actor {
  /** What the audit log records: `user:<login>`, `api-key:<id>`. */
  readonly id: string;
  readonly caller: Caller;
}

export const personActor = (u: Pick<UserInfo, 'login' | 'role'>): Actor => ({ id: `user:${u.login}`, caller: u.role });
export const keyActor = (keyId: string): Actor => ({ id: `api-key:${keyId}`, caller: 'pos' });
