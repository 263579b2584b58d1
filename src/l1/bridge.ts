// The bridge between a devnet and its L1 (an Ethereum JSON-RPC node, Anvil in practice): deposits
// logged by the StarkEx contract become L2 deposits; when a batch brings records to AcceptedOnL1,
// their withdrawals are credited on the contract and their deposits accepted (no longer pending, as
// in a StarkEx state update); claims made there leave the L2 withdraw area. All I/O is here; the
// devnet receives each of these as an ordinary journaled command.
// When L1 is read (the determinism rule): the emulator never polls on a timer. Before each request
// it reads the contract's logs up to the node's latest block (`sync`), and after it settles on L1
// the records that request moved to AcceptedOnL1 (`settle`), so the answer is sent with L1 updated.
// Snapshots: each L2 snapshot takes an evm snapshot with it, and a revert to it (or a reset, to the
// state right after attach) reverts L1 too and rewinds what the bridge had read and owed then.
import type { Devnet } from '../devnet.js';
import { RecordStatus } from '../domain/ledger/records.js';
import { decodeLog } from './abi.js';
import type { Hex } from './abi.js';
import { startAnvil } from './anvil.js';
import type { Anvil } from './anvil.js';
import { loadL1Artifacts } from './artifacts.js';
import type { Contract } from './contract.js';
import { attachL1, fundAccounts, genesisSeconds, genesisTokens, settleRecord, setUpL1 } from './deploy.js';
import type { L1AssetType, L1Setup } from './deploy.js';
import { EthRpc } from './rpc.js';
import type { Log } from './rpc.js';
import { loadChain, owedOnL1, readSavedL1, takenBefore, writeSavedL1 } from './saved.js';

export interface L1Options {
  /** `anvil` starts Anvil (npm package @foundry-rs/anvil); else the URL of a JSON-RPC node with Anvil's test methods. */
  readonly l1: string;
  /** Attach to this already deployed StarkExDevnet instead of deploying one (its tokens must be in place). */
  readonly l1Contract?: string | undefined;
  /** `--l1-chain-id`: the chain id of the Anvil `anvil` starts (default DEFAULT_L1_CHAIN_ID). */
  readonly chainId?: number | undefined;
  /** With --state: the namespace's state dir, where `l1.json` keeps its L1 across restarts. */
  readonly saveDir?: string | undefined;
}

/** Where problems go (an L1 deposit L2 refused, an unreachable node): they do not fail a request. */
const problem = (message: string): void => void process.stderr.write(`l2-devnet: L1: ${message}\n`);

const hex = (v: bigint): string => `0x${v.toString(16)}`;
const address = (v: bigint): Hex => `0x${v.toString(16).padStart(40, '0')}`;

/** The L1 side of an L2 snapshot: the evm snapshot, and the bridge's bookkeeping when it was taken. */
type Mark = { evm: Hex; cursor: bigint; owed: number[] };

