// Text encodings of persisted values: journal lines keep bigints tagged so every argument comes back with its type.

/** One journal line's value: bigints become {"$big":"digits"}, everything else is plain JSON. */
export function encodeLine(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? { $big: v.toString() } : v));
}

export function decodeLine(text: string): unknown {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === '$big' && typeof (v as { $big: unknown }).$big === 'string') return BigInt((v as { $big: string }).$big);
    }
    return v;
  });
}
