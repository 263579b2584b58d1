// Harness for the clients that cannot be installed here (JS SDK 0.8, Java/Kotlin, C#, Python): an
// emulator on a real socket, and requests sent as raw HTTP in exactly the shapes
// ../../shared/reference/clients.md records (paths and query strings byte for byte, bodies as the
// client serializes them). Each test then reads the answer the way that client's model does.
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { signedOrderBody, signedTransferBody } from '../../src/testing.js';
import type { PaymentFields } from '../../src/scenario/signing.js';

export interface Account {
  name: string;
  stark_key: string;
  private_key: string;
  eth_address: string;
}

export interface Wire {
  net: RunningDevnet;
  accounts: Record<'alice' | 'bob' | 'carol' | 'operator' | 'market' | 'airdrop', Account>;
  apiKey: string;
  /** The parsed body of a request sent exactly as `pathAndQuery` is written. */
  get(pathAndQuery: string): Promise<any>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<any>;
  /** The raw body text (for strict parsers that see every key). */
  text(pathAndQuery: string): Promise<string>;
  close(): Promise<void>;
}

export async function wire(): Promise<Wire> {
  const net = await startDevnet({ port: 0, log: 'silent' });
  const text = async (p: string) => (await fetch(net.url + p)).text();
  const info = (await (await fetch(`${net.url}/_devnet/accounts`)).json()) as { accounts: Account[]; api_keys: string[] };
  return {
    net,
    accounts: Object.fromEntries(info.accounts.map((a) => [a.name, a])) as Wire['accounts'],
    apiKey: info.api_keys[0]!,
    get: async (p) => JSON.parse(await text(p)),
    post: async (p, body, headers = {}) =>
      (
        await fetch(net.url + p, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        })
      ).json(),
    text,
    close: () => net.close(),
  };
}

/** A signed /v1/transfers body, vaults and nonce looked up as every SDK does. */
export async function transferBody(
  w: Wire,
  from: Account,
  to: string,
  assetId: string,
  amount: bigint,
  nonce?: number,
): Promise<Record<string, unknown>> {
  const vaults = (await w.get(`/v1/vaults?stark_keys=${from.stark_key},${to}&asset_id=${assetId}`)).data.vault_ids;
  const n = nonce ?? (await w.get(`/v1/nonce?stark_key=${from.stark_key}`)).data.nonce;
  return signedTransferBody({
    starkKey: from.stark_key,
    privateKey: from.private_key,
    assetId,
    amount,
    nonce: n,
    vaultId: vaults[0],
    receiver: to,
    receiverVaultId: vaults[1],
  });
}

export interface OrderSpec {
  contract1?: string;
  contract2: string;
  direction: 0 | 1;
  quoteAmount: bigint;
  baseAmount: bigint;
  price: string;
  marketplaceUuid?: string;
  timeInForce?: 'GTC' | 'IOC' | 'FOK';
  payment?: PaymentFields;
}

/** A signed /v1/order body from /v1/order/info, as the SDKs build one. */
export async function orderBody(w: Wire, who: Account, o: OrderSpec): Promise<Record<string, unknown>> {
  const d = (await w.get(`/v1/order/info?stark_key=${who.stark_key}&contract1=${o.contract1 ?? 'ETH:ETH'}&contract2=${o.contract2}`)).data;
  return signedOrderBody({
    starkKey: who.stark_key,
    privateKey: who.private_key,
    direction: o.direction,
    baseToken: d.base_token,
    quoteToken: d.asset_ids[1],
    quoteAmount: o.quoteAmount,
    baseAmount: o.baseAmount,
    price: o.price,
    baseVault: d.vault_ids[0],
    quoteVault: d.vault_ids[1],
    nonce: d.nonce,
    ...(o.marketplaceUuid !== undefined ? { marketplaceUuid: o.marketplaceUuid } : {}),
    ...(o.timeInForce !== undefined ? { timeInForce: o.timeInForce } : {}),
    ...(o.payment !== undefined ? { payment: o.payment } : {}),
  });
}

/** Java's pollers: a first read at 100 ms then every 100 ms, 4 reads in all; the first state accepted wins. */
export async function poll<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  let last: T | undefined;
  for (let i = 0; i < 4; i++) {
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
    if (done(last)) return last;
  }
  throw new Error(`poller gave up after 4 reads; last: ${JSON.stringify(last)}`);
}

/**
 * A strict reader for a JSON value, as Jackson's default ObjectMapper (Java's v3 client) reads it:
 * every key must be a property of the model, and every property's JSON type must fit.
 */
export type Model = 'string' | 'long' | 'any' | { [key: string]: Model } | [Model];

export function readStrict(value: unknown, model: Model, at = '$'): void {
  if (model === 'any') return;
  if (model === 'string') {
    if (value !== null && typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`${at}: expected a string, got ${JSON.stringify(value)}`);
    return;
  }
  if (model === 'long') {
    if (value !== null && !(typeof value === 'number' && Number.isInteger(value)))
      throw new Error(`${at}: expected an integer, got ${JSON.stringify(value)}`);
    return;
  }
  if (Array.isArray(model)) {
    if (!Array.isArray(value)) throw new Error(`${at}: expected an array, got ${JSON.stringify(value)}`);
    value.forEach((v, i) => readStrict(v, model[0], `${at}[${i}]`));
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${at}: expected an object`);
  for (const [k, v] of Object.entries(value)) {
    if (!(k in model)) throw new Error(`${at}: Unrecognized field "${k}" (not marked as ignorable)`);
    readStrict(v, model[k]!, `${at}.${k}`);
  }
}
