// Market views beyond the seed that newer SDKs call: depth per price level and the trade history.
import { contractOf } from '../catalog/assets.js';
import { marketContract } from '../catalog/contracts.js';
import { fail, ErrorCode } from '../values/errors.js';
import { compareRatio } from './book.js';
import type { Ratio } from './book.js';
import { unixSeconds } from '../state/clock.js';
import { toHex } from '../values/hex.js';
import { limitOf, marketKey } from './open-orders.js';
import { displayAmount } from '../values/money.js';
import { priceViews } from './order-views.js';
import type { Contract, Order, State } from '../state/state.js';

type Level = [string, string];

function displayPrice(state: State, o: Order): string {
  return priceViews(state, o).display_price;
}

/**
 * `GET /v1/depth`: `[display price, display quantity]` per level, bids best (highest) first, asks
 * lowest first; null for an empty side. An NFT contract aggregates its tokens' markets.
 */
export function depth(state: State, base: Contract, quote: Contract): { bids: Level[] | null; asks: Level[] | null } {
  const baseHex = toHex(base.assetType);
  const quoteAssets = quote.type === 'ERC20' ? [toHex(quote.assetType)] : [...quote.tokens.values()];
  const levels = [new Map<string, { price: Ratio; text: string; qty: bigint }>(), new Map<string, { price: Ratio; text: string; qty: bigint }>()];
  for (const q of quoteAssets) {
    for (const id of state.openByQuote.get(q) ?? []) {
      const o = state.orders.get(id)!;
      if (o.baseHex !== baseHex) continue;
      const price = limitOf(o);
      const key = `${price.num}/${price.den}`;
      const side = levels[o.direction]!;
      const level = side.get(key) ?? { price, text: displayPrice(state, o), qty: 0n };
      level.qty += o.quantity - o.filled;
      side.set(key, level);
    }
  }
  const show = (m: Map<string, { price: Ratio; text: string; qty: bigint }>, bids: boolean): Level[] | null => {
    if (m.size === 0) return null;
    return [...m.values()]
      .sort((a, b) => (bids ? -1 : 1) * compareRatio(a.price, b.price))
      .map((l) => [l.text, displayAmount(l.qty, quote.quantum, quote.decimals)]);
  };
  return { bids: show(levels[1]!, true), asks: show(levels[0]!, false) };
}

export interface TradeQuery {
  orderId?: number | undefined;
  starkKey?: string | undefined;
  baseAddress?: string | undefined;
  quoteAddress?: string | undefined;
}

/** `GET /v1/trades`: fills newest first, from the index that applies (never a scan of all trades). */
export function trades(state: State, f: TradeQuery): Array<Record<string, unknown>> {
  let at: number[];
  if (f.orderId !== undefined) at = state.tradesBy.get(`order:${f.orderId}`) ?? [];
  else if (f.starkKey !== undefined) at = state.tradesBy.get(`key:${f.starkKey}`) ?? [];
  else {
    if (f.baseAddress === undefined || f.quoteAddress === undefined) fail(ErrorCode.InvalidParam, 'give order_id, stark_key, or both base_token_contract_addr and quote_token_contract_addr');
    const base = marketContract(state, f.baseAddress, 'base_token_contract_addr', false);
    const quote = marketContract(state, f.quoteAddress, 'quote_token_contract_addr', true);
    const quoteAssets = quote.type === 'ERC20' ? [toHex(quote.assetType)] : [...quote.tokens.values()];
    at = quoteAssets.flatMap((q) => state.tradesBy.get(`market:${marketKey(toHex(base.assetType), q)}`) ?? []);
  }
  return [...at]
    .sort((a, b) => b - a)
    .map((i) => {
      const t = state.trades[i]!;
      const maker = state.orders.get(t.makerId)!;
      const taker = state.orders.get(t.takerId)!;
      const bc = contractOf(state, state.assets.get(maker.baseHex)!);
      const qa = state.assets.get(maker.quoteHex)!;
      const qc = contractOf(state, qa);
      return {
        taker_order_id: t.takerId,
        maker_order_id: t.makerId,
        price: displayPrice(state, maker),
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
    });
}
