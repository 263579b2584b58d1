// What a running scenario knows: the genesis accounts, the contracts by symbol, and its captures.
import type { Target } from './target.js';

export interface Actor {
  name: string;
  stark_key: string;
  private_key: string;
  eth_address: string;
}

export interface ContractRef {
  address: string;
  type: string;
  symbol: string;
  decimals: number;
  quantum: bigint;
  /** The asset type (for ETH and ERC20 also the asset id). */
  assetType: string;
}

/** An asset named in a step: a contract, and a token id for NFTs. */
export interface AssetRef {
  contract: ContractRef;
  tokenId: bigint | undefined;
}

export class ScenarioError extends Error {}

export const isNft = (c: ContractRef): boolean => c.type === 'ERC721' || c.type === 'ERC721M' || c.type === 'ERC721MC';

export class Context {
  readonly captures = new Map<string, unknown>();
  private contracts = new Map<string, ContractRef>();
  private assetIds = new Map<string, string>();

  /** false: requests carry a placeholder signature (for an emulator with `signatures: 'skip'`; signing costs ~7 ms a request). */
  sign = true;

  /** The L1 node's JSON-RPC URL, for L1 steps (`scenario --l1`). */
  l1Url: string | undefined;

  constructor(
    readonly target: Target,
    readonly actors: Map<string, Actor>,
    readonly apiKeys: string[],
    readonly operator: string,
  ) {
    for (const a of actors.values()) this.captures.set(a.name, a);
    this.captures.set('api_key', apiKeys[0]);
    this.captures.set('operator', operator);
  }

  /** Reads the accounts from the control plane. */
  static async open(target: Target): Promise<Context> {
    const body = await must<{ accounts: Actor[]; api_keys: string[]; operator: string }>(target, '/_devnet/accounts');
    return new Context(target, new Map(body.accounts.map((a) => [a.name, a])), body.api_keys, body.operator);
  }

  /** The key to sign with as `name` (undefined when not signing). */
  keyOf(a: Actor): string | undefined {
    return this.sign ? a.private_key : undefined;
  }

  actor(name: unknown, field = 'as'): Actor {
    const a = typeof name === 'string' ? this.actors.get(name) : undefined;
    if (!a)
      throw new ScenarioError(`${field}: no genesis account named ${JSON.stringify(name)} (known: ${[...this.actors.keys()].join(', ')})`);
    return a;
  }

  /** A receiver: an account name becomes its stark key (or, for L1, its Ethereum address); hex passes through. */
  receiver(value: unknown, l1: boolean, field = 'to'): string {
    if (typeof value === 'string' && value.startsWith('0x')) return value;
    const a = this.actor(value, field);
    return l1 ? a.eth_address : a.stark_key;
  }

  /** `ETH`, `RDD20`, `REDDIO721#3`, `0xADDRESS`, `0xADDRESS#3`. */
  async asset(value: unknown, field = 'asset'): Promise<AssetRef> {
    if (typeof value !== 'string' || value === '')
      throw new ScenarioError(`${field}: expected an asset such as "ETH", "RDD20" or "REDDIO721#3", got ${JSON.stringify(value)}`);
    const [name, id] = value.split('#') as [string, string | undefined];
    const contract = await this.contract(name, field);
    if (isNft(contract) !== (id !== undefined))
      throw new ScenarioError(
        `${field}: ${isNft(contract) ? `an NFT needs a token id, e.g. "${name}#1"` : `${name} is fungible: no "#token id"`}`,
      );
    if (id !== undefined && !/^\d+$/.test(id))
      throw new ScenarioError(`${field}: token id must be a decimal integer, got ${JSON.stringify(id)}`);
    return { contract, tokenId: id === undefined ? undefined : BigInt(id) };
  }

