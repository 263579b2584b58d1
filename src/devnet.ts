// The command/query surface of one emulator instance: every route makes exactly one call here.
import { verifyStarkSignature } from './crypto/verify.js';
import { useBuiltCryptoTables } from './crypto-tables-file.js';
import { parseStarkKey } from './domain/ledger/accounts.js';
import { requireAsset } from './domain/catalog/assets.js';
import { deposit, setBalance } from './domain/ledger/deposits.js';
import type { DepositInput } from './domain/ledger/deposits.js';
import { buildGenesisState } from './domain/lifecycle/genesis.js';
import type { GenesisOptions } from './domain/lifecycle/genesis.js';
import { createMarketplace } from './domain/trading/marketplaces.js';
import type { NewMarketplace } from './domain/trading/marketplaces.js';
import { mint } from './domain/ledger/mints.js';
import type { MintInput } from './domain/ledger/mints.js';
import { createContract, createProject, removeContract, removeProject, renameProject } from './domain/catalog/projects.js';
import type { NewContract } from './domain/catalog/projects.js';
import { formatUuid, nextBlock } from './domain/state/prng.js';
import { clockTo, moveClock, moveRecord, runBatch } from './domain/records/settlement.js';
import type { BatchLayer, BatchResult, ClockMove } from './domain/records/settlement.js';
import type { SignedMoveInput } from './domain/ledger/signed-moves.js';
import type { SignatureCheck } from './domain/ledger/signed.js';
import type { LedgerRecord, SettlementMode, State } from './domain/state/state.js';
import { submitTransfer } from './domain/ledger/transfers.js';
import { submitBatchTransfer, submitMultiTransfer } from './domain/ledger/batch-transfers.js';
import type { BatchTransferInput, MultiTransferInput } from './domain/ledger/batch-transfers.js';
import { vaultsFor } from './domain/ledger/vaults.js';
import { drawWallets } from './domain/ledger/wallets.js';
import type { Wallet } from './domain/ledger/wallets.js';
import { claimWithdrawal, parseEthAddress, submitWithdrawal } from './domain/ledger/withdrawals.js';
import type { SettlementOption } from './domain/records/settlement.js';
import { orderInfo } from './domain/trading/order-info.js';
import { cancelOrder, placeOrder } from './domain/trading/orders.js';
import type { OrderInput } from './domain/trading/orders.js';
import type { Signature } from './domain/ledger/signed.js';
import { DevnetReads, nativeSha256 } from './devnet-reads.js';
import { Snapshots } from './domain/lifecycle/snapshots.js';
import { atomically } from './domain/lifecycle/transaction.js';
import { dumpChunks, dumpState, stateHash } from './domain/lifecycle/dump.js';
import { loadState, StateReader } from './domain/lifecycle/load.js';
import type { LoadLimits } from './domain/lifecycle/load.js';
import { DevnetStorage } from './devnet-storage.js';
import { recordUpload, removeUpload } from './domain/storage/storage.js';
import type { NewUpload } from './domain/storage/storage.js';
import { MemoryBlockStore } from './ipfs/block-store.js';
import type { BlockStore } from './ipfs/block-store.js';
import { DevnetEvents } from './devnet-events.js';
import type { DevnetListener } from './devnet-events.js';

export type SignatureMode = 'verify' | 'skip';

export type ClockMode = 'virtual' | 'wall';

/** One accepted command as the journal keeps it: replaying the entries in order rebuilds the state. */
export interface CommandEntry {
  cmd: CommandName;
  args: unknown[];
  /** The emulator clock when the command ran (wall clock mode only: replay sets it first). */
  at?: bigint;
}

/**
 * Where accepted commands go (the persistence layer). Both calls save before the change counts: a
 * throw from either means "not saved", and the command is then undone (a DevnetError passes through
 * to the client, e.g. 503 for a disk that refuses writes).
 */
export interface CommandSink {
  /** Saves one command that changed the state; it is rolled back if this throws. */
  append(entry: CommandEntry): void;
  /** Saves a whole new state (reset, load), given as its dump's text in pieces, before it replaces the current one; nothing is replaced if this throws. */
  replace(dump: () => Iterable<string>): void;
}

/** See Devnet.bookkeeping. */
export interface Bookkeeping {
  /** The number of the next snapshot id (`0x` and its hex): ids only grow, across reverts, resets and restarts. */
  nextSnapshot: number;
}

