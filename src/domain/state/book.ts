// One side of one market's order book: price levels in a binary heap (best first), FIFO within a level.
// Insert and best-level lookup are O(log L) in the number of levels; removal is O(1) plus lazy clean-up.

/** A limit price as an exact fraction: base units per quote unit. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

export function ratio(num: bigint, den: bigint): Ratio {
  const g = gcd(num, den);
  return g > 1n ? { num: num / g, den: den / g } : { num, den };
}

/** Limit price of an order as base units per quote unit, from what was signed. */
export function limitOf(o: { direction: 0 | 1; amountSell: bigint; amountBuy: bigint }): Ratio {
  return o.direction === 0 ? ratio(o.amountBuy, o.amountSell) : ratio(o.amountSell, o.amountBuy);
}

/** Negative when a < b. */
export function compareRatio(a: Ratio, b: Ratio): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

interface Level {
  key: string;
  price: Ratio;
  /** Order ids in arrival order; ids before `head` are gone. */
  queue: number[];
  head: number;
  /** Orders of this level still resting. */
  live: number;
}

export class BookSide {
  private readonly levels = new Map<string, Level>();
  private readonly heap: Level[] = [];
  /** Resting orders on this side. */
  size = 0;

  /** bids: the highest price is best; asks: the lowest. */
  constructor(private readonly highestFirst: boolean) {}

  private better(a: Level, b: Level): boolean {
    const c = compareRatio(a.price, b.price);
    return this.highestFirst ? c > 0 : c < 0;
  }

  add(id: number, price: Ratio): void {
    const key = `${price.num}/${price.den}`;
    let level = this.levels.get(key);
    if (!level) {
      level = { key, price, queue: [], head: 0, live: 0 };
      this.levels.set(key, level);
      this.push(level);
    }
    level.queue.push(id);
    level.live += 1;
    this.size += 1;
  }

  /** Marks one resting order of `price` as gone; its queue slot is skipped later. */
  remove(price: Ratio): void {
    const key = `${price.num}/${price.den}`;
    const level = this.levels.get(key);
    if (!level) throw new RangeError(`no level ${key}`);
    level.live -= 1;
    this.size -= 1;
    if (level.live === 0) this.levels.delete(key);
  }

  /**
   * The best resting order: its id and price. `isResting` tells whether a queued id is still on the
   * book (cancelled and filled ones are skipped and dropped here).
   */
  best(isResting: (id: number) => boolean): { id: number; price: Ratio } | undefined {
    for (;;) {
      const top = this.heap[0];
      if (!top) return undefined;
      if (this.levels.get(top.key) !== top) {
        this.pop();
        continue;
      }
      while (top.head < top.queue.length && !isResting(top.queue[top.head]!)) top.head += 1;
      if (top.head > 64 && top.head * 2 > top.queue.length) {
        top.queue = top.queue.slice(top.head);
        top.head = 0;
      }
      const id = top.queue[top.head];
      if (id === undefined) throw new RangeError(`level ${top.key} has ${top.live} live orders but none queued`);
      return { id, price: top.price };
    }
  }

  /**
   * Resting ids of the levels whose price passes `crosses`, best level first, arrival order inside a
   * level: what a taker meets, read without changing the book. Levels come off a second heap over
   * this one's positions as the walk goes, so a walk costs the levels it reads, never the whole side.
   */
  *crossing(isResting: (id: number) => boolean, crosses: (price: Ratio) => boolean): Generator<number> {
    this.best(isResting); // drops the gone levels and orders at the top first
    const h = this.heap;
    const next: number[] = h.length > 0 ? [0] : [];
    const better = (a: number, b: number) => this.better(h[a]!, h[b]!);
    for (let at = popTop(next, better); at !== undefined; at = popTop(next, better)) {
      const level = h[at]!;
      // Heap order: nothing below a level that does not cross can cross.
      if (!crosses(level.price)) return;
      for (const child of [2 * at + 1, 2 * at + 2]) if (child < h.length) pushTop(next, child, better);
      if (this.levels.get(level.key) !== level) continue;
      for (let i = level.head; i < level.queue.length; i++) if (isResting(level.queue[i]!)) yield level.queue[i]!;
    }
  }

  private push(level: Level): void {
    pushTop(this.heap, level, (a, b) => this.better(a, b));
  }

  private pop(): void {
    popTop(this.heap, (a, b) => this.better(a, b));
  }
}

/** Adds `item` to the binary heap `h` (best first by `better`). */
function pushTop<T>(h: T[], item: T, better: (a: T, b: T) => boolean): void {
  h.push(item);
  let i = h.length - 1;
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (!better(h[i]!, h[p]!)) break;
    [h[i], h[p]] = [h[p]!, h[i]!];
    i = p;
  }
}

/** Takes the best item off the binary heap `h`. */
function popTop<T>(h: T[], better: (a: T, b: T) => boolean): T | undefined {
  const top = h[0];
  const last = h.pop();
  if (h.length === 0) return top;
  h[0] = last!;
  for (let i = 0; ; ) {
    const l = 2 * i + 1;
    const r = l + 1;
    let m = i;
    if (l < h.length && better(h[l]!, h[m]!)) m = l;
    if (r < h.length && better(h[r]!, h[m]!)) m = r;
    if (m === i) return top;
    [h[i], h[m]] = [h[m]!, h[i]!];
    i = m;
  }
}

export interface Book {
  bids: BookSide;
  asks: BookSide;
}

export function newBook(): Book {
  return { bids: new BookSide(true), asks: new BookSide(false) };
}
