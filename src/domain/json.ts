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