export interface DevnetConfig {
  /** Parsed genesis document. */
  genesis: unknown;
  /** Overrides the genesis seed (`--seed`): keys, API keys and ids derive from it. */
  seed?: string | undefined;
  /** `verify` (default); `skip` accepts any signature (`--signatures`). */
  signatures?: SignatureMode;
  /** `auto` (default) and `manual` wait for POST /_devnet/batches; `{interval: N}` cuts a batch every N clock seconds. */
  settlement?: SettlementOption;
  /** Extra API keys besides the genesis ones (`--api-key`), each owning nothing until it creates something. */
  apiKeys?: readonly string[] | undefined;
  /** `virtual` (default): time moves only by POST /_devnet/clock; `wall`: follows the host clock (from `wallMicros`) before each command. */
  clock?: ClockMode;
  wallMicros?: () => bigint;
  /** Where uploaded blocks live; default in memory (`DirectoryBlockStore` keeps them on disk). */
  blockStore?: BlockStore | undefined;
  /** Base URL in storage `endpoints` (`{gatewayUrl}/ipfs/{cid}/`); default: the URL each request came to (its Host). */
  gatewayUrl?: string | undefined;
  /** Bytes each project may keep listed in storage (`--storage-quota`); default: no quota. */
  storageQuota?: number | undefined;
  /** The StarkEx contract on the attached L1 (`--l1`): `GET /v1/starkex/contracts` names it for every network. */
  l1Contract?: string | undefined;
  /** `--accounts N --balance X`: N generated accounts (`account0`...) each with X wei of ETH (see GenesisOptions). */
  devAccounts?: GenesisOptions['devAccounts'];
}

/**
 * One emulator: its state and the operations on it. Commands validate everything first and then
 * apply steps that cannot fail, so a refused command leaves the state exactly as it was.
 */
export class Devnet extends DevnetReads {
  private current: State;
  readonly signatures: SignatureMode;
  readonly clockMode: ClockMode;
  private readonly checkSig: SignatureCheck;
  private readonly snapshots = new Snapshots();
  private sink: CommandSink | undefined;
  private readonly events = new DevnetEvents();
  /** Set while the journal is replayed: signatures were checked when the command was first accepted. */
  private replaying = false;
  /** Set while a journal written before snapshot lines recorded their ids is replayed: a revert gives back the ids it drops, as it did then. */

  /** Uploads, the storage index's queries and the gateway (see devnet-storage.ts). */
  readonly storage: DevnetStorage;

  constructor(private readonly config: DevnetConfig) {
    super();
    useBuiltCryptoTables();
    this.storage = new DevnetStorage(
      () => this.current,
      config.blockStore ?? new MemoryBlockStore(),
      config.gatewayUrl?.replace(/\/+$/, ''),
      {
        record: (apiKey, projectUuid, upload) => this.recordUpload(apiKey, projectUuid, upload),
        remove: (apiKey, projectUuid, cid) => this.removeUpload(apiKey, projectUuid, cid),
      },
      config.storageQuota,
    );
    this.signatures = config.signatures ?? 'verify';
    this.clockMode = config.clock ?? 'virtual';
    if (this.clockMode === 'wall' && !config.wallMicros) throw new RangeError('clock "wall" needs a wallMicros source');
    const verify: SignatureCheck =
      this.signatures === 'skip' ? () => true : (hash, sig, key) => verifyStarkSignature(hash(), sig.r, sig.s, key);
    this.checkSig = (hash, sig, key) => this.replaying || verify(hash, sig, key);
    for (const key of config.apiKeys ?? []) if (key.trim() === '') throw new RangeError('an API key must not be empty');
    this.current = this.genesis();
  }

  get state(): State {
    return this.current;
  }

  private genesis(): State {
    const state = buildGenesisState(this.config.genesis, { seed: this.config.seed, devAccounts: this.config.devAccounts });
    for (const key of this.config.apiKeys ?? []) if (!state.apiKeys.has(key)) state.apiKeys.set(key, { key, name: 'cli' });
    const settlement = this.config.settlement ?? 'auto';
    if (typeof settlement === 'object') {
      const intervalMicros = BigInt(settlement.interval) * 1_000_000n;
      state.settlement = { mode: 'interval' as SettlementMode, intervalMicros, nextCutMicros: state.clock.nowMicros + intervalMicros };
    } else {
      state.settlement = { mode: settlement, intervalMicros: 0n, nextCutMicros: 0n };
    }
    state.undo.releaseAll();
    return state;
  }

