// Orders in the real service's shapes, each declared once as a schema: list entries, the single order, order records.
import * as v from 'valibot';
import { contractOf } from '../catalog/assets.js';
import { isoMicros, unixSeconds } from '../state/clock.js';
import { displayAmount } from '../values/money.js';
import { isNftType, type State, TOKEN_TYPE } from '../state/state.js';
import { type Order, ORDER_STATE, type OrderState, TIME_IN_FORCE } from '../state/orders.js';
import {
  CONTRACT_ADDRESS,
  DIRECTION,
  STARK_KEY,
  TOKEN_ID,
  UNIX_SECONDS,
  decimalInt,
  display,
  exactInt,
  hex,
  int,
  isoTime,
  text,
  uuid,
} from '../values/wire.js';
import type { SortedList } from '../state/sorted-list.js';
import { EMPTY_RUN, pageDescending, type Run, totalOf } from '../state/runs.js';
import { type Listing, mappedListing } from '../values/listing.js';
import { classRun } from './order-lists.js';
import { FEE_RATE_TEXT } from './fees.js';
import { TOKEN_OWNER } from '../catalog/nfts.js';

export const FEE_RATE = v.pipe(v.literal(FEE_RATE_TEXT), v.description('the service fee rate'));

/** The order's `price` as it was placed: quantized base units for an NFT, the display price for a fungible token. */
export const PRICE = v.pipe(
  v.string(),
  v.regex(/^\d+(\.\d+)?$/),
  v.description('as placed: NFT, quantized base units; fungible, the display price'),
);

const orderEntryFields = {
  order_id: int('order id (the sequence id of the order command)'),
  stark_key: v.pipe(STARK_KEY, v.description("the owner's stark key")),
  price: PRICE,
  direction: DIRECTION,
  amount: decimalInt('quote units ordered (quantized)'),
  un_filled: decimalInt('quote units not traded yet (quantized)'),
  symbol: v.strictObject({
    base_token_asset_id: hex('asset id of the currency'),
    quote_token_asset_id: hex('asset id of the token traded'),
    base_token_contract_addr: CONTRACT_ADDRESS,
    quote_token_contract_addr: CONTRACT_ADDRESS,
    base_token_name: text('symbol of the currency'),
    quote_token_name: text('symbol of the token traded'),
    token_type: TOKEN_TYPE,
    token_id: TOKEN_ID,
  }),
  fee_rate: FEE_RATE,
  token_type: TOKEN_TYPE,
  token_id: TOKEN_ID,
  display_price: display('price in whole currency units per whole token'),
  order_state: ORDER_STATE,
  order_created_at: isoTime('when it was placed'),
  timestamp: UNIX_SECONDS,
  resp: text('why the order record failed; "" when it did not'),
  owner: v.pipe(STARK_KEY, v.description('the same as stark_key (C# reads it)')),
  quote_contract_address: CONTRACT_ADDRESS,
  base_contract_address: CONTRACT_ADDRESS,
};

/** A row of GET /v1/orders, and the open order of GET /v1/nfts/{address}. */
export const ORDER_ENTRY = v.pipe(v.strictObject(orderEntryFields), v.title('OrderEntry'));

/** GET /v1/order: any order, with its state and progress. */
export const ORDER = v.pipe(
  v.strictObject({
    ...orderEntryFields,
    filled: decimalInt('quote units traded (quantized)'),
    volume: decimalInt('base units traded (quantized)'),
    fee_taken: decimalInt('service and marketplace fees charged to this order (quantized base units)'),
    marketplace_uuid: v.pipe(
      v.union([v.literal(''), uuid('the marketplace')]),
      v.description('the marketplace the order named; "" when none'),
    ),
    stop_limit_time_in_force: v.pipe(
      v.picklist(TIME_IN_FORCE),
      v.description('GTC rests on the book, IOC never rests, FOK fills whole at once or not at all'),
    ),
    payment: v.optional(
      v.pipe(
        v.strictObject({
          pay_info: v.strictObject({ order_id: text('the external order id the payment is tied to') }),
          nonce: exactInt('the payment nonce'),
          stark_key: v.pipe(STARK_KEY, v.description('the payment signer')),
        }),
        v.description('only on an order placed with a payment'),
      ),
    ),
  }),
  v.title('Order'),
);

