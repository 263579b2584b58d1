// The bridge between a devnet and its L1 (an Ethereum JSON-RPC node, Anvil in practice): deposits logged
// by the StarkEx contract become L2 deposits, each taken once by its log's key; records brought to
// AcceptedOnL1 are settled there (withdrawals credited, deposits accepted), owed until the node confirms;
// claims leave the L2 withdraw area. L1 is never polled on a timer: read before each request (`sync`,
// shared by concurrent ones, within a deadline) and settled after it (`settle`). Each L2 snapshot takes
// an evm snapshot with it; a revert or reset takes L1 back too. All I/O is here (docs/l1.md).
import type { Devnet } from '../core/devnet.js';
import { RecordStatus } from '../domain/ledger/records.js';
import type { Hex } from './codec.js';
import { startAnvil } from './anvil.js';
import type { Anvil } from './anvil.js';
import { loadL1Artifacts } from './artifacts.js';
import type { Contract } from './contract.js';
import { attachL1, fundAccounts, genesisSeconds, genesisTokens, setUpL1 } from './deploy.js';
import type { L1AssetType, L1Setup } from './deploy.js';
import { EthRpc } from './rpc.js';
import { chainRewritten, decodeEvent, late, setUpFailed, isClaim, isDeposit, problem, takeLog } from './logs.js';
import { OwedWrites } from './owed.js';
import { loadChain, owedOnL1, readSavedL1, writeSavedL1 } from './saved.js';

export interface L1Options {
  /** `anvil` starts Anvil (npm package @foundry-rs/anvil); else the URL of a JSON-RPC node with Anvil's test methods. */
  readonly l1: string;
  /** Attach to this already deployed StarkExDevnet instead of deploying one (its tokens must be in place). */
  readonly l1Contract?: string | undefined;
  readonly chainId?: number | undefined; // --l1-chain-id: the chain id of the Anvil `anvil` starts
  /** With --state: the namespace's state dir, where `l1.json` keeps its L1 across restarts. */
  readonly saveDir?: string | undefined;
}

const STOP_GRACE_MS = 2_000; // how long a stop waits for the node to finish what is queued (saving L1)

/** The L1 side of an L2 snapshot: the evm snapshot, and the bridge's bookkeeping when it was taken. */
type Mark = { evm: Hex; cursor: bigint; owed: number[] };

export class L1Bridge {
  private devnet: Devnet | undefined;
  /** Records that reached AcceptedOnL1 and L1 has not settled yet: withdrawals to credit, L1 deposits to accept. */
  private readonly owed = new OwedWrites();
  /** The last block whose logs were read. */
  private cursor: bigint;
  /** One sync or settle at a time, in request order. */
  private queue: Promise<void> = Promise.resolve();
  /** A sync queued and not started yet: every request arriving meanwhile waits for that one read, not a read of its own. */
  private pendingSync: Promise<void> | undefined;
  /** The hash of the cursor's block when it was read: another hash there means the chain was rewritten under the bridge. */
  private cursorHash: Hex | null | undefined;
  /** The block the bridge first read from: a rewritten chain is read again from there (taking a log twice is prevented by its key). */
  private firstBlock = 0n;
  /** For GET /_devnet/config: what was last said of the chain rewritten under the bridge; why the node fails, while it does (requests then do not wait: `sync`). */
  private rewritten: string | undefined;
  private down: string | undefined;
  private readonly byType: Map<bigint, L1AssetType>;
  /** L2 snapshot id -> its L1 side; `start` is the state right after attach, what a reset goes back to. */
  private readonly marks = new Map<string, Mark>();
  private start: Mark | undefined;
  /** L2 reverts and resets whose L1 side is still queued: until it has run, what L1 shows is not what L2 follows. */
  private rewinds = 0;
  /** Whether its devnet was kept (settle runs only for a kept one): until then a refused first request's devnet may be replaced. */
  private kept = false;
  /** L1 changed (or the bridge's bookkeeping did) since `l1.json` was last written. */
  private dirty = false;
  /** After a restart from `l1.json`, the node's latest block then: what L1 owes is rebuilt from its logs up to it. */
  private recheckUpTo: bigint | undefined;
  /** The first record sequence id L1 follows: the devnet's next one when the bridge first attached. */
  private firstSequence = 1;
  readonly starkEx: Contract;
  readonly tokens: ReadonlyMap<Hex, Contract>;

