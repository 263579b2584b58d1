// The depth of each market (one base asset against one quote contract, its NFT tokens together):
// open quantity per price level, kept as orders open, fill and close, so GET /v1/depth reads its
// levels only. Derived like the books: rebuilt from the open orders after a rollback that touched orders.
import { compareRatio, limitOf } from '../state/book.js';
import { SortedList } from '../state/sorted-list.js';
import type { DepthBook, DepthLevel, Order } from '../state/orders.js';
import type { State } from '../state/state.js';
import { getOrSet } from '../values/maps.js';

export function depthKey(baseHex: string, quoteContractKey: string): string {
  return `${baseHex}|${quoteContractKey}`;
}

const byPrice = (a: DepthLevel, b: DepthLevel) => compareRatio(a.price, b.price);

function bookOf(state: State, o: Order, create: boolean): DepthBook | undefined {
  const key = depthKey(o.baseHex, state.assets.get(o.quoteHex)!.contractKey);
  if (!create) return state.lists.depth.get(key);
  return getOrSet(state.lists.depth, key, () => ({
    levels: [new Map(), new Map()],
    sorted: [new SortedList(byPrice), new SortedList(byPrice)],
  }));
}

function levelKey(o: Order): string {
  const p = limitOf(o);
  return `${p.num}/${p.den}`;
}

/** An order opens (placed, or found open by a rebuild): what it still offers joins its level. */
export function depthOpen(state: State, o: Order): void {
  const book = bookOf(state, o, true)!;
  const key = levelKey(o);
  let level = book.levels[o.direction].get(key);
  if (!level) {
    level = { key, price: limitOf(o), qty: 0n, ids: [], head: 0, live: 0 };
    book.levels[o.direction].set(key, level);
    book.sorted[o.direction].add(level);
  }
  level.qty += o.quantity - o.filled;
  level.ids.push(o.id);
  level.live += 1;
}

/** An open order traded `quantity` quote units. */
export function depthFill(state: State, o: Order, quantity: bigint): void {
  bookOf(state, o, false)!.levels[o.direction].get(levelKey(o))!.qty -= quantity;
}

/** An order closed (after it left the open set): what it still offered leaves its level. */
export function depthClose(state: State, o: Order): void {
  const book = bookOf(state, o, false)!;
  const side = book.levels[o.direction];
  const level = side.get(levelKey(o))!;
  level.qty -= o.quantity - o.filled;
  level.live -= 1;
  if (level.live === 0) {
    side.delete(level.key);
    book.sorted[o.direction].delete(level);
    return;
  }
  // Keep the first id open: it names the level's price text.
  while (!state.openOrders.has(level.ids[level.head]!)) level.head += 1;
  if (level.head > 64 && level.head * 2 > level.ids.length) {
    level.ids = level.ids.slice(level.head);
    level.head = 0;
  }
}

/** Levels of one side, best first (bids highest, asks lowest), with the oldest open order of each. */
export function depthLevels(
  state: State,
  baseHex: string,
  quoteContractKey: string,
  direction: 0 | 1,
): Array<{ level: DepthLevel; first: Order }> {
  const book = state.lists.depth.get(depthKey(baseHex, quoteContractKey));
  if (!book) return [];
  const levels = book.sorted[direction].values();
  if (direction === 1) levels.reverse();
  return levels.map((level) => ({ level, first: state.orders.get(level.ids[level.head]!)! }));
}