/** The order of an order record (types 7 and 8), as /v1/records nests it and /v1/record flattens it (token_id aside). */
export const orderRecordFields = {
  base_asset_id: hex('asset id of the currency'),
  base_asset_name: text('symbol of the currency'),
  base_contract_address: CONTRACT_ADDRESS,
  direction: DIRECTION,
  display_price: display('price in whole currency units per whole token'),
  fee_asset_name: text('symbol of the fee asset (the currency)'),
  fee_taken: decimalInt('fees charged to the order (quantized base units)'),
  fee_token_asset: hex('asset id of the fee asset'),
  filled: decimalInt('quote units traded (quantized)'),
  price: PRICE,
  quote_asset_id: hex('asset id of the token traded'),
  quote_asset_name: text('symbol of the token traded'),
  quote_asset_type: TOKEN_TYPE,
  quote_contract_address: CONTRACT_ADDRESS,
  volume: decimalInt('base units traded (quantized)'),
};
export const ORDER_RECORD_OBJECT = v.strictObject({ ...orderRecordFields, token_id: TOKEN_ID });

export type OrderEntry = v.InferOutput<typeof ORDER_ENTRY>;

/** GET /v1/nfts/{address}: a token on L2 with its holder and its open order. */
export const NFT = v.pipe(
  v.strictObject({
    ...TOKEN_OWNER.entries,
    order: v.pipe(v.nullable(ORDER_ENTRY), v.description('the most recent open order on the token, or null')),
  }),
  v.title('Nft'),
);

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
export function orderEntry(state: State, o: Order): OrderEntry {
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
export function orderDetail(state: State, o: Order): v.InferOutput<typeof ORDER> {
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
export function orderRecordObject(state: State, o: Order): v.InferOutput<typeof ORDER_RECORD_OBJECT> {
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
export function openOrderOn(state: State, assetHex: string): OrderEntry | null {
  const id = pageDescending(runsOf([state.lists.orders.byAsset.get(assetHex)], [0, 1], statesOf(undefined)), 0, 1)[0];
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

/** The order states a filter keeps: absent or 6, the open ones. */
const statesOf = (f: OrderStateFilter | undefined): OrderState[] =>
  f === undefined || f === 6 ? [0, 3] : f === 5 ? [0, 1, 2, 3] : f === 4 ? [] : [f];

/**
 * The scopes whose union is what the filter names (before direction and state); a token id named
 * twice with a contract names its token twice (its orders are listed twice, as they always were).
 */
function scopesFor(state: State, f: OrderFilter): Array<SortedList<number> | undefined> {
  const lists = state.lists.orders;
  const owner = f.starkKey;
  const ofAsset = (hex: string) => (owner === undefined ? lists.byAsset.get(hex) : lists.byOwnerAsset.get(owner)?.get(hex));
  if (f.contractKey !== undefined) {
    const contract = state.contracts.get(f.contractKey)!;
    if (f.tokenIds === undefined)
      return [owner === undefined ? lists.byContract.get(contract.key) : lists.byOwnerContract.get(owner)?.get(contract.key)];
    // A fungible quote has no token id, so no order of it passes a token_ids filter.
    return f.tokenIds.flatMap((t) => contract.tokens.get(t.toString()) ?? []).map(ofAsset);
  }
  if (f.tokenIds === undefined) return [owner === undefined ? lists.all : lists.byOwner.get(owner)];
  // Without a contract: that token id in any NFT contract.
  const ids = [...new Set(f.tokenIds.map(String))];
  return [...state.contracts.values()]
    .filter((c) => isNftType(c.type))
    .flatMap((c) => ids.flatMap((t) => c.tokens.get(t) ?? []))
    .map(ofAsset);
}

/** The runs of order ids (ascending), one per scope, direction and state. */
function runsOf(scopes: Array<SortedList<number> | undefined>, directions: Array<0 | 1>, states: OrderState[]): Run[] {
  return scopes.flatMap((s) => directions.flatMap((d) => states.map((st) => (s === undefined ? EMPTY_RUN : classRun(s, d, st)))));
}

/** `GET /v1/orders`: orders matching the filter, newest first, each view built for its page only. */
export function orderListing(state: State, f: OrderFilter): Listing<OrderEntry> {
  const runs = runsOf(scopesFor(state, f), f.direction === undefined ? [0, 1] : [f.direction], statesOf(f.orderState));
  return mappedListing(
    totalOf(runs),
    (offset, limit) => pageDescending(runs, offset, limit),
    (id) => orderEntry(state, state.orders.get(id)!),
  );
}
