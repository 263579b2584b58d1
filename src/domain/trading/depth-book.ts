// The depth of each market (one base asset against one quote contract, its NFT tokens together):
// open quantity per price level, kept as orders open, fill and close, so GET /v1/depth reads its
// levels only. Derived like the books: rebuilt from the open orders after a rollback that touched orders.
import { type BookSide, limitOf, newBook } from '../state/book.js';
import type { Order } from '../state/orders.js';
import type { State } from '../state/state.js';
import { getOrSet } from '../values/maps.js';

function sideOf(state: State, o: Order): BookSide {
  const book = getOrSet(state.lists.depth, `${o.baseHex}|${state.assets.get(o.quoteHex)!.contractKey}`, newBook);
  return o.direction === 1 ? book.bids : book.asks;
}

/** An order opens (placed, or found open by a rebuild): what it still offers joins its level. */
export function depthOpen(state: State, o: Order): void {
  sideOf(state, o).add(o.id, limitOf(o), o.quantity - o.filled);
}

/** An open order traded `quantity` quote units. */
export function depthFill(state: State, o: Order, quantity: bigint): void {
  sideOf(state, o).fill(limitOf(o), quantity);
}

/** An order closed (after it left the open set): what it still offered leaves its level. */
export function depthClose(state: State, o: Order): void {
  sideOf(state, o).remove(limitOf(o), o.quantity - o.filled);
}

/** Levels of one side, best first (bids highest, asks lowest), each with its oldest open order. */
export function depthLevels(state: State, baseHex: string, quoteContractKey: string, direction: 0 | 1) {
  const book = state.lists.depth.get(`${baseHex}|${quoteContractKey}`);
  if (!book) return [];
  return (direction === 1 ? book.bids : book.asks).levels((id) => state.openOrders.has(id));
}
