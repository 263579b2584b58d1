// docs/guarantees.md: the same genesis, seed and request sequence give byte-identical responses and state.
// Two fresh processes of the built CLI get the same few hundred requests (signed transfers, orders that
// match, withdrawals, deposits, mints, batches, clock moves, wallet and vault draws, bad input);
// every response body and the final state image must be identical byte for byte.
import { afterEach, describe, expect, it } from 'vitest';
import { live, startServer, stop } from '../support/cli.js';
import type { Account, Reply, TestClient } from '../support/client.js';
import { DMINT, ETH_ASSET, RDD20, RDD20_ASSET } from '../support/client.js';
import { order, transfer, withdraw } from '../support/flows.js';

afterEach(() => {
  for (const c of live) c.kill('SIGKILL');
});

interface Exchange {
  method: string;
  path: string;
  body: string | undefined;
  headers: Record<string, string>;
  response: string;
  status: number;
}

/** A TestClient over a socket that records every exchange, so a second process can be sent the exact same bytes. */
function recordingClient(url: string, accounts: TestClient['accounts'], apiKey: string, log: Exchange[]): TestClient {
  const call = async (method: string, path: string, body: string | undefined, headers: Record<string, string> = {}): Promise<Reply> => {
    const h = body === undefined ? headers : { 'content-type': 'application/json', ...headers };
    const res = await fetch(url + path, { method, headers: h, ...(body === undefined ? {} : { body }) });
    const text = await res.text();
    log.push({ method, path, body, headers: h, response: text, status: res.status });
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text };
  };
  return {
    dn: undefined as never,
    get: (p, h) => call('GET', p, undefined, h),
    post: (p, b, h) => call('POST', p, JSON.stringify(b), h),
    postRaw: (p, t, h) => call('POST', p, t, h),
    delete: (p, h) => call('DELETE', p, undefined, h),
    accounts,
    apiKey,
  };
}

/** A small seeded generator (xorshift32): the program is the same on every run of the test. */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

async function program(c: TestClient, steps: number): Promise<void> {
  const r = rng(20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const people: Account[] = [c.accounts.alice, c.accounts.bob, c.accounts.carol];
  for (let i = 0; i < steps; i++) {
    const who = pick(people);
    const other = pick(people);
    switch (
      pick([
        'transfer',
        'transfer',
        'order',
        'order',
        'deposit',
        'withdraw',
        'mint',
        'batch',
        'clock',
        'wallets',
        'vaults',
        'bad',
        'read',
      ] as const)
    ) {
      case 'transfer':
        await transfer(c, who, other.stark_key, pick([ETH_ASSET, RDD20_ASSET]), BigInt(1 + Math.floor(r() * 50_000)));
        break;
      case 'order': {
        const tokens = 1 + Math.floor(r() * 5);
        const price = pick(['0.01', '0.01', '0.02']);
        const base = Math.round(tokens * Number(price) * 1e6);
        await order(c, who, {
          contract2: `ERC20:${RDD20}`,
          direction: r() < 0.5 ? 0 : 1,
          quoteAmount: String(tokens * 1e6),
          baseAmount: String(base),
          price,
        });
        break;
      }
      case 'deposit':
        await c.post('/_devnet/deposit', { stark_key: who.stark_key, contract_address: 'eth', amount: 1 + Math.floor(r() * 1000) });
        break;
      case 'withdraw':
        await withdraw(c, who, who.eth_address, ETH_ASSET, BigInt(1 + Math.floor(r() * 1000)));
        break;
      case 'mint':
        await c.post(
          '/v1/mints',
          { contract_address: DMINT, stark_key: who.stark_key, amount: String(1 + Math.floor(r() * 2)) },
          { 'x-api-key': c.apiKey },
        );
        break;
      case 'batch':
        await c.post('/_devnet/batches', { layer: pick(['l2', 'l1', 'both']) });
        break;
      case 'clock':
        await c.post('/_devnet/clock', { advance_seconds: Math.floor(r() * 100) });
        break;
      case 'wallets':
        await c.get('/v1/wallets?count=1');
        break;
      case 'vaults':
        await c.get(`/v1/vaults?stark_keys=${who.stark_key}&asset_id=${pick([ETH_ASSET, RDD20_ASSET])}`);
        break;
      case 'bad':
        await c.postRaw('/v1/transfers', pick(['{', '{}', '{"amount":"-1"}', '[]']));
        break;
      case 'read':
        await c.get(`/v1/records?stark_key=${who.stark_key}&limit=5`);
        await c.get(`/v1/orders?contract_address=${RDD20}`);
        break;
    }
  }
  await c.get('/_devnet/invariants');
  await c.get('/_devnet/state');
}

describe('determinism (docs/guarantees.md)', () => {
  it('two fresh processes given the same requests answer byte for byte the same', async () => {
    const args = ['--port', '0', '--log', 'silent', '--seed', 'determinism'];
    const a = await startServer(args);
    const info = JSON.parse(await (await fetch(`${a.url}/_devnet/accounts`)).text());
    const accounts = Object.fromEntries(info.accounts.map((x: Account) => [x.name, x])) as TestClient['accounts'];
    const first: Exchange[] = [];
    await program(recordingClient(a.url, accounts, info.api_keys[0], first), 220);
    await stop(a.cli);

    const b = await startServer(args);
    const second: string[] = [];
    for (const e of first) {
      const res = await fetch(b.url + e.path, { method: e.method, headers: e.headers, ...(e.body === undefined ? {} : { body: e.body }) });
      second.push(`${res.status} ${await res.text()}`);
    }
    await stop(b.cli);

    expect(first.length).toBeGreaterThan(350);
    // The run did real work: accepted transfers, trades and L1 batches, not only refusals.
    const texts = first.map((e) => e.response).join('\n');
    expect(texts).toMatch(/"sequence_id":\d+/);
    expect(first.filter((e) => e.path === '/v1/order' && e.response.includes('"status":"OK"')).length).toBeGreaterThan(5);
    for (let i = 0; i < first.length; i++) {
      expect(second[i], `exchange ${i}: ${first[i]!.method} ${first[i]!.path}`).toBe(`${first[i]!.status} ${first[i]!.response}`);
    }
    const finalState = JSON.parse(first[first.length - 1]!.response);
    expect(finalState.trades.length, 'orders matched').toBeGreaterThan(0);
  }, 120_000);
});
