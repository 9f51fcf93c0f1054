// Picks the API object: the preload's window.sello in Electron, HTTP when the UI is served by `sello serve`.
// The rest of the renderer never knows which.
import type { SelloApi } from '../../shared/api';
import type { ApiError, Result } from '../../shared/errors';
import type { DteListQuery, SelloEvent } from '../../shared/records';
import { es } from './strings';

declare global {
  interface Window {
    sello?: SelloApi;
  }
}

async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<Result<T>> {
  try {
    const res = await fetch(url, {
      method,
      headers: { 'X-API-Key': token, 'X-API-Version': '1', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // 204 No Content (a revoked key) has no body.
    const json = res.status === 204 ? null : ((await res.json()) as unknown);
    if (res.ok) return { ok: true, value: json as T };
    return { ok: false, error: json as ApiError };
  } catch {
    return { ok: false, error: { code: 'INTERNAL', title: es.errors.offline, detail: es.errors.keepOpen } };
  }
}

export function httpApi(token: string, base = ''): SelloApi {
  const events = sseHub(`${base}/sync/events`, token);
  return {
    health: () => call(token, 'GET', `${base}/health`),
    listDtes: (query: DteListQuery) => {
      const params = new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      return call(token, 'GET', `${base}/dte?${params.toString()}`);
    },
    getDte: (id) => call(token, 'GET', `${base}/dte/${encodeURIComponent(id)}`),
    createDte: (kind, body) => call(token, 'POST', `${base}/dte/${kind.toLowerCase()}`, body),
    dteDetail: (id) => call(token, 'GET', `${base}/dte/${encodeURIComponent(id)}/detail`),
    qrCode: (id) => call(token, 'GET', `${base}/dte/${encodeURIComponent(id)}/qr`),
    receivers: (kind, q) =>
      call(token, 'GET', `${base}/receivers?${new URLSearchParams({ type: kind, ...(q?.trim() ? { q: q.trim() } : {}) }).toString()}`),
    dteJson: (id) => call(token, 'GET', `${base}/dte/${encodeURIComponent(id)}/download/json`),
    invalidate: (body) => call(token, 'POST', `${base}/dte/invalidate`, body),
    syncStatus: () => call(token, 'GET', `${base}/sync/status`),
    retrySync: () => call(token, 'POST', `${base}/sync/retry`),
    listApiKeys: () => call(token, 'GET', `${base}/api-keys`),
    createApiKey: (name) => call(token, 'POST', `${base}/api-keys`, { name }),
    revokeApiKey: async (id) => {
      const r = await call<unknown>(token, 'DELETE', `${base}/api-keys/${encodeURIComponent(id)}`);
      return r.ok ? { ok: true, value: { revoked: true } } : r;
    },
    printSettings: () => call(token, 'GET', `${base}/settings/printing`),
    stationInfo: () => call(token, 'GET', `${base}/settings/station`),
    setPrintSettings: (settings) => call(token, 'PUT', `${base}/settings/printing`, settings),
    setUpStation: (input) => call(token, 'POST', `${base}/settings/station/setup`, input),
    updateStation: (input) => call(token, 'PUT', `${base}/settings/station`, input),
    printReceipt: (id) => openPdf(token, `${base}/dte/${encodeURIComponent(id)}/receipt`),
    printLetter: (id) => openPdf(token, `${base}/dte/${encodeURIComponent(id)}/download/pdf`),
    // Only the desktop app restarts for updates; a browser tab has nothing to protect.
    activity: () => Promise.resolve({ ok: true, value: { noted: true } }),
    backups: () => call(token, 'GET', `${base}/backups`),
    backupNow: () => call(token, 'POST', `${base}/backups`),
    verifyAudit: () => call(token, 'GET', `${base}/audit/verify`),
    subscribe: events.subscribe,
  };
}

/**
 * In the browser the PDF opens in the browser's own viewer, which prints it (a page cannot print silently).
 * The key travels in a header, so the PDF is fetched first and shown from a blob URL.
 */
async function openPdf(token: string, url: string): Promise<Result<{ printed: true }>> {
  try {
    const res = await fetch(url, { headers: { 'X-API-Key': token, 'X-API-Version': '1' } });
    if (!res.ok) return { ok: false, error: (await res.json()) as ApiError };
    const blobUrl = URL.createObjectURL(await res.blob());
    window.open(blobUrl, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(blobUrl), 60_000);
    return { ok: true, value: { printed: true } };
  } catch {
    return { ok: false, error: { code: 'PRINT_FAILED', title: es.errors.printFailed, detail: es.errors.keepOpen } };
  }
}

/**
 * One event stream shared by every screen: a browser keeps only six connections per host, so a stream per
 * subscriber would starve the API calls. Opened with the first listener, closed with the last.
 */
function sseHub(url: string, token: string): { subscribe: (listener: (e: SelloEvent) => void) => () => void } {
  const listeners = new Set<(e: SelloEvent) => void>();
  let close: (() => void) | null = null;
  return {
    subscribe(listener) {
      listeners.add(listener);
      close ??= subscribeSse(url, token, (e) => {
        for (const l of [...listeners]) l(e);
      });
      return () => {
        listeners.delete(listener);
        if (!listeners.size && close) {
          close();
          close = null;
        }
      };
    },
  };
}

/** Reads the station's Server-Sent Events with fetch (EventSource cannot send the API key); reconnects. */
function subscribeSse(url: string, token: string, listener: (e: SelloEvent) => void): () => void {
  const abort = new AbortController();
  const connect = async () => {
    while (!abort.signal.aborted) {
      try {
        const res = await fetch(url, { headers: { 'X-API-Key': token }, signal: abort.signal });
        const reader = res.body?.getReader();
        if (!reader) throw new Error('sin cuerpo');
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const chunk = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const data = chunk
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data) listener(JSON.parse(data) as SelloEvent);
          }
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      await new Promise((r) => setTimeout(r, 2000));
    }
  };
  void connect();
  return () => abort.abort();
}

export function resolveApi(): SelloApi {
  if (window.sello) return window.sello;
  const token = document.querySelector<HTMLMetaElement>('meta[name="sello-ui-token"]')?.content ?? '';
  return httpApi(token);
}
