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
  /** Orders of this level still resting, and the quote units they still offer (counted by the depth book only). */
  live: number;
  qty: bigint;
}

export class BookSide {
  private readonly byKey = new Map<string, Level>();
  /** The levels with resting orders, best first. */
  private readonly sorted: SortedList<Level>;
  /** Resting orders on this side. */
  size = 0;

  /** bids: the highest price is best; asks: the lowest. */
  constructor(highestFirst: boolean) {
    this.sorted = new SortedList((a, b) => (highestFirst ? -1 : 1) * compareRatio(a.price, b.price));
  }

  /** Adds a resting order, offering `qty` quote units (the depth book counts them; the order books pass none). */
  add(id: number, price: Ratio, qty = 0n): void {
    const key = `${price.num}/${price.den}`;
    let level = this.byKey.get(key);
    if (!level) {
      level = { key, price, queue: [], head: 0, live: 0, qty: 0n };
      this.byKey.set(key, level);
      this.sorted.add(level);
    }
    level.queue.push(id);
    level.live += 1;
    if (qty !== 0n) level.qty += qty;
    this.size += 1;
  }

  /** Marks one resting order of `price` as gone, with the `qty` it still offered; its queue slot is skipped later. */
  remove(price: Ratio, qty = 0n): void {
    const level = this.level(price);
    level.live -= 1;
    if (qty !== 0n) level.qty -= qty;
    this.size -= 1;
    if (level.live > 0) return;
    this.byKey.delete(level.key);
    this.sorted.delete(level);
  }

  /** A resting order of `price` traded `qty` of what it offered. */
  fill(price: Ratio, qty: bigint): void {
    this.level(price).qty -= qty;
  }

  private level(price: Ratio): Level {
    const level = this.byKey.get(`${price.num}/${price.den}`);
    if (!level) throw new RangeError(`no level ${price.num}/${price.den}`);
    return level;
  }

  /** The first resting order of a level; `isResting` tells the gone ids, dropped here. */
  private first(level: Level, isResting: (id: number) => boolean): number {
    while (level.head < level.queue.length && !isResting(level.queue[level.head]!)) level.head += 1;
    if (level.head > 64 && level.head * 2 > level.queue.length) {
      level.queue = level.queue.slice(level.head);
      level.head = 0;
    }
    const id = level.queue[level.head];
    if (id === undefined) throw new RangeError(`level ${level.key} has ${level.live} live orders but none queued`);
    return id;
  }

  /** The best resting order: its id and price (cancelled and filled ones are skipped). */
  best(isResting: (id: number) => boolean): { id: number; price: Ratio } | undefined {
    const top = this.sorted.at(0);
    return top && { id: this.first(top, isResting), price: top.price };
  }

  /** Every level, best first (what GET /v1/depth shows). */
  levels(isResting: (id: number) => boolean) {
    return this.sorted.values().map((l) => ({ price: l.price, qty: l.qty, live: l.live, first: this.first(l, isResting) }));
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
