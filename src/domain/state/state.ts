// The whole emulator state as plain data: everything that determines future behaviour lives here.
import * as v from 'valibot';
import type { ClockState } from './clock.js';
import type { Ratio } from './book.js';
import type { IdList } from './runs.js';
import type { SortedList } from './sorted-list.js';
import type { PrngState } from './prng.js';
import type { UndoLog } from './undo.js';

/** Token standards as the real service names them on the wire. */
/** ERC721M: mintable on L2 with one collection base URI; ERC721MC: mintable with a custom URI per token. */
export const TOKEN_TYPES = ['ETH', 'ERC20', 'ERC721', 'ERC721M', 'ERC721MC'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
export const TOKEN_TYPE = v.pipe(v.picklist(TOKEN_TYPES), v.description('token standard'));

export function isNftType(type: TokenType): boolean {
  return type === 'ERC721' || type === 'ERC721M' || type === 'ERC721MC';
}

/** Mintable on L2 (StarkEx MintableERC721Token), registered on L1 as an ERC721 as well. */
export function isMintableType(type: TokenType): boolean {
  return type === 'ERC721M' || type === 'ERC721MC';
}

export interface Contract {
  /** contract_info `id`: 1, 2, ... in registration order (ETH is 1); contracts are never deleted, so ids never repeat. */
  id: number;
  uuid: string;
  /** As registered (case kept); `eth` for the native currency. */
  address: string;
  /** Lowercase address: the lookup key. */
  key: string;
  type: TokenType;
  name: string | null;
  symbol: string;
  decimals: number;
  quantum: bigint;
  /** The asset type tokens of this contract use on L2 (for ERC721M and ERC721MC: the mintable type). */
  assetType: bigint;
  assetInfo: string;
  /** ERC721M and ERC721MC only: the L1 ERC721 registration of the same address. */
  l1AssetType: bigint | null;
  l1AssetInfo: string | null;
  count: bigint;
  projectUuid: string | null;
  /** API key that created it; null for the built-in ETH entry. */
  owner: string | null;
  createdAtMicros: bigint;
  baseUri: string;
  metadataUrl: string | null;
  description: string | null;
  imageUrl: string | null;
  externalLink: string | null;
  bannerImageUrl: string | null;
  /** NFT contracts: token id (decimal text) -> asset id hex, in creation order. */
  tokens: Map<string, string>;
  /** NFT contracts: highest token id ever created, so mints continue from it. */
  maxTokenId: bigint;
  /** How many records name an asset of this contract. */
  recordCount: number;
  /**
   * Removed from its project (remove_contract): its uuid answers 15 and no key can mint on it, while
   * its assets, balances, records, contract_info and collection stay (a StarkEx asset cannot be unregistered).
   */
  removed: boolean;
}

/** One asset id the emulator knows: a fungible contract's id, or one NFT token. */
export interface Asset {
  id: bigint;
  hex: string;
  contractKey: string;
  tokenId: bigint | null;
  /** NFTs: the single current holder (stark key hex, or an Ethereum address in the withdraw area). */
  holder: string | null;
  /** ERC721MC tokens: the URL the token was minted with (its asset id is computed from it); null otherwise. */
  uri: string | null;
}

export interface Balance {
  available: bigint;
  frozen: bigint;
}

export interface Account {
  /** Stark key, `0x` lowercase unpadded. */
  key: string;
  /** asset id hex -> balance, in order of first credit. */
  balances: Map<string, Balance>;
  /** Nonces used by signed commands of this key. */
  usedNonces: Set<bigint>;
  /** Highest nonce used, -1 when none. */
  maxNonce: bigint;
  /** Sequence ids of the records listed for this key, ascending. */
  records: number[];
}

export const RECORD_TYPES = { deposit: 1, mint: 2, transfer: 3, withdrawal: 4, ask: 7, bid: 8 } as const;
export type RecordType = (typeof RECORD_TYPES)[keyof typeof RECORD_TYPES];

/** A record's status (GET /v1/record's `status`); the moves it may make are in records.ts. */
export const RecordStatus = {
  SubmittedToService: 0,
  AcceptedByService: 1,
  FailedOnService: 2,
  AcceptedOnL2: 3,
  RejectedOnL2: 4,
  Rolled: 5,
  AcceptedOnL1: 6,
} as const;

export const ORDER_STATES = { placed: 0, cancelled: 1, filled: 2, partiallyFilled: 3 } as const;
export type OrderState = (typeof ORDER_STATES)[keyof typeof ORDER_STATES];
export const ORDER_STATE = v.pipe(
  v.picklist(Object.values(ORDER_STATES)),
  v.description('0 placed, 1 cancelled, 2 filled, 3 partially filled'),
);

/** `stop_limit_time_in_force`: GTC rests, IOC never rests, FOK fills whole at once or not at all. */
export const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];

