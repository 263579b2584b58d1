// Price-time matching per (base, quote) market and the one function that settles a fill.
// The book decides who trades with whom; settleFill moves every unit and fee.
import { compareRatio, limitOf } from './book.js';
import type { Ratio } from './book.js';
import { credit, spendFrozen } from '../ledger/ledger.js';
import { bookOf, closeOrder, indexTrade, setOrderState } from './open-orders.js';
import { depthFill } from './depth-book.js';
import type { Order, Rate, State, Trade } from '../state/state.js';
import { ORDER_STATES } from '../state/state.js';
import { append, touch } from '../state/undo.js';

/** How the two fees of a fill are computed; the seller pays both, in the base token. */
export interface FeeSchedule {
  /** The service fee, given what the seller's signed fee_limit still allows. */
  service(volume: bigint, limitLeft: bigint): bigint;
  /** The marketplace fee at the marketplace's rate. */
  marketplace(volume: bigint, rate: Rate): bigint;
}

/** The real service's fees: 0.5% of the volume floored, never beyond the fee_limit; the marketplace's rate floored. */
export const REAL_FEES: FeeSchedule = {
  service: (volume, limitLeft) => min((volume * 5n) / 1000n, limitLeft),
  marketplace: (volume, rate) => (volume * rate.num) / rate.den,
};

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/**
 * Base units for `q` quote units at the maker's price, rounded for the maker (never for the taker),
 * or undefined when no amount satisfies both signed ratios (StarkEx: nobody sells more per unit
 * bought than it signed).
 */
function volumeFor(maker: Order, taker: Order, q: bigint): bigint | undefined {
  const ask = maker.direction === 0 ? maker : taker;
  const bid = maker.direction === 0 ? taker : maker;
  const x = maker.direction === 0 ? ceilDiv(q * maker.amountBuy, maker.amountSell) : (q * maker.amountSell) / maker.amountBuy;
  const sellerMin = ceilDiv(q * ask.amountBuy, ask.amountSell);
  const buyerMax = (q * bid.amountSell) / bid.amountBuy;
  return x >= sellerMin && x <= buyerMax && x > 0n ? x : undefined;
}

/**
 * Whether `taker` would fill entirely against the book as it stands (a fill-or-kill order's dry run):
 * the same walk as matchOrder, stopping where matchOrder would stop (its owner's own order, or a
 * fill no amount of which respects both signed ratios). Changes nothing.
 */
export function fillsEntirely(state: State, taker: Order): boolean {
  const book = bookOf(state, taker);
  const opposite = taker.direction === 1 ? book.asks : book.bids;
  const takerLimit = limitOf(taker);
  const crosses = (price: Ratio) => (taker.direction === 1 ? compareRatio(price, takerLimit) <= 0 : compareRatio(price, takerLimit) >= 0);
  let left = taker.quantity - taker.filled;
  for (const id of opposite.crossing((i) => state.openOrders.has(i), crosses)) {
    const maker = state.orders.get(id)!;
    if (maker.starkKey === taker.starkKey) return false;
    const q = min(left, maker.quantity - maker.filled);
    if (volumeFor(maker, taker, q) === undefined) return false;
    left -= q;
    if (left === 0n) return true;
  }
  return false;
}

/** Matches a new (taker) order against the opposite side until it is filled, stops crossing, or meets its owner. */
export function matchOrder(state: State, taker: Order, fees: FeeSchedule): void {
  const book = bookOf(state, taker);
  const opposite = taker.direction === 1 ? book.asks : book.bids;
  const takerLimit = limitOf(taker);
  const resting = (id: number) => state.openOrders.has(id);
  while (taker.filled < taker.quantity) {
    const best = opposite.best(resting);
    if (!best) return;
    const crosses = taker.direction === 1 ? compareRatio(best.price, takerLimit) <= 0 : compareRatio(best.price, takerLimit) >= 0;
    if (!crosses) return;
    const maker = state.orders.get(best.id)!;
    if (maker.starkKey === taker.starkKey) {
      // Self-trade prevention, cancel-newest: the incoming order goes.
      closeOrder(state, taker, ORDER_STATES.cancelled, false);
      return;
    }
    const q = min(taker.quantity - taker.filled, maker.quantity - maker.filled);
    const volume = volumeFor(maker, taker, q);
    if (volume === undefined) {
      // No volume for this fill respects both signed ratios. Resting would leave the book crossed
      // (docs/guarantees.md), so the rest of the incoming order is cancelled, as self-trade prevention does.
      closeOrder(state, taker, ORDER_STATES.cancelled, false);
      return;
    }
    settleFill(state, maker, taker, q, volume, fees);
  }
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/**
 * Settles one fill: the seller's frozen quote goes to the buyer, the buyer's frozen base pays the
 * volume, the seller receives it less the service fee (to the operator, capped by the seller's
 * remaining signed fee_limit) and the marketplace fee (sell order's marketplace, else the buy order's).
 */
export function settleFill(state: State, maker: Order, taker: Order, quantity: bigint, volume: bigint, fees: FeeSchedule): void {
  const sell = maker.direction === 0 ? maker : taker;
  const buy = maker.direction === 0 ? taker : maker;
  const base = state.assets.get(sell.baseHex)!;
  const quote = state.assets.get(sell.quoteHex)!;

  const serviceFee = fees.service(volume, sell.feeLimit - sell.serviceFee);
  const mp = state.marketplaces.get(sell.marketplace ?? buy.marketplace ?? '');
  const marketplaceFee = mp ? min(fees.marketplace(volume, mp.fee), volume - serviceFee) : 0n;

  spendFrozen(state, sell.starkKey, quote, quantity);
  credit(state, buy.starkKey, quote, quantity);
  spendFrozen(state, buy.starkKey, base, volume);
  const sellerGets = volume - serviceFee - marketplaceFee;
  if (sellerGets > 0n) credit(state, sell.starkKey, base, sellerGets);
  if (serviceFee > 0n) credit(state, state.operator, base, serviceFee);
  if (marketplaceFee > 0n) credit(state, mp!.payee, base, marketplaceFee);

  touch(state.undo, maker, true);
  touch(state.undo, taker, true);
  for (const o of [maker, taker]) {
    o.filled += quantity;
    o.volume += volume;
    o.frozen -= o === sell ? quantity : volume;
    depthFill(state, o, quantity);
  }
  sell.serviceFee += serviceFee;
  sell.feeTaken += serviceFee + marketplaceFee;
  const trade: Trade = {
    makerId: maker.id,
    takerId: taker.id,
    quantity,
    volume,
    serviceFee,
    marketplaceFee,
    timeMicros: state.clock.nowMicros,
  };
  indexTrade(state, append(state.undo, state.trades, trade, true) - 1, sell, buy);

  for (const o of [maker, taker]) {
    if (o.filled === o.quantity) closeOrder(state, o, ORDER_STATES.filled, o === maker);
    else setOrderState(state, o, ORDER_STATES.partiallyFilled);
  }
}
