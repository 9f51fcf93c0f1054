// Picks the API object: the preload's window.sello in Electron, HTTP when the UI is served by `sello serve`.
// The rest of the renderer never knows which.
import type { SelloApi } from '../../shared/api';
import { CONTRACT_EXTENSIONS, EXTENSIONS_HEADER } from '../../shared/contract/extensions';
import { REFUND_METHOD_HEADER } from '../../shared/close';
import type { ApiError, Result } from '../../shared/errors';
import type { BookFile } from '../../shared/books';
import type { CatalogFormat, ProductExport } from '../../shared/catalog';
import type { DteListQuery, SelloEvent } from '../../shared/records';
import type { PrintSettings } from '../../shared/printing';
import { fetchAndPrint } from './print-frame';
import { es } from './strings';

declare global {
  interface Window {
    sello?: SelloApi;
  }
}

/** A failure as the renderer sees it: the problem, and for a 429 the seconds to wait (Retry-After). */
export type CallError = ApiError;

const offline = (): Result<never> => ({ ok: false, error: { code: 'INTERNAL', title: es.errors.offline, detail: es.errors.keepOpen } });

/** Whether a failure is the station not answering at all (rather than an answer that says no). */
export const isOffline = (error: ApiError): boolean => error.code === 'INTERNAL' && error.title === es.errors.offline;

