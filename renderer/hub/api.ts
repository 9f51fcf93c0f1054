// The hub's JSON API (/hub/v1, main/hub/http.ts) as the screens call it: same-origin fetches that carry the
// HttpOnly session cookie, each answered as `{ok, value} | {ok: false, error}` like the station's renderer/src/api.ts.
// The list and detail shapes mirror main/hub/documents-list.ts (the renderer cannot import the hub's Node modules).
import type { MonthBooks, ReportQuery, SalesReport } from '../../shared/books';
import type { ApiError, Result } from '../../shared/errors';
import type { HubHealth } from '../../shared/hub';
import { hubWords } from './words';

export type HubRole = 'ADMIN' | 'ACCOUNTANT' | 'AUDITOR';
export const HUB_ROLES: readonly HubRole[] = ['ADMIN', 'ACCOUNTANT', 'AUDITOR'];

export interface HubPerson {
  readonly login: string;
  readonly name: string;
  readonly role: HubRole;
  readonly active: boolean;
}

export interface HubStation {
  readonly id: string;
  readonly companyId: string;
  readonly branchCode: string;
  readonly posNumber: string;
  readonly name: string;
  readonly lastContactAt: string | null;
}

export interface HubDocumentSummary {
  readonly id: string;
  readonly stationId: string;
  readonly branchCode: string;
  readonly posNumber: string;
  readonly kind: string;
  readonly version: number;
  readonly status: string;
  readonly controlNumber: string;
  readonly issueDate: string;
  readonly total: string;
  readonly recipientName: string | null;
  readonly seal: string | null;
  readonly sealedAt: string | null;
  readonly updatedAt: string;
}

export interface HubDocumentDetail extends HubDocumentSummary {
  readonly mhJson: Record<string, unknown>;
  readonly jws: string;
}

export interface HubDocumentPage {
  readonly documents: readonly HubDocumentSummary[];
  readonly nextCursor: string | null;
}

/** The list's filters as GET /hub/v1/documents takes them; empty ones are left out. */
export interface DocumentFilters {
  branch: string;
  pos: string;
  kind: string;
  status: string;
  from: string;
  to: string;
  q: string;
}

export const PAGE_SIZE = 50;

const offline = (): Result<never> => ({ ok: false, error: { code: 'INTERNAL', title: hubWords.errors.offline, detail: '' } });

async function call<T>(method: string, url: string, body?: unknown): Promise<Result<T>> {
  try {
    const res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = res.status === 204 ? null : ((await res.json().catch(() => null)) as unknown);
    if (res.ok) return { ok: true, value: json as T };
    return { ok: false, error: (json ?? { code: res.status === 401 ? 'UNAUTHORIZED' : 'INTERNAL', title: res.statusText }) as ApiError };
  } catch {
    return offline();
  }
}

const enc = encodeURIComponent;

export const hubApi = {
  session: () => call<{ person: HubPerson }>('GET', '/hub/v1/session'),
  login: (login: string, password: string) => call<{ person: HubPerson }>('POST', '/hub/v1/session', { login, password }),
  logout: () => call<null>('DELETE', '/hub/v1/session'),
  stations: () => call<{ stations: HubStation[] }>('GET', '/hub/v1/stations'),
  documents: (filters: DocumentFilters, cursor: string | null) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filters) as [string, string][]) if (value.trim()) params.set(key, value.trim());
    params.set('limit', String(PAGE_SIZE));
    if (cursor) params.set('cursor', cursor);
    return call<HubDocumentPage>('GET', `/hub/v1/documents?${params.toString()}`);
  },
  document: (id: string) => call<HubDocumentDetail>('GET', `/hub/v1/documents/${enc(id)}`),
  health: () => call<HubHealth>('GET', '/hub/v1/health'),
  people: () => call<{ people: HubPerson[] }>('GET', '/hub/v1/people'),
  /** The company's month (every point of sale), or one point's (`M001P001`). */
  monthBooks: (month: string, point: string) =>
    call<MonthBooks>('GET', `/hub/v1/books?${new URLSearchParams({ month, ...(point ? { point } : {}) }).toString()}`),
  /** The station's report over every station's documents: `pos` and `cashier` narrow it. */
  salesReport: (query: ReportQuery) =>
    call<SalesReport>('GET', `/hub/v1/reports/sales?${new URLSearchParams(Object.entries(query).filter(([, v]) => v)).toString()}`),
  createPerson: (input: { login: string; name: string; role: HubRole; password: string }) =>
    call<HubPerson>('POST', '/hub/v1/people', input),
  updatePerson: (login: string, input: { active?: boolean; role?: HubRole; name?: string; password?: string }) =>
    call<HubPerson>('PATCH', `/hub/v1/people/${enc(login)}`, input),
};

/** The address of a month's file: an annex's F-07 CSV or an IVA book; the browser saves it (same-origin, the cookie). */
export function booksFileUrl(file: { annex: string } | { book: string; format: 'pdf' | 'xlsx' }, month: string, point: string): string {
  const params = new URLSearchParams({ month, ...('book' in file ? { format: file.format } : {}), ...(point ? { point } : {}) });
  return 'annex' in file
    ? `/hub/v1/annexes/${enc(file.annex)}?${params.toString()}`
    : `/hub/v1/books/${enc(file.book)}?${params.toString()}`;
}

/** What to say about a failure: MH-style problem titles and details, or the fields a 422 names. */
export function errorText(error: ApiError): string {
  const fields = (error as ApiError & { errors?: { path?: string; message?: string }[] }).errors;
  const first = fields?.map((f) => `${f.path ? `${f.path}: ` : ''}${f.message ?? ''}`).join(' ');
  return [error.title, first ?? error.detail].filter(Boolean).join('. ');
}
