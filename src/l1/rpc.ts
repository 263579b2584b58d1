// A JSON-RPC client for an Ethereum node (Anvil in practice) over fetch: the calls the L1 bridge and
// its tests make, typed, with Anvil's test methods (setCode, setBalance, snapshot/revert, mine).
import type { Hex } from './codec.js';

export interface TxRequest {
  readonly from: Hex;
  readonly to?: Hex;
  readonly data?: Hex;
  readonly value?: bigint;
  /** A gas limit; without one the node estimates it (running the transaction once more). */
  readonly gas?: bigint;
}

export interface Log {
  readonly address: Hex;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly blockNumber: Hex;
  readonly transactionHash: Hex;
  readonly logIndex: Hex;
}

export interface Receipt {
  readonly transactionHash: Hex;
  readonly status: Hex;
  readonly blockNumber: Hex;
  readonly contractAddress: Hex | null;
  readonly gasUsed: Hex;
  readonly effectiveGasPrice?: Hex;
  readonly logs: readonly Log[];
}

/** A refusal by the node, with the revert reason when the node reports one. */
export class L1Error extends Error {
  constructor(
    message: string,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'L1Error';
  }
}

const quantity = (v: bigint): Hex => `0x${v.toString(16)}`;
const METHOD_NOT_FOUND = -32601;

/** How long one call may take before it counts as failed ($L2DEVNET_L1_TIMEOUT_MS, in milliseconds; 10 s by default). */
export function l1Deadline(): number {
  const ms = Number(process.env.L2DEVNET_L1_TIMEOUT_MS);
  return Number.isSafeInteger(ms) && ms > 0 ? ms : 10_000;
}

export class EthRpc {
  private id = 0;
  /** Whether the node has eth_sendTransactionSync (EIP-7966: the receipt in the same call; Anvil does), until it says no. */
  private sendsSync = true;
  /** The node's URL as messages show it: without the password of a `user:password@` URL. */
  readonly url: string;
  private readonly endpoint: string;
  private readonly headers: Record<string, string> = { 'content-type': 'application/json' };
  /** Aborted by close(): a call in flight then ends at once (a stop never waits on a silent node). */
  private readonly closing = new AbortController();

