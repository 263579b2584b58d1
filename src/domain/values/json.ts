// JSON text with exact integers: bigint values are written as number text, never rounded through a double.

/** Like JSON.stringify (no indentation), but bigint -> exact digits. Undefined properties are skipped. */
export function stringify(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'bigint':
      return value.toString();
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object': {
      if (Array.isArray(value)) return '[' + value.map((v) => (v === undefined ? 'null' : stringify(v))).join(',') + ']';
      const parts: string[] = [];
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
        if (v === undefined || typeof v === 'function') continue;
        parts.push(JSON.stringify(k) + ':' + stringify(v));
      }
      return '{' + parts.join(',') + '}';
    }
    default:
      return 'null';
  }
}

// A marker no JSON text can produce by accident: it only appears where parseExact put it.
const BIG_MARKER = '\u0000big:';
const TOKENS = /"(?:[^"\\]|\\.)*"|(?<![\d.eE+-])-?\d{16,}(?![.eE\d])/g;

/**
 * JSON.parse that keeps integers of 16 or more digits exact, as bigint (they may exceed 2^53).
 * Shorter integers and all other numbers come back as numbers; strings are never touched.
 */
export function parseExact(text: string): unknown {
  const marked = text.replace(TOKENS, (t) => (t.startsWith('"') ? t : `"\\u0000big:${t}"`));
  return JSON.parse(marked, (_k, v: unknown) => (typeof v === 'string' && v.startsWith(BIG_MARKER) ? BigInt(v.slice(BIG_MARKER.length)) : v));
}

/** stringify with object keys sorted at every level: equal texts mean equal values, whatever the key order. */
export function canonicalStringify(value: unknown): string {
  return stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k]);
  return out;
}
