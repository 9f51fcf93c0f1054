// A list's cursor comes back from the caller: it is read only when it is exactly what this list handed out, and
// anything else (garbage, a cut-short copy, another list's) is a 422 naming `cursor`, never the first page again.
import { validationFailed } from './errors';

/** 422 VALIDATION_FAILED naming the field `cursor`. */
export const badCursor = () =>
  validationFailed([
    {
      path: 'cursor',
      code: 'INVALID_FORMAT',
      message: 'No es un cursor de esta lista: use el nextCursor de la página anterior, o ninguno para la primera página.',
    },
  ]);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text inside base64url, or null unless encoding it again gives exactly `s` (Node's decoder skips stray
 * characters and a cut-short tail) and it is whole UTF-8.
 */
export function fromBase64Url(s: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) return null;
  const bytes = Buffer.from(s, 'base64url');
  if (bytes.toString('base64url') !== s) return null;
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

export const toBase64Url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
