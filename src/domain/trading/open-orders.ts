// The open orders and their derived indexes: each market's book, open ids by owner and by quote
// asset, and the trade positions by order, key and market. Matching and placement both keep them.
import { newBook, ratio } from './book.js';
import type { Book, BookSide, Ratio } from './book.js';
import { unfreeze } from '../ledger/ledger.js';
import type { Order, State } from '../state/state.js';
import { ORDER_STATES } from '../state/state.js';
import { touch } from '../state/undo.js';

/** Limit price of an order as base units per quote unit, from what was signed. */
export function limitOf(o: Pick<Order, 'direction' | 'amountSell' | 'amountBuy'>): Ratio {
  return o.direction === 0 ? ratio(o.amountBuy, o.amountSell) : ratio(o.amountSell, o.amountBuy);
}

export function marketKey(baseHex: string, quoteHex: string): string {
  return `${baseHex}|${quoteHex}`;
}

export function bookOf(state: State, order: Order): Book {
  const key = marketKey(order.baseHex, order.quoteHex);
  let book = state.books.get(key);
  if (!book) {
    book = newBook();
    state.books.set(key, book);
  }
  return book;
}

function sideOf(book: Book, order: Order): BookSide {
  return order.direction === 1 ? book.bids : book.asks;
}

export function restOrder(state: State, order: Order): void {
  sideOf(bookOf(state, order), order).add(order.id, limitOf(order));
}

export function unrest(state: State, order: Order): void {
  sideOf(bookOf(state, order), order).remove(limitOf(order));
}

/** Adds trade `at` to the trade indexes: by each order, each stark key and the market. */
export function indexTrade(state: State, at: number, sell: Order, buy: Order): void {
  for (const key of new Set([`order:${sell.id}`, `order:${buy.id}`, `key:${sell.starkKey}`, `key:${buy.starkKey}`, `market:${marketKey(sell.baseHex, sell.quoteHex)}`])) {
    let list = state.tradesBy.get(key);
    if (!list) state.tradesBy.set(key, (list = []));
    list.push(at);
  }
}

/** Adds a newly placed order (open or not) to the index of all orders by quote asset. */
export function indexPlaced(state: State, order: Order): void {
  let ids = state.ordersByQuote.get(order.quoteHex);
  if (!ids) state.ordersByQuote.set(order.quoteHex, (ids = []));
  ids.push(order.id);
}

/** Keeps the open-order indexes (all, by owner, by quote asset) in step. */
export function openIndex(state: State, order: Order, open: boolean): void {
  const by = (m: Map<string, Set<number>>, k: string) => {
    let s = m.get(k);
    if (!s) m.set(k, (s = new Set()));
    return s;
  };
  if (open) {
    state.openOrders.add(order.id);
    by(state.openByOwner, order.starkKey).add(order.id);
    by(state.openByQuote, order.quoteHex).add(order.id);
  } else {
    state.openOrders.delete(order.id);
    state.openByOwner.get(order.starkKey)?.delete(order.id);
    state.openByQuote.get(order.quoteHex)?.delete(order.id);
  }
}

/** Closes an order (cancelled or filled): releases what it still has frozen and takes it off the book. */
export function closeOrder(state: State, order: Order, finalState: typeof ORDER_STATES.cancelled | typeof ORDER_STATES.filled, resting: boolean): void {
  touch(state.undo, order, true);
  if (order.frozen > 0n) {
    const hex = order.direction === 0 ? order.quoteHex : order.baseHex;
    unfreeze(state, order.starkKey, state.assets.get(hex)!, order.frozen);
    order.frozen = 0n;
  }
  if (resting) unrest(state, order);
  openIndex(state, order, false);
  order.state = finalState;
}

/** Rebuilds the derived indexes (books, open orders by owner and quote, trades) from the plain data. */
export function rebuildOrderIndexes(state: State): void {
  state.books.clear();
  state.openByOwner.clear();
  state.openByQuote.clear();
  state.tradesBy.clear();
  state.ordersByQuote.clear();
  for (const o of state.orders.values()) indexPlaced(state, o);
  // Ascending ids are placement order, which is time priority inside a price level.
  for (const id of [...state.openOrders].sort((a, b) => a - b)) {
    const o = state.orders.get(id)!;
    openIndex(state, o, true); // the open set already holds it; this fills the owner and quote indexes
    restOrder(state, o);
  }
  state.trades.forEach((t, at) => {
    const maker = state.orders.get(t.makerId)!;
    const taker = state.orders.get(t.takerId)!;
    indexTrade(state, at, maker.direction === 0 ? maker : taker, maker.direction === 0 ? taker : maker);
  });
}