  /**
   * `GET /_devnet/config`'s part of the devnet: the seed keys derive from, the hash of the genesis state
   * (equal hashes: the same start), how records settle, the clock and the signature mode.
   */
  settings(): { seed: string; genesis_hash: string; settlement: string; clock: ClockMode; signatures: SignatureMode } {
    const own = (this.config.genesis as { seed?: unknown } | null)?.seed;
    const s = this.config.settlement ?? 'auto';
    this.genesisHash ??= stateHash(this.genesis(), nativeSha256);
    return {
      seed: this.config.seed ?? (typeof own === 'string' ? own : 'l2-devnet'),
      genesis_hash: this.genesisHash,
      settlement: typeof s === 'object' ? `interval:${s.interval}` : s,
      clock: this.clockMode,
      signatures: this.signatures,
    };
  }
  private genesisHash: string | undefined;

  /** Sends every accepted command (and every wholesale state swap) to `sink`, e.g. the journal. */
  attach(sink: CommandSink | undefined): void {
    this.sink = sink;
  }

  /**
   * Live events (the explorer, SSE clients, tests): after each accepted command one `command` event,
   * then one `record` event per record created or moved by it. Returns the unsubscribe function.
   */
  onEvent(listener: DevnetListener): () => void {
    return this.events.on(listener);
  }

  /** Seq of the last event sent, so a new subscriber can say where its stream starts. */
  get lastEventSeq(): number {
    return this.events.lastSeq;
  }

  /**
   * Runs one command atomically (a throw undoes every step) and journals it when it changed anything,
   * inside the command: a journal write that fails undoes the command too, so an answer OK means
   * journaled and a failure means unchanged. `always` journals it regardless (snapshots: replay must
   * hand out the same ids). `journalFirst` journals before applying, for a command that cannot be
   * undone once applied and cannot fail after its checks (revert).
   */
  private command<T>(cmd: CommandName, args: unknown[], fn: () => T, always = false, journalFirst = false): T {
    let at: bigint | undefined;
    // Status moves are traced only while someone listens; a refused command's trace is dropped with it.
    const state = this.current;
    const moves = this.events.watched && !this.replaying ? (state.statusMoves = []) : undefined;
    const sink = this.replaying ? undefined : this.sink;
    const journal = (): void => sink!.append(at === undefined ? { cmd, args } : { cmd, args, at });
    let outcome: ReturnType<typeof atomically<T>>;
    try {
      outcome = atomically(
        state,
        () => {
          if (this.clockMode === 'wall' && !this.replaying) at = this.syncWallClock();
          if (journalFirst && sink) journal();
          return fn();
        },
        sink && !journalFirst
          ? ({ changed }) => {
              if (changed || always) journal();
            }
          : undefined,
      );
    } finally {
      state.statusMoves = undefined;
    }
    const { value, changed } = outcome;
    if ((changed || always) && moves) this.events.emit(cmd, value, moves, this.current.clock.nowMicros);
    return value;
  }

  /** Moves the clock to the host's time (never backwards), cutting interval batches that fell due. */
  private syncWallClock(): bigint {
    const wall = this.config.wallMicros!();
    if (wall > this.current.clock.nowMicros) clockTo(this.current, wall);
    return this.current.clock.nowMicros;
  }

  /** wall clock mode: lets time pass for readers too (interval batches cut while a client polls). */
  tick(): void {
    if (this.clockMode !== 'wall') return;
    const s = this.current.settlement;
    // Journal the tick only when it cuts a batch; a bare clock move is re-read from the host after a restart anyway.
    if (s.mode === 'interval' && this.config.wallMicros!() >= s.nextCutMicros) this.command('tick', [], () => undefined);
    else atomically(this.current, () => this.syncWallClock());
  }

  /** Re-runs a journaled command exactly as it first ran; returns its answer. */
  replay(entry: CommandEntry): unknown {
    const method = (this as unknown as Record<string, unknown>)[entry.cmd];
    if (!COMMANDS.includes(entry.cmd) || typeof method !== 'function') throw new RangeError(`unknown journaled command "${entry.cmd}"`);
    this.replaying = true;
    try {
      if (entry.at !== undefined && entry.at > this.current.clock.nowMicros) {
        atomically(this.current, () => clockTo(this.current, entry.at!));
      }
      return (method as (...a: unknown[]) => unknown).apply(this, entry.args);
    } finally {
      this.replaying = false;
    }
  }

  // ---- commands ----

