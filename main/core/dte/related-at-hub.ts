// Across branches (issue 18): before an NC or ND is issued, the station asks its hub about each document the note
// adjusts. The hub answers with the document, whichever branch issued it, and the notes other branches issued
// against it; the create path (issue.ts) then relates a sale of another branch and applies the credit limit for
// the whole company. Asked before the issuing transaction opens, never inside it; a hub that does not answer in a
// few seconds is "unreachable", and only documents this station holds itself can then be related.
import type { DteKind } from '../../../shared/contract';
import type { RelatedAnswer } from '../../../shared/hub';
import type { HubTarget } from '../station/station-repo';
import { canonicalId } from './documents-repo';

/** The hub's answer for one document (shared/hub.ts). */
export type RemoteRelated = RelatedAnswer;

export type HubRelated =
  | { readonly reached: true; readonly documents: ReadonlyMap<string, RemoteRelated> }
  /** The hub is configured but did not answer: why, in Spanish. */
  | { readonly reached: false; readonly why: string };

export const RELATED_LOOKUP_TIMEOUT_MS = 4_000;

/** The ids an NC or ND body relates (before validation: a malformed body gets its errors from the create path). */
export function relatedIds(kind: DteKind, body: unknown): string[] {
  if (kind !== 'NC' && kind !== 'ND') return [];
  const related = (body as { relatedTaxDocuments?: unknown } | null)?.relatedTaxDocuments;
  if (!Array.isArray(related)) return [];
  const ids = related.flatMap((r) => {
    const id = (r as { id?: unknown } | null)?.id;
    return typeof id === 'string' && /^[0-9a-fA-F-]{36}$/.test(id) ? [canonicalId(id)] : [];
  });
  return [...new Set(ids)].slice(0, 50);
}

/** Asks the hub about each id; null without a hub or without ids (nothing to ask). Never rejects. */
export async function lookupAtHub(
  hub: HubTarget | null,
  ids: readonly string[],
  fetchFn: typeof fetch,
  timeoutMs = RELATED_LOOKUP_TIMEOUT_MS,
): Promise<HubRelated | null> {
  if (!hub || ids.length === 0) return null;
  const ac = new AbortController();
  const timer = setTimeout(() => ac.abort(), timeoutMs);
  try {
    const answers = await Promise.all(
      ids.map(async (id) => {
        const res = await fetchFn(new URL(`/hub/v1/related/${encodeURIComponent(id)}`, hub.url), {
          redirect: 'manual',
          signal: ac.signal,
          headers: { authorization: `Bearer ${hub.token}` },
        });
        if (!res.ok) throw new Error(`la central respondió ${res.status}`);
        return [id, (await res.json()) as RemoteRelated] as const;
      }),
    );
    return { reached: true, documents: new Map(answers) };
  } catch (e) {
    const why = ac.signal.aborted ? `no respondió en ${Math.round(timeoutMs / 1000)} s` : e instanceof Error ? e.message : String(e);
    return { reached: false, why };
  } finally {
    clearTimeout(timer);
  }
}
