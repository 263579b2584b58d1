// SortedList against a sorted array: random adds and deletes (enough to split, merge and collapse
// nodes), then every query compared; fromSorted builds the same list as adds do.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SortedList, byNumber } from '../../../../src/domain/state/sorted-list.js';

type Op = { add: boolean; value: number };

const ops = fc.array(fc.record({ add: fc.boolean(), value: fc.integer({ min: 0, max: 3000 }) }), { maxLength: 3000 });

function model(list: readonly Op[]): number[] {
  const s = new Set<number>();
  for (const { add, value } of list) add ? s.add(value) : s.delete(value);
  return [...s].sort((a, b) => a - b);
}

function check(list: SortedList<number>, want: number[], probes: number[]): void {
  expect(list.size).toBe(want.length);
  expect(list.values()).toEqual(want);
  for (const p of probes) {
    const rank = want.filter((v) => v < p).length;
    expect(list.rank(p)).toBe(rank);
    expect(list.has(p)).toBe(want.includes(p));
    expect(list.at(rank)).toBe(want[rank]);
    expect(list.slice(rank, rank + 37)).toEqual(want.slice(rank, rank + 37));
  }
  expect(list.at(-1)).toBeUndefined();
  expect(list.at(want.length)).toBeUndefined();
}

describe('SortedList', () => {
  it('answers as a sorted array after random adds and deletes (add and delete report whether they changed it)', () => {
    fc.assert(
      fc.property(ops, fc.array(fc.integer({ min: -1, max: 3001 }), { maxLength: 20 }), (list, probes) => {
        const s = new SortedList(byNumber);
        const shadow = new Set<number>();
        for (const { add, value } of list) {
          expect(add ? s.add(value) : s.delete(value)).toBe(add ? !shadow.has(value) : shadow.has(value));
          add ? shadow.add(value) : shadow.delete(value);
        }
        check(s, model(list), probes);
      }),
      { numRuns: 60 },
    );
  });

  it('grows to many levels and empties again: ascending, descending and interleaved orders', () => {
    const n = 50_000;
    for (const order of ['up', 'down', 'mixed'] as const) {
      const values = Array.from({ length: n }, (_, i) => (order === 'up' ? i : order === 'down' ? n - i : (i * 7919) % n));
      const s = new SortedList(byNumber);
      for (const v of values) s.add(v);
      const want = [...new Set(values)].sort((a, b) => a - b);
      check(s, want, [0, 1, 777, n - 1, n, n + 1]);
      // Delete every other value, then the rest: merges and root collapses on the way.
      for (let i = 0; i < want.length; i += 2) expect(s.delete(want[i]!)).toBe(true);
      check(
        s,
        want.filter((_, i) => i % 2 === 1),
        [0, 1, 777, n - 1],
      );
      for (let i = 1; i < want.length; i += 2) s.delete(want[i]!);
      check(s, [], [0, 5]);
      s.add(3);
      check(s, [3], [3]);
    }
  });

  it('fromSorted gives the list adds give, and stays correct under later changes', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 100_000 }), { maxLength: 5000 }), ops, (initial, later) => {
        const sorted = [...initial].sort((a, b) => a - b);
        const s = SortedList.fromSorted(byNumber, sorted);
        check(s, sorted, [sorted[0] ?? 0, 50_000]);
        const shadow = new Set(sorted);
        for (const { add, value } of later) {
          add ? s.add(value) : s.delete(value);
          add ? shadow.add(value) : shadow.delete(value);
        }
        check(
          s,
          [...shadow].sort((a, b) => a - b),
          [0, 1500, 99_999],
        );
      }),
      { numRuns: 30 },
    );
  });

  it('orders by its comparator (objects by a bigint field)', () => {
    const s = new SortedList<{ id: bigint }>((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const id of [5n, 2n ** 200n, 1n, 3n]) s.add({ id });
    expect(s.add({ id: 3n })).toBe(false);
    expect(s.values().map((x) => x.id)).toEqual([1n, 3n, 5n, 2n ** 200n]);
    expect(s.rank({ id: 4n })).toBe(2);
    expect(s.delete({ id: 5n })).toBe(true);
    expect(s.has({ id: 5n })).toBe(false);
  });
});
