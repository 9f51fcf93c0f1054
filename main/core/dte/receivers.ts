// The receivers' address book: each issued document's recipient is remembered under its identification
// number (or its name), so the next document to the same customer is one search away.
import { sql } from 'kysely';
import type { DteKind } from '../../../shared/contract/kinds';
import type { ReceiverEntry } from '../../../shared/records';
import type { Store } from '../store/database';
import { likePattern } from './documents-repo';
import { foldForSearch } from './search-fold';

/** NC and ND go to the CCF's taxpayers; every other kind has a recipient shape of its own. */
export function bookOf(kind: DteKind): 'FC' | 'CCF' | 'CR' | 'FSE' | 'FEX' {
  switch (kind) {
    case 'FC':
    case 'CCF':
    case 'CR':
    case 'FSE':
    case 'FEX':
      return kind;
    case 'NC':
    case 'ND':
      return 'CCF';
    default: {
      const never: never = kind;
      throw new Error(`unknown kind ${String(never)}`);
    }
  }
}

interface Recipient {
  readonly name: string;
  readonly identificationDocument?: { readonly number: string } | null;
}

/** Inside the issuing transaction: the latest data wins, and the entry counts one more use. */
export function rememberReceiver(store: Store, kind: DteKind, recipient: Recipient | null | undefined, at: string): void {
  if (!recipient?.name) return;
  const document = recipient.identificationDocument?.number ?? null;
  const row = {
    book: bookOf(kind),
    key: document ?? recipient.name.toLowerCase(),
    name: recipient.name,
    name_fold: foldForSearch(recipient.name),
    document,
    recipient_json: JSON.stringify(recipient),
    last_used_at: at,
    uses: 1,
  };
  store.run(
    store.q
      .insertInto('receivers')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['book', 'key']).doUpdateSet((eb) => ({
          name: row.name,
          name_fold: row.name_fold,
          document: row.document,
          recipient_json: row.recipient_json,
          last_used_at: row.last_used_at,
          uses: eb('receivers.uses', '+', 1),
        })),
      ),
  );
}

/** Most recently used first; `q` matches the name or the identification number. */
export function searchReceivers(store: Store, kind: DteKind, q: string | undefined, limit = 10): ReceiverEntry[] {
  let sel = store.q
    .selectFrom('receivers')
    .select(['name', 'document', 'recipient_json', 'last_used_at', 'uses'])
    .where('book', '=', bookOf(kind));
  if (q) {
    sel = sel.where(
      sql<boolean>`(name_fold LIKE ${likePattern(foldForSearch(q))} ESCAPE '\\' OR document LIKE ${likePattern(q)} ESCAPE '\\')`,
    );
  }
  return store.all(sel.orderBy('last_used_at', 'desc').limit(limit)).map((r) => ({
    name: r.name,
    document: r.document,
    lastUsedAt: r.last_used_at,
    uses: r.uses,
    recipient: JSON.parse(r.recipient_json) as Record<string, unknown>,
  }));
}
