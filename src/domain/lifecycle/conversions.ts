// Converts a dump's plain JSON values into a state's (integers, lists, objects, pairs), and puts entries in untracked while a state is built.
export type Obj = Record<string, unknown>;

// While a state is built nothing is to be undone: entries go in untracked (the log is attached already).
export const put = <K, V>(m: Map<K, V>, k: K, v: V): void => void Map.prototype.set.call(m, k, v);
export const putIn = <T>(s: Set<T>, v: T): void => void Set.prototype.add.call(s, v);

/** An integer as the dump writes it (a number, or a string of digits past 2^53) or as a state holds it. */
export const big = (v: unknown): bigint => {
  if (typeof v !== 'bigint' && typeof v !== 'number' && typeof v !== 'string')
    throw new TypeError(`expected an integer, got ${JSON.stringify(v)}`);
  return BigInt(v);
};
export const bigOrNull = (v: unknown): bigint | null => (v === null ? null : big(v));
export const list = (v: unknown): unknown[] => {
  if (!Array.isArray(v)) throw new TypeError(`expected an array, got ${typeof v}`);
  return v;
};
export const pairs = (v: unknown): Array<[unknown, unknown]> => list(v).map((p) => list(p) as [unknown, unknown]);
export const obj = (v: unknown): Obj => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TypeError('expected an object');
  return v as Obj;
};