  private constructor(
    readonly rpc: EthRpc,
    setUp: L1Setup,
    readonly operator: Hex,
    cursor: bigint,
    private readonly anvil: Anvil | undefined,
    private readonly saveDir: string | undefined,
  ) {
    ({ starkEx: this.starkEx, tokens: this.tokens } = setUp);
    this.byType = new Map(setUp.assetTypes.map((t) => [t.assetType, t]));
    this.cursor = cursor;
  }

  /**
   * Reaches (or starts) the node and deploys the contract and the genesis tokens, or attaches to a
   * deployed contract: `--l1-contract`, else the one `saveDir` kept (with Anvil, its chain is loaded first).
   */
  static async connect(options: L1Options, genesis: unknown): Promise<L1Bridge> {
    const saved = options.saveDir === undefined ? undefined : readSavedL1(options.saveDir);
    let anvil: Anvil | undefined;
    if (options.l1 === 'anvil') anvil = await startAnvil(genesisSeconds(genesis), options.chainId);
    try {
      const rpc = anvil?.rpc ?? new EthRpc(options.l1);
      if (anvil !== undefined && saved?.chain !== undefined) await loadChain(rpc, saved.chain);
      const artifacts = loadL1Artifacts();
      const [operator] = await rpc.accounts();
      if (operator === undefined) throw new Error(`${rpc.url} has no unlocked account to act as the operator`);
      const tokens = genesisTokens(genesis);
      const at = (options.l1Contract?.toLowerCase() as Hex | undefined) ?? saved?.contract;
      const restored = saved !== undefined && at === saved.contract;
      const setUp = await (at === undefined
        ? setUpL1(rpc, artifacts, operator, tokens)
        : attachL1(rpc, artifacts, operator, at, tokens)
      ).catch((e: Error) => {
        throw setUpFailed(e, rpc.url, at, restored ? options.saveDir : undefined, anvil !== undefined);
      });
      if (at !== undefined && !restored)
        problem(`--l1-contract ${at}: each emulator attached to it takes its deposits; run one per contract`);
      const bridge = new L1Bridge(rpc, setUp, operator, restored ? saved.cursor : await rpc.blockNumber(), anvil, options.saveDir);
      if (restored) {
        bridge.recheckUpTo = await rpc.blockNumber();
        bridge.firstSequence = saved.firstSequence;
      }
      return bridge;
    } catch (e) {
      await anvil?.stop();
      throw e;
    }
  }

  /** The node's URL (the one Anvil was started on, with `--l1 anvil`), a password in it shown as ***. */
  get url(): string {
    return this.rpc.url;
  }

  /**
   * Binds the bridge to the devnet it feeds as the devnet is built, before its first request, so no
   * event of that request is missed; then, first in the queue (which the first answer waits for),
   * funds the genesis accounts' Ethereum addresses with ETH and every ERC20, unlocked (impersonated)
   * so that eth_sendTransaction sends from them.
   */
  attach(devnet: Devnet): void {
    if (this.devnet === devnet || (this.devnet !== undefined && this.kept)) return;
    // Bound to a first request's devnet that was refused (not kept): the next try's devnet replaces it.
    const first = this.devnet === undefined;
    this.devnet = devnet;
    devnet.onEvent((e) => {
      if (this.devnet !== devnet) return;
      if (e.type === 'record' && e.to === RecordStatus.AcceptedOnL1) this.owed.list.push(e.sequence_id);
      else if (e.type === 'command' && ['snapshot', 'revert', 'reset', 'load'].includes(e.cmd)) this.follow(e.cmd, devnet.snapshotIds());
    });
    if (first) void this.serially(() => this.fund(devnet));
  }

