// Paging over a union of runs, against sorting the union: every offset and limit, runs of every kind
// (id lists past their small form, sorted arrays, ranges of a SortedList), a run given twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdList, arrayRun, pageDescending, rangeRun, totalOf } from '../../../../src/domain/state/runs.js';
import type { Run } from '../../../../src/domain/state/runs.js';
import { SortedList, byNumber } from '../../../../src/domain/state/sorted-list.js';

function idList(ids: readonly number[]): IdList {
  const l = new IdList();
  for (const id of ids) l.push(id);
  return l;
}

/** Splits distinct ids into k ascending runs of mixed kinds. */
function runsOf(ids: readonly number[], k: number, kinds: readonly number[]): { runs: Run[]; all: number[] } {
  const parts: number[][] = Array.from({ length: k }, () => []);
  ids.forEach((id, i) => parts[(id * 31 + i) % k]!.push(id));
  const runs = parts.map((p, i) => {
    const sorted = [...p].sort((a, b) => a - b);
    const kind = kinds[i % kinds.length]!;
    if (kind === 0) return idList(sorted);
    if (kind === 1) return arrayRun(sorted);
    // A range of a list that holds other classes below and above it.
    const span = 2 ** 40;
    const list = SortedList.fromSorted(byNumber, [
      ...sorted.map((x) => x),
      ...sorted.map((x) => span + x),
      ...sorted.map((x) => 2 * span + x),
    ]);
    return rangeRun(list, span, 2 * span);
  });
  return { runs, all: [...ids] };
}

describe('pageDescending', () => {
  it('is the page of the union sorted newest first, for any offset and limit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { maxLength: 400 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 450 }),
        fc.integer({ min: 1, max: 120 }),
        (ids, k, kinds, twice, offset, limit) => {
          const { runs, all } = runsOf(ids, k, kinds);
          const given = twice && runs.length > 0 ? [...runs, runs[0]!] : runs;
          const union = twice && runs.length > 0 ? [...all, ...runs[0]!.slice(0, runs[0]!.size)] : all;
          const want = [...union].sort((a, b) => b - a).slice(offset, offset + limit);
          expect(totalOf(given)).toBe(union.length);
          expect(pageDescending(given, offset, limit)).toEqual(want);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads every page of a long list exactly once, in order', () => {
    const ids = Array.from({ length: 3000 }, (_, i) => i * 3 + 1);
    const { runs } = runsOf(ids, 4, [0, 1, 2]);
    const pages: number[] = [];
    for (let offset = 0; offset < 3000; offset += 128) pages.push(...pageDescending(runs, offset, 128));
    expect(pages).toEqual([...ids].reverse());
  });
});

describe('IdList', () => {
  it('holds ids past 2^32 (its typed storage widens) and pops back', () => {
    const l = new IdList();
    const ids = Array.from({ length: 200 }, (_, i) => (i === 150 ? 2 ** 33 : i < 150 ? i : 2 ** 33 + i));
    for (const id of ids) l.push(id);
    expect(l.slice(0, l.size)).toEqual(ids);
    expect(l.rankOf(2 ** 33)).toBe(150);
    for (let i = 0; i < 120; i++) l.pop();
    expect(l.slice(0, l.size)).toEqual(ids.slice(0, 80));
    expect(() => new IdList().pop()).toThrow(RangeError);
  });
});
