// Saves a signed JSON (a document's or a return's) through the browser's (or Electron's) download, named by its
// generation code. Returns what to tell the person when it could not be had, else null.
import type { Result } from '../../shared/errors';
import { errorText } from './error-text';

export async function saveSignedJson(id: string, get: (id: string) => Promise<Result<Record<string, unknown>>>): Promise<string | null> {
  const r = await get(id);
  if (!r.ok) return errorText(r.error);
  const url = URL.createObjectURL(new Blob([JSON.stringify(r.value, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${id.toUpperCase()}.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return null;
}
