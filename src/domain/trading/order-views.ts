// Orders in the real service's shapes: list entries, the single order, order records, order info.
import { contractOf } from '../catalog/assets.js';
import { isoMicros, unixSeconds } from '../state/clock.js';
import { displayAmount } from '../values/money.js';
import type { Order, OrderState, State } from '../state/state.js';
import { isNftType } from '../state/state.js';
import type { SortedList } from '../state/sorted-list.js';
import { EMPTY_RUN, pageDescending, totalOf } from '../state/runs.js';
import type { Run } from '../state/runs.js';
import { mappedListing } from '../values/listing.js';
import type { Listing } from '../values/listing.js';
import { classRun } from './order-lists.js';
import { FEE_RATE_TEXT } from './fees.js';

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
    ...(o.payment
      ? { payment: { pay_info: { order_id: o.payment.orderId }, nonce: BigInt(o.payment.nonce), stark_key: o.payment.signer } }
      : {}),
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
  const id = newestOpenOn(state, assetHex);
  return id === undefined ? null : orderEntry(state, state.orders.get(id)!);
}

/**
 * `order_state` filter values (Java's OrderState enum): 0..3 that state, 4 ConditionallyCanceled
 * (never produced: IOC/FOK leftovers end as 1, which Java's poller waits for), 5 every order,
 * 6 DefaultOrderState = open orders (0 and 3), as when the filter is absent.
 */
export const ORDER_STATE_FILTERS = [0, 1, 2, 3, 4, 5, 6] as const;
export type OrderStateFilter = (typeof ORDER_STATE_FILTERS)[number];

export interface OrderFilter {
  starkKey?: string | undefined;
  /** Quote contract key. */
  contractKey?: string | undefined;
  direction?: 0 | 1 | undefined;
  tokenIds?: bigint[] | undefined;
  /** Absent: open orders. */
  orderState?: OrderStateFilter | undefined;
}

function statesOf(filter: OrderStateFilter | undefined): OrderState[] {
  if (filter === undefined || filter === 6) return [0, 3];
  if (filter === 5) return [0, 1, 2, 3];
  if (filter === 4) return [];
  return [filter];
}

/**
 * The scopes whose union is what the filter names (before direction and state); a token id named
 * twice with a contract names its token twice (its orders are listed twice, as they always were).
 */
function scopesFor(state: State, f: OrderFilter): Array<SortedList<number> | undefined> {
  const lists = state.lists.orders;
  const owner = f.starkKey;
  const ofContract = (c: string) => (owner === undefined ? lists.byContract.get(c) : lists.byOwnerContract.get(owner)?.get(c));
  const ofAsset = (hex: string) => (owner === undefined ? lists.byAsset.get(hex) : lists.byOwnerAsset.get(owner)?.get(hex));
  if (f.contractKey !== undefined) {
    const contract = state.contracts.get(f.contractKey)!;
    // A fungible quote has no token id, so no order of it passes a token_ids filter.
    if (contract.type === 'ERC20' || contract.type === 'ETH') return f.tokenIds === undefined ? [ofContract(contract.key)] : [];
    if (f.tokenIds === undefined) return [ofContract(contract.key)];
    return f.tokenIds
      .map((t) => contract.tokens.get(t.toString()))
      .filter((x): x is string => x !== undefined)
      .map(ofAsset);
  }
  if (f.tokenIds !== undefined) {
    // Without a contract: that token id in any NFT contract.
    const ids = [...new Set(f.tokenIds.map(String))];
    const out: Array<SortedList<number> | undefined> = [];
    for (const contract of state.contracts.values()) {
      if (!isNftType(contract.type)) continue;
      for (const t of ids) {
        const hex = contract.tokens.get(t);
        if (hex !== undefined) out.push(ofAsset(hex));
      }
    }
    return out;
  }
  return [owner === undefined ? lists.all : lists.byOwner.get(owner)];
}

/** The runs of order ids (ascending) whose union, newest first, is `GET /v1/orders` for the filter. */
export function orderRuns(state: State, f: OrderFilter): Run[] {
  const directions: Array<0 | 1> = f.direction === undefined ? [0, 1] : [f.direction];
  const states = statesOf(f.orderState);
  const runs: Run[] = [];
  for (const s of scopesFor(state, f)) {
    for (const d of directions) {
      for (const st of states) {
        runs.push(s === undefined ? EMPTY_RUN : classRun(s, d, st));
      }
    }
  }
  return runs;
}

/** The newest open order on an NFT token (an asset scope), or undefined. */
export function newestOpenOn(state: State, assetHex: string): number | undefined {
  const s = state.lists.orders.byAsset.get(assetHex);
  if (!s) return undefined;
  let newest: number | undefined;
  for (const d of [0, 1] as const) {
    for (const st of [0, 3] as const) {
      const run = classRun(s, d, st);
      const id = run.slice(run.size - 1, run.size)[0];
      if (id !== undefined && (newest === undefined || id > newest)) newest = id;
    }
  }
  return newest;
}

/** `GET /v1/orders`: orders matching the filter, newest first, each view built for its page only. */
export function orderListing(state: State, f: OrderFilter): Listing<Record<string, unknown>> {
  const runs = orderRuns(state, f);
  return mappedListing(
    totalOf(runs),
    (offset, limit) => pageDescending(runs, offset, limit),
    (id) => orderEntry(state, state.orders.get(id)!),
  );
}
