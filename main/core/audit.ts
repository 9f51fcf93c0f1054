import type { Store } from './store/database';

/** Appends to the audit log (append-only by trigger). Issue 7 chains the entries with hashes. */
export function audit(store: Store, at: string, actor: string, action: string, subject: string | null, detail?: unknown): void {
  store.run(
    store.q.insertInto('audit_log').values({ at, actor, action, subject, detail: detail === undefined ? null : JSON.stringify(detail) }),
  );
}
