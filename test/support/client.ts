// Test client over createDevnet(): requests without a socket, responses parsed as JSON.
import { createDevnet } from '../../src/index.js';
import type { DevnetOptions, InProcessDevnet } from '../../src/index.js';

export interface Reply {
  status: number;
  body: any;
  text: string;
}

export interface TestClient {
  dn: InProcessDevnet;
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  delete(path: string, headers?: Record<string, string>): Promise<Reply>;
  /** Raw body text (to send malformed JSON). */
  postRaw(path: string, text: string, headers?: Record<string, string>): Promise<Reply>;
  accounts: { alice: Account; bob: Account; carol: Account; operator: Account };
  apiKey: string;
}

export interface Account {
  name: string;
  stark_key: string;
  private_key: string;
  eth_address: string;
  eth_private_key: string | null;
}

export async function toReply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

export function testClient(options: DevnetOptions = {}): TestClient {
  const dn = createDevnet(options);
  const call = async (method: string, path: string, text?: string, headers: Record<string, string> = {}) =>
    toReply(
      await dn.fetch('http://devnet.test' + path, {
        method,
        headers: text === undefined ? headers : { 'content-type': 'application/json', ...headers },
        ...(text === undefined ? {} : { body: text }),
      }),
    );
  const info = dn.devnet.accounts();
  const byName = Object.fromEntries(info.accounts.map((a) => [a.name, a])) as TestClient['accounts'];
  return {
    dn,
    get: (path, headers) => call('GET', path, undefined, headers),
    post: (path, body, headers) => call('POST', path, JSON.stringify(body), headers),
    delete: (path, headers) => call('DELETE', path, undefined, headers),
    postRaw: (path, text, headers) => call('POST', path, text, headers),
    accounts: byName,
    apiKey: info.api_keys[0]!,
  };
}

/** Asserts the FAILED envelope shape and returns the code, for `expect(failed(r)).toBe(18)`. */
export function failedCode(r: Reply): number {
  if (r.body?.status !== 'FAILED' || r.body.data !== null || typeof r.body.error !== 'string' || r.body.error === '') {
    throw new Error(`expected a FAILED envelope, got ${r.status} ${r.text}`);
  }
  return r.body.error_code;
}

export const ETH_ASSET = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';
export const RDD20 = '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086';
export const RDD20_ASSET = '0x348d9f01e42582dee55ba5db85b0ab036671786ca9e140642d7b7a010abb159';
export const REDDIO721 = '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5';
export const DMINT = '0x0b26f9dBbEeF0636e90a98651a693Ceb1769d16B';

/** 2^200 + 1 has no y on the Stark curve and is too big for an Ethereum address: not a stark key (code 18). */
export const OFF_CURVE_KEY = '0x100000000000000000000000000000000000000000000000001';
