// Owns a small least-recently-used map with a fixed entry limit (used to memoise costly key work).

/** LRU map holding at most `limit` entries; the least recently used entry is evicted first. */
export class BoundedCache<K, V> {
  // A Map iterates in insertion order, so re-inserting on every hit keeps the oldest entry first.
  readonly #entries = new Map<K, V>();
  // The most recent key: a hit on it is already in place, and moving it would churn the Map for nothing
  // (a client reading its own key over and over).
  #newest: K | undefined;

  constructor(readonly limit: number) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${String(limit)}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /** The cached value, marking it as most recently used; undefined when absent. */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    if (key !== this.#newest) this.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
    this.#entries.set(key, value);
    this.#newest = key;
  }
}
