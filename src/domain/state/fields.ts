// The state's fields, each declared once: what it holds when empty, whether it is a register, and how it
// is dumped and loaded (members.ts). Dumped fields come in the order the dump writes them (the state
// hash is of that text); derived ones sit anywhere and are rebuilt on load. Adding a field here is all a
// new datum needs for undo, snapshots, dump, load, hash and journal replay.
import * as v from 'valibot';
import type { Book } from './book.js';
import {
  ASSET,
  CONTRACT,
  count,
  entry,
  exact,
  id,
  list,
  MARKETPLACE,
  micros,
  obj,
  oneOf,
  ORDER,
  PROJECT,
  RECORD,
  STARK_KEY,
  STORED_FILE,
  text,
  TOKEN_METADATA,
  TRADE,
} from './entities.js';
import type { Asset, Contract, LedgerRecord, Marketplace, Order, Project, StoredFile, TokenMetadata, Trade } from './entities.js';
import { newListIndexes } from './indexes.js';
import { ascendingIds, derived, entities, integerFields, items, pairs, put, value } from './members.js';
import { big } from './shared-values.js';
import { createPrng } from './prng.js';
import { TrackedMap, TrackedSet, type UndoLog } from './undo.js';
import {
  ACCOUNT,
  type Account,
  accountEntry,
  contractEntry,
  marketplaceEntry,
  projectEntry,
  recordEntry,
  storageRow,
  type StorageIndex,
  NAMED_ACCOUNT,
  type NamedAccount,
  type L1Origin,
  l1Origin,
} from './entries.js';

export type { Account, Balance, L1Origin, NamedAccount, StorageIndex } from './entries.js';

export const SETTLEMENT_MODES = ['auto', 'manual', 'interval'] as const;
export type SettlementMode = (typeof SETTLEMENT_MODES)[number];

/** The real service hands out 8-digit vault ids. */
export const FIRST_VAULT_ID = 10_000_000n;

const map =
  <K, V>(options?: { orders?: boolean }) =>
  (undo: UndoLog): Map<K, V> =>
    TrackedMap.create<K, V>(undo, options);
const ids =
  (options?: { orders?: boolean }) =>
  (undo: UndoLog): Set<number> =>
    TrackedSet.create<number>(undo, options);
const same = <T>(x: T): T => x;
const idList = (w: unknown) => w as number[];
const amountEntry = () => entry(text('asset id'), exact('quantized'));
const TRADE_INTEGERS = integerFields(TRADE);

