// The receivers' address book: each issued document's recipient is remembered under its identification
// number (or its name), so the next document to the same customer is one search away.
import { sql } from 'kysely';
import type { DteKind } from '../../../shared/contract/kinds';
import type { ReceiverEntry } from '../../../shared/records';
import type { Store } from '../store/database';
import { likePattern } from './documents-repo';
import { foldForSearch } from './search-fold';
import { taxpayerRecipient } from '../../../shared/contract/ccf';
import { fcRecipient } from '../../../shared/contract/fc';

/** NC and ND go to the CCF's taxpayers; every other kind has a recipient shape of its own. */
export function bookOf(kind: DteKind): Exclude<DteKind, 'NC' | 'ND'> {
  switch (kind) {
    case 'FC':
    case 'CCF':
    case 'CR':
    case 'FSE':
    case 'FEX':
    case 'NR':
    case 'CL':
    case 'DCL':
    case 'CD':
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
  // Plain SQL: most creates run it (store/database.ts, `statement`).
  store
    .statement(
      `INSERT INTO receivers (book, key, name, name_fold, document, recipient_json, last_used_at, uses)
       VALUES (@book, @key, @name, @name_fold, @document, @recipient_json, @last_used_at, @uses)
       ON CONFLICT (book, key) DO UPDATE SET name = excluded.name, name_fold = excluded.name_fold,
         document = excluded.document, recipient_json = excluded.recipient_json, last_used_at = excluded.last_used_at,
         uses = receivers.uses + 1`,
    )
    .run(row);
}

/**
 * The books a kind may borrow from: one customer across FC and CCF (and the notes). A CCF's taxpayer is a
 * valid FC recipient once its commercial name is left out; an FC's recipient serves a CCF only when it has
 * everything a taxpayer needs (NRC, activity, address, e-mail, NIT or DUI).
 */
const SHARED: Partial<Record<Book, readonly Book[]>> = { FC: ['FC', 'CCF'], CCF: ['CCF', 'FC'] };

type Book = ReturnType<typeof bookOf>;

/** The recipient as `book` takes it, or null when it lacks what that book needs. */
function asRecipientOf(book: Book, from: Book, recipient: Record<string, unknown>): Record<string, unknown> | null {
  if (from === book) return recipient;
  if (book === 'FC') {
    const { commercialName: _dropped, ...rest } = recipient;
    return fcRecipient.safeParse(rest).success ? rest : null;
  }
  if (book === 'CCF') return taxpayerRecipient.safeParse(recipient).success ? recipient : null;
  return null;
}

/** Most recently used first; `q` matches the name or the identification number; FC and CCF share customers. */
export function searchReceivers(store: Store, kind: DteKind, q: string | undefined, limit = 10): ReceiverEntry[] {
  const book = bookOf(kind);
  const books = SHARED[book] ?? [book];
  let sel = store.q
    .selectFrom('receivers')
    .select(['book', 'key', 'name', 'document', 'recipient_json', 'last_used_at', 'uses'])
    .where('book', 'in', books);
  if (q) {
    sel = sel.where(
      sql<boolean>`(name_fold LIKE ${likePattern(foldForSearch(q))} ESCAPE '\\' OR document LIKE ${likePattern(q)} ESCAPE '\\')`,
    );
  }
  const seen = new Set<string>();
  const entries: ReceiverEntry[] = [];
  // The kind's own entry first when both books know the customer; then the most recent.
  const rows = store.all(sel.orderBy('last_used_at', 'desc').limit(limit * books.length));
  rows.sort((a, b) => Number(b.book === book) - Number(a.book === book) || b.last_used_at.localeCompare(a.last_used_at));
  for (const r of rows) {
    if (seen.has(r.key)) continue;
    const recipient = asRecipientOf(book, r.book as Book, JSON.parse(r.recipient_json) as Record<string, unknown>);
    if (!recipient) continue;
    seen.add(r.key);
    entries.push({ name: r.name, document: r.document, lastUsedAt: r.last_used_at, uses: r.uses, recipient });
  }
  return entries.sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt)).slice(0, limit);
}
