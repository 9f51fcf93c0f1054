/** A deep copy of `body` with the value at dotted `path` replaced (or removed when `value` is undefined). */
export function withValue<T>(body: T, path: string, value: unknown): T {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    // Through a missing or primitive value: make the container the rest of the path needs.
    if (node[key] === null || typeof node[key] !== 'object') node[key] = /^\d+$/.test(keys[keys.indexOf(key) + 1] ?? '') ? [] : {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1] as string;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy as T;
}

export const repeat = (n: number, ch = 'a'): string => ch.repeat(n);
