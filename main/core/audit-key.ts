// The audit chain's key (docs/decisions/0034-keyed-audit-chain.md): 32 random bytes sealed by the station's
// secret box, whose own key never lives in the data folder (decision 0005). At each start the key is opened and
// given to the store; the first start after migration 027 makes it and seals the existing chain under it. The
// tables bound since (docs/decisions/0062-audit-binds-what-the-books-read.md) are bound at the first start that
// knows them. Then the whole chain and every bound row are checked, off the start's path, and a break becomes a
// critical alert.
import { GENESIS_HASH, KEYED_ACTION } from './audit-chain';
import { audit, lastKeyedAt } from './audit';
import { checkChainPaged } from './audit-check';
import { CHAIN_BROKEN_ACTION, describeFinding, findingKey, type ChainFinding } from './audit-findings';
import { readHead, writeHead, type ChainHead } from './audit-head';
import { settleHead } from './audit-restore';
import { isoLocal, type Clock } from './clock';
import { bindEveryDocument, bindNewTables } from './audit-binding';
import type { Logger } from './logger';
import type { StationAlert } from '../../shared/records';
import type { Store } from './store/database';
import { settingsRepo } from './store/settings-repo';
import { tryOpen, type SecretBox } from './station/secrets';

/** Findings named in the log line; the rest are counted (the alert and `sello audit verify` list them all). */
const LOGGED_FINDINGS = 20;

export const AUDIT_KEY_SETTING = 'audit.chainKey';

/** The chain's key as the CLI opens it: null when there is none or this box does not open it. */
export function openChainKey(sealed: string | null, box: SecretBox): Buffer | null {
  if (!sealed) return null;
  const hex = tryOpen(box, sealed);
  return hex && /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : null;
}

export interface KeyedChain {
  /** Resolves when the whole check is done (tests and `flush` wait for it). */
  readonly checked: Promise<readonly ChainFinding[]>;
  /** The critical alert while a break is known (kept outside the data folder until an intact copy is restored). */
  alerts(): StationAlert[];
  /** Writes the head now (at close). */
  flush(): void;
  stop(): void;
}

export interface KeyChainOptions {
  readonly store: Store;
  readonly box: SecretBox;
  readonly headFile: string;
  readonly clock: Clock;
  readonly random: (n: number) => Buffer;
  readonly logger: Logger;
  /** Told when the check finds a break (the sync status is pushed). */
  readonly changed: () => void;
}

export function keyChain(o: KeyChainOptions): KeyedChain {
  const { store, logger } = o;
  const settings = settingsRepo(store);
  // A restore cut short by a kill -9 right after its swap is settled first (audit-restore.ts): not a rewrite.
  const before = settleHead(store.sqlite, readHead(o.headFile));
  const known: ChainFinding[] = [...(before?.findings ?? [])];
  // By each finding's text: a store with many rows added outside Sello finds one per row, and a search of the list
  // for each would hold the station's thread for minutes at 100,000.
  const seen = new Set(known.map(findingKey));
  let since: string | null = known.length > 0 ? isoLocal(o.clock.now()) : null;
  const note = (found: readonly ChainFinding[]) => {
    let added = false;
    for (const f of found)
      if (!seen.has(findingKey(f))) {
        seen.add(findingKey(f));
        known.push(f);
        added = true;
      }
    if (added) {
      since ??= isoLocal(o.clock.now());
      logger.error('the audit chain is broken', {
        findings: found.slice(0, LOGGED_FINDINGS).map(describeFinding),
        ...(found.length > LOGGED_FINDINGS ? { more: found.length - LOGGED_FINDINGS } : {}),
      });
      flush();
      o.changed();
    }
  };

  const sealed = settings.get(AUDIT_KEY_SETTING);
  let key = openChainKey(sealed, o.box);
  const keyedAt = lastKeyedAt(store.sqlite);
  const start: ChainFinding[] = [];
  // What the start must say before it writes anything: a later write would hide it.
  if (!sealed && keyedAt !== null) start.push({ code: 'key-missing' });
  if (key && keyedAt === null) start.push({ code: 'unkeyed' });
  const justKeyed = !key || keyedAt === null;
  const at = isoLocal(o.clock.now());
  if (justKeyed) {
    const fresh = key ?? o.random(32);
    key = fresh;
    const reason = sealed ? (start.length > 0 ? 'sin-segmento' : 'otra-llave') : keyedAt !== null ? 'llave-borrada' : 'actualizacion';
    if (reason === 'otra-llave') logger.warn('the audit chain key does not open here (another machine or key): a new key starts here');
    store.tx(() => {
      settings.set(AUDIT_KEY_SETTING, o.box.seal(fresh.toString('hex')));
      const head = store.sqlite.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
        { seq: number; hash: string } | undefined;
      store.chain.key = fresh;
      audit(store, at, 'system', KEYED_ACTION, null, { reason, before: head?.seq ?? 0, head: head?.hash ?? GENESIS_HASH });
      // Every document is bound once (at the upgrade, or under the new key), so each row is checked from here.
      bindEveryDocument(store, at);
    });
  }
  store.chain.key = key;
  // The other bound tables' rows, bound once as they are: with the key just made, or at the first start of a
  // version that binds them on a chain keyed before it (said as such in the chain, so the check starts there).
  const fresh = bindNewTables(store, lastKeyedAt(store.sqlite)!, at, justKeyed ? 'llave' : 'actualizacion');
  if (fresh.length > 0 && !justKeyed) logger.info('the audit chain binds more tables from here on', { tables: fresh });

  let scheduled: NodeJS.Immediate | null = null;
  let stopped = false;
  function flush(): void {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (!store.sqlite.open) return;
    const head = store.sqlite.prepare('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1').get() as
      { seq: number; hash: string } | undefined;
    const next: ChainHead = { seq: head?.seq ?? 0, hash: head?.hash ?? GENESIS_HASH, findings: known, setAside: before?.setAside ?? [] };
    try {
      writeHead(o.headFile, next);
    } catch (e) {
      logger.warn('the audit head could not be written outside the data folder', { file: o.headFile, error: String(e) });
    }
  }
  // Said after the write's transaction, never from inside it (note writes the head).
  store.chain.found = (f) =>
    void setImmediate(() => {
      if (!stopped) note([f]);
    });
  // After the transaction commits: an entry rolled back must never reach the head.
  store.chain.appended = () => {
    if (!scheduled && !stopped) scheduled = setImmediate(flush);
  };

  const checked = checkChainPaged(store.sqlite, { key, head: before, hasKey: true })
    .then((r) => {
      note([...start, ...r.findings]);
      if (!stopped) flush();
      return known;
    })
    .catch((e: unknown) => {
      // The station closed while the check was between pages (more tables to read since decision 0062): not a fault.
      if (!stopped && store.sqlite.open) logger.error('the audit chain check failed', { error: String(e) });
      return known;
    });
  if (start.length > 0) note(start);

  return {
    checked,
    alerts: () =>
      known.length === 0
        ? []
        : [
            {
              code: 'audit_chain_broken',
              level: 'critical',
              message: `El registro de auditoría fue alterado: ${describeFinding(known[0]!)}${known.length > 1 ? ` (y ${known.length - 1} hallazgos más)` : ''}.`,
              action: CHAIN_BROKEN_ACTION,
              since,
            },
          ],
    flush,
    stop() {
      stopped = true;
      flush();
      store.chain.appended = () => {};
      store.chain.found = () => {};
    },
  };
}
