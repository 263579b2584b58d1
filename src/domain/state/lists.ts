// The read side's list indexes, empty (a genesis starts with these and its commands fill them; a loaded
// state rebuilds them: lifecycle/list-indexes.ts). Their shapes are declared here.
import type { Book } from './book.js';
import type { ListingEntry } from './orders.js';
import { SortedList, byNumber } from './sorted-list.js';
import type { Asset, Holdings, RecordLists, StorageList } from './state.js';

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

/**
 * Keyed by stark key (records, holdings), `${baseHex}|${quoteContractKey}` (depth), `${quoteContractKey}|${baseHex}`
 * (open ASKs), NFT contract key (its tokens held on L2, by token id) and project uuid (listed files).
 */
export function newListIndexes() {
  return {
    records: new Map<string, RecordLists>(),
    orders: newOrderLists(),
    depth: new Map<string, Book>(),
    listings: new Map<string, SortedList<ListingEntry>>(),
    nfts: new Map<string, SortedList<Asset>>(),
    holdings: new Map<string, Holdings>(),
    storage: new Map<string, StorageList>(),
  };
}
export type ListIndexes = ReturnType<typeof newListIndexes>;
