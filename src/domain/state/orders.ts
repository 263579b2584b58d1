// Orders and their fills as plain data, and the read-side lists of every order.
import * as v from 'valibot';
import { SortedList, byNumber } from './sorted-list.js';

export const ORDER_STATES = { placed: 0, cancelled: 1, filled: 2, partiallyFilled: 3 } as const;
export type OrderState = (typeof ORDER_STATES)[keyof typeof ORDER_STATES];
export const ORDER_STATE = v.pipe(
  v.picklist(Object.values(ORDER_STATES)),
  v.description('0 placed, 1 cancelled, 2 filled, 3 partially filled'),
);

/** `stop_limit_time_in_force`: GTC rests, IOC never rests, FOK fills whole at once or not at all. */
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/** An order's accepted `payment`: a payment signer's (stark key) authorization tied to an external order id; nonce as decimal text. */
export interface OrderPayment {
  orderId: string;
  nonce: string;
  signer: string;
}

/** A limit order (StarkEx type 3). `base` is the currency, `quote` what is traded (Reddio's naming). */
export interface Order {
  /** Equals the sequence id of the accepted order command. */
  id: number;
  starkKey: string;
  /** 0 ASK (sells quote), 1 BID (buys quote). */
  direction: 0 | 1;
  baseHex: string;
  quoteHex: string;
  /** What was signed. */
  amountSell: bigint;
  amountBuy: bigint;
  feeLimit: bigint;
  /** Quote units wanted or offered, and traded so far; base units traded so far. */
  quantity: bigint;
  filled: bigint;
  volume: bigint;
  /** Still frozen for this order: quote units for an ASK, base units for a BID. */
  frozen: bigint;
  /** Service fee charged so far (capped by feeLimit), and service + marketplace fees (sell side). */
  serviceFee: bigint;
  feeTaken: bigint;
  /** The wire `price` as given (NFT: quantized base units; fungible: the display price). */
  priceText: string;
  marketplace: string | null;
  state: OrderState;
  createdAtMicros: bigint;
  timeInForce: TimeInForce;
  payment: OrderPayment | null;
}

/** One fill: `quantity` quote units for `volume` base units at the maker's price. */
export interface Trade {
  makerId: number;
  takerId: number;
  quantity: bigint;
  volume: bigint;
  serviceFee: bigint;
  marketplaceFee: bigint;
  timeMicros: bigint;
}

/** An open ASK in a collection listing, sorted by token id (0 for a fungible quote), then order id. */
export interface ListingEntry {
  tokenId: bigint;
  id: number;
}

/**
 * Every order in each scope a `GET /v1/orders` can name (contract: the quote's; asset: an NFT
 * quote's), stored as `orderClass * ORDER_SPAN + id` so one direction in one state is one range.
 */
export function newOrderLists() {
  const scopes = () => new Map<string, SortedList<number>>();
  const ownerScopes = () => new Map<string, Map<string, SortedList<number>>>();
  return {
    all: new SortedList(byNumber),
    byOwner: scopes(),
    byContract: scopes(),
    byAsset: scopes(),
    byOwnerContract: ownerScopes(),
    byOwnerAsset: ownerScopes(),
  };
}
export type OrderLists = ReturnType<typeof newOrderLists>;
