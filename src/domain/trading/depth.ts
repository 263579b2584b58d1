// Market views beyond the seed that newer SDKs call: depth per price level and the trade history.
import * as v from 'valibot';
import { contractOf } from '../catalog/assets.js';
import { marketContract } from '../catalog/contracts.js';
import { fail, ErrorCode } from '../values/errors.js';
import { unixSeconds } from '../state/clock.js';
import { toHex } from '../values/hex.js';
import { collectionTradesKey, depthLevels, marketKey } from './open-orders.js';
import { type Listing, mappedListing } from '../values/listing.js';
import { displayAmount } from '../values/money.js';
import { priceViews } from './order-views.js';
import type { Contract, State } from '../state/state.js';
import { CONTRACT_ADDRESS, DIRECTION, STARK_KEY, TOKEN_ID, UNIX_SECONDS, display, int, text } from '../values/wire.js';

const LEVEL = v.strictTuple([display('price in whole currency units'), display('open quantity in whole tokens')]);
type Level = v.InferOutput<typeof LEVEL>;

/** GET /v1/depth: price levels, bids best (highest) first, asks lowest first; null for an empty side. */
export const DEPTH = v.pipe(
  v.strictObject({
    bids: v.pipe(v.nullable(v.array(LEVEL)), v.description('BID levels, or null')),
    asks: v.pipe(v.nullable(v.array(LEVEL)), v.description('ASK levels, or null')),
  }),
  v.title('Depth'),
);

/** A row of GET /v1/trades: one fill, at the maker's price. */
export const TRADE = v.pipe(
  v.strictObject({
    taker_order_id: int('the order that matched on arrival'),
    maker_order_id: int('the order that was on the book'),
    price: display("the maker's display price"),
    executed_qty: display('tokens traded, in whole tokens'),
    volume: display('currency paid, in whole units'),
    fee: display('service and marketplace fees, in whole currency units'),
    time: UNIX_SECONDS,
    taker: v.pipe(STARK_KEY, v.description("the taker's stark key")),
    maker: v.pipe(STARK_KEY, v.description("the maker's stark key")),
    direction: v.pipe(DIRECTION, v.description("the taker's direction: 0 ASK, 1 BID")),
    base_token_contract_addr: CONTRACT_ADDRESS,
    quote_token_contract_addr: CONTRACT_ADDRESS,
    base_token_name: text('symbol of the currency'),
    quote_token_name: text('symbol of the token'),
    token_id: TOKEN_ID,
  }),
  v.title('Trade'),
);
type Trade = v.InferOutput<typeof TRADE>;

/**
 * `GET /v1/depth`: `[display price, display quantity]` per level, bids best (highest) first, asks
 * lowest first; null for an empty side. An NFT contract aggregates its tokens' markets. Reads the
 * levels kept by open-orders.ts: the cost grows with the levels, not with the orders.
 */
export function depth(state: State, base: Contract, quote: Contract): v.InferOutput<typeof DEPTH> {
  const baseHex = toHex(base.assetType);
  const show = (direction: 0 | 1): Level[] | null => {
    const levels = depthLevels(state, baseHex, quote.key, direction);
    if (levels.length === 0) return null;
    return levels.map(({ qty, first }) => [
      priceViews(state, state.orders.get(first)!).display_price,
      displayAmount(qty, quote.quantum, quote.decimals),
    ]);
  };
  return { bids: show(1), asks: show(0) };
}

export interface TradeQuery {
  orderId?: number | undefined;
  starkKey?: string | undefined;
  baseAddress?: string | undefined;
  quoteAddress?: string | undefined;
}

/** `GET /v1/trades`: fills newest first, from the index that applies (never a scan of all trades); views for the page only. */
export function trades(state: State, f: TradeQuery): Listing<Trade> {
  // Positions ascending (trades are appended): newest first is the list read backwards.
  const at = state.tradesBy.get(tradesKey(state, f)) ?? [];
  return mappedListing(
    at.length,
    (offset, limit) => at.slice(Math.max(0, at.length - offset - limit), at.length - offset).reverse(),
    (i) => tradeView(state, i),
  );
}

function tradesKey(state: State, f: TradeQuery): string {
  if (f.orderId !== undefined) return `order:${f.orderId}`;
  if (f.starkKey !== undefined) return `key:${f.starkKey}`;
  if (f.baseAddress === undefined || f.quoteAddress === undefined)
    fail(ErrorCode.InvalidParam, 'give order_id, stark_key, or both base_token_contract_addr and quote_token_contract_addr');
  const base = toHex(marketContract(state, f.baseAddress, 'base_token_contract_addr', false).assetType);
  const quote = marketContract(state, f.quoteAddress, 'quote_token_contract_addr', true);
  return quote.type === 'ERC20' ? `market:${marketKey(base, toHex(quote.assetType))}` : collectionTradesKey(base, quote.key);
}

/** A `GET /v1/trades` item: trade `i` (its position in the trades). */
export function tradeView(state: State, i: number): Trade {
  const t = state.trades[i]!;
  const maker = state.orders.get(t.makerId)!;
  const taker = state.orders.get(t.takerId)!;
  const bc = contractOf(state, state.assets.get(maker.baseHex)!);
  const qa = state.assets.get(maker.quoteHex)!;
  const qc = contractOf(state, qa);
  return {
    taker_order_id: t.takerId,
    maker_order_id: t.makerId,
    price: priceViews(state, maker).display_price,
    executed_qty: displayAmount(t.quantity, qc.quantum, qc.decimals),
    volume: displayAmount(t.volume, bc.quantum, bc.decimals),
    fee: displayAmount(t.serviceFee + t.marketplaceFee, bc.quantum, bc.decimals),
    time: unixSeconds(t.timeMicros),
    taker: taker.starkKey,
    maker: maker.starkKey,
    direction: taker.direction,
    base_token_contract_addr: bc.address,
    quote_token_contract_addr: qc.address,
    base_token_name: bc.symbol,
    quote_token_name: qc.symbol,
    token_id: qa.tokenId === null ? '' : qa.tokenId.toString(),
  };
}