  /** The devnet this bridge feeds, once attached. */
  get bound(): Devnet | undefined {
    return this.devnet;
  }

  private async fund(devnet: Devnet): Promise<void> {
    const restart = this.recheckUpTo !== undefined;
    const erc20s = [...this.byType.values()].filter((t) => t.kind === 'ERC20').map((t) => this.tokens.get(t.address!)!);
    await fundAccounts(this.rpc, erc20s, this.operator, devnet.accounts().accounts, !restart);
    if (restart) {
      // Its accounts are funded already; the evm snapshots of before are gone with the old node.
      this.owed.list.push(...(await owedOnL1(this.starkEx, devnet, this.firstSequence, this.recheckUpTo!)));
      return;
    }
    this.cursor = this.firstBlock = await this.rpc.blockNumber();
    this.cursorHash = await this.rpc.blockHash(this.cursor);
    this.firstSequence = devnet.state.nextSequenceId;
    this.start = { evm: await this.rpc.snapshot(), cursor: this.cursor, owed: [] };
    this.dirty = true;
    await this.save();
  }

  /**
   * Before a request: takes the deposits and claims logged since the last read into L2. Requests that
   * arrive while a read is queued share it. While the node is failing, requests do not wait for it: one
   * read at a time tries it again behind them, and L2 answers as it stands.
   */
  sync(): Promise<void> {
    if (this.pendingSync !== undefined) return this.down === undefined ? this.pendingSync : Promise.resolve();
    const read = this.serially(async () => {
      this.pendingSync = undefined;
      await this.readLogs();
    });
    this.pendingSync = read;
    return this.down === undefined ? read : Promise.resolve();
  }

  /** What `GET /_devnet/config` shows of this bridge: whether the node answers, and what L1 still owes L2. */
  status() {
    return {
      node: this.down === undefined ? ('ok' as const) : ('failing' as const),
      problem: this.down ?? null,
      chain_rewritten: this.rewritten ?? null,
      ...this.owed.status(),
    };
  }

  /** After a request: settles on L1 the records it moved to AcceptedOnL1, and keeps L1 in `l1.json` if it changed. */
  settle(): Promise<void> {
    this.kept = true;
    const done =
      this.owed.list.length === 0 && !(this.dirty && this.saveDir !== undefined)
        ? this.queue
        : this.serially(async () => {
            if (this.owed.list.length > 0) this.dirty = true;
            await this.owed.settle(this.starkEx, this.tokens, this.operator, this.devnet!);
            await this.save();
          });
    // While the node is failing, the answer does not wait for it: what is owed stays owed (GET /_devnet/config).
    return this.down === undefined ? done : Promise.resolve();
  }

  async stop(): Promise<void> {
    // Anvil's chain may have moved since the last answer (a wallet's transactions): dump it whatever.
    if (this.anvil !== undefined) this.dirty = true;
    const saved = this.serially(() => this.save());
    // A node that does not answer must not hold the stop: after a grace, its calls in flight are ended.
    if (await late(saved, STOP_GRACE_MS)) problem(`${this.url} did not answer within ${STOP_GRACE_MS} ms of the stop: L1 not saved`);
    this.rpc.close();
    await saved;
    await this.anvil?.stop();
  }

  /** With --state: `l1.json` (src/l1/saved.ts), when something changed and the namespace's directory is still there. */
  private async save(): Promise<void> {
    if (this.saveDir === undefined || !this.dirty || this.devnet === undefined) return;
    const chain = this.anvil === undefined ? undefined : await this.rpc.request<Hex>('anvil_dumpState');
    writeSavedL1(this.saveDir, { contract: this.starkEx.address, cursor: this.cursor, firstSequence: this.firstSequence, chain });
    this.dirty = false;
  }

  private serially(step: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(step).then(
      () => this.nodeAnswered(),
      (e: unknown) => this.nodeFailed((e as Error).message),
    );
    return this.queue;
  }