  orderInfo(starkKey: string, contract1: string, contract2: string): Record<string, unknown> {
    return this.command('orderInfo', [starkKey, contract1, contract2], () => orderInfo(this.state, starkKey, contract1, contract2));
  }

  placeOrder(input: OrderInput): { sequence_id: number } {
    return this.command('placeOrder', [input], () => ({ sequence_id: placeOrder(this.state, input, this.checkSig) }));
  }

  cancelOrder(orderId: number, starkKey: string, signature: Signature): { sequence_id: number } {
    return this.command('cancelOrder', [orderId, starkKey, signature], () => ({
      sequence_id: cancelOrder(this.state, orderId, starkKey, signature, this.checkSig),
    }));
  }

  createApiKey(name = 'control-plane'): { api_key: string } {
    return this.command('createApiKey', [name], () => {
      const key = 'rk-' + formatUuid(nextBlock(this.state.prng));
      this.state.apiKeys.set(key, { key, name });
      return { api_key: key };
    });
  }

  createProject(apiKey: string, name: string): { message: string; project_uuid: string } {
    return this.command('createProject', [apiKey, name], () => ({
      message: 'Project created.',
      project_uuid: createProject(this.state, apiKey, name).uuid,
    }));
  }

  renameProject(apiKey: string, uuid: string, name: string): { message: string; project_uuid: string } {
    return this.command('renameProject', [apiKey, uuid, name], () => ({
      message: 'Project edited.',
      project_uuid: renameProject(this.state, apiKey, uuid, name).uuid,
    }));
  }

  removeProject(apiKey: string, uuid: string): { message: string } {
    return this.command('removeProject', [apiKey, uuid], () => {
      removeProject(this.state, apiKey, uuid);
      return { message: 'Project removed.' };
    });
  }

  createContract(apiKey: string, spec: NewContract): { message: string; contract_uuid: string } {
    return this.command('createContract', [apiKey, spec], () => ({
      message: 'Contract created.',
      contract_uuid: createContract(this.state, apiKey, spec).uuid,
    }));
  }

  removeContract(apiKey: string, uuid: string): { message: string } {
    return this.command('removeContract', [apiKey, uuid], () => {
      removeContract(this.state, apiKey, uuid);
      return { message: 'Contract removed.' };
    });
  }

  createMarketplace(apiKey: string, input: NewMarketplace): { message: string; marketplace_uuid: string } {
    return this.command('createMarketplace', [apiKey, input], () => ({
      message: 'Marketplace created.',
      marketplace_uuid: createMarketplace(this.state, apiKey, input).uuid,
    }));
  }

  transfer(input: SignedMoveInput): { sequence_id: number } {
    return this.command('transfer', [input], () => ({ sequence_id: submitTransfer(this.state, input, this.checkSig) }));
  }

  batchTransfer(input: BatchTransferInput): { sequence_id: number } {
    return this.command('batchTransfer', [input], () => ({ sequence_id: submitBatchTransfer(this.state, input, this.checkSig) }));
  }

  multiTransfer(input: MultiTransferInput): { sequence_id: number } {
    return this.command('multiTransfer', [input], () => ({ sequence_id: submitMultiTransfer(this.state, input, this.checkSig) }));
  }

  withdraw(input: SignedMoveInput): { sequence_id: number } {
    return this.command('withdraw', [input], () => ({ sequence_id: submitWithdrawal(this.state, input, this.checkSig) }));
  }

  mint(input: MintInput): { sequence_ids: number[] } {
    return this.command('mint', [input], () => ({ sequence_ids: mint(this.state, input) }));
  }

  batches(layer: BatchLayer): BatchResult {
    return this.command('batches', [layer], () => runBatch(this.state, layer));
  }

  moveRecord(sequenceId: number, status: number): { sequence_id: number; status: number } {
    return this.command('moveRecord', [sequenceId, status], () => {
      const r = moveRecord(this.state, sequenceId, status);
      return { sequence_id: r.sequenceId, status: r.status };
    });
  }

  claim(ethAddressText: string | undefined, assetId: bigint): { ethaddress: string; asset_id: string; amount: bigint } {
    return this.command('claim', [ethAddressText, assetId], () => {
      const address = parseEthAddress(ethAddressText, 'ethaddress');
      const asset = requireAsset(this.state, assetId);
      return { ethaddress: address, asset_id: asset.hex, amount: claimWithdrawal(this.state, address, asset.hex) };
    });
  }

  /** Moves virtual time forward (by seconds, or to an instant) and cuts any interval batches that fell due. */
  setClock(input: ClockMove): { now: string; moved: number[] } {
    return this.command('setClock', [input], () => moveClock(this.state, input));
  }

