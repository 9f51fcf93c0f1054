// The one way in. IPC (api-adapter.ts) and HTTP (http/server.ts) both reach the station through a FrontDoor:
// it resolves the station serving now (a single core in tests and `serve`, or the host whose first-run wizard
// swaps the demo for the real station) and offers the typed calls of shared/api.ts for one caller.
import type { StationCalls } from '../../shared/api';
import type { DteKind, UnknownFields } from '../../shared/contract';
import type { InvalidationResult } from './dte/invalidation/invalidate';
import type { PrintSettings } from '../../shared/printing';
import type { DteRecord, Health, SelloEvent, StationSaved, SyncStatus } from '../../shared/records';
import type { CoreHost } from './core-host';
import type { Core } from './core-types';
import type { CreateResult } from './dte/issue';
import { CoreError } from './errors';
import type { ReceiptWidth } from './render/receipt';

/** Who calls: the station's own app (desktop or the UI it serves) or a point of sale with an API key. */
export type Role = 'app' | 'pos';

/** The calls of shared/api.ts, plus what only the HTTP contract needs (status codes, files, waiting for MH). */
export interface DoorCalls extends StationCalls {
  /** POST /dte/{type}: the record, whether it was a replay, and the unknown fields left out (unless strict). */
  issue(kind: DteKind, body: unknown, unknown: UnknownFields): CreateResult;
  /** Waits up to `ms` for MH's answer to a document just issued; the record as it stands then. */
  settled(id: string, ms: number): Promise<DteRecord>;
  /** The invalidation, and whether it still waits for MH. */
  invalidateDte(body: unknown, unknown: UnknownFields): Promise<InvalidationResult>;
  letterPdf(id: string): Promise<Buffer>;
  receipt(id: string, width: ReceiptWidth): Promise<Buffer>;
  /** Wakes the sync engine now (POST /sync/retry). */
  wakeSync(): Promise<SyncStatus>;
}

export interface FrontDoor {
  /** The station serving now. */
  readonly core: () => Core;
  readonly health: () => Health;
  /** The station's pushes, followed across a swap of the station. */
  readonly onEvent: (listener: (e: SelloEvent) => void) => () => void;
  readonly calls: (actor: string) => DoorCalls;
}

/** Runs `fn` now and answers in a promise: a throw becomes a rejection, as from any other call. */
const answer = <T>(fn: () => T): Promise<T> => new Promise((resolve) => resolve(fn()));

const notHere = (what: string) => () =>
  Promise.reject(new CoreError('PRINT_FAILED', `${what} está disponible en la aplicación de escritorio.`));

export function frontDoor(source: Core | CoreHost): FrontDoor {
  const host = 'current' in source ? source : null;
  const single = host ? null : (source as Core);
  // Asked for on every call: the first-run wizard swaps the demo for the real station.
  const core = (): Core => (host ? host.current() : single!);
  const setUp = (input: unknown, actor: string): Promise<StationSaved> => {
    if (!host)
      return Promise.reject(new CoreError('STATION_CONFLICT', 'Esta instalación no configura estaciones; use `sello serve --config`.'));
    return host.setUp(input, actor);
  };
  const health = () => (host ? host.health() : core().health());
  const onEvent = (l: (e: SelloEvent) => void) => (host ? host.onEvent(l) : core().sync.onEvent(l));

  const calls = (actor: string): DoorCalls => ({
    health: () => answer(() => health()),
    listDtes: (query) => answer(() => core().dtes.list(query)),
    getDte: (id) => answer(() => core().dtes.get(id)),
    createDte: (kind, body) => answer(() => core().dtes.create(kind, body, actor).record),
    dteDetail: (id) => answer(() => core().dtes.detail(id)),
    qrCode: async (id) => ({ qrCodeUri: await core().dtes.qr(id) }),
    receivers: (kind, q) => answer(() => ({ items: core().dtes.receivers(kind, q?.trim() || undefined) })),
    dteJson: (id) => answer(() => core().dtes.signedJson(id)),
    invalidate: async (body) => (await core().dtes.invalidate(body, actor)).record,
    syncStatus: () => answer(() => core().sync.status()),
    retrySync: () =>
      answer(() => {
        core().sync.retryNow();
        return core().sync.status();
      }),
    listApiKeys: () => answer(() => core().apiKeys.list()),
    createApiKey: (name) => answer(() => core().apiKeys.create(name, new Date().toISOString(), actor)),
    revokeApiKey: (id) =>
      answer(() => {
        if (!core().apiKeys.revoke(id, new Date().toISOString(), actor))
          throw new CoreError('NOT_FOUND', 'No hay una clave activa con ese id.');
        return { revoked: true as const };
      }),
    printSettings: () => answer(() => core().printing.get()),
    // Checked by the core whatever the caller's type says (HTTP hands over the body as sent).
    setPrintSettings: (settings: PrintSettings) => answer(() => core().printing.set(settings, actor)),
    stationInfo: () => answer(() => core().stationInfo()),
    setUpStation: (input) => setUp(input, actor),
    updateStation: (input) => core().updateStation(input, actor),
    printReceipt: notHere('La impresión directa'),
    printLetter: notHere('La impresión directa'),
    activity: () => answer(() => ({ noted: true as const })),
    backups: () => answer(() => core().backups.status()),
    backupNow: async () => {
      const b = await core().backups.create('manual');
      return { file: b.file, reason: b.reason, bytes: b.bytes, takenAt: b.takenAt };
    },
    verifyAudit: () => core().verifyAudit(),
    issue: (kind, body, unknown) => core().dtes.create(kind, body, actor, unknown),
    async settled(id, ms) {
      const now = core().dtes.get(id);
      if (now.status !== 'CREATED' && now.status !== 'PROCESSING') return now;
      await core().sync.waitForDocument(id, ms);
      return core().dtes.get(id);
    },
    invalidateDte: (body, unknown) => core().dtes.invalidate(body, actor, unknown),
    letterPdf: (id) => core().dtes.letterPdf(id),
    receipt: (id, width) => core().dtes.receipt(id, width, actor),
    wakeSync: () =>
      answer(() => {
        core().sync.wake();
        return core().sync.status();
      }),
  });

  return { core, health, onEvent, calls };
}

export const roleOf = (actor: string): Role => (actor.startsWith('api-key:') ? 'pos' : 'app');