  private nodeAnswered(): void {
    if (this.down === undefined) return;
    problem(`${this.url} answers again`);
    this.down = undefined;
  }

  /** Said once per outage, not once per request. */
  private nodeFailed(message: string): void {
    if (this.down === undefined) problem(`${message} (L2 answers without L1 until the node answers again)`);
    this.down = message;
  }

  /** After an L2 snapshot, revert, reset or load (`ids`: the live snapshots then, the last one just taken or reverted to). */
  private follow(cmd: string, ids: readonly string[]): void {
    const id = ids.at(-1)!;
    this.dirty = true;
    const then = { cursor: this.cursor, owed: [...this.owed.list] };
    const rewind = cmd === 'revert' || cmd === 'reset';
    if (rewind) this.rewinds++;
    void this.serially(async () => {
      if (rewind) this.rewinds--;
      for (const k of this.marks.keys()) if (!ids.includes(k)) this.marks.delete(k);
      // What the queue settled since the L2 snapshot is in the evm one: owed no more after a revert to it.
      if (cmd === 'snapshot')
        this.marks.set(id, { ...then, owed: then.owed.filter((s) => this.owed.list.includes(s)), evm: await this.rpc.snapshot() });
      else if (cmd === 'revert' && this.marks.has(id)) this.marks.set(id, await this.rewind(this.marks.get(id)!));
      else if (cmd === 'reset' && this.start !== undefined) this.start = await this.rewind(this.start);
      else if (cmd !== 'load')
        problem(
          `L2 ${cmd === 'reset' ? 'was reset' : `was reverted to ${id}`}, L1 was not: it has no evm snapshot of that state (taken before a restart)`,
        );
    });
  }

  /** L1 and the bookkeeping back to `mark`; the evm snapshot is spent by the revert, so the returned mark has a new one. */
  private async rewind(mark: Mark): Promise<Mark> {
    if (!(await this.rpc.revert(mark.evm))) throw new Error(`L1 has no snapshot ${mark.evm} any more: L2 was reverted, L1 was not`);
    this.cursor = mark.cursor;
    this.cursorHash = undefined;
    this.owed.list.splice(0, Infinity, ...mark.owed);
    return { ...mark, evm: await this.rpc.snapshot() };
  }

  /** The head still the block last read (by hash) costs one call: a slow node's idle cost. */
  private async readLogs(): Promise<void> {
    const head = this.cursorHash === undefined ? undefined : await this.rpc.block('latest');
    if (head?.number === this.cursor && head.hash === this.cursorHash) return;
    const rewritten = await chainRewritten(this.rpc, this.starkEx.address, this.cursor, this.cursorHash, this.firstBlock);
    if (rewritten !== undefined) problem((this.rewritten = rewritten));
    if (rewritten !== undefined) [this.cursor, this.cursorHash] = [this.firstBlock, undefined];
    const { latest, logs } = await this.rpc.logsAfter(this.starkEx.address, this.cursor, this.anvil !== undefined);
    if (latest <= this.cursor) return;
    const events = logs.flatMap((log) => decodeEvent(this.starkEx.abi, log));
    // With --state, L1 is kept with the wallets' deposits and claims in it and the cursor before them,
    // before L2 takes any: a stop in between finds them again on restart (and `take` skips those taken).
    if (this.saveDir !== undefined && events.some(({ event, args }) => isDeposit(event.name, args) || isClaim(event.name, args))) {
      this.dirty = true;
      await this.save();
    }
    // L2 went back while L1 was read, and L1 follows it later in the queue: read again after that.
    if (this.rewinds > 0) return;
    this.dirty = true;
    this.cursor = latest;
    this.cursorHash = await this.rpc.blockHash(latest);
    for (const e of events)
      if (this.rewinds === 0 && this.devnet !== undefined) takeLog(this.devnet, this.byType, e.log, e.event.name, e.args);
  }
}
