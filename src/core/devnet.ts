// The command/query surface of one emulator instance: every route makes exactly one call here.
import { verifyStarkSignature } from '../crypto/verify.js';
import { useBuiltCryptoTables } from './crypto-tables-file.js';
import { buildGenesisState, type GenesisOptions } from '../domain/lifecycle/genesis.js';
import { clockTo, type SettlementOption } from '../domain/records/settlement.js';
import type { SignatureCheck } from '../domain/ledger/signed.js';
import type { State } from '../domain/state/state.js';
import { COMMANDS } from './commands.js';
import { commandMethods, queryMethods } from './bind.js';
import type { CommandContext, CommandEntry, CommandName, Commands, CommandSink, L1Origin } from './commands.js';
import { nativeSha256, type Queries, type ReadContext } from './queries.js';
import { Snapshots } from '../domain/lifecycle/snapshots.js';
import { atomically } from '../domain/lifecycle/transaction.js';
import { dumpChunks, stateHash } from '../domain/lifecycle/dump.js';
import { loadState, StateReader, type LoadLimits } from '../domain/lifecycle/load.js';
import { DevnetStorage } from './storage.js';
import { MemoryBlockStore, type BlockStore } from '../ipfs/block-store.js';
import { DevnetEvents, type DevnetListener } from './events.js';

export type SignatureMode = 'verify' | 'skip';
export type ClockMode = 'virtual' | 'wall';

/** The devnet's options (the library's; the CLI flag named beside one sets it, see cli/flags.ts). */
export interface DevnetConfig {
  /** The parsed genesis document. */
  genesis: unknown;
  /** `--seed`: keys, API keys and ids derive from it; default the genesis document's. */
  seed?: string | undefined;
  /** `--signatures`: `verify` (default); `skip` accepts any signature. */
  signatures?: SignatureMode;
  /** `--settlement`: `auto` (default), `manual` (POST /_devnet/batches), `{interval: N}` (a batch every N clock seconds). */
  settlement?: SettlementOption;
  /** `--api-key`: API keys besides the genesis ones, each owning nothing until it creates something. */
  apiKeys?: readonly string[] | undefined;
  /** `--clock`: `virtual` (default) moves only by POST /_devnet/clock; `wall` follows `wallMicros` before each command. */
  clock?: ClockMode;
  wallMicros?: () => bigint;
  /** Where uploaded blocks live; default in memory (`DirectoryBlockStore` keeps them on disk). */
  blockStore?: BlockStore | undefined;
  /** `--gateway-url`: the base of storage `endpoints`; default the URL each request came to (its Host). */
  gatewayUrl?: string | undefined;
  /** `--storage-quota`: bytes each project may keep listed in storage; default no quota. */
  storageQuota?: number | undefined;
  /** The L1 node and StarkEx contract of this namespace (`--l1`, src/l1/layer.ts): `GET /v1/starkex/contracts` names the contract for every network. */
  l1Link?: { readonly url: string; readonly contract: string } | undefined;
  /** `--accounts N --balance X`: N generated accounts (`account0`...) each with X wei of ETH. */
  devAccounts?: GenesisOptions['devAccounts'];
  /** `--l1-chain-id`: the chain the genesis accounts' Ethereum keys sign their Stark-key request for. */
  walletChainId?: GenesisOptions['walletChainId'];
}

/** The seed keys derive from: `seed` (--seed), else the genesis document's, else the genesis builder's default. */
export function seedOf(seed: string | undefined, genesis: unknown): string {
  const own = (genesis as { seed?: unknown } | null)?.seed;
  return seed ?? (typeof own === 'string' ? own : 'l2-devnet');
}

/** One emulator: its state and the operations on it (a refused command leaves the state exactly as it was). */
export type Devnet = DevnetCore & Commands & Queries;

