// Answers of the trading routes: orders (list entries, one order, signing info), depth, trades, marketplaces, listings.
import * as v from 'valibot';
import { TIME_IN_FORCE } from '../../domain/state/state.js';
import { FEE_RATE_TEXT } from '../../domain/trading/fees.js';
import {
  CONTRACT_ADDRESS,
  DIRECTION,
  ORDER_STATE,
  STARK_KEY,
  TOKEN_ID,
  TOKEN_TYPE,
  UNIX_SECONDS,
  count,
  decimalInt,
  display,
  exactInt,
  hex,
  int,
  isoTime,
  text,
  uuid,
} from './responses.js';

/** The order's `price` as it was placed: quantized base units for an NFT, the display price for a fungible token. */
const PRICE = v.pipe(
  v.string(),
  v.regex(/^\d+(\.\d+)?$/),
  v.description('as placed: NFT, quantized base units; fungible, the display price'),
);
const FEE_RATE = v.pipe(v.literal(FEE_RATE_TEXT), v.description('the service fee rate'));

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

const ORDER_INFO_CONTRACT = v.strictObject({
  contract_address: CONTRACT_ADDRESS,
  symbol: text(),
  decimals: count('decimals of the token (0 for NFTs)'),
  type: TOKEN_TYPE,
  quantum: exactInt('quantum: base units of one quantized unit'),
  asset_type: hex('StarkEx asset type'),
});

/** GET /v1/order/info: what an SDK needs to sign an order; [0] is the currency (contract1), [1] the token (contract2). */
export const ORDER_INFO = v.pipe(
  v.strictObject({
    fee_rate: FEE_RATE,
    base_token: hex('asset id of the currency'),
    fee_token: hex('asset id the fee is paid in: the currency'),
    lower_limit: v.pipe(v.literal(1), v.description('smallest amount')),
    nonce: count('the nonce to sign the order with'),
    contracts: v.strictTuple([ORDER_INFO_CONTRACT, ORDER_INFO_CONTRACT]),
    asset_ids: v.strictTuple([hex('asset id of the currency'), hex('asset id of the token')]),
    vault_ids: v.strictTuple([decimalInt("the caller's vault of the currency"), decimalInt("the caller's vault of the token")]),
  }),
  v.title('OrderInfo'),
);

const LEVEL = v.strictTuple([display('price in whole currency units'), display('open quantity in whole tokens')]);

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

/** A row of GET /v1/collection: an open ASK in the collection. */
export const LISTING = v.pipe(
  v.strictObject({
    amount: exactInt('quote units still offered (1 for an NFT)'),
    price: PRICE,
    display_price: display('price in whole currency units per whole token'),
    owner: v.pipe(STARK_KEY, v.description("the seller's stark key")),
    token_id: TOKEN_ID,
    quote_contract_address: CONTRACT_ADDRESS,
    base_contract_address: CONTRACT_ADDRESS,
  }),
  v.title('Listing'),
);

export const MARKETPLACE_CREATED = v.strictObject({
  message: v.literal('Marketplace created.'),
  marketplace_uuid: uuid('the new marketplace'),
});
