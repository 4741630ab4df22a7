// PostgreSQL's text and jsonb refuse two things JSON can carry: the NUL character and UTF-16 surrogates that
// are not paired (JSON.stringify writes a lone one as a \udXXX escape, which jsonb rejects). Text holding either
// must be refused where it enters, before anything is reserved or recorded on its behalf.
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/**
 * Where a parsed JSON value holds text PostgreSQL cannot store, in a string or in an object's key: the path of the
 * first such place (`name`, `policies[3].provider`, or '' for the value itself), or null when all of it is
 * storable. Walked with a stack of its own rather than by recursion: a body may nest deeper than the call stack.
 */
export function unstorablePath(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  while (pending.length > 0) {
    const [item, path] = pending.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return path;
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1) pending.push([item[i], `${path}[${i}]`]);
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      for (const [key] of entries) if (!isStorableText(key)) return path === '' ? key : `${path}.${key}`;
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i]!;
        pending.push([child, path === '' ? key : `${path}.${key}`]);
      }
    }
  }
  return null;
}
