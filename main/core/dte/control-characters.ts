// Control characters (U+0000–U+001F, U+007F–U+009F) in a document's text fields are refused before anything is
// stored (docs/decisions/0067-email-rights-and-small-guards.md): they would be signed into MH's JSON and land on
// the paper, the e-mail and the accountant's files. A few free-text fields keep line breaks and tabs, as the
// catalog's descriptions do (shared/catalog.ts): the items' descriptions and the FEX's address and comments, which
// the counter's form types in a box of several lines (renderer/src/forms/spec.ts).
import type { FieldError } from '../../../shared/contract';

const ANY_CONTROL = /\p{Cc}/u;
/** A control character other than a tab, a line feed or a carriage return. */
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;

/** Dotted paths (as FieldError names them) whose text may span lines. */
const MULTILINE: readonly RegExp[] = [/^items\.\d+\.description$/, /^recipient\.address$/, /^comments$/];

/** The first control character of `s` a field at `path` may not hold, or null. */
function forbidden(path: string, s: string): string | null {
  const re = MULTILINE.some((m) => m.test(path)) ? CONTROL_BUT_LINES : ANY_CONTROL;
  return re.exec(s)?.[0] ?? null;
}

const codePoint = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** One error per text field of `body` holding a control character it may not, named by its dotted path. */
export function controlCharacterErrors(body: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (node: unknown, path: readonly (string | number)[]) => {
    if (typeof node === 'string') {
      const where = path.join('.');
      const c = forbidden(where, node);
      if (c)
        errors.push({
          path: where,
          code: 'INVALID_FORMAT',
          message: `El texto tiene un carácter de control (${codePoint(c)}) que no se imprime: quítelo (a veces llega al copiar y pegar) y envíe de nuevo.`,
        });
    } else if (Array.isArray(node)) node.forEach((v, i) => walk(v, [...path, i]));
    else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...path, k]);
  };
  walk(body, []);
  return errors;
}
