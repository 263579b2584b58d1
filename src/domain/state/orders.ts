// Order states, and the read-side lists of every order (orders and fills are declared in entities.ts).
import * as v from 'valibot';
import { SortedList, byNumber } from './sorted-list.js';
import { ORDER_STATES } from './kinds.js';

export { ORDER_STATES, TIME_IN_FORCE } from './kinds.js';
export type { OrderState, TimeInForce } from './kinds.js';
export type { Order, Trade } from './entities.js';
export const ORDER_STATE = v.pipe(
  v.picklist(Object.values(ORDER_STATES)),
  v.description('0 placed, 1 cancelled, 2 filled, 3 partially filled'),
);

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