  /** A contract by symbol (`RDD20`) or address; contracts created during the scenario are found too. */
  async contract(name: string, field: string): Promise<ContractRef> {
    let contract = this.contracts.get(name.toLowerCase());
    if (!contract) {
      await this.loadContracts();
      contract = this.contracts.get(name.toLowerCase());
    }
    if (!contract)
      throw new ScenarioError(
        `${field}: unknown asset ${JSON.stringify(name)} (known: ${[...new Set([...this.contracts.values()].map((c) => c.symbol))].join(', ')})`,
      );
    return contract;
  }

  /** The StarkEx asset id of an asset (NFT ids from `GET /v1/assetid`). */
  async assetId(a: AssetRef): Promise<string> {
    if (a.tokenId === undefined) return a.contract.assetType;
    const key = `${a.contract.address}#${a.tokenId}`;
    let id = this.assetIds.get(key);
    if (id === undefined) {
      const path = `/v1/assetid?type=${a.contract.type}&contract_address=${a.contract.address}&token_id=${a.tokenId}`;
      id = (await must<{ asset_id: string }>(this.target, path)).asset_id;
      // An ERC721MC id also depends on the URL the token was minted with, which a revert or reset can change.
      if (a.contract.type !== 'ERC721MC') this.assetIds.set(key, id);
    }
    return id;
  }

  /** Contracts of every API key's projects, and ETH: symbols and addresses both name them. */
  private async loadContracts(): Promise<void> {
    const lists = [await must<Record<string, unknown>>(this.target, '/v1/contract_info?type=ETH&contract_address=eth')];
    for (const key of this.apiKeys) {
      const r = await this.target.send({ method: 'GET', path: '/v1/project', headers: { 'x-api-key': key } });
      if (!r.ok) continue;
      for (const p of r.result as Array<{ contracts: Array<Record<string, unknown>> }>) lists.push(...p.contracts);
    }
    for (const c of lists) {
      const ref: ContractRef = {
        address: String(c.contract_address),
        type: String(c.type),
        symbol: String(c.symbol),
        decimals: Number(c.decimals),
        quantum: BigInt(String(c.quantum)),
        assetType: String(c.asset_type),
      };
      this.contracts.set(ref.symbol.toLowerCase(), ref);
      this.contracts.set(ref.address.toLowerCase(), ref);
    }
  }

  /** Replaces captures in strings, deeply: `"$x.y"` by the value, `"...${x.y}..."` by its text. */
  resolve<T>(value: T): T {
    if (typeof value === 'string') {
      const whole = /^\$([A-Za-z_][\w.]*)$/.exec(value);
      if (whole) return this.lookup(whole[1]!) as T;
      return value.replace(/\$\{([A-Za-z_][\w.]*)\}/g, (_m, path: string) => String(this.lookup(path))) as T;
    }
    if (Array.isArray(value)) return value.map((v) => this.resolve(v)) as T;
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.resolve(v)])) as T;
    return value;
  }

  private lookup(path: string): unknown {
    const [head, ...rest] = path.split('.');
    if (!this.captures.has(head!))
      throw new ScenarioError(`$${path}: nothing captured as "${head}" yet (captures: ${[...this.captures.keys()].join(', ')})`);
    let v: unknown = this.captures.get(head!);
    for (const part of rest) {
      if (v === null || typeof v !== 'object' || !(part in v))
        throw new ScenarioError(`$${path}: "${part}" is not in ${JSON.stringify(v)}`);
      v = (v as Record<string, unknown>)[part];
    }
    return typeof v === 'bigint' ? v.toString() : v;
  }
}

/** A GET that must succeed (lookups the runner makes for a step, not the step itself): its result. */
export async function must<T>(target: Target, path: string, headers?: Record<string, string>): Promise<T> {
  const r = await target.send({ method: 'GET', path, ...(headers ? { headers } : {}) });
  if (!r.ok) throw new ScenarioError(`GET ${path} failed: ${r.text.slice(0, 300)}`);
  return r.result as T;
}
