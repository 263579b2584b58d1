// Unit tests for src/crypto/bounded-cache.ts (the LRU behind the Stark-key point cache).
import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../../src/crypto/bounded-cache.js';

describe('BoundedCache', () => {
  it('never holds more than its limit and evicts the least recently used entry', () => {
    const cache = new BoundedCache<bigint, string>(3);
    cache.set(1n, 'a');
    cache.set(2n, 'b');
    cache.set(3n, 'c');
    expect(cache.get(1n)).toBe('a'); // 1 is now the most recent, 2 the oldest
    cache.set(4n, 'd');
    expect(cache.size).toBe(3);
    expect(cache.has(2n)).toBe(false);
    expect([1n, 3n, 4n].map((k) => cache.get(k))).toEqual(['a', 'c', 'd']);
  });

  it('stores null values and tells them apart from absent keys', () => {
    const cache = new BoundedCache<bigint, string | null>(2);
    cache.set(5n, null);
    expect(cache.has(5n)).toBe(true);
    expect(cache.get(5n)).toBeNull();
    expect(cache.get(6n)).toBeUndefined();
  });

  it('overwriting a key does not evict another one', () => {
    const cache = new BoundedCache<string, number>(2);
    cache.set('x', 1);
    cache.set('y', 2);
    cache.set('x', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('y')).toBe(2);
    expect(cache.get('x')).toBe(3);
  });

  it('keeps least-recently-used order through repeated hits on the newest key, and after it stops being newest', () => {
    const cache = new BoundedCache<string, number>(3);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('c')).toBe(3);
    expect(cache.get('c')).toBe(3);
    // a is the least recent: it goes when d comes; a hit on b then makes c the least recent.
    cache.set('d', 4);
    expect(cache.has('a')).toBe(false);
    expect(cache.get('b')).toBe(2);
    cache.set('e', 5);
    expect(cache.has('c')).toBe(false);
    expect([cache.get('b'), cache.get('d'), cache.get('e')]).toEqual([2, 4, 5]);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => new BoundedCache(0)).toThrow(RangeError);
    expect(() => new BoundedCache(1.5)).toThrow(/limit must be/);
  });
});