class DevnetCore implements CommandContext, ReadContext {
  private current: State;
  readonly signatures: SignatureMode;
  readonly clockMode: ClockMode;
  readonly checkSig: SignatureCheck;
  readonly l1Contract: string | undefined;
  /** Uploads, the storage index's queries and the gateway (see core/storage.ts). */
  readonly storage: DevnetStorage;
  private readonly snapshots = new Snapshots();
  private sink: CommandSink | undefined;
  private readonly events = new DevnetEvents();
  /** Set while the journal is replayed: signatures were checked when the command was first accepted. */
  private replaying = false;
  private genesisHash: string | undefined;

  constructor(private readonly config: DevnetConfig) {
    useBuiltCryptoTables();
    const gateway = config.gatewayUrl?.replace(/\/+$/, '');
    this.signatures = config.signatures ?? 'verify';
    this.clockMode = config.clock ?? 'virtual';
    this.l1Contract = config.l1Link?.contract;
    if (this.clockMode === 'wall' && !config.wallMicros) throw new RangeError('clock "wall" needs a wallMicros source');
    const skip = this.signatures === 'skip';
    this.checkSig = (hash, sig, key) => this.replaying || skip || verifyStarkSignature(hash(), sig.r, sig.s, key);
    for (const key of config.apiKeys ?? []) if (key.trim() === '') throw new RangeError('an API key must not be empty');
    this.current = this.genesis();
    const commands = commandMethods(this, (name, args, fn) => this.command(name, args, fn, name === 'l1Deposit'));
    const self: Devnet = Object.assign(this, commands, queryMethods(this));
    this.storage = new DevnetStorage(self, config.blockStore ?? new MemoryBlockStore(), gateway, config.storageQuota);
  }

  get state(): State {
    return this.current;
  }

  private genesis(): State {
    const state = buildGenesisState(this.config.genesis, this.config); // its seed, devAccounts, walletChainId
    for (const key of this.config.apiKeys ?? []) if (!state.apiKeys.has(key)) state.apiKeys.set(key, { key, name: 'cli' });
    const s = this.config.settlement ?? 'auto';
    const intervalMicros = typeof s === 'object' ? BigInt(s.interval) * 1_000_000n : 0n;
    const nextCutMicros = typeof s === 'object' ? state.clock.nowMicros + intervalMicros : 0n;
    state.settlement = { mode: typeof s === 'object' ? 'interval' : s, intervalMicros, nextCutMicros };
    state.undo.releaseAll();
    return state;
  }

  /** `GET /_devnet/config`'s part: the seed, the genesis state's hash (equal hashes: the same start), settlement, clock, signatures, L1. */
  settings() {
    const s = this.config.settlement ?? 'auto';
    this.genesisHash ??= stateHash(this.genesis(), nativeSha256);
    return {
      seed: seedOf(this.config.seed, this.config.genesis),
      genesis_hash: this.genesisHash,
      settlement: typeof s === 'object' ? `interval:${s.interval}` : s,
      clock: this.clockMode,
      signatures: this.signatures,
      l1: this.config.l1Link ?? null,
    };
  }

  /** Sends every accepted command (and every wholesale state swap) to `sink`, e.g. the journal. */
  attach(sink: CommandSink | undefined): void {
    this.sink = sink;
  }

  /** Live events: after each accepted command one `command` event, then one `record` event per record it created or moved. */
  onEvent(listener: DevnetListener): () => void {
    return this.events.on(listener);
  }

  /** Seq of the last event sent, so a new subscriber can say where its stream starts. */
  get lastEventSeq(): number {
    return this.events.lastSeq;
  }

  /** Runs one command atomically, journaled inside when it changed anything (`always`: regardless; `journalFirst`: before applying). */
  private command<T>(cmd: CommandName, args: unknown[], fn: () => T, always = false, journalFirst = false): T {
    let at: bigint | undefined;
    // Status moves are traced only while someone listens; a refused command's trace is dropped with it.
    const state = this.current;
    const moves = this.events.watched && !this.replaying ? (state.statusMoves = []) : undefined;
    const sink = this.replaying ? undefined : this.sink;
    const journal = (): void => sink!.append(at === undefined ? { cmd, args } : { cmd, args, at });
    let outcome: ReturnType<typeof atomically<T>>;
    try {
      const run = (): T => {
        if (this.clockMode === 'wall' && !this.replaying) at = this.syncWallClock();
        if (journalFirst && sink) journal();
        return fn();
      };
      outcome = atomically(state, run, sink && !journalFirst ? ({ changed }) => void ((changed || always) && journal()) : undefined);
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
      if (entry.at !== undefined && entry.at > this.current.clock.nowMicros)
        atomically(this.current, () => clockTo(this.current, entry.at!));
      return (method as (...a: unknown[]) => unknown).apply(this, entry.args);
    } finally {
      this.replaying = false;
    }
  }

