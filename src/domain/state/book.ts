// One side of one market's order book: price levels sorted best first, FIFO within a level.
// Adding and removing a level and finding the best are O(log L) in the number of levels.
import { SortedList } from './sorted-list.js';

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
  /** The levels with resting orders, best first. */
  private readonly sorted: SortedList<Level>;
  /** Resting orders on this side. */
  size = 0;

  /** bids: the highest price is best; asks: the lowest. */
  constructor(highestFirst: boolean) {
    this.sorted = new SortedList((a, b) => (highestFirst ? -1 : 1) * compareRatio(a.price, b.price));
  }

  add(id: number, price: Ratio): void {
    const key = `${price.num}/${price.den}`;
    let level = this.levels.get(key);
    if (!level) {
      level = { key, price, queue: [], head: 0, live: 0 };
      this.levels.set(key, level);
      this.sorted.add(level);
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
    if (level.live > 0) return;
    this.levels.delete(key);
    this.sorted.delete(level);
  }

  /**
   * The best resting order: its id and price. `isResting` tells whether a queued id is still on the
   * book (cancelled and filled ones are skipped and dropped here).
   */
  best(isResting: (id: number) => boolean): { id: number; price: Ratio } | undefined {
    const top = this.sorted.at(0);
    if (!top) return undefined;
    while (top.head < top.queue.length && !isResting(top.queue[top.head]!)) top.head += 1;
    if (top.head > 64 && top.head * 2 > top.queue.length) {
      top.queue = top.queue.slice(top.head);
      top.head = 0;
    }
    const id = top.queue[top.head];
    if (id === undefined) throw new RangeError(`level ${top.key} has ${top.live} live orders but none queued`);
    return { id, price: top.price };
  }

  /**
   * Resting ids of the levels whose price passes `crosses`, best level first, arrival order inside a
   * level: what a taker meets, read without changing the book; a walk costs the levels it reads.
   */
  *crossing(isResting: (id: number) => boolean, crosses: (price: Ratio) => boolean): Generator<number> {
    this.best(isResting); // drops the gone orders at the head of the best level first
    for (let at = 0; ; at++) {
      const level = this.sorted.at(at);
      if (level === undefined || !crosses(level.price)) return;
      for (let i = level.head; i < level.queue.length; i++) if (isResting(level.queue[i]!)) yield level.queue[i]!;
    }
  }
}

export interface Book {
  bids: BookSide;
  asks: BookSide;
}

export function newBook(): Book {
  return { bids: new BookSide(true), asks: new BookSide(false) };
}
