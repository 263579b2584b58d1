// The book decides, one function settles: matchFills walks the book price-time and returns the fills
// (changing nothing), settleFills applies their unit moves, fees and order states.
import { compareRatio, limitOf, type Ratio } from '../state/book.js';
import { credit, spendFrozen } from '../ledger/ledger.js';
import { bookOf, closeOrder, depthFill, indexTrade, setOrderState } from './open-orders.js';
import { marketplaceFee, serviceFee } from './fees.js';
import type { State } from '../state/state.js';
import { type Order, ORDER_STATES, type Trade } from '../state/orders.js';
import { append, touch } from '../state/undo.js';

/** One fill: `quantity` quote units of the resting `maker` for `volume` base units. */
export interface Fill {
  maker: Order;
  quantity: bigint;
  volume: bigint;
}

export interface Match {
  fills: Fill[];
  /** Quote units of the taker the fills leave open. */
  left: bigint;
  /** The walk met the taker's owner's own order, or a fill no volume of which respects both signed ratios. */
  blocked: boolean;
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
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
 * The fills of a new (taker) order against the opposite side, best price first, arrival order within
 * a price, until it is filled, stops crossing, or is blocked (self-trade prevention, cancel-newest; or
 * no volume respects both ratios, when resting would leave the book crossed). Changes nothing.
 */
export function matchFills(state: State, taker: Order): Match {
  const book = bookOf(state, taker);
  const opposite = taker.direction === 1 ? book.asks : book.bids;
  const limit = limitOf(taker);
  const crosses = (p: Ratio) => (taker.direction === 1 ? compareRatio(p, limit) <= 0 : compareRatio(p, limit) >= 0);
  const fills: Fill[] = [];
  let left = taker.quantity - taker.filled;
  for (const id of opposite.crossing((i) => state.openOrders.has(i), crosses)) {
    if (left === 0n) break;
    const maker = state.orders.get(id)!;
    const quantity = min(left, maker.quantity - maker.filled);
    const volume = maker.starkKey === taker.starkKey ? undefined : volumeFor(maker, taker, quantity);
    if (volume === undefined) return { fills, left, blocked: true };
    fills.push({ maker, quantity, volume });
    left -= quantity;
  }
  return { fills, left, blocked: false };
}

/**
 * Settles a taker's fills in order, then cancels its rest when the walk was blocked. Per fill: the
 * seller's frozen quote goes to the buyer, the buyer's frozen base pays the volume, the seller receives
 * it less the service fee (to the operator, capped by the seller's remaining signed fee_limit) and the
 * marketplace fee (sell order's marketplace, else the buy order's). Validation is over: no step fails.
 */
export function settleFills(state: State, taker: Order, { fills, blocked }: Match): void {
  for (const { maker, quantity, volume } of fills) {
    const sell = maker.direction === 0 ? maker : taker;
    const buy = maker.direction === 0 ? taker : maker;
    const base = state.assets.get(sell.baseHex)!;
    const quote = state.assets.get(sell.quoteHex)!;
    const service = serviceFee(volume, sell.feeLimit - sell.serviceFee);
    const mp = state.marketplaces.get(sell.marketplace ?? buy.marketplace ?? '');
    const market = mp ? min(marketplaceFee(volume, mp.fee), volume - service) : 0n;

    spendFrozen(state, sell.starkKey, quote, quantity);
    credit(state, buy.starkKey, quote, quantity);
    spendFrozen(state, buy.starkKey, base, volume);
    const sellerGets = volume - service - market;
    if (sellerGets > 0n) credit(state, sell.starkKey, base, sellerGets);
    if (service > 0n) credit(state, state.operator, base, service);
    if (market > 0n) credit(state, mp!.payee, base, market);

    touch(state.undo, maker, true);
    touch(state.undo, taker, true);
    for (const o of [maker, taker]) {
      o.filled += quantity;
      o.volume += volume;
      o.frozen -= o === sell ? quantity : volume;
      depthFill(state, o, quantity);
    }
    sell.serviceFee += service;
    sell.feeTaken += service + market;
    const trade: Trade = {
      makerId: maker.id,
      takerId: taker.id,
      quantity,
      volume,
      serviceFee: service,
      marketplaceFee: market,
      timeMicros: state.clock.nowMicros,
    };
    indexTrade(state, append(state.undo, state.trades, trade, true) - 1, sell, buy);
    for (const o of [maker, taker]) {
      if (o.filled === o.quantity) closeOrder(state, o, ORDER_STATES.filled, o === maker);
      else setOrderState(state, o, ORDER_STATES.partiallyFilled);
    }
  }
  if (blocked) closeOrder(state, taker, ORDER_STATES.cancelled, false);
}
