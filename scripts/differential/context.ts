// What the corpus knows about one running devnet: genesis keys, asset ids, and the ids its answers handed out
// (projects, contracts, orders, CIDs, snapshots). Everything here is learnt through recorded requests.
import { deepClone, draft } from './draft.js';
import type { Body, Draft } from './draft.js';
import type { Alt } from './mutate.js';
import type { Rng } from './prng.js';

export interface Resp {
  status: number | 'THROW';
  ct: string;
  text: string;
  /** The parsed JSON answer, undefined when the answer is not JSON. */
  json: any;
}

/** The signing helpers of the build under test (its dist/testing.js). */
export interface Signing {
  signedTransferBody(f: Record<string, unknown>): Record<string, unknown>;
  signedWithdrawalBody(f: Record<string, unknown>): Record<string, unknown>;
  signedCancelBody(starkKey: string, privateKey: string | undefined, orderId: bigint | number): Record<string, unknown>;
  signedOrderBody(f: Record<string, unknown>): Record<string, unknown>;
}

export interface Account {
  name: string;
  stark_key: string;
  private_key: string;
  eth_address: string;
}

export const RDD20 = '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086';
export const R721 = '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5';
export const DMINT = '0x0b26f9dBbEeF0636e90a98651a693Ceb1769d16B';

export interface Contract {
  uuid: string;
  address: string;
  type: 'ERC20' | 'ERC721' | 'ERC721M';
}

export interface OpenOrder {
  id: number;
  owner: Account;
}

const keep = <T>(xs: T[], x: T, max = 40): void => {
  xs.push(x);
  if (xs.length > max) xs.shift();
};

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  rawBody?: Body;
  key?: string | undefined;
  label?: string;
}

export class Ctx {
  accounts: Account[] = [];
  operator = '';
  apiKey = '';
  otherKeys: string[] = [];
  wallets: string[] = [];
  /**
   * Key pairs from GET /v1/wallets, funded at setup, that sign the bases of mutation steps. No flow signs with
   * them, so their nonce moves only when a mutated copy is accepted, and a signed base stays fresh for long.
   */
  signers: Account[] = [];
  /** Set when the state went back to the genesis (reset, state load): the signers need funds again. */
  needsFunding = false;
  eth = '';
  rdd = '';
  /** Asset ids by "CONTRACT:token" for the NFTs looked up so far. */
  nftAssets = new Map<string, string>();
  demoProject = '';
  projects: string[] = [];
  contracts: Contract[] = [];
  /** The genesis project's contracts (used on L2: removing them is refused). */
  demoContracts: Contract[] = [];
  marketplaces: string[] = [];
  openOrders: OpenOrder[] = [];
  orderIds: number[] = [];
  seqIds: number[] = [];
  cids: Array<{ cid: string; name: string }> = [];
  snapshots: string[] = [];
  dump: string | undefined;
  /** Signed bodies reused by mutation steps (re-signed from time to time). */
  bases = new Map<string, { body: Record<string, unknown>; signer: Account; epoch?: string }>();
  /** Fresh NFT token ids: never the same twice in a run. */
  private tokenCounter = 0;
  private epochs = new Map<string, number>();
  private globalEpoch = 0;
  private vaultCache = new Map<string, string>();
  private nextNonce = new Map<string, number>();
  private orderInfoCache = new Map<string, Record<string, any>>();

  constructor(
    readonly tag: 'F' | 'H',
    private readonly sendFn: (d: Draft) => Promise<Resp>,
    readonly sign: Signing,
  ) {}

  /** Sends a request and notes what its answer hands out (`signer`: who signed it, for orders). */
  async send(d: Draft, signer?: Account): Promise<Resp> {
    const r = await this.sendFn(d);
    this.learn(d.route, r, signer, d);
    return r;
  }

  /** A request of a catalogue route, sent as is (a valid step or a lookup). */
  async call(route: string, o: CallOptions = {}, signer?: Account): Promise<Resp> {
    return this.send(this.build(route, o), signer);
  }

  /**
   * Changes whenever `key`'s next nonce may have moved: one of its signed commands was accepted, or the state was
   * reset, reverted, loaded or had a record undone. A cached signed body is still fresh while this stays the same.
   */
  epoch(key: string): string {
    return `${this.globalEpoch}:${this.epochs.get(key) ?? 0}`;
  }

  private bump(key: unknown): void {
    if (typeof key === 'string') this.epochs.set(key, (this.epochs.get(key) ?? 0) + 1);
  }

