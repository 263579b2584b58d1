// The read side's list indexes: every list endpoint's rows in answer order (a page costs O(log n + page)).
import type { Book } from './book.js';
import type { Asset, Contract, StoredFile } from './entities.js';
import { type ListingEntry, newOrderLists } from './orders.js';
import type { IdList } from './runs.js';
import type { SortedList } from './sorted-list.js';

// Never dumped or hashed, they survive a rollback two ways: the order-book parts (orders, depth, listings)
// are rebuilt with the books (rebuildOrderIndexes); the others leave undo steps as they change.

/**
 * A stark key's records by type, by contract and by both (`${contractKey}|${type}`), ids ascending.
 * Kept only for keys with more than RECORD_LISTS_FROM records: a shorter history is filtered as read.
 */
export interface RecordLists {
  byType: Map<number, IdList>;
  byContract: Map<string, IdList>;
  byContractType: Map<string, IdList>;
}

/**
 * A key's non-empty holdings in `/v1/balances` order (kept for keys with more than HOLDINGS_FROM
 * balances): contracts ETH, ERC20s, NFT contracts, each by key; each contract's assets by token id.
 */
export interface Holdings {
  contracts: SortedList<Contract>;
  byContract: Map<string, SortedList<Asset>>;
}

/** A project's listed (not removed) files in upload order: `ordinal` grows with every upload. */
export interface StorageEntry {
  ordinal: number;
  file: StoredFile;
}

export interface StorageList {
  entries: SortedList<StorageEntry>;
  ordinals: Map<StoredFile, number>;
  next: number;
}

/**
 * Keyed by stark key (records, holdings), `${baseHex}|${quoteContractKey}` (depth), `${quoteContractKey}|${baseHex}`
 * (open ASKs), NFT contract key (its tokens held on L2, by token id) and project uuid (listed files).
 */
export function newListIndexes() {
  return {
    records: new Map<string, RecordLists>(),
    /** Every record naming a contract's assets, by contract key, ids ascending (GET /v1/txns?contract_address=). */
    contractRecords: new Map<string, IdList>(),
    orders: newOrderLists(),
    depth: new Map<string, Book>(),
    listings: new Map<string, SortedList<ListingEntry>>(),
    nfts: new Map<string, SortedList<Asset>>(),
    holdings: new Map<string, Holdings>(),
    storage: new Map<string, StorageList>(),
  };
}
export type ListIndexes = ReturnType<typeof newListIndexes>;
