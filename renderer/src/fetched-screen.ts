// A screen whose code is fetched apart from the first screen's (docs/decisions/0042-speed-where-people-feel-it.md):
// `Screen` fetches it when first shown; `prefetch` fetches it earlier, once the first screen is up and idle, so
// opening it later is immediate. Both share one fetch; a failed one is shown by ScreenBoundary.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface FetchedScreen<P extends object> {
  readonly Screen: LazyExoticComponent<ComponentType<P>>;
  readonly prefetch: () => void;
}

export function fetchedScreen<P extends object>(load: () => Promise<ComponentType<P>>): FetchedScreen<P> {
  let fetching: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () => (fetching ??= load().then((c) => ({ default: c })));
  return { Screen: lazy(get), prefetch: () => void get().catch(() => {}) };
}

/** Fetches these screens once the current one has been drawn and the thread is idle. */
export function prefetchWhenIdle(screens: readonly { readonly prefetch: () => void }[]): () => void {
  const run = () => screens.forEach((s) => s.prefetch());
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}