  build(route: string, o: CallOptions = {}): Draft {
    const d = draft(route, { labels: [o.label ?? 'valid'] });
    if (o.params) d.params = { ...o.params };
    if (o.query) for (const [k, v] of Object.entries(o.query)) if (v !== undefined) d.query.push({ k, v: String(v) });
    if (o.rawBody) d.body = o.rawBody;
    else if (o.body !== undefined) d.body = { kind: 'json', value: deepClone(o.body) };
    if (o.key !== undefined) d.headers.push(['x-api-key', o.key]);
    return d;
  }

  nextTokenId(): string {
    this.tokenCounter++;
    return String(100000 + this.tokenCounter);
  }

  traders(): Account[] {
    return this.accounts.slice(0, 3);
  }

  acct(rng: Rng): Account {
    return rng.pick(this.traders());
  }

  other(rng: Rng, not: Account): Account {
    return rng.pick(this.traders().filter((a) => a !== not));
  }

  /** Notes every id an answer hands out, whatever the request was. */
  private learn(route: string, r: Resp, signer?: Account, d?: Draft): void {
    const data = r.json?.data;
    const ok = r.json?.status === 'OK';
    const sent = d?.body?.kind === 'json' && d.body.value && typeof d.body.value === 'object' ? (d.body.value as Record<string, unknown>) : {};
    if (ok && (route === 'POST /v1/transfers' || route === 'POST /v1/withdrawalto' || route === 'POST /v1/order')) {
      this.bump(sent.stark_key);
      this.bump(signer?.stark_key);
      // The next nonce is one more than the highest used; an unknown case (odd key or nonce text) is asked again.
      const used = typeof sent.nonce === 'number' ? sent.nonce : typeof sent.nonce === 'string' && /^\d+$/.test(sent.nonce) ? Number(sent.nonce) : NaN;
      for (const key of new Set([sent.stark_key, signer?.stark_key])) {
        if (typeof key !== 'string') continue;
        const next = this.nextNonce.get(key);
        if (next !== undefined && Number.isSafeInteger(used) && key === sent.stark_key) this.nextNonce.set(key, Math.max(next, used + 1));
        else this.nextNonce.delete(key);
      }
    }
    const plainOk = r.status === 200 && r.json && typeof r.json === 'object' && !('error_code' in r.json);
    // A revert around a clock move ('wrap') restores the state of one request earlier: no nonce moved.
    if (plainOk && d?.labels[0] !== 'wrap' && (route === 'POST /_devnet/reset' || route === 'POST /_devnet/snapshots/:id/revert' || route === 'POST /_devnet/state' || route === 'POST /_devnet/records/:sequence_id/status')) this.forgetState();
    if (plainOk && (route === 'POST /_devnet/reset' || route === 'POST /_devnet/state')) this.needsFunding = true;
    if (ok && route === 'POST /v1/project/remove_contract') this.contracts = this.contracts.filter((c) => c.uuid !== sent.contract_uuid);
    if (ok && route === 'POST /v1/project/remove_project') this.projects = this.projects.filter((x) => x !== sent.project_uuid);
    if (route === 'POST /v1/orders/:order_id/cancel' && (ok || r.json?.error_code === 26)) this.openOrders = this.openOrders.filter((o) => String(o.id) !== d?.params.order_id);
    if (ok && route === 'POST /v1/project/contract' && typeof data?.contract_uuid === 'string' && typeof sent.contract_address === 'string') {
      const type = sent.contract_type === 'ERC20' || sent.contract_type === 'ERC721' || sent.contract_type === 'ERC721M' ? sent.contract_type : 'ERC721';
      keep(this.contracts, { uuid: data.contract_uuid, address: sent.contract_address, type }, 20);
    }
    if (data && typeof data === 'object') {
      if (typeof data.sequence_id === 'number') {
        keep(this.seqIds, data.sequence_id);
        if (route === 'POST /v1/order') {
          keep(this.orderIds, data.sequence_id);
          if (signer) keep(this.openOrders, { id: data.sequence_id, owner: signer }, 20);
        }
      }
      if (Array.isArray(data.sequence_ids)) for (const id of data.sequence_ids) if (typeof id === 'number') keep(this.seqIds, id);
      if (typeof data.project_uuid === 'string' && route === 'POST /v1/project') keep(this.projects, data.project_uuid, 20);
      if (typeof data.marketplace_uuid === 'string') keep(this.marketplaces, data.marketplace_uuid, 10);
      if (typeof data.cid === 'string') {
        const file = d?.body?.kind === 'multipart' ? d.body.parts.find((x) => x.name === 'file') : undefined;
        keep(this.cids, { cid: data.cid, name: file?.filename ?? '' }, 20);
      }
    }
    const j = r.json;
    if (j && typeof j === 'object' && !('status' in j)) {
      if (typeof j.sequence_id === 'number') keep(this.seqIds, j.sequence_id);
      if (typeof j.api_key === 'string') keep(this.otherKeys, j.api_key, 5);
      if (typeof j.id === 'string' && /^0x/.test(j.id)) keep(this.snapshots, j.id, 10);
    }
  }

