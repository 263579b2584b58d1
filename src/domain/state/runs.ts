// Ascending runs of ids (append-only id lists, sorted arrays, ranges of a SortedList) and the one
// paging algorithm over them: the page of their union, newest (highest) first, in O(k log n + page).
import type { SortedList } from './sorted-list.js';

/** Ids ascending, read by position. Runs given together hold distinct ids, unless the same run is given twice. */
export interface Run {
  readonly size: number;
  /** How many ids of the run are below `id`. */
  rankOf(id: number): number;
  /** The ids at positions [from, to), ascending. */
  slice(from: number, to: number): number[];
}

function lowerBound(at: (i: number) => number, length: number, id: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Plain arrays up to this length; past it, 4 bytes an id (8 once an id passes 2^32). */
const SMALL = 64;
const U32_MAX = 0xffff_ffff;

/**
 * An append-only list of ascending ids (pop only to undo the last push). Small lists are plain
 * arrays; long ones typed arrays, which hold an id in 4 bytes instead of 8.
 */
export class IdList implements Run {
  private small: number[] | null = [];
  private big: Uint32Array | Float64Array = EMPTY;
  private length = 0;

  get size(): number {
    return this.length;
  }

  push(id: number): void {
    if (this.small !== null) {
      if (this.small.length < SMALL) {
        this.small.push(id);
        this.length++;
        return;
      }
      this.big = this.small.some((x) => x > U32_MAX) ? Float64Array.from(this.small) : Uint32Array.from(this.small);
      this.small = null;
    }
    if (this.length === this.big.length || (id > U32_MAX && this.big instanceof Uint32Array)) {
      const wide = id > U32_MAX || this.big instanceof Float64Array;
      const next = wide ? new Float64Array(Math.ceil(this.length * 1.5) + 16) : new Uint32Array(Math.ceil(this.length * 1.5) + 16);
      next.set(this.big.subarray(0, this.length));
      this.big = next;
    }
    this.big[this.length++] = id;
  }

  /** Removes the last id (undoing its push). */
  pop(): void {
    if (this.length === 0) throw new RangeError('pop of an empty id list');
    this.length--;
    if (this.small !== null) this.small.pop();
  }

  rankOf(id: number): number {
    const small = this.small;
    return lowerBound(small !== null ? (i) => small[i]! : (i) => this.big[i]!, this.length, id);
  }

  slice(from: number, to: number): number[] {
    if (this.small !== null) return this.small.slice(from, to);
    return Array.from(this.big.subarray(Math.max(0, from), Math.min(this.length, to)));
  }
}

const EMPTY = new Uint32Array(0);

/** A sorted array of ids as a run (it must not change while the run is read). */
export function arrayRun(ids: readonly number[]): Run {
  return {
    size: ids.length,
    rankOf: (id) => lowerBound((i) => ids[i]!, ids.length, id),
    slice: (from, to) => ids.slice(from, to),
  };
}

export const EMPTY_RUN: Run = arrayRun([]);

/**
 * The ids of a SortedList<number> in [lo, hi), shifted down by `lo`: a list that keeps several
 * classes of ids apart by storing `class * span + id` reads one class as a run.
 */
export function rangeRun(list: SortedList<number>, lo: number, hi: number): Run {
  const start = list.rank(lo);
  const size = list.rank(hi) - start;
  return {
    size,
    rankOf: (id) => Math.min(size, Math.max(0, list.rank(lo + id) - start)),
    slice: (from, to) => list.slice(start + Math.max(0, from), start + Math.min(size, to)).map((v) => v - lo),
  };
}

/** How many ids of all runs are at least `id`. */
function countFrom(runs: readonly Run[], id: number): number {
  let n = 0;
  for (const r of runs) n += r.size - r.rankOf(id);
  return n;
}

/** The largest id v with countFrom(runs, v) >= n (n >= 1 and at most the total). */
function valueAtDepth(runs: readonly Run[], n: number, highest: number): number {
  let lo = 0;
  let hi = highest;
  while (lo < hi) {
    const mid = lo + Math.ceil((hi - lo) / 2);
    if (countFrom(runs, mid) >= n) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The ids at positions [offset, offset + limit) of the union of `runs` taken highest first (a run
 * given twice yields its ids twice, side by side). Two binary searches over the id range find the
 * page's first and last id; then each run gives only its ids between them.
 */
export function pageDescending(runs: readonly Run[], offset: number, limit: number): number[] {
  const live = runs.filter((r) => r.size > 0);
  const total = live.reduce((s, r) => s + r.size, 0);
  if (offset >= total || limit <= 0) return [];
  const end = Math.min(total, offset + limit);
  if (live.length === 1) return live[0]!.slice(total - end, total - offset).reverse();
  const highest = Math.max(...live.map((r) => r.slice(r.size - 1, r.size)[0]!));
  const top = valueAtDepth(live, offset + 1, highest);
  const bottom = valueAtDepth(live, end, top);
  const ids: number[] = [];
  for (const r of live) for (const id of r.slice(r.rankOf(bottom), r.rankOf(top + 1))) ids.push(id);
  ids.sort((a, b) => b - a);
  const skip = offset - countFrom(live, top + 1);
  return ids.slice(skip, skip + (end - offset));
}

export function totalOf(runs: readonly Run[]): number {
  return runs.reduce((s, r) => s + r.size, 0);
}