  /** `GET /v1/vaults`: one vault id per (owner, asset), allocated on first use. */
  vaults(ownerTexts: string[], assetIds: bigint[]): string[] {
    return this.command('vaults', [ownerTexts, assetIds], () => vaultsFor(this.state, ownerTexts, assetIds));
  }

  /** `GET /v1/wallets`: fresh key pairs from the seeded PRNG (a testing helper of the real service). */
  wallets(count: number): Wallet[] {
    return this.command('wallets', [count], () => drawWallets(this.state, count));
  }

  deposit(input: Omit<DepositInput, 'starkKey'> & { starkKey: string | undefined }): { sequence_id: number } {
    return this.command('deposit', [input], () => {
      const starkKey = parseStarkKey(input.starkKey);
      return { sequence_id: deposit(this.state, { ...input, starkKey }).sequenceId };
    });
  }

  /** A deposit logged on L1 (src/l1/bridge.ts reads it): the faucet's deposit, journaled with its L1 transaction hash. */
  l1Deposit(input: DepositInput, l1Tx: string): { sequence_id: number } {
    return this.command('l1Deposit', [input, l1Tx], () => {
      const seq = deposit(this.state, { ...input, starkKey: parseStarkKey(input.starkKey) }).sequenceId;
      this.l1Txs.set(seq, { tx: l1Tx, record: fingerprint(this.state.records.get(seq)) });
      return { sequence_id: seq };
    });
  }

  /** The L1 transaction behind a record (an L1 deposit), for the explorer; kept beside the state, refilled by a journal replay. */
  private readonly l1Txs = new Map<number, { tx: string; record: string }>();

  l1TxOf(sequenceId: number): string | undefined {
    const e = this.l1Txs.get(sequenceId);
    // A revert, reset or load can give the sequence id to another record.
    return e !== undefined && e.record === fingerprint(this.state.records.get(sequenceId)) ? e.tx : undefined;
  }

  override starkexContracts(): State['starkexContracts'] {
    const a = this.config.l1Contract;
    return a === undefined ? super.starkexContracts() : { mainnet: a, testnet: a, sepolia: a };
  }

  /** `POST /_devnet/set-balance`: the available balance of a fungible asset set to `amount` (no record; see setBalance). */
  setBalance(starkKey: string, contractAddress: string, amount: bigint): { stark_key: string; asset_id: string; available: bigint } {
    return this.command('setBalance', [starkKey, contractAddress, amount], () => ({
      stark_key: starkKey,
      ...setBalance(this.state, starkKey, contractAddress, amount),
    }));
  }

  // ---- snapshots and whole-state control ----

  /**
   * `POST /_devnet/snapshots`: O(1); the id stays valid until a revert to an earlier one, a reset or a
   * load. The journal line records the id, and a replay of it (`recorded`) hands out that same id.
   */
  snapshot(recorded?: unknown): { id: string } {
    if (this.replaying && typeof recorded === 'string' && /^0x[0-9a-f]{1,12}$/.test(recorded))
      this.snapshots.continueFrom(Number.parseInt(recorded.slice(2), 16));
    const args: unknown[] = [];
    return this.command(
      'snapshot',
      args,
      () => {
        const id = this.snapshots.take(this.current);
        args.push(id);
        return { id };
      },
      true,
    );
  }

  /**
   * `POST /_devnet/snapshots/{id}/revert`: the exact state of then (ids, clock, nonces, books). Its cost is
   * the steps taken since the snapshot, so the answer carries no state hash (that would cost O(state)).
   */
  revert(id: string): { reverted: string } {
    // A revert spends the undo steps it reverses, so it cannot itself be undone: checked, journaled, then applied.
    this.snapshots.check(id);
    this.command('revert', [id], () => this.snapshots.revert(this.current, id), true, true);
    return { reverted: id };
  }

  /** `DELETE /_devnet/snapshots/{id}`: forgets one snapshot; the undo steps only it needed are dropped. */
  deleteSnapshot(id: string): { deleted: string } {
    // Journaled first (replay must drop it too), then applied outside the command: no revert undoes it.
    this.snapshots.check(id);
    this.command('deleteSnapshot', [id], () => undefined, true);
    this.snapshots.delete(this.current, id);
    return { deleted: id };
  }

  // ---- the storage index (blocks are committed to the block store before these run) ----