  alt(): Alt {
    return {
      starkKeys: [...this.accounts.map((a) => a.stark_key), ...this.wallets],
      ethAddresses: this.accounts.map((a) => a.eth_address),
      assetIds: [this.eth, this.rdd, ...this.nftAssets.values()].filter((x) => x !== ''),
      addresses: [RDD20, R721, DMINT, ...this.contracts.map((c) => c.address)],
      uuids: [this.demoProject, ...this.projects, ...this.contracts.map((c) => c.uuid), ...this.marketplaces].filter((x) => x !== ''),
      cids: this.cids.map((c) => c.cid),
      ids: [...this.seqIds.slice(-5), ...this.orderIds.slice(-5)].map(String),
      apiKeys: this.otherKeys,
    };
  }

  /** The asset id of an NFT (looked up once through GET /v1/assetid). */
  async nftAsset(type: 'ERC721' | 'ERC721M', address: string, tokenId: string): Promise<string> {
    const k = `${address}:${tokenId}`;
    const known = this.nftAssets.get(k);
    if (known) return known;
    const r = await this.call('GET /v1/assetid', { query: { type, contract_address: address, token_id: tokenId }, label: 'lookup' });
    const id = typeof r.json?.data?.asset_id === 'string' ? (r.json.data.asset_id as string) : '0x1';
    this.nftAssets.set(k, id);
    if (this.nftAssets.size > 30) this.nftAssets.delete(this.nftAssets.keys().next().value!);
    return id;
  }

  /** Vault ids (GET /v1/vaults, remembered until the state is reset, reverted or loaded). */
  async vaults(keys: string[], asset: string): Promise<string[]> {
    const known = keys.map((k) => this.vaultCache.get(`${k}|${asset}`));
    if (known.every((v) => v !== undefined)) return known as string[];
    const r = await this.call('GET /v1/vaults', { query: { stark_keys: keys.join(','), asset_id: asset }, label: 'lookup' });
    const ids = r.json?.data?.vault_ids;
    if (!Array.isArray(ids)) return keys.map(() => '0');
    keys.forEach((k, i) => this.vaultCache.set(`${k}|${asset}`, String(ids[i])));
    return ids.map(String);
  }

  /** The next nonce: asked once (GET /v1/nonce), then followed through the signed commands accepted since. */
  async nonce(key: string): Promise<number> {
    const known = this.nextNonce.get(key);
    if (known !== undefined) return known;
    const r = await this.call('GET /v1/nonce', { query: { stark_key: key }, label: 'lookup' });
    const n = r.json?.data?.nonce;
    if (typeof n !== 'number') return 0;
    this.nextNonce.set(key, n);
    return n;
  }

  /** GET /v1/order/info (remembered per key and market like vaults; its nonce comes from nonce()). */
  async orderInfo(key: string, contract2: string): Promise<Record<string, any>> {
    const k = `${key}|${contract2}`;
    let info = this.orderInfoCache.get(k);
    if (!info) {
      const r = await this.call('GET /v1/order/info', { query: { stark_key: key, contract1: 'ETH:ETH', contract2 }, label: 'lookup' });
      info = r.json?.data && typeof r.json.data === 'object' ? (r.json.data as Record<string, any>) : {};
      if (r.json?.status === 'OK') {
        this.orderInfoCache.set(k, info);
        if (typeof info.nonce === 'number' && !this.nextNonce.has(key)) this.nextNonce.set(key, info.nonce);
      }
      if (this.orderInfoCache.size > 200) this.orderInfoCache.delete(this.orderInfoCache.keys().next().value!);
    }
    return { ...info, nonce: await this.nonce(key) };
  }

  private forgetState(): void {
    this.globalEpoch++;
    this.vaultCache.clear();
    this.nextNonce.clear();
    this.orderInfoCache.clear();
  }
}