  constructor(
    url: string,
    private readonly deadlineMs = l1Deadline(),
  ) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new L1Error(`--l1 ${url.replace(/\/\/[^@/]*@/, '//***@')} is not a URL (give "anvil" or the http(s) URL of a JSON-RPC node)`);
    }
    if (parsed.username !== '' || parsed.password !== '') {
      const credentials = `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`;
      this.headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
      const user = parsed.username;
      parsed.username = '';
      parsed.password = '';
      this.endpoint = parsed.href;
      this.url = this.endpoint.replace('//', `//${user}:***@`);
    } else this.url = this.endpoint = url;
  }

  /** Ends every call in flight and refuses new ones. */
  close(): void {
    this.closing.abort();
  }

  /** One POST to the node within the deadline; what went wrong named in words a user can act on. */
  private async post(what: string, body: string): Promise<unknown> {
    if (this.closing.signal.aborted) throw new Error(`${what}: the emulator is stopping`);
    // One controller of the call's own, aborted by a timer and by close(), all held strongly until the
    // call ends. Not AbortSignal.any([closing, AbortSignal.timeout(ms)]): Node's timer holds a timeout
    // signal weakly and the composite its sources weakly, so a garbage collection during the wait took
    // the deadline away and a call to a silent node never ended (test/l1/rpc-deadline.test.ts).
    const call = new AbortController();
    const timer = setTimeout(
      () => call.abort(new DOMException(`${what} took over ${this.deadlineMs} ms`, 'TimeoutError')),
      this.deadlineMs,
    );
    const stopping = (): void => call.abort(this.closing.signal.reason);
    this.closing.signal.addEventListener('abort', stopping, { once: true });
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.endpoint, { method: 'POST', headers: this.headers, body, signal: call.signal });
      text = await response.text();
    } catch (e) {
      const err = e as Error & { cause?: { code?: string; message?: string } };
      if (err.name === 'TimeoutError') throw new Error(`${what}: ${this.url} did not answer within ${this.deadlineMs} ms`);
      if (this.closing.signal.aborted) throw new Error(`${what}: the emulator is stopping`);
      const why = err.cause?.code ?? err.cause?.message ?? err.message;
      throw new Error(`${what}: cannot reach ${this.url} (${why}): is the node running?`);
    } finally {
      clearTimeout(timer);
      this.closing.signal.removeEventListener('abort', stopping);
    }
    if (!response.ok) throw new Error(`${what}: HTTP ${response.status} from ${this.url}`);
    try {
      return JSON.parse(text);
    } catch {
      const type = response.headers.get('content-type') ?? 'no content type';
      throw new Error(`${what}: ${this.url} answered ${type}, not JSON-RPC: is it an Ethereum node?`);
    }
  }

  async request<T>(method: string, params: readonly unknown[] = []): Promise<T> {
    const body = (await this.post(method, JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params }))) as {
      result?: T;
      error?: { code: number; message: string; data?: unknown };
    } | null;
    if (body?.error) throw new L1Error(`${method}: ${body.error.message}`, body.error.code, body.error.data);
    if (body === null || typeof body !== 'object' || !('result' in body))
      throw new Error(`${method}: ${this.url} answered no JSON-RPC result: is it an Ethereum node?`);
    return body.result as T;
  }

  async chainId(): Promise<bigint> {
    return BigInt(await this.request<Hex>('eth_chainId'));
  }

  async blockNumber(): Promise<bigint> {
    return BigInt(await this.request<Hex>('eth_blockNumber'));
  }

  async accounts(): Promise<Hex[]> {
    const accounts = await this.request<unknown>('eth_accounts');
    if (!Array.isArray(accounts) || !accounts.every((a) => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)))
      throw new Error(
        `eth_accounts: ${this.url} answered ${JSON.stringify(accounts)?.slice(0, 80)}, not a list of addresses: is it an Ethereum node?`,
      );
    return accounts as Hex[];
  }

  async getBalance(address: Hex): Promise<bigint> {
    return BigInt(await this.request<Hex>('eth_getBalance', [address, 'latest']));
  }

  /** The hash of block `number` (null when the node has no such block). */
  async blockHash(number: bigint): Promise<Hex | null> {
    return (await this.block(number))?.hash ?? null;
  }

  /** A block's number and hash (`latest`: the head), null when the node has no such block. */
  async block(at: bigint | 'latest'): Promise<{ number: bigint; hash: Hex } | null> {
    const b = await this.request<{ number: Hex; hash: Hex } | null>('eth_getBlockByNumber', [at === 'latest' ? at : quantity(at), false]);
    return b && { number: BigInt(b.number), hash: b.hash };
  }

  async getCode(address: Hex): Promise<Hex> {
    return this.request<Hex>('eth_getCode', [address, 'latest']);
  }

  /** eth_call against the latest block: the raw return data. */
  async call(tx: { readonly to: Hex; readonly data: Hex; readonly from?: Hex }): Promise<Hex> {
    return this.request<Hex>('eth_call', [tx, 'latest']);
  }

  /**
   * Sends from an unlocked account and waits for the receipt; throws L1Error when it reverts (the
   * node's gas estimate already refuses most such transactions, with the reason).
   */
  async send(tx: TxRequest): Promise<Receipt> {
    const params: Record<string, string> = { from: tx.from };
    if (tx.to !== undefined) params.to = tx.to;
    if (tx.data !== undefined) params.data = tx.data;
    if (tx.value !== undefined) params.value = quantity(tx.value);
    if (tx.gas !== undefined) params.gas = quantity(tx.gas);
    let receipt: Receipt | undefined;
    if (this.sendsSync)
      receipt = await this.request<Receipt>('eth_sendTransactionSync', [params]).catch((e: unknown) => {
        if (!(e instanceof L1Error && e.code === METHOD_NOT_FOUND)) throw e;
        this.sendsSync = false;
        return undefined;
      });
    receipt ??= await this.receipt(await this.request<Hex>('eth_sendTransaction', [params]));
    if (receipt.status !== '0x1')
      throw new L1Error(`transaction ${receipt.transactionHash} reverted: ${await this.revertReason(params, BigInt(receipt.blockNumber))}`);
    return receipt;
  }

  /** Why a mined transaction reverted: the node's answer when replaying it on the block before. */
  private async revertReason(tx: Record<string, string>, block: bigint): Promise<string> {
    try {
      await this.request('eth_call', [tx, quantity(block - 1n)]);
      return 'no reason (the replay succeeds)';
    } catch (e) {
      return e instanceof L1Error ? e.message.replace(/^eth_call: /, '') : String(e);
    }
  }

  /** The receipt of a sent transaction, polling briefly when the node does not mine instantly. */
  async receipt(hash: Hex): Promise<Receipt> {
    for (let attempt = 0; ; attempt++) {
      const receipt = await this.request<Receipt | null>('eth_getTransactionReceipt', [hash]);
      if (receipt !== null) return receipt;
      if (attempt >= 200) throw new L1Error(`no receipt for ${hash}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Deploys creation code (bytecode ‖ encoded constructor arguments); the new contract's address. */
  async deploy(from: Hex, creationCode: Hex): Promise<Hex> {
    const receipt = await this.send({ from, data: creationCode });
    if (receipt.contractAddress === null) throw new L1Error('deployment gave no contract address');
    return receipt.contractAddress;
  }

  /**
   * The latest block and the logs of `address` after block `after`. `oneTrip` (the emulator's own
   * Anvil) asks in one JSON-RPC batch: the block number, the logs to the latest block, the block
   * number again. Equal numbers mean no block came in between, whatever order the node ran the
   * calls in, so the logs are exactly those up to it; else (and for a node of the user's) the block
   * number comes first and the logs up to it after.
   */
  async logsAfter(address: Hex, after: bigint, oneTrip: boolean): Promise<{ latest: bigint; logs: Log[] }> {
    const inTurn = async () => {
      const latest = await this.blockNumber();
      return { latest, logs: latest <= after ? [] : await this.getLogs({ address, fromBlock: after + 1n, toBlock: latest }) };
    };
    if (!oneTrip) return inTurn();
    const call = (method: string, params: unknown[]) => ({ jsonrpc: '2.0', id: ++this.id, method, params });
    const logsFilter = { address, fromBlock: quantity(after + 1n), toBlock: 'latest' };
    const body = [call('eth_blockNumber', []), call('eth_getLogs', [logsFilter]), call('eth_blockNumber', [])];
    type Answer = { id: number; result?: unknown; error?: { code: number; message: string } };
    const answers = await this.post('eth_getLogs', JSON.stringify(body));
    if (!Array.isArray(answers)) throw new Error(`eth_getLogs: ${this.url} answered no JSON-RPC batch: is it an Ethereum node?`);
    const [number, logs, again] = (answers as Answer[]).sort((a, b) => a.id - b.id);
    if (number?.error || number?.result === undefined) throw new L1Error(`eth_blockNumber: ${number?.error?.message ?? 'no answer'}`);
    const latest = BigInt(number.result as Hex);
    if (again?.result !== number.result) return inTurn();
    // Nothing new: the node refuses a range that starts past its latest block.
    if (latest <= after) return { latest, logs: [] };
    if (logs?.error || !Array.isArray(logs?.result)) throw new L1Error(`eth_getLogs: ${logs?.error?.message ?? 'no answer'}`);
    return { latest, logs: (logs.result as Log[]).filter((l) => BigInt(l.blockNumber) <= latest) };
  }

  async getLogs(filter: {
    readonly address?: Hex;
    readonly fromBlock: bigint;
    readonly toBlock: bigint;
    readonly topics?: readonly (Hex | readonly Hex[] | null)[];
  }): Promise<Log[]> {
    return this.request<Log[]>('eth_getLogs', [
      { address: filter.address, fromBlock: quantity(filter.fromBlock), toBlock: quantity(filter.toBlock), topics: filter.topics },
    ]);
  }

  // ---- Anvil's test methods ----

  /** Places runtime code at an address without running a constructor (its storage stays as it was). */
  async setCode(address: Hex, runtimeCode: Hex): Promise<void> {
    await this.request('anvil_setCode', [address, runtimeCode]);
  }

  async setBalance(address: Hex, wei: bigint): Promise<void> {
    await this.request('anvil_setBalance', [address, quantity(wei)]);
  }

  /** Lets eth_sendTransaction send from an address whose key the node does not hold. */
  async impersonate(address: Hex): Promise<void> {
    await this.request('anvil_impersonateAccount', [address]);
  }

  async snapshot(): Promise<Hex> {
    return this.request<Hex>('evm_snapshot');
  }

  /** Restores a snapshot (which is then used up); false when the id is unknown. */
  async revert(id: Hex): Promise<boolean> {
    return this.request<boolean>('evm_revert', [id]);
  }

  async mine(): Promise<void> {
    await this.request('evm_mine');
  }
}
