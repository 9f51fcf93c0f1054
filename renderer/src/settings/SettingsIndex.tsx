// Ajustes is long (a dozen panels, each with its own h2): an index at the top with a link per section, built
// from the headings the panels render, so a panel added later is listed without touching this file.
import { useEffect, useState, type RefObject } from 'react';
import { settingsIndexWords as W } from '../words/settings-index';

interface Entry {
  readonly id: string;
  readonly text: string;
}

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function SettingsIndex({ root }: { root: RefObject<HTMLElement | null> }) {
  const [entries, setEntries] = useState<readonly Entry[]>([]);
  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    // Panels load on their own: the headings are read again whenever the page's content changes.
    const read = () => {
      const next = [...el.querySelectorAll<HTMLHeadingElement>('h2')].map((h) => {
        if (!h.id) h.id = `ajustes-${slug(h.textContent ?? '')}`;
        h.tabIndex = -1;
        return { id: h.id, text: h.textContent ?? '' };
      });
      setEntries((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    };
    read();
    const watch = new MutationObserver(read);
    watch.observe(el, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, [root]);

  if (entries.length === 0) return null;
  return (
    <nav aria-label={W.label} className="settings-index" data-testid="settings-index">
      <ul>
        {entries.map((e) => (
          <li key={e.id}>
            <a
              href={`#${e.id}`}
              onClick={(ev) => {
                // The section's heading takes the focus, so Tab goes on from there.
                ev.preventDefault();
                const target = document.getElementById(e.id);
                target?.scrollIntoView({ block: 'start' });
                target?.focus();
              }}
            >
              {e.text}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
