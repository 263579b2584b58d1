// The open orders and their derived indexes: each market's book and depth, open ids by owner and by
// quote asset, and the trade positions by order, key and market. Matching and placement both keep them.
import { type Book, type BookSide, limitOf, newBook } from '../state/book.js';
import { unfreeze } from '../ledger/ledger.js';
import type { State } from '../state/state.js';
import type { Order, ORDER_STATES, OrderState } from '../state/orders.js';
import { listingIndex } from './collection-listings.js';
import { rebuildOrderLists, relistOrder } from './order-lists.js';
import { touch } from '../state/undo.js';
import { getOrSet } from '../values/maps.js';

export function marketKey(baseHex: string, quoteHex: string): string {
  return `${baseHex}|${quoteHex}`;
}

export function bookOf(state: State, order: Order): Book {
  return getOrSet(state.books, marketKey(order.baseHex, order.quoteHex), newBook);
}

function sideOf(book: Book, order: Order): BookSide {
  return order.direction === 1 ? book.bids : book.asks;
}

/**
 * The depth of a market (one base asset against one quote contract, its NFT tokens together): open
 * quantity per price level, kept as orders open, fill and close, so GET /v1/depth reads its levels only.
 */
function depthSide(state: State, o: Order): BookSide {
  return sideOf(getOrSet(state.lists.depth, `${o.baseHex}|${state.assets.get(o.quoteHex)!.contractKey}`, newBook), o);
}

/** An open order traded `quantity` quote units. */
export function depthFill(state: State, o: Order, quantity: bigint): void {
  depthSide(state, o).fill(limitOf(o), quantity);
}

/** Depth levels of one side, best first (bids highest, asks lowest), each with its oldest open order. */
export function depthLevels(state: State, baseHex: string, quoteContractKey: string, direction: 0 | 1) {
  const book = state.lists.depth.get(`${baseHex}|${quoteContractKey}`);
  if (!book) return [];
  return (direction === 1 ? book.bids : book.asks).levels((id) => state.openOrders.has(id));
}

export function restOrder(state: State, order: Order): void {
  sideOf(bookOf(state, order), order).add(order.id, limitOf(order));
}

/** Adds trade `at` to the trade indexes: by each order, each stark key, the market and (NFTs) the collection. */
export function indexTrade(state: State, at: number, sell: Order, buy: Order): void {
  const keys = [
    `order:${sell.id}`,
    `order:${buy.id}`,
    `key:${sell.starkKey}`,
    `key:${buy.starkKey}`,
    `market:${marketKey(sell.baseHex, sell.quoteHex)}`,
  ];
  const quote = state.assets.get(sell.quoteHex)!;
  // An NFT collection's trades are many markets (one per token): GET /v1/trades pages them together.
  if (quote.tokenId !== null) keys.push(collectionTradesKey(sell.baseHex, quote.contractKey));
  for (const key of new Set(keys)) getOrSet(state.tradesBy, key, () => []).push(at);
}

export function collectionTradesKey(baseHex: string, quoteContractKey: string): string {
  return `collection:${baseHex}|${quoteContractKey}`;
}

/** Keeps the open-order indexes (all, by owner, by quote asset, depth, collection listings) in step. */
export function openIndex(state: State, order: Order, open: boolean): void {
  const by = (m: Map<string, Set<number>>, k: string) => getOrSet(m, k, () => new Set<number>());
  if (open) {
    state.openOrders.add(order.id);
    by(state.openByOwner, order.starkKey).add(order.id);
    by(state.openByQuote, order.quoteHex).add(order.id);
    depthSide(state, order).add(order.id, limitOf(order), order.quantity - order.filled);
  } else {
    state.openOrders.delete(order.id);
    state.openByOwner.get(order.starkKey)?.delete(order.id);
    state.openByQuote.get(order.quoteHex)?.delete(order.id);
    depthSide(state, order).remove(limitOf(order), order.quantity - order.filled);
  }
  listingIndex(state, order, open);
}

/** The one place an order's state changes after placement (the order lists follow it). */
export function setOrderState(state: State, order: Order, next: OrderState): void {
  const before = order.state;
  order.state = next;
  relistOrder(state, order, before);
}

/** Closes an order (cancelled or filled): releases what it still has frozen and takes it off the book. */
export function closeOrder(
  state: State,
  order: Order,
  finalState: typeof ORDER_STATES.cancelled | typeof ORDER_STATES.filled,
  resting: boolean,
): void {
  touch(state.undo, order, true);
  if (order.frozen > 0n) {
    const hex = order.direction === 0 ? order.quoteHex : order.baseHex;
    unfreeze(state, order.starkKey, state.assets.get(hex)!, order.frozen);
    order.frozen = 0n;
  }
  if (resting) sideOf(bookOf(state, order), order).remove(limitOf(order));
  openIndex(state, order, false);
  setOrderState(state, order, finalState);
}

/** Depth levels and collection listings of the open orders, in placement order (a check builds them apart). */
export function openOrderIndexes(state: State): void {
  for (const id of [...state.openOrders].sort((a, b) => a - b)) {
    const o = state.orders.get(id)!;
    depthSide(state, o).add(o.id, limitOf(o), o.quantity - o.filled);
    listingIndex(state, o, true);
  }
}

/** Rebuilds the derived indexes (books, open orders by owner and quote, trades, order lists, depth, listings) from the plain data. */
export function rebuildOrderIndexes(state: State): void {
  state.books.clear();
  state.openByOwner.clear();
  state.openByQuote.clear();
  state.tradesBy.clear();
  state.lists.depth.clear();
  state.lists.listings.clear();
  rebuildOrderLists(state);
  // Ascending ids are placement order, which is time priority inside a price level.
  for (const id of [...state.openOrders].sort((a, b) => a - b)) {
    const o = state.orders.get(id)!;
    openIndex(state, o, true); // the open set already holds it; this fills the other open-order indexes
    restOrder(state, o);
  }
  state.trades.forEach((t, at) => {
    const maker = state.orders.get(t.makerId)!;
    const taker = state.orders.get(t.takerId)!;
    indexTrade(state, at, maker.direction === 0 ? maker : taker, maker.direction === 0 ? taker : maker);
  });
}
