// Orders in the real service's shapes: list entries, the single order, order records, order info.
import { contractOf } from '../catalog/assets.js';
import { isoMicros, unixSeconds } from '../state/clock.js';
import { displayAmount } from '../values/money.js';
import type { Order, State } from '../state/state.js';

/** What `GET /v1/order/info` and order views call the fee rate: the service fee as a fraction. */
export const FEE_RATE_TEXT = '0.005';

export function priceViews(state: State, o: Order): { price: string; display_price: string } {
  const quote = state.assets.get(o.quoteHex)!;
  if (quote.tokenId === null) return { price: o.priceText, display_price: o.priceText.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') };
  const base = contractOf(state, state.assets.get(o.baseHex)!);
  return { price: o.priceText, display_price: displayAmount(BigInt(o.priceText), base.quantum, base.decimals) };
}

/** The assets and contracts an order view names, and its prices. */
function context(state: State, o: Order) {
  const base = state.assets.get(o.baseHex)!;
  const quote = state.assets.get(o.quoteHex)!;
  return { base, quote, bc: contractOf(state, base), qc: contractOf(state, quote), ...priceViews(state, o) };
}

/**
 * `GET /v1/orders` list entry: the seed's fields, then what Java's Order and Symbol models read
 * (`order_state`, `order_created_at`, `timestamp` in whole seconds, `resp`, `symbol.token_type`,
 * `symbol.token_id`) and what C#'s Collection() reads from the same list (`owner`,
 * `quote_contract_address`, `base_contract_address`).
 */
export function orderEntry(state: State, o: Order): Record<string, unknown> {
  const { base, quote, bc, qc, price, display_price } = context(state, o);
  const tokenId = quote.tokenId === null ? '' : quote.tokenId.toString();
  return {
    order_id: o.id,
    stark_key: o.starkKey,
    price,
    direction: o.direction,
    amount: o.quantity.toString(),
    un_filled: (o.quantity - o.filled).toString(),
    symbol: {
      base_token_asset_id: base.hex,
      quote_token_asset_id: quote.hex,
      base_token_contract_addr: bc.address,
      quote_token_contract_addr: qc.address,
      base_token_name: bc.symbol,
      quote_token_name: qc.symbol,
      token_type: qc.type,
      token_id: tokenId,
    },
    fee_rate: FEE_RATE_TEXT,
    token_type: qc.type,
    token_id: tokenId,
    display_price,
    order_state: o.state,
    order_created_at: isoMicros(o.createdAtMicros),
    timestamp: unixSeconds(o.createdAtMicros),
    resp: state.records.get(o.id)?.reason ?? '',
    owner: o.starkKey,
    quote_contract_address: qc.address,
    base_contract_address: bc.address,
  };
}

/** `GET /v1/order`: the list entry plus its state and progress. */
export function orderDetail(state: State, o: Order): Record<string, unknown> {
  return {
    ...orderEntry(state, o),
    filled: o.filled.toString(),
    volume: o.volume.toString(),
    fee_taken: o.feeTaken.toString(),
    marketplace_uuid: o.marketplace ?? '',
    stop_limit_time_in_force: o.timeInForce,
    ...(o.payment ? { payment: { pay_info: { order_id: o.payment.orderId }, nonce: BigInt(o.payment.nonce), stark_key: o.payment.signer } } : {}),
  };
}

/** The nested `order` object of an order record (types 7 and 8). */
export function orderRecordObject(state: State, o: Order): Record<string, unknown> {
  const { base, quote, bc, qc, price, display_price } = context(state, o);
  return {
    base_asset_id: base.hex,
    base_asset_name: bc.symbol,
    base_contract_address: bc.address,
    direction: o.direction,
    display_price,
    fee_asset_name: bc.symbol,
    fee_taken: o.feeTaken.toString(),
    fee_token_asset: base.hex,
    filled: o.filled.toString(),
    price,
    quote_asset_id: quote.hex,
    quote_asset_name: qc.symbol,
    quote_asset_type: qc.type,
    quote_contract_address: qc.address,
    token_id: quote.tokenId === null ? '' : quote.tokenId.toString(),
    volume: o.volume.toString(),
  };
}

/** The open order on an NFT token (the most recent), for `GET /v1/nfts/{contract}`. */
export function openOrderOn(state: State, assetHex: string): Record<string, unknown> | null {
  const ids = state.openByQuote.get(assetHex);
  if (!ids || ids.size === 0) return null;
  const id = [...ids].reduce((a, b) => (a > b ? a : b));
  return orderEntry(state, state.orders.get(id)!);
}

/**
 * `order_state` filter values (Java's OrderState enum): 0..3 that state, 4 ConditionallyCanceled
 * (never produced: IOC/FOK leftovers end as 1, which Java's poller waits for), 5 every order,
 * 6 DefaultOrderState = open orders (0 and 3), as when the filter is absent.
 */
export const ORDER_STATE_FILTERS = [0, 1, 2, 3, 4, 5, 6] as const;
export type OrderStateFilter = (typeof ORDER_STATE_FILTERS)[number];
const ALL_STATES = 5;
const OPEN_STATES = 6;

export interface OrderFilter {
  starkKey?: string | undefined;
  /** Quote contract key. */
  contractKey?: string | undefined;
  direction?: 0 | 1 | undefined;
  tokenIds?: bigint[] | undefined;
  /** Absent: open orders. */
  orderState?: OrderStateFilter | undefined;
}

/** Every order (open or not) of a stark key, from its order records. */
function allOrdersOf(state: State, starkKey: string): number[] {
  const ids: number[] = [];
  for (const seq of state.accounts.get(starkKey)?.records ?? []) {
    const id = state.records.get(seq)!.orderId;
    if (id !== null) ids.push(id);
  }
  return ids;
}

/**
 * Orders matching the filter, newest first, drawn from the smallest index that applies: open orders
 * by quote asset or owner by default; with an `order_state` other than open, every order by quote
 * asset or by owner (never all orders unless nothing narrows the request).
 */
export function openOrders(state: State, f: OrderFilter): Order[] {
  const open = f.orderState === undefined || f.orderState === OPEN_STATES;
  let candidates: Iterable<number>;
  if (f.contractKey !== undefined) {
    const contract = state.contracts.get(f.contractKey)!;
    const assets = contract.type === 'ERC20' || contract.type === 'ETH' ? ['0x' + contract.assetType.toString(16)] : f.tokenIds !== undefined ? f.tokenIds.map((t) => contract.tokens.get(t.toString())).filter((x): x is string => x !== undefined) : [...contract.tokens.values()];
    const ids: number[] = [];
    for (const a of assets) for (const id of (open ? state.openByQuote : state.ordersByQuote).get(a) ?? []) ids.push(id);
    candidates = ids;
  } else if (f.starkKey !== undefined) {
    candidates = open ? (state.openByOwner.get(f.starkKey) ?? []) : allOrdersOf(state, f.starkKey);
  } else {
    candidates = open ? state.openOrders : state.orders.keys();
  }
  const out: Order[] = [];
  for (const id of candidates) {
    const o = state.orders.get(id)!;
    if (!open && f.orderState !== ALL_STATES && o.state !== f.orderState) continue;
    if (f.starkKey !== undefined && o.starkKey !== f.starkKey) continue;
    if (f.direction !== undefined && o.direction !== f.direction) continue;
    if (f.tokenIds !== undefined) {
      const t = state.assets.get(o.quoteHex)!.tokenId;
      if (t === null || !f.tokenIds.includes(t)) continue;
    }
    out.push(o);
  }
  return out.sort((a, b) => b.id - a.id);
}