  recordUpload(apiKey: string, projectUuid: string, upload: NewUpload): void {
    this.command('recordUpload', [apiKey, projectUuid, upload], () => void recordUpload(this.current, apiKey, projectUuid, upload));
  }

  removeUpload(apiKey: string, projectUuid: string, cid: string): void {
    this.command('removeUpload', [apiKey, projectUuid, cid], () => removeUpload(this.current, apiKey, projectUuid, cid));
  }

  hasSnapshots(): boolean {
    return this.snapshots.ids().length > 0;
  }

  /**
   * The counters outside the state whose values answers carry (snapshot ids): a state image keeps
   * them beside the state, so a replay from it hands out the ids that were answered.
   */
  bookkeeping(): Bookkeeping {
    return { nextSnapshot: this.snapshots.nextNumber };
  }

  /** Takes an image's counters (after its state is loaded, before its journal is replayed). */
  restoreBookkeeping(b: Bookkeeping): void {
    this.snapshots.continueFrom(b.nextSnapshot);
  }

  /** `POST /_devnet/reset`: back to the genesis (the same config); snapshots are dropped. */
  reset(): { state_hash: string } {
    this.replace(this.genesis());
    this.events.emit('reset', undefined, [], this.current.clock.nowMicros);
    return { state_hash: this.stateHash() };
  }

  /** The canonical, versioned image of the whole state, as one object (small states, tests). */
  dump(): Record<string, unknown> {
    return dumpState(this.current);
  }

  /**
   * `GET /_devnet/state`: the same image as text in pieces of ~64 KiB, all taken now (so later
   * commands cannot tear it) but never joined: a dump of millions of records is no single string.
   */
  dumpText(): string[] {
    return [...dumpChunks(this.current)];
  }

  /** The dump's text in pieces, taken from the live state as they are consumed (synchronously: the image writer). */
  dumpPieces(): Iterable<string> {
    return dumpChunks(this.current);
  }

  /** Replaces the state with a dump given as one object (checked field by field, then for every guarantee). */
  load(dump: unknown): { state_hash: string } {
    return this.loaded(loadState(dump));
  }

  /** Replaces the state with a dump given as text in pieces (an image file): never one string. */
  loadPieces(pieces: Iterable<string>): { state_hash: string } {
    const reader = new StateReader(undefined, nativeSha256);
    for (const piece of pieces) reader.feed(piece);
    const state = reader.end();
    return this.loaded(state, reader.textHash());
  }

  /**
   * `POST /_devnet/state`: a reader the route feeds the body to as it arrives (holding at most `limits`); end() checks the dump
   * (as load does) and replaces the state. Until then the current state is untouched.
   */
  stateReader(limits?: LoadLimits): { feed(text: string): void; end(): { state_hash: string } } {
    const reader = new StateReader(limits, nativeSha256);
    return {
      feed: (text) => reader.feed(text),
      end: () => {
        const state = reader.end();
        return this.loaded(state, reader.textHash());
      },
    };
  }

  /** `hash`: the new state's hash when known (a dump read as written: the hash of its text). */
  private loaded(state: State, hash?: string): { state_hash: string } {
    this.replace(state);
    this.events.emit('load', undefined, [], this.current.clock.nowMicros);
    return { state_hash: hash ?? this.stateHash() };
  }

  /** The new state is saved (as the image) before it takes over: a failed save leaves the old state in place. */
  private replace(state: State): void {
    if (!this.replaying) this.sink?.replace(() => dumpChunks(state));
    this.current = state;
    this.snapshots.clear();
  }
}

/** Every method the journal may name (commands that can change the state). */
export const COMMANDS = [
  'orderInfo',
  'placeOrder',
  'cancelOrder',
  'createApiKey',
  'createProject',
  'renameProject',
  'removeProject',
  'createContract',
  'removeContract',
  'createMarketplace',
  'transfer',
  'batchTransfer',
  'multiTransfer',
  'withdraw',
  'mint',
  'batches',
  'moveRecord',
  'claim',
  'setClock',
  'vaults',
  'wallets',
  'deposit',
  'l1Deposit',
  'setBalance',
  'snapshot',
  'revert',
  'deleteSnapshot',
  'tick',
  'recordUpload',
  'removeUpload',
] as const;
export type CommandName = (typeof COMMANDS)[number];

const fingerprint = (r: LedgerRecord | undefined): string =>
  r === undefined ? '' : `${r.type} ${r.starkKey} ${r.assetHex} ${r.amount} ${r.timeMicros}`;