export const STATE_FIELDS = {
  /** Every mutation of the maps, sets and entities below leaves an undo step here (never dumped). */
  undo: derived((undo) => undo),
  /** Emulator time, microseconds since 1970-01-01T00:00:00Z. */
  clock: value({
    name: 'clock',
    schema: obj({ now_micros: micros('the emulator clock') }),
    empty: () => ({ nowMicros: 0n }),
    write: (c) => ({ now_micros: c.nowMicros }),
    read: (w) => ({ nowMicros: big(w.now_micros) }),
    register: ['nowMicros'],
  }),
  prng: value({
    name: 'prng',
    schema: obj({ seed: text(), counter: count('blocks drawn') }),
    empty: () => createPrng(''),
    write: (p) => ({ ...p }),
    read: same,
    register: ['counter'],
  }),
  nextSequenceId: value({ name: 'next_sequence_id', schema: id(), empty: () => 1, write: same, read: same, register: true }),
  nextVaultId: value({
    name: 'next_vault_id',
    schema: exact('next vault id'),
    empty: () => FIRST_VAULT_ID,
    write: same,
    read: big,
    register: true,
  }),
  /** Stark key that collects the service fee. */
  operator: value({ name: 'operator', schema: STARK_KEY, empty: () => '', write: same, read: same }),
  starkexContracts: value({
    name: 'starkex_contracts',
    schema: obj({ mainnet: text(), testnet: text(), sepolia: text() }),
    empty: () => ({ mainnet: '', testnet: '', sepolia: '' }),
    write: same,
    read: same,
  }),
  namedAccounts: value({
    name: 'named_accounts',
    schema: list(NAMED_ACCOUNT),
    empty: (): NamedAccount[] => [],
    write: same,
    read: (w): NamedAccount[] => w,
  }),
  apiKeys: entities({
    name: 'api_keys',
    item: obj({ key: text(), name: text() }),
    empty: map<string, { key: string; name: string }>(),
    key: (k) => k.key,
    build: (k) => ({ key: k.key as string, name: k.name as string }),
  }),
  projects: entities({
    name: 'projects',
    item: PROJECT,
    empty: map<string, Project>(),
    key: (p) => p.uuid,
    build: projectEntry,
  }),
  marketplaces: entities({
    name: 'marketplaces',
    item: MARKETPLACE,
    empty: map<string, Marketplace>(),
    key: (m) => m.uuid,
    build: marketplaceEntry,
  }),
  contracts: entities({
    name: 'contracts',
    item: CONTRACT,
    empty: map<string, Contract>(),
    key: (c) => c.key,
    build: contractEntry.read,
    write: contractEntry.write,
  }),
  /** Derived: contract uuid -> key, for the contracts not removed. */
  contractsByUuid: derived(map<string, string>()),
  assets: entities({ name: 'assets', item: ASSET, empty: map<string, Asset>(), key: (a) => a.hex }),
  accounts: entities({
    name: 'accounts',
    item: ACCOUNT,
    empty: map<string, Account>(),
    key: (a) => a.key,
    build: accountEntry.read,
    write: accountEntry.write,
  }),
  /** `${owner}|${assetHex}` -> vault id. */
  vaults: pairs({
    name: 'vaults',
    item: entry(text('OWNER|ASSET_ID'), exact('vault id')),
    description: '(owner, asset) -> vault id',
    empty: map<string, bigint>(),
    read: big,
  }),
  records: entities({
    name: 'records',
    item: RECORD,
    empty: map<number, LedgerRecord>(),
    key: (r) => r.sequenceId,
    build: recordEntry,
    sharesItself: true,
  }),
  /** `0xr|0xs` of every accepted signed request -> the sequence ids of the records it created. */
  signatures: pairs({
    name: 'signatures',
    item: entry(text('0xr|0xs of an accepted signed request'), list(id(), 'the records it created')),
    description: 'the signature index of /v1/record/by/signature',
    empty: map<string, number[]>(),
    read: idList,
  }),
  /** Derived: `0xr` -> the `0xr|0xs` keys above with that r (search by r alone). */
  signaturesByR: derived(map<string, string[]>()),
  /** Derived: records per status (index = status 0..6), for /metrics in O(1). */
  statusCounts: derived(() => ({ counts: [0, 0, 0, 0, 0, 0, 0] as readonly number[] })),
  /** Derived: what each stark key has withdrawn that has not reached L1 (records at 1 or 3): key -> asset hex -> amount. */
  withdrawing: derived(map<string, Map<string, bigint>>()),
  /** Withdrawn amounts ready to claim on L1: Ethereum address -> asset hex -> amount. */
  withdrawArea: pairs({
    name: 'withdraw_area',
    item: entry(text('Ethereum address'), list(amountEntry())),
    empty: map<string, Map<string, bigint>>(),
    read: (w, load) => {
      const m = TrackedMap.create<string, bigint>(load.undo);
      for (const [hex, amount] of w as Array<[string, unknown]>) put(m, hex, big(amount));
      return m;
    },
    write: (m) => [...m],
  }),
  /** Amounts claimed out of the withdraw area (gone to L1), per asset hex. */
  claimed: pairs({
    name: 'claimed',
    item: amountEntry(),
    description: 'asset id -> quantized amount claimed on L1',
    empty: map<string, bigint>(),
    read: big,
  }),
  /** Deposits + mints (net of reverted ones), per asset hex: the right side of conservation. */
  issued: pairs({
    name: 'issued',
    item: amountEntry(),
    description: 'asset id -> quantized amount issued',
    empty: map<string, bigint>(),
    read: big,
  }),
  /** Records at status 1, waiting for an L2 batch; at status 3, for an L1 batch. */
  pendingL2: ascendingIds({ name: 'pending_l2', item: id(), description: 'records at status 1, ascending', empty: ids() }),
  pendingL1: ascendingIds({ name: 'pending_l1', item: id(), description: 'records at status 3, ascending', empty: ids() }),
  /** interval mode: a batch is cut every `intervalMicros` of emulator time, the next one when due. */
  settlement: value({
    name: 'settlement',
    schema: obj({ mode: oneOf(SETTLEMENT_MODES), intervalMicros: exact('interval'), nextCutMicros: micros('next interval batch') }),
    empty: () => ({ mode: 'auto' as SettlementMode, intervalMicros: 0n, nextCutMicros: 0n }),
    write: same,
    read: (w) => ({ mode: w.mode, intervalMicros: big(w.intervalMicros), nextCutMicros: big(w.nextCutMicros) }),
    register: ['nextCutMicros'],
  }),
  orders: entities({ name: 'orders', item: ORDER, empty: map<number, Order>({ orders: true }), key: (o) => o.id }),
  /** Ids of open (placed or partially filled) orders, in placement order. */
  openOrders: ascendingIds({ name: 'open_orders', item: id(), description: 'open order ids, ascending', empty: ids({ orders: true }) }),
  trades: items({
    name: 'trades',
    item: TRADE,
    empty: (): Trade[] => [],
    entries: same,
    add: (trades, item, load) => {
      const trade = load.integers(TRADE_INTEGERS, item) as unknown as Trade;
      trades.push(trade);
      return trade;
    },
  }),
  /** Derived from the open orders: market key -> book; open order ids by owner and by quote asset. */
  books: derived(() => new Map<string, Book>()),
  openByOwner: derived(() => new Map<string, Set<number>>()),
  openByQuote: derived(() => new Map<string, Set<number>>()),
  /** Derived: positions in `trades` by order id, by stark key (either side) and by market. */
  tradesBy: derived(() => new Map<string, number[]>()),
  /** Derived: every list endpoint's rows in answer order. */
  lists: derived(newListIndexes),
  /** Stored files per project (the index only; block bytes live in the block store), dumped project by project. */
  storage: items<StorageIndex, StoredFile>({
    name: 'storage',
    item: STORED_FILE,
    empty: (undo) => TrackedMap.create(undo),
    entries: function* (index) {
      for (const files of index.values()) yield* files.values();
    },
    add: storageRow,
    size: (index) => {
      let files = 0;
      for (const m of index.values()) files += m.size;
      return files;
    },
  }),
  /** `${address}|${assetHex}` -> the withdrawals (sequence ids) whose amounts wait in the withdraw area; unknown for a dump from before. */
  withdrawAreaRecords: pairs({
    name: 'withdraw_area_records',
    item: entry(text('ADDRESS|ASSET_ID'), list(id(), 'the withdrawals whose amounts wait there, in the order they arrived')),
    description: 'what put each withdraw area amount there (GET /v1/withdrawal/status sequence_ids)',
    optional: true,
    empty: map<string, number[]>(),
    read: idList,
  }),
  /** `${contractKey}|${tokenId}` -> the token's uploaded metadata. */
  tokenMetadata: entities({
    name: 'token_metadata',
    item: TOKEN_METADATA,
    optional: true,
    empty: map<string, TokenMetadata>(),
    key: (m) => `${m.contractKey}|${m.tokenId}`,
  }),
  /** The records of deposits logged on L1 -> where each came from (the bridge accepts them on L1 by it). */
  l1Deposits: pairs({
    name: 'l1_deposits',
    item: entry(id('sequence id'), obj({ tx: text('the L1 transaction'), vault: v.optional(text('the vault named on L1, hex')) })),
    description: 'the records of deposits logged on L1 and where each came from (with --l1)',
    optional: true,
    empty: map<number, L1Origin>(),
    read: l1Origin,
  }),
  /** L1 deposit and claim logs taken ("tx:logIndex", or a transaction alone from before logs were named) -> the next sequence id then: a re-read takes each once. */
  l1Taken: pairs({
    name: 'l1_taken',
    item: entry(text('tx:logIndex'), id('the next sequence id then')),
    description: 'the L1 deposit and claim logs taken (with --l1)',
    optional: true,
    empty: map<string, number>(),
    read: (w) => w as number,
  }),
};
