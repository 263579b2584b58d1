// The whole emulator state as plain data: everything that determines future behaviour lives here.
import * as v from 'valibot';
import type { Book } from './book.js';
import { type ListingEntry, newOrderLists } from './orders.js';
import type { Asset, Contract, LedgerRecord, Marketplace, Order, Project, StoredFile, TokenMetadata, Trade } from './entities.js';
import { TOKEN_TYPES } from './kinds.js';
import type { TokenType } from './kinds.js';
import type { IdList } from './runs.js';
import type { SortedList } from './sorted-list.js';
import { createPrng } from './prng.js';
import { TrackedMap, TrackedSet, type UndoLog } from './undo.js';

export { RECORD_TYPES, RecordStatus, TOKEN_TYPES } from './kinds.js';
export type { RecordType, TokenType } from './kinds.js';
export type { Asset, Contract, LedgerRecord, Marketplace, Project, Rate, StoredFile, TokenMetadata } from './entities.js';

export const TOKEN_TYPE = v.pipe(v.picklist(TOKEN_TYPES), v.description('token standard'));

export const isMintableType = (type: TokenType): boolean => type === 'ERC721M' || type === 'ERC721MC';
export const isNftType = (type: TokenType): boolean => type === 'ERC721' || isMintableType(type);

export interface Balance {
  available: bigint;
  frozen: bigint;
}

export interface Account {
  /** Stark key, `0x` lowercase unpadded. */
  key: string;
  /** asset id hex -> balance, in order of first credit. */
  balances: Map<string, Balance>;
  usedNonces: Set<bigint>;
  /** Highest nonce used, -1 when none. */
  maxNonce: bigint;
  /** Sequence ids of the records listed for this key, ascending. */
  records: number[];
}

/** Where an L1 deposit's record came from: its transaction, and the vault the depositor named on L1 (hex). */
export interface L1Origin {
  readonly tx: string;
  readonly vault?: string;
}

/** project uuid -> cid -> file, each in upload order (the order of the list). */
export type StorageIndex = Map<string, Map<string, StoredFile>>;

/** The real service hands out 8-digit vault ids. */
export const FIRST_VAULT_ID = 10_000_000n;

/**
 * A state holding nothing, its maps and sets tracked by `undo`: a genesis, or a dump being loaded, fills
 * it. The one declaration of the state's fields; those marked "derived" are rebuilt on load and never dumped.
 */
export function emptyState(undo: UndoLog) {
  const map = <K, V>(options?: { orders?: boolean }): Map<K, V> => TrackedMap.create<K, V>(undo, options);
  const set = (options?: { orders?: boolean }): Set<number> => TrackedSet.create<number>(undo, options);
  return {
    /** Every mutation of the maps, sets and entities below leaves an undo step here (never dumped). */
    undo,
    /** Emulator time, microseconds since 1970-01-01T00:00:00Z. */
    clock: { nowMicros: 0n },
    prng: createPrng(''),
    nextSequenceId: 1,
    nextVaultId: FIRST_VAULT_ID,
    contracts: map<string, Contract>(),
    contractsByUuid: map<string, string>(),
    assets: map<string, Asset>(),
    accounts: map<string, Account>(),
    /** `${owner}|${assetHex}` -> vault id. */
    vaults: map<string, bigint>(),
    records: map<number, LedgerRecord>(),
    /** `0xr|0xs` of every accepted signed request -> the sequence ids of the records it created. */
    signatures: map<string, number[]>(),
    /** Derived: `0xr` -> the `0xr|0xs` keys above with that r (search by r alone). */
    signaturesByR: map<string, string[]>(),
    /** Derived: records per status (index = status 0..6), for /metrics in O(1). */
    statusCounts: { counts: [0, 0, 0, 0, 0, 0, 0] as readonly number[] },
    apiKeys: map<string, { key: string; name: string }>(),
    projects: map<string, Project>(),
    marketplaces: map<string, Marketplace>(),
    namedAccounts: [] as Array<{ name: string; starkKey: string; privateKey: string; ethAddress: string; ethPrivateKey?: string }>,
    /** Derived: what each stark key has withdrawn that has not reached L1 (records at 1 or 3): key -> asset hex -> amount. */
    withdrawing: map<string, Map<string, bigint>>(),
    /** Withdrawn amounts ready to claim on L1: Ethereum address -> asset hex -> amount. */
    withdrawArea: map<string, Map<string, bigint>>(),
    /** Amounts claimed out of the withdraw area (gone to L1), per asset hex. */
    claimed: map<string, bigint>(),
    /** Deposits + mints (net of reverted ones), per asset hex: the right side of conservation. */
    issued: map<string, bigint>(),
    /** Records at status 1, waiting for an L2 batch; at status 3, for an L1 batch. */
    pendingL2: set(),
    pendingL1: set(),
    /** interval mode: a batch is cut every `intervalMicros` of emulator time, the next one when due. */
    settlement: { mode: 'auto' as SettlementMode, intervalMicros: 0n, nextCutMicros: 0n },
    orders: map<number, Order>({ orders: true }),
    /** Ids of open (placed or partially filled) orders, in placement order. */
    openOrders: set({ orders: true }),
    trades: [] as Trade[],
    /** Derived from the open orders: market key -> book; open order ids by owner and by quote asset. */
    books: new Map<string, Book>(),
    openByOwner: new Map<string, Set<number>>(),
    openByQuote: new Map<string, Set<number>>(),
    /** Derived: positions in `trades` by order id, by stark key (either side) and by market. */
    tradesBy: new Map<string, number[]>(),
    /** Derived: every list endpoint's rows in answer order. */
    lists: newListIndexes(),
    /** Stark key that collects the service fee. */
    operator: '',
    starkexContracts: { mainnet: '', testnet: '', sepolia: '' },
    /** Stored files per project (the index only; block bytes live in the block store). */
    storage: map<string, Map<string, StoredFile>>() as StorageIndex,
    /** `${address}|${assetHex}` -> the withdrawals (sequence ids) whose amounts wait in the withdraw area; unknown for a dump from before. */
    withdrawAreaRecords: map<string, number[]>(),
    /** `${contractKey}|${tokenId}` -> the token's uploaded metadata. */
    tokenMetadata: map<string, TokenMetadata>(),
    /** The records of deposits logged on L1 -> where each came from (the bridge accepts them on L1 by it). */
    l1Deposits: map<number, L1Origin>(),
    /** L1 deposit and claim logs taken ("tx:logIndex", or a transaction alone from before logs were named) -> the next sequence id then: a re-read takes each once. */
    l1Taken: map<string, number>(),
  };
}

export interface State extends ReturnType<typeof emptyState> {
  /** Set for one command while someone listens for events: its record status moves, in order (a trace, not state). */
  statusMoves?: StatusMove[] | undefined;
}

/** One record appearing (`from` null) or moving along the transitions table. */
export interface StatusMove {
  sequenceId: number;
  from: number | null;
  to: number;
}

export const SETTLEMENT_MODES = ['auto', 'manual', 'interval'] as const;
export type SettlementMode = (typeof SETTLEMENT_MODES)[number];

export const ETH_KEY = 'eth';

// The read side's list indexes keep every list endpoint's rows in answer order (a page costs O(log n + page)).
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
