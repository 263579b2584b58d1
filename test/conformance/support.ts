// Harness for the official-SDK conformance tests: an emulator on a real socket, an SDK pointed at
// it, a log of exactly what the SDK sent, and a second path (our HTTP, the control plane) to check effects.
import { readFileSync } from 'node:fs';
import type { Reddio } from '@reddio.com/js';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { connectSdk } from './readme-example.js';

export const ETH_ASSET = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';
export const RDD20 = '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086';
export const RDD20_ASSET = '0x348d9f01e42582dee55ba5db85b0ab036671786ca9e140642d7b7a010abb159';
export const REDDIO721 = '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5';
export const DMINT = '0x0b26f9dBbEeF0636e90a98651a693Ceb1769d16B';
/** A distinctive L1 address, so a test can tell the emulator's answer from the SDK's built-in URL table. */
export const STARKEX_TESTNET = '0x00000000000000000000000000000000000d3e7e';

export interface Account {
  name: string;
  stark_key: string;
  private_key: string;
  eth_address: string;
}

/** One HTTP exchange as the SDK made it: the path with its query string and the JSON body text. */
export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

export interface Conformance {
  net: RunningDevnet;
  sdk: Reddio;
  /** Everything the SDK sent, in order (cleared by `sent.splice(0)`). */
  sent: Sent[];
  accounts: Record<'alice' | 'bob' | 'carol' | 'operator', Account>;
  apiKey: string;
  /** GET on the emulator, bypassing the SDK: the second path every effect is checked through. */
  get(path: string): Promise<any>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<any>;
  /** Control-plane funding: quantized units for ETH/ERC20, or one NFT. Returns the sequence id. */
  deposit(who: Account, contract: string, amountOrToken: { amount: string } | { token_id: string }): Promise<number>;
  /** `available` and `frozen` of one asset, through `GET /v1/balance`. */
  balance(who: Account | string, assetId: string): Promise<{ available: number; frozen: number }>;
  close(): Promise<void>;
}

/** The private key as the SDK needs it: without `0x` (a prefixed key signs transfers and cancels with the wrong key). */
export const bare = (a: Account): string => a.private_key.replace(/^0x/, '');

/** The default genesis without its deposits: every balance a test sees was funded through the control plane. */
function emptyGenesis(): Record<string, unknown> {
  const g = JSON.parse(readFileSync(new URL('../../fixtures/default.json', import.meta.url), 'utf8')) as Record<string, unknown>;
  return { ...g, deposits: [], starkex_contracts: { testnet: STARKEX_TESTNET } };
}

export async function startConformance(): Promise<Conformance> {
  const net = await startDevnet({ port: 0, genesis: emptyGenesis() });
  const sdk = connectSdk(net.url);
  const sent: Sent[] = [];
  // A response interceptor sees the request as it went on the wire: the final path and the serialized body.
  const axiosLike = (sdk as unknown as { request: { interceptors: { response: { use(f: (r: any) => any): void } } } }).request;
  axiosLike.interceptors.response.use((res) => {
    const body = typeof res.config.data === 'string' ? JSON.parse(res.config.data) : undefined;
    sent.push({ method: String(res.config.method).toUpperCase(), path: res.request.path as string, body });
    return res;
  });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<any> => {
    const res = await fetch(net.url + path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await res.json()) as any;
  };
  const info = await call('GET', '/_devnet/accounts');
  const accounts = Object.fromEntries((info.accounts as Account[]).map((a) => [a.name, a])) as Conformance['accounts'];
  const get = (path: string) => call('GET', path);
  return {
    net,
    sdk,
    sent,
    accounts,
    apiKey: info.api_keys[0],
    get,
    post: (path, body, headers) => call('POST', path, body, headers),
    deposit: async (who, contract, what) => {
      const r = await call('POST', '/_devnet/deposit', { stark_key: who.stark_key, contract_address: contract, ...what });
      if (typeof r.sequence_id !== 'number') throw new Error(`deposit failed: ${JSON.stringify(r)}`);
      return r.sequence_id;
    },
    balance: async (who, assetId) => {
      const r = await get(`/v1/balance?stark_key=${typeof who === 'string' ? who : who.stark_key}&asset_id=${assetId}`);
      if (r.status !== 'OK') throw new Error(`balance failed: ${JSON.stringify(r)}`);
      return { available: r.data.balance_available, frozen: r.data.balance_frozen };
    },
    close: () => net.close(),
  };
}