export class L1Bridge {
  private devnet: Devnet | undefined;
  /** Records that reached AcceptedOnL1 and L1 has not settled yet: withdrawals to credit, L1 deposits to accept. */
  private readonly owed: number[] = [];
  /** The last block whose logs were read. */
  private cursor: bigint;
  /** One sync or settle at a time, in request order. */
  private queue: Promise<void> = Promise.resolve();
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
  /** After a restart from `l1.json`, the node's latest block then: a deposit logged up to it may be in the journal already. */
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
        const whose = restored ? `${options.saveDir}/l1.json names ${at}, but` : `--l1-contract ${at}:`;
        throw new Error(
          `${whose} ${e.message}${restored && anvil === undefined ? ' (was the node restarted? remove l1.json to deploy anew)' : ''}`,
        );
      });
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

  /** The node's URL (the one Anvil was started on, with `--l1 anvil`). */
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
      if (e.type === 'record' && e.to === RecordStatus.AcceptedOnL1) this.owed.push(e.sequence_id);
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
      this.owed.push(...(await owedOnL1(this.starkEx, devnet, this.firstSequence, this.recheckUpTo!)));
      return;
    }
    this.cursor = await this.rpc.blockNumber();
    this.firstSequence = devnet.state.nextSequenceId;
    this.start = { evm: await this.rpc.snapshot(), cursor: this.cursor, owed: [] };
    this.dirty = true;
    await this.save();
  }

  /** Before a request: takes the deposits and claims logged since the last read into L2. */
  sync(): Promise<void> {
    return this.serially(() => this.readLogs());
  }

  /** After a request: settles on L1 the records it moved to AcceptedOnL1, and keeps L1 in `l1.json` if it changed. */
  settle(): Promise<void> {
    this.kept = true;
    if (this.owed.length === 0 && !(this.dirty && this.saveDir !== undefined)) return this.queue;
    return this.serially(async () => {
      await this.settleOnL1();
      await this.save();
    });
  }

  async stop(): Promise<void> {
    // Anvil's chain may have moved since the last answer (a wallet's transactions): dump it whatever.
    if (this.anvil !== undefined) this.dirty = true;
    await this.serially(() => this.save());
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
    this.queue = this.queue.then(step).catch((e: unknown) => problem((e as Error).message));
    return this.queue;
  }

  /** After an L2 snapshot, revert, reset or load (`ids`: the live snapshots then, the last one just taken or reverted to). */
  private follow(cmd: string, ids: readonly string[]): void {
    const id = ids.at(-1)!;
    this.dirty = true;
    const then = { cursor: this.cursor, owed: [...this.owed] };
    const rewind = cmd === 'revert' || cmd === 'reset';
    if (rewind) this.rewinds++;
    void this.serially(async () => {
      if (rewind) this.rewinds--;
      for (const k of this.marks.keys()) if (!ids.includes(k)) this.marks.delete(k);
      // What the queue settled since the L2 snapshot is in the evm one: owed no more after a revert to it.
      if (cmd === 'snapshot')
        this.marks.set(id, { ...then, owed: then.owed.filter((s) => this.owed.includes(s)), evm: await this.rpc.snapshot() });
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
    this.owed.splice(0, Infinity, ...mark.owed);
    return { ...mark, evm: await this.rpc.snapshot() };
  }

  private async readLogs(): Promise<void> {
    const { latest, logs } = await this.rpc.logsAfter(this.starkEx.address, this.cursor, this.anvil !== undefined);
    if (latest <= this.cursor) return;
    const events = logs.flatMap((log) => {
      const event = decodeLog(this.starkEx.abi, log);
      return event === undefined ? [] : [{ log, event, args: event.args as Record<string, bigint> }];
    });
    // With --state, L1 is kept with the wallets' deposits and claims in it and the cursor before them,
    // before L2 takes any: a stop in between finds them again on restart (and `take` skips them).
    if (this.saveDir !== undefined && events.some(({ event, args }) => isDeposit(event.name, args) || isClaim(event.name, args))) {
      this.dirty = true;
      await this.save();
    }
    // L2 went back while L1 was read, and L1 follows it later in the queue: read again after that.
    if (this.rewinds > 0) return;
    this.dirty = true;
    this.cursor = latest;
    const seen = new Map<Hex, number>();
    for (const e of events) if (this.rewinds === 0) await this.take(e.log, e.event.name, e.args, seen);
  }

  /** One event of the contract: a deposit goes to L2 (accepted on L1 when its record reaches it), a claim leaves the withdraw area. */
  private async take(log: Log, name: string, a: Record<string, bigint>, seen: Map<Hex, number>): Promise<void> {
    const devnet = this.devnet;
    if (devnet === undefined) return;
    const failed = (what: string, e: unknown) => problem(`${name} in ${log.transactionHash} ${what}: ${(e as Error).message}`);
    // Read again after a restart, and already in the journal: nothing more to do.
    const again = this.recheckUpTo !== undefined && BigInt(log.blockNumber) <= this.recheckUpTo;
    if (isDeposit(name, a)) {
      if (again && takenBefore(devnet, log, seen)) return;
      try {
        const type = this.byType.get(a.assetType!);
        if (type === undefined) throw new Error(`asset type ${hex(a.assetType!)} is not one the devnet knows`);
        const asset = name === 'LogDepositWithTokenId' ? { tokenId: a.tokenId! } : { amount: a.quantizedAmount! };
        const input = { starkKey: hex(a.starkKey!), contractAddress: type.address ?? 'eth', ...asset };
        devnet.l1Deposit(input, log.transactionHash, hex(a.vaultId!));
      } catch (e) {
        failed('not taken into L2', e);
      }
    } else if (isClaim(name, a) && !(again && devnet.l1Claims.has(log.transactionHash))) {
      try {
        devnet.claim(address(a.ownerKey!), name === 'LogWithdrawalPerformed' ? a.assetType! : a.assetId!, log.transactionHash);
      } catch (e) {
        failed('not taken into L2', e);
      }
    }
  }

  /** Withdrawals and L1 deposits whose records reached AcceptedOnL1, settled on L1 one by one (a refusal is reported, the rest still settled). */
  private async settleOnL1(): Promise<void> {
    if (this.owed.length > 0) this.dirty = true;
    for (const seq of this.owed.splice(0))
      await settleRecord(this.starkEx, this.tokens, this.operator, this.devnet!, seq).catch((e: Error) =>
        problem(`record ${seq} was not settled on L1: ${e.message}`),
      );
  }
}

const isDeposit = (name: string, a: Record<string, bigint>): boolean =>
  name === 'LogDeposit' || (name === 'LogDepositWithTokenId' && a.quantizedAmount! > 0n);
const isClaim = (name: string, a: Record<string, bigint>): boolean =>
  (name === 'LogWithdrawalPerformed' && a.quantizedAmount! > 0n) ||
  name === 'LogNftWithdrawalPerformed' ||
  name === 'LogMintWithdrawalPerformed';