/** An order's accepted `payment` object (a payment signer's authorization tied to an external order id). */
export interface OrderPayment {
  orderId: string;
  /** Decimal text. */
  nonce: string;
  /** Stark key of the payment signer. */
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
  /** Quote units wanted or offered. */
  quantity: bigint;
  /** Quote units traded so far. */
  filled: bigint;
  /** Base units traded so far. */
  volume: bigint;
  /** Still frozen for this order: quote units for an ASK, base units for a BID. */
  frozen: bigint;
  /** Service fee charged so far (capped by feeLimit). */
  serviceFee: bigint;
  /** Service + marketplace fees charged so far (sell side). */
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

export interface LedgerRecord {
  sequenceId: number;
  type: RecordType;
  /** Owner of the record (sender for transfers). */
  starkKey: string;
  status: number;
  timeMicros: bigint;
  assetHex: string;
  amount: bigint;
  /** Transfers and withdrawals: the receiver (stark key or Ethereum address). */
  to: string | null;
  reason: string | null;
  /** Order records (types 7 and 8): the order. */
  orderId: number | null;
}

export interface NamedAccount {
  name: string;
  starkKey: string;
  privateKey: string;
  ethAddress: string;
}

export interface Project {
  uuid: string;
  name: string;
  /** API key that owns it. */
  owner: string;
  createdAtMicros: bigint;
  /** Contract keys, in creation order. */
  contracts: string[];
}

/** A fee rate as an exact fraction `num / den` (den a power of ten), from a decimal string like "0.015". */
export interface Rate {
  num: bigint;
  den: bigint;
  text: string;
}

export interface Marketplace {
  uuid: string;
  name: string;
  /** Stark key that receives the marketplace fee. */
  payee: string;
  fee: Rate;
  projectUuid: string;
  owner: string;
  createdAtMicros: bigint;
}

/** One upload of a project. The bytes live in the block store, addressed by `cid`. */
export interface StoredFile {
  projectUuid: string;
  /** CIDv1 of the wrapping directory (a file) or of the CAR's root. */
  cid: string;
  filename: string;
  /** Bytes uploaded (for a CAR: the CAR's own size). */
  size: bigint;
  createdAtMicros: bigint;
  /** Hidden from the list; the bytes stay addressable through the gateway. */
  removed: boolean;
}

/** project uuid -> cid -> file, each in upload order (the order of the list). */
export type StorageIndex = Map<string, Map<string, StoredFile>>;

export interface ApiKey {
  key: string;
  name: string;
}

export interface State {
  /** Every mutation of the maps, sets and entities below leaves an undo step here (never dumped). */
  undo: UndoLog;
  clock: ClockState;
  prng: PrngState;
  nextSequenceId: number;
  nextVaultId: bigint;
  contracts: Map<string, Contract>;
  contractsByUuid: Map<string, string>;
  assets: Map<string, Asset>;
  accounts: Map<string, Account>;
  /** `${owner}|${assetHex}` -> vault id. */
  vaults: Map<string, bigint>;
  records: Map<number, LedgerRecord>;
  /** `0xr|0xs` of every accepted signed request -> the sequence ids of the records it created. */
  signatures: Map<string, number[]>;
  /** Derived index (rebuilt on load, never dumped): `0xr` -> the `0xr|0xs` keys above with that r (search by r alone). */
  signaturesByR: Map<string, string[]>;
  /** Derived count (rebuilt on load, never dumped): records per status (index = status 0..6), for /metrics in O(1). */
  statusCounts: { counts: readonly number[] };
  apiKeys: Map<string, ApiKey>;
  projects: Map<string, Project>;
  marketplaces: Map<string, Marketplace>;
  namedAccounts: NamedAccount[];
  /**
   * Derived (rebuilt from the records on load, never dumped): what each stark key has withdrawn that
   * has not reached L1 yet (withdrawal records at 1 or 3): stark key -> asset hex -> amount.
   */
  withdrawing: Map<string, Map<string, bigint>>;
  /** Withdrawn amounts ready to claim on L1: Ethereum address -> asset hex -> amount. */
  withdrawArea: Map<string, Map<string, bigint>>;
  /** Amounts claimed out of the withdraw area (gone to L1), per asset hex. */
  claimed: Map<string, bigint>;
  /** Deposits + mints (net of reverted ones), per asset hex: the right side of conservation. */
  issued: Map<string, bigint>;
  /** Records at status 1, waiting for an L2 batch. */
  pendingL2: Set<number>;
  /** Records at status 3, waiting for an L1 batch. */
  pendingL1: Set<number>;
  settlement: Settlement;
  orders: Map<number, Order>;
  /** Ids of open (placed or partially filled) orders, in placement order. */
  openOrders: Set<number>;
  trades: Trade[];
  /** Derived index (rebuilt from open orders, never dumped): market key -> book. */
  books: Map<string, import('../state/book.js').Book>;
  /** Derived index: open order ids by owner and by quote asset. */
  openByOwner: Map<string, Set<number>>;
  openByQuote: Map<string, Set<number>>;
  /** Derived index: positions in `trades` by order id, by stark key (either side) and by market. */
  tradesBy: Map<string, number[]>;
  /** Derived: every list endpoint's rows in answer order (see lists.ts; never dumped). */
  lists: ListIndexes;
  /** Stark key that collects the service fee. */
  operator: string;
  starkexContracts: { mainnet: string; testnet: string; sepolia: string };
  /** Stored files per project (the index only; block bytes live in the block store). */
  storage: StorageIndex;
  /**
   * Set by the devnet for the length of one command when someone listens for events: every record
   * status move made, in order. Not state (never dumped, hashed or undone): a trace of the command.
   */
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

export interface Settlement {
  mode: SettlementMode;
  /** interval mode: a batch is cut every this many microseconds of emulator time. */
  intervalMicros: bigint;
  /** interval mode: when the next batch is due. */
  nextCutMicros: bigint;
}

export const ETH_KEY = 'eth';

// The list indexes of the read side: every list endpoint's rows kept in answer order, so that a page
// costs O(log n + page) whatever the history. Derived from the plain state, never dumped or hashed.
// Two ways they survive a rollback: the order-book parts (orders, depth, listings) are rebuilt with
// the books (trading/open-orders.ts rebuildOrderIndexes); the others leave undo steps as they change.

/**
 * A stark key's records by type, by contract and by both (ids ascending); the key's own `records`
 * array is the list of all. Kept only for keys with more than RECORD_LISTS_FROM records: a shorter
 * history is filtered as it is read.
 */
export interface RecordLists {
  byType: Map<number, IdList>;
  byContract: Map<string, IdList>;
  /** `${contractKey}|${type}` -> ids. */
  byContractType: Map<string, IdList>;
}

/**
 * Every order in each scope a `GET /v1/orders` can name, stored as `orderClass * ORDER_SPAN + id` so
 * that one direction in one state is one range (classes: direction * 4 + order state).
 */
export interface OrderLists {
  all: SortedList<number>;
  byOwner: Map<string, SortedList<number>>;
  /** Quote contract key. */
  byContract: Map<string, SortedList<number>>;
  /** NFT quote asset hex (a fungible contract has one asset: its contract scope). */
  byAsset: Map<string, SortedList<number>>;
  byOwnerContract: Map<string, Map<string, SortedList<number>>>;
  byOwnerAsset: Map<string, Map<string, SortedList<number>>>;
}

/** One aggregated price level of `GET /v1/depth`. */
export interface DepthLevel {
  key: string;
  price: Ratio;
  /** Quote units still offered by the open orders of the level. */
  qty: bigint;
  /** Open order ids of the level in placement order; those before `head` are gone, others may be (skipped when read). */
  ids: number[];
  head: number;
  live: number;
}

/** The open orders of one base asset against one quote contract, per direction (0 ASK, 1 BID), by price. */
export interface DepthBook {
  levels: [Map<string, DepthLevel>, Map<string, DepthLevel>];
  sorted: [SortedList<DepthLevel>, SortedList<DepthLevel>];
}

/** An open ASK in a collection listing, sorted by token id (0 for a fungible quote), then order id. */
export interface ListingEntry {
  tokenId: bigint;
  id: number;
}

/**
 * A key's non-empty holdings (balance available or frozen, or in flight to L1) in `/v1/balances`
 * order. Kept only for keys with more than HOLDINGS_FROM balance entries.
 */
export interface Holdings {
  /** Contracts with a listed holding: ETH, then ERC20s, then NFT contracts, each by key. */
  contracts: SortedList<Contract>;
  /** Contract key -> its listed assets by token id. */
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

export interface ListIndexes {
  /** Stark key -> record lists (long histories only). */
  records: Map<string, RecordLists>;
  orders: OrderLists;
  /** `${baseHex}|${quoteContractKey}` -> depth. */
  depth: Map<string, DepthBook>;
  /** `${quoteContractKey}|${baseHex}` -> open ASKs. */
  listings: Map<string, SortedList<ListingEntry>>;
  /** NFT contract key -> its tokens held on L2, by token id. */
  nfts: Map<string, SortedList<Asset>>;
  /** Stark key -> holdings (many balance entries only). */
  holdings: Map<string, Holdings>;
  /** Project uuid -> listed files. */
  storage: Map<string, StorageList>;
}