  /** The L1 deposit behind a record, if it came from L1 (part of the state: a revert, reset or load brings its own). */
  l1Origin(sequenceId: number): L1Origin | undefined {
    return this.current.l1Deposits.get(sequenceId);
  }

  // ---- snapshots and whole-state control ----
  /** `POST /_devnet/snapshots`: O(1), valid until a revert to an earlier one, a reset or a load; a replay hands out the `recorded` id. */
  snapshot(recorded?: unknown): { id: string } {
    if (this.replaying && typeof recorded === 'string' && /^0x[0-9a-f]{1,12}$/.test(recorded))
      this.snapshots.continueFrom(Number.parseInt(recorded.slice(2), 16));
    const args: unknown[] = [];
    const take = (): { id: string } => ({ id: (args[0] = this.snapshots.take(this.current)) });
    return this.command('snapshot', args, take, true);
  }

  /** `POST /_devnet/snapshots/{id}/revert`: the exact state of then, at the cost of the steps since (so no state hash: O(state)). */
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

  /** The live snapshot ids, oldest first (the last is the one just taken or reverted to). */
  snapshotIds(): string[] {
    return this.snapshots.ids();
  }

  /** Counters outside the state that answers carry (the next snapshot id: ids only grow), kept by an image for its replay. */
  bookkeeping(): { nextSnapshot: number } {
    return { nextSnapshot: this.snapshots.nextNumber };
  }

  /** Takes an image's counters (after its state is loaded, before its journal is replayed). */
  restoreBookkeeping(b: { nextSnapshot: number }): void {
    this.snapshots.continueFrom(b.nextSnapshot);
  }

  /** `POST /_devnet/reset`: back to the genesis (the same config); snapshots are dropped. */
  reset(): { state_hash: string } {
    this.replace(this.genesis());
    this.events.emit('reset', undefined, [], this.current.clock.nowMicros);
    return { state_hash: stateHash(this.current, nativeSha256) };
  }

  /** Replaces the state with a dump given as one object (checked field by field, then for every guarantee). */
  load(dump: unknown): { state_hash: string } {
    return this.loaded(loadState(dump));
  }

  /** Replaces the state with a dump given as text in pieces (an image file): never one string. */
  loadPieces(pieces: Iterable<string>): { state_hash: string } {
    const reader = this.stateReader();
    for (const piece of pieces) reader.feed(piece);
    return reader.end();
  }

  /** `POST /_devnet/state`: fed the body as it arrives (holding at most `limits`); end() checks it as load does and replaces the state. */
  stateReader(limits?: LoadLimits): { feed(text: string): void; end(): { state_hash: string } } {
    const reader = new StateReader(limits, nativeSha256);
    return { feed: (text) => reader.feed(text), end: () => this.loaded(reader.end(), reader.textHash()) };
  }

  /** `hash`: the new state's hash when known (a dump read as written: the hash of its text). */
  private loaded(state: State, hash?: string): { state_hash: string } {
    this.replace(state);
    this.events.emit('load', undefined, [], this.current.clock.nowMicros);
    return { state_hash: hash ?? stateHash(this.current, nativeSha256) };
  }

  /** The new state is saved (as the image) before it takes over: a failed save leaves the old state in place. */
  private replace(state: State): void {
    if (!this.replaying) this.sink?.replace(() => dumpChunks(state));
    this.current = state;
    this.snapshots.clear();
  }
}

/** `new Devnet(config)`: a DevnetCore with the tables' commands and queries as its own methods. */
export const Devnet = DevnetCore as new (config: DevnetConfig) => Devnet;