// The session travels in an HttpOnly cookie the server set at login: same-origin fetches send it.
async function call<T>(method: string, url: string, body?: unknown, extra: Record<string, string> = {}): Promise<Result<T>> {
  try {
    const res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { 'X-API-Version': '1', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // 204 No Content (a revoked key, a logout) has no body.
    const json = res.status === 204 ? null : ((await res.json().catch(() => null)) as unknown);
    if (res.ok) return { ok: true, value: json as T };
    const problem = (json ?? { code: res.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL', title: res.statusText }) as ApiError;
    const retryAfter = Number(res.headers.get('retry-after'));
    return { ok: false, error: retryAfter > 0 ? { ...problem, retryAfter } : problem };
  } catch {
    return offline();
  }
}

export function httpApi(base = ''): SelloApi {
  const events = sseHub(`${base}/sync/events`);
  // ESC/POS: the station prints, no dialog (docs/decisions/0041-escpos-receipts.md); otherwise the PDF from a
  // hidden frame, no new tab (docs/decisions/0075-paper-at-the-counter.md). `paper` answers /print and /receipt.
  const counterPaper = async (paper: string): Promise<Result<{ printed: true }>> => {
    const s = await call<PrintSettings>('GET', `${base}/settings/printing`);
    if (s.ok && s.value.receiptOutput === 'escpos') return call('POST', `${paper}/print`);
    return fetchAndPrint(`${paper}/receipt`, { code: 'PRINT_FAILED', title: es.errors.printFailed, detail: es.errors.keepOpen });
  };
  return {
    login: (login, password) => call('POST', `${base}/session`, { login, password }),
    logout: async () => {
      const r = await call<unknown>('DELETE', `${base}/session`);
      return r.ok ? { ok: true, value: { loggedOut: true } } : r;
    },
    session: () => call('GET', `${base}/session`),
    demoUsers: () => call('GET', `${base}/session/demo-users`),
    listUsers: () => call('GET', `${base}/users`),
    createUser: (input) => call('POST', `${base}/users`, input),
    updateUser: (login, input) => call('PUT', `${base}/users/${encodeURIComponent(login)}`, input),
    health: () => call('GET', `${base}/health`),
    listDtes: (query: DteListQuery) => call('GET', `${base}/dte?${queryString(query)}`),
    getDte: (id) => call('GET', `${base}/dte/${encodeURIComponent(id)}`),
    // The screens sell weighed goods: they opt in to decimal quantities (docs/decisions/0072-decimal-quantities.md).
    createDte: (kind, body, refund) =>
      call('POST', `${base}/dte/${kind.toLowerCase()}`, body, {
        [EXTENSIONS_HEADER]: CONTRACT_EXTENSIONS.join(', '),
        // How an NC was settled (docs/decisions/0073-money-follows-the-person.md).
        ...(refund ? { [REFUND_METHOD_HEADER]: refund } : {}),
      }),
    dteDetail: (id) => call('GET', `${base}/dte/${encodeURIComponent(id)}/detail`),
    qrCode: (id) => call('GET', `${base}/dte/${encodeURIComponent(id)}/qr`),
    receivers: (kind, q) =>
      call('GET', `${base}/receivers?${new URLSearchParams({ type: kind, ...(q?.trim() ? { q: q.trim() } : {}) }).toString()}`),
    dteJson: (id) => call('GET', `${base}/dte/${encodeURIComponent(id)}/download/json`),
    invalidate: (body) => call('POST', `${base}/dte/invalidate`, body),
    settleInvalidation: (id, input) => call('POST', `${base}/dte/invalidations/${encodeURIComponent(id)}/settle`, input),
    returnDte: (body, refund) => call('POST', `${base}/dte/return`, body, refund ? { [REFUND_METHOD_HEADER]: refund } : {}),
    dteReturns: (id) => call('GET', `${base}/dte/${encodeURIComponent(id)}/returns`),
    specialOperations: (period) => call('GET', `${base}/events/eoe${period ? `?period=${encodeURIComponent(period)}` : ''}`),
    invalidateReturn: (id, body) => call('POST', `${base}/dte/returns/${encodeURIComponent(id)}/invalidate`, body),
    printReturnReceipt: (id) => counterPaper(`${base}/dte/returns/${encodeURIComponent(id)}`),
    printReturnLetter: (id) => openPdf(`${base}/dte/returns/${encodeURIComponent(id)}/letter`),
    returnJson: (id) => call('GET', `${base}/dte/returns/${encodeURIComponent(id)}/json`),
    sendReturn: (id, input) => call('POST', `${base}/dte/returns/${encodeURIComponent(id)}/send`, input),
    settleReturn: (id, input) => call('POST', `${base}/dte/returns/${encodeURIComponent(id)}/settle`, input),
    syncStatus: () => call('GET', `${base}/sync/status`),
    normativeSettings: () => call('GET', `${base}/settings/normative`),
    setNormativeSettings: (input) => call('PUT', `${base}/settings/normative`, input),
    hubSettings: () => call('GET', `${base}/settings/hub`),
    setHubSettings: (input) => call('PUT', `${base}/settings/hub`, input),
    numberingSettings: () => call('GET', `${base}/settings/numbering`),
    setNumberingSettings: (input) => call('PUT', `${base}/settings/numbering`, input),
    retrySync: () => call('POST', `${base}/sync/retry`),
    sendAgain: (id) => call('POST', `${base}/sync/documents/${encodeURIComponent(id)}/send-again`),
    listApiKeys: () => call('GET', `${base}/api-keys`),
    createApiKey: (name) => call('POST', `${base}/api-keys`, { name }),
    revokeApiKey: async (id) => {
      const r = await call<unknown>('DELETE', `${base}/api-keys/${encodeURIComponent(id)}`);
      return r.ok ? { ok: true, value: { revoked: true } } : r;
    },
    printSettings: () => call('GET', `${base}/settings/printing`),
    stationInfo: () => call('GET', `${base}/settings/station`),
    companyBranches: () => call('GET', `${base}/settings/branches`),
    setCompanyBranches: (input) => call('PUT', `${base}/settings/branches`, input),
    setPrintSettings: (settings) => call('PUT', `${base}/settings/printing`, settings),
    setUpStation: (input) => call('POST', `${base}/settings/station/setup`, input),
    seeWelcome: () => call('POST', `${base}/settings/welcome-seen`),
    updateStation: (input) => call('PUT', `${base}/settings/station`, input),
    printReceipt: (id) => counterPaper(`${base}/dte/${encodeURIComponent(id)}`),
    printerStatus: () => call('GET', `${base}/printer/status`),
    testPrint: () => call('POST', `${base}/printer/test`),
    openCashDrawer: () => call('POST', `${base}/printer/drawer`),
    pendingReceipts: () => call('GET', `${base}/printer/pending`),
    reprintPending: (id) => call('POST', `${base}/printer/pending/${encodeURIComponent(id)}/print`),
    discardPending: (id) => call('DELETE', `${base}/printer/pending/${encodeURIComponent(id)}`),
    // The app's own route: it also serves an invalidated document's ANULADO copy, which the contract's download does not.
    printLetter: (id) => openPdf(`${base}/dte/${encodeURIComponent(id)}/letter`),
    // Only the desktop app restarts for updates; a browser tab has nothing to protect.
    activity: () => Promise.resolve({ ok: true, value: { noted: true } }),
    backups: () => call('GET', `${base}/backups`),
    backupNow: () => call('POST', `${base}/backups`),
    verifyAudit: () => call('GET', `${base}/audit/verify`),
    listProducts: (query) => call('GET', `${base}/products?${queryString(query)}`),
    getProduct: (id) => call('GET', `${base}/products/${encodeURIComponent(id)}`),
    createProduct: (input) => call('POST', `${base}/products`, input),
    updateProduct: (id, input) => call('PUT', `${base}/products/${encodeURIComponent(id)}`, input),
    importProducts: (input) => call('POST', `${base}/products/import`, input),
    exportProducts: (format) => downloadExport(`${base}/products/export?format=${format}`, format),
    listWebhooks: () => call('GET', `${base}/webhooks`),
    createWebhook: (input) => call('POST', `${base}/webhooks`, input),
    deleteWebhook: async (id) => {
      const r = await call<unknown>('DELETE', `${base}/webhooks/${encodeURIComponent(id)}`);
      return r.ok ? { ok: true, value: { deleted: true } } : r;
    },
    enableWebhook: (id) => call('POST', `${base}/webhooks/${encodeURIComponent(id)}/enable`),
    disableWebhook: (id) => call('POST', `${base}/webhooks/${encodeURIComponent(id)}/disable`),
    webhookDeliveries: (id, query) =>
      call(
        'GET',
        `${base}/webhooks/${encodeURIComponent(id)}/deliveries?${queryString(typeof query === 'object' && query !== null ? query : {})}`,
      ),
    retryWebhookDelivery: (id) => call('POST', `${base}/webhook-deliveries/${encodeURIComponent(id)}/retry`),
    smtpSettings: () => call('GET', `${base}/settings/smtp`),
    setSmtpSettings: (input) => call('PUT', `${base}/settings/smtp`, input),
    testSmtp: (input) => call('POST', `${base}/settings/smtp/test`, input),
    sendDte: (id, input) => call('POST', `${base}/dte/${encodeURIComponent(id)}/send`, input),
    retryFailedDeliveries: () => call('POST', `${base}/deliveries/retry-failed`),
    makeClose: (input) => call('POST', `${base}/closes`, input),
    listCloses: (query) => call('GET', `${base}/closes?${queryString(query)}`),
    getClose: (id) => call('GET', `${base}/closes/${encodeURIComponent(id)}`),
    openDrawer: (input) => call('POST', `${base}/closes/openings`, input),
    correctFloat: (id, input) => call('POST', `${base}/closes/openings/${encodeURIComponent(id)}/corrections`, input),
    priceOverrideSettings: () => call('GET', `${base}/settings/price-overrides`),
    setPriceOverrideSettings: (input) => call('PUT', `${base}/settings/price-overrides`, input),
    approvePrice: (input) => call('POST', `${base}/price-overrides/approvals`, input),
    listPriceOverrides: (query) => call('GET', `${base}/price-overrides?${queryString(query)}`),
    closePriceOverrides: (id) => call('GET', `${base}/closes/${encodeURIComponent(id)}/price-overrides`),
    drawerOpening: (scope) =>
      call(
        'GET',
        `${base}/closes/openings/current?${new URLSearchParams(typeof scope === 'string' ? { scope } : { login: scope.login }).toString()}`,
      ),
    printCloseReceipt: (id) => counterPaper(`${base}/closes/${encodeURIComponent(id)}`),
    printClosePdf: (id) => openPdf(`${base}/closes/${encodeURIComponent(id)}/pdf`),
    monthBooks: (month) => call('GET', `${base}/books?${queryString({ month })}`),
    annexFile: (annex, month) => downloadFile(`${base}/annexes/${annex}?${queryString({ month })}`),
    bookFile: (book, month, format) => downloadFile(`${base}/books/${book}?${queryString({ month, format })}`),
    homologation: () => call('GET', `${base}/homologation`),
    startHomologation: (input) => call('POST', `${base}/homologation`, input),
    resumeHomologation: () => call('POST', `${base}/homologation/resume`),
    homologationReport: (runId, format) =>
      downloadFile(`${base}/homologation/runs/${encodeURIComponent(runId)}/report?${queryString({ format })}`),
    salesReport: (query) => call('GET', `${base}/reports/sales?${queryString(typeof query === 'object' && query !== null ? query : {})}`),
    booksSettings: () => call('GET', `${base}/settings/books`),
    setBooksSettings: (input) => call('PUT', `${base}/settings/books`, input),
    subscribe: events.subscribe,
  };
}

/** A file the station answers (an annex, a book): read back into what the IPC call answers, bytes in base64. */
async function downloadFile(url: string): Promise<Result<BookFile>> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', headers: { 'X-API-Version': '1' } });
    if (!res.ok) return { ok: false, error: (await res.json()) as ApiError };
    const fileName = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'archivo';
    const mediaType = res.headers.get('content-type') ?? 'application/octet-stream';
    return { ok: true, value: { fileName, mediaType, base64: toBase64(new Uint8Array(await res.arrayBuffer())) } };
  } catch {
    return offline();
  }
}

/** A query's defined fields as URL parameters. */
const queryString = (query: object): string =>
  new URLSearchParams(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** GET /products/export answers the file itself: read back into what the IPC call answers (XLSX in base64). */
async function downloadExport(url: string, format: CatalogFormat): Promise<Result<ProductExport>> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', headers: { 'X-API-Version': '1' } });
    if (!res.ok) return { ok: false, error: (await res.json()) as ApiError };
    const fileName = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `productos.${format}`;
    const mediaType = res.headers.get('content-type') ?? 'application/octet-stream';
    const content = format === 'csv' ? await res.text() : toBase64(new Uint8Array(await res.arrayBuffer()));
    return { ok: true, value: { format, fileName, mediaType, content } };
  } catch {
    return offline();
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * In the browser the PDF opens in the browser's own viewer, which prints it (a page cannot print silently).
 * It is fetched first and shown from a blob URL, so a refusal (an ended session) is an answer, not a blank tab.
 */
async function openPdf(url: string): Promise<Result<{ printed: true }>> {
  try {
    const res = await fetch(url, { credentials: 'same-origin', headers: { 'X-API-Version': '1' } });
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
function sseHub(url: string): { subscribe: (listener: (e: SelloEvent) => void) => () => void } {
  const listeners = new Set<(e: SelloEvent) => void>();
  let close: (() => void) | null = null;
  return {
    subscribe(listener) {
      listeners.add(listener);
      close ??= subscribeSse(url, (e) => {
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

/**
 * Reads the station's Server-Sent Events with fetch (the reconnection is ours: an ended session waits longer
 * between tries instead of knocking every 2 s while the screen is locked).
 */
function subscribeSse(url: string, listener: (e: SelloEvent) => void): () => void {
  const abort = new AbortController();
  const connect = async () => {
    let wait = 2000;
    while (!abort.signal.aborted) {
      try {
        const res = await fetch(url, { credentials: 'same-origin', signal: abort.signal });
        if (!res.ok) {
          wait = Math.min(wait * 2, 15_000);
          throw new Error(`HTTP ${res.status}`);
        }
        wait = 2000;
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
      await new Promise((r) => setTimeout(r, wait));
    }
  };
  void connect();
  return () => abort.abort();
}

export function resolveApi(): SelloApi {
  return window.sello ?? httpApi();
}
