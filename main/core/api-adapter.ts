// The core behind the SelloApi shape, for the IPC front door: errors become Result envelopes here.
import type { SelloApi } from '../../shared/api';
import type { Result } from '../../shared/errors';
import type { Core } from './create-core';
import type { CoreSource } from './http/server';
import { toApiError } from './errors';
import type { Logger } from './logger';
import { CoreError } from './errors';

/** Runs a core call and answers in an envelope; unexpected errors are logged, never thrown across IPC. */
export function envelope(logger: Logger) {
  return async <T>(fn: () => T | Promise<T>): Promise<Result<T>> => {
    try {
      return { ok: true, value: await fn() };
    } catch (e) {
      if (!(e instanceof CoreError)) logger.error('unexpected error', { error: e instanceof Error ? e.stack : String(e) });
      return { ok: false, error: toApiError(e) };
    }
  };
}

export function coreApi(source: CoreSource, logger: Logger, actor = 'desktop'): SelloApi {
  const wrap = envelope(logger);
  const host = 'current' in source ? source : null;
  // Asked for on every call: the first-run wizard swaps the demo for the real station.
  const core = (): Core => (host ? host.current() : (source as Core));
  const noPrinter = () => {
    throw new CoreError('PRINT_FAILED', 'La impresión directa está disponible en la aplicación de escritorio.');
  };
  return {
    health: () => wrap(() => (host ? host.health() : core().health())),
    listDtes: (query) => wrap(() => core().dtes.list(query)),
    getDte: (id) => wrap(() => core().dtes.get(id)),
    createDte: (kind, body) => wrap(() => core().dtes.create(kind, body, actor).record),
    dteDetail: (id) => wrap(() => core().dtes.detail(id)),
    qrCode: (id) => wrap(async () => ({ qrCodeUri: await core().dtes.qr(id) })),
    receivers: (kind, q) => wrap(async () => ({ items: core().dtes.receivers(kind, q?.trim() || undefined) })),
    dteJson: (id) => wrap(async () => core().dtes.signedJson(id)),
    invalidate: (body) => wrap(async () => (await core().dtes.invalidate(body, actor)).record),
    syncStatus: () => wrap(() => core().sync.status()),
    retrySync: () =>
      wrap(() => {
        core().sync.retryNow();
        return core().sync.status();
      }),
    listApiKeys: () => wrap(() => core().apiKeys.list()),
    createApiKey: (name) => wrap(() => core().apiKeys.create(name, new Date().toISOString(), actor)),
    revokeApiKey: (id) =>
      wrap(() => {
        if (!core().apiKeys.revoke(id, new Date().toISOString(), actor)) throw new CoreError('NOT_FOUND', 'No hay una clave activa con ese id.');
        return { revoked: true as const };
      }),
    printSettings: () => wrap(() => core().printing.get()),
    stationInfo: () => wrap(() => core().stationInfo()),
    setPrintSettings: (settings) => wrap(() => core().printing.set(settings, actor)),
    printReceipt: () => wrap(noPrinter),
    printLetter: () => wrap(noPrinter),
    activity: () => wrap(() => ({ noted: true as const })),
    backups: () => wrap(() => core().backups.status()),
    backupNow: () =>
      wrap(async () => {
        const b = await core().backups.create('manual');
        return { file: b.file, reason: b.reason, bytes: b.bytes, takenAt: b.takenAt };
      }),
    verifyAudit: () => wrap(() => core().verifyAudit()),
    setUpStation: (input) =>
      wrap(() => {
        if (!host) throw new CoreError('STATION_CONFLICT', 'Esta instalación no configura estaciones.');
        return host.setUp(input, actor);
      }),
    updateStation: (input) => wrap(() => core().updateStation(input, actor)),
    subscribe: (listener) => (host ? host.onEvent(listener) : core().sync.onEvent(listener)),
  };
}
