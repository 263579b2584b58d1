// 16 workers against one spawned emulator, each in its own namespace (named from a worker id by
// l2-devnet/testing): transfers, an NFT sale, snapshot and revert, clock moves and a reset, all at
// once over HTTP. Each worker must see exactly its own results, and every namespace clean invariants.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workerDevnet } from '../../src/testing.js';
import type { NamespacedDevnet } from '../../src/testing.js';
import { startCli, withTimeout } from '../support/cli.js';
import type { Cli } from '../support/cli.js';
import { toReply } from '../support/client.js';
import type { Account, TestClient } from '../support/client.js';
import { ETH_ASSET, REDDIO721 } from '../support/client.js';
import { balance, order, transfer } from '../support/flows.js';

const WORKERS = 16;
const ETH0 = 10_000_000;
const GENESIS_SECONDS = Date.parse('2026-01-01T00:00:00Z') / 1000;

/** The flows of test/support over HTTP, inside one namespace's base URL. */
function httpClient(base: string, accounts: Record<string, Account>): TestClient {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    toReply(
      await fetch(base + path, {
        method,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  return {
    dn: undefined as never,
    get: (path, headers) => call('GET', path, undefined, headers),
    post: (path, body, headers) => call('POST', path, body, headers),
    delete: (path, headers) => call('DELETE', path, undefined, headers),
    postRaw: () => Promise.reject(new Error('not used')),
    accounts: accounts as TestClient['accounts'],
    apiKey: '',
  };
}

interface WorkerResult {
  name: string;
  keys: string[];
  transferIds: number[];
  aliceRecords: Array<{ sequence_id: number; record_type: number; amount: string }>;
  finalClock: string;
  afterReset: { alice: number; clock: string };
  invariants: { ok: boolean; violations: string[] };
}

/** One worker's whole session, every figure depending on its index `w` so another worker's results would show. */
async function runWorker(url: string, w: number): Promise<WorkerResult> {
  const ns: NamespacedDevnet = workerDevnet(url, { env: { VITEST_POOL_ID: String(w + 1) } });
  const { accounts } = await ns.control.accounts();
  const byName = Object.fromEntries(accounts.map((a) => [a.name, a]));
  const c = httpClient(ns.url, byName);
  const { alice, bob } = byName as Record<string, Account>;

  // Two transfers of amounts only this worker sends; a third after a snapshot, reverted.
  const sent = [1000 + w, 2000 + w];
  const transferIds: number[] = [];
  for (const amount of sent) {
    const r = await transfer(c, alice!, bob!.stark_key, ETH_ASSET, String(amount));
    expect(r.body.status, r.text).toBe('OK');
    transferIds.push(r.body.data.sequence_id);
  }
  const { id } = await ns.control.snapshot();
  const undone = await transfer(c, alice!, bob!.stark_key, ETH_ASSET, String(5000 + w));
  expect(undone.body.status, undone.text).toBe('OK');
  expect(await balance(c, bob!.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 3000 + 2 * w + 5000 + w, frozen: 0 });
  await ns.control.revert(id);
  expect(await balance(c, bob!.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 3000 + 2 * w, frozen: 0 });

  // An NFT sale at a price of this worker's own: alice sells token 1 to bob.
  const price = 1000 + 10 * w;
  const nft = { contract2: `ERC721:${REDDIO721}:1`, quoteAmount: '1', baseAmount: String(price), price: String(price) };
  const ask = await order(c, alice!, { ...nft, direction: 0 });
  expect(ask.body.status, ask.text).toBe('OK');
  const bid = await order(c, bob!, { ...nft, direction: 1 });
  expect(bid.body.status, bid.text).toBe('OK');
  const sold = (await c.get(`/v1/order?order_id=${ask.body.data.sequence_id}`)).body.data;
  expect(sold).toMatchObject({ order_state: 2, volume: String(price) });
  const fee = Math.floor(price * 0.005);
  expect(await balance(c, alice!.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 3000 - 2 * w + price - fee, frozen: 0 });

  // Clock moves of this worker's own length.
  await ns.control.clock({ advance_seconds: 3600 * (w + 1) });
  const { now: finalClock } = await ns.control.clock({ advance_seconds: w + 1 });

  const aliceRecords = (await c.get(`/v1/records?stark_key=${alice!.stark_key}&limit=1000`)).body.data.list.map(
    (r: Record<string, unknown>) => ({ sequence_id: r.sequence_id, record_type: r.record_type, amount: r.amount }),
  );
  const invariants = await ns.control.invariants();

  // A reset takes this namespace, and only it, back to its genesis.
  await ns.control.reset();
  const afterReset = {
    alice: (await balance(c, alice!.stark_key, ETH_ASSET)).available,
    clock: (await ns.control.clock({ advance_seconds: 0 })).now,
  };
  return { name: ns.name, keys: accounts.map((a) => a.private_key), transferIds, aliceRecords, finalClock, afterReset, invariants };
}

let cli: Cli;
let url: string;

beforeAll(async () => {
  cli = startCli(['--port', '0', '--log', 'silent']);
  url = (await withTimeout(cli.ready, 15_000, 'the ready line')).json.url as string;
});
afterAll(async () => {
  cli.child.kill('SIGTERM');
  await withTimeout(cli.exited, 10_000, 'the CLI to exit');
});

describe('namespaces: 16 concurrent workers on one emulator', () => {
  it('each worker sees exactly its own results; every namespace keeps clean invariants; default is untouched', async () => {
    const defaultBefore = (await (await fetch(`${url}/_devnet/invariants`)).json()) as { state_hash: string };
    const results = await Promise.all(Array.from({ length: WORKERS }, (_, w) => runWorker(url, w)));

    expect(results.map((r) => r.name)).toEqual(Array.from({ length: WORKERS }, (_, w) => `worker-${w + 1}`));
    // Keys derive from the seed and the name: no two namespaces share one, except the key the genesis pins (airdrop).
    const pinned = results[0]!.keys[5]!;
    expect(results.every((r) => r.keys[5] === pinned)).toBe(true);
    const derived = results.flatMap((r) => r.keys.slice(0, 5));
    expect(new Set(derived).size).toBe(derived.length);

    for (const [w, r] of results.entries()) {
      // Same genesis, same command sequence: the same sequence ids in every namespace.
      expect(r.transferIds).toEqual(results[0]!.transferIds);
      const transfers = r.aliceRecords
        .filter((x) => x.record_type === 3)
        .map((x) => x.amount)
        .sort();
      expect(transfers, `worker ${w}`).toEqual([String(1000 + w), String(2000 + w)]);
      expect(r.aliceRecords.filter((x) => x.record_type === 7).map((x) => x.amount)).toEqual(['1']);
      expect(Date.parse(r.finalClock) / 1000).toBe(GENESIS_SECONDS + 3600 * (w + 1) + w + 1);
      expect(r.invariants).toMatchObject({ ok: true, violations: [] });
      expect(r.afterReset).toEqual({ alice: ETH0, clock: '2026-01-01T00:00:00.000000Z' });
    }

    // Every namespace is listed, and default never saw any of it.
    const listed = (await (await fetch(`${url}/_devnet/namespaces`)).json()) as { namespaces: Array<{ name: string }> };
    expect(listed.namespaces.map((n) => n.name)).toEqual(['default', ...results.map((r) => r.name).sort()]);
    const defaultAfter = (await (await fetch(`${url}/_devnet/invariants`)).json()) as { ok: boolean; state_hash: string };
    expect(defaultAfter).toMatchObject({ ok: true, state_hash: defaultBefore.state_hash });
    for (const r of results) {
      const inv = (await (await fetch(`${url}/ns/${r.name}/_devnet/invariants`)).json()) as { ok: boolean };
      expect(inv.ok).toBe(true);
    }
  }, 120_000);
});

describe('namespaces: a spawned CLI with --state', () => {
  it('each namespace is found again after SIGTERM and a restart, with what it held', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-ns-cli-'));
    try {
      const first = startCli(['--port', '0', '--log', 'silent', '--state', dir]);
      const url1 = (await withTimeout(first.ready, 15_000, 'the ready line')).json.url as string;
      const ns = workerDevnet(url1, { name: 'kept' });
      const alice = (await ns.control.accounts()).accounts.find((a) => a.name === 'alice')!;
      await ns.control.deposit({ stark_key: alice.stark_key, contract_address: 'eth', amount: '42' });
      const hash = (await ns.control.invariants()).state_hash;
      first.child.kill('SIGTERM');
      expect((await withTimeout(first.exited, 10_000, 'the first CLI to exit')).code).toBe(0);

      const second = startCli(['--port', '0', '--log', 'silent', '--state', dir]);
      const url2 = (await withTimeout(second.ready, 15_000, 'the ready line')).json.url as string;
      try {
        const listed = (await (await fetch(`${url2}/_devnet/namespaces`)).json()) as {
          namespaces: Array<{ name: string; state_dir: string }>;
        };
        expect(listed.namespaces.map((n) => [n.name, n.state_dir])).toEqual([
          ['default', dir],
          ['kept', join(dir, 'ns', 'kept')],
        ]);
        const again = workerDevnet(url2, { name: 'kept' });
        expect(await again.control.invariants()).toMatchObject({ ok: true, state_hash: hash });
        const bal = (await (await fetch(`${again.url}/v1/balance?stark_key=${alice.stark_key}&asset_id=${ETH_ASSET}`)).json()) as {
          data: { balance_available: number };
        };
        expect(bal.data.balance_available).toBe(ETH0 + 42);
      } finally {
        second.child.kill('SIGTERM');
        await withTimeout(second.exited, 10_000, 'the second CLI to exit');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refused requests (no control token, an unknown route, a bad or missing API key, a body too large, malformed JSON) create no namespace and no directory; the token holder then creates both', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-ns-cli-'));
    const cli = startCli([
      '--port',
      '0',
      '--log',
      'silent',
      '--state',
      dir,
      '--control-token',
      'e2e-token-77',
      '--max-namespaces',
      '2',
      '--max-body-bytes',
      '4096',
    ]);
    try {
      const url = (await withTimeout(cli.ready, 15_000, 'the ready line')).json.url as string;
      const json = { 'content-type': 'application/json' };
      const refused: Array<[string, RequestInit, number]> = [
        ['/ns/one/_devnet/reset', { method: 'POST' }, 401],
        ['/ns/two/_devnet/accounts', {}, 401],
        ['/ns/three/v1/nothing', {}, 404],
        ['/ns/four/v1/project', { headers: { 'x-api-key': 'rk-not-a-key' } }, 401],
        ['/ns/five/v1/project', { method: 'POST', headers: json, body: '{"project_name":"p"}' }, 401],
        ['/ns/six/v1/transfers', { method: 'POST', headers: json, body: JSON.stringify({ amount: '1', pad: 'p'.repeat(8000) }) }, 413],
        ['/ns/seven/v1/transfers', { method: 'POST', headers: json, body: '{"amount":' }, 200],
      ];
      for (const [path, init, status] of refused) {
        const r = await fetch(url + path, init);
        expect(r.status, path).toBe(status);
        expect(((await r.json()) as { status: string }).status, path).toBe('FAILED');
      }
      expect(existsSync(join(dir, 'ns'))).toBe(false);
      const auth = { authorization: 'Bearer e2e-token-77' };
      for (const name of ['one', 'two']) expect((await fetch(`${url}/ns/${name}/_devnet/health`, { headers: auth })).status).toBe(200);
      expect(existsSync(join(dir, 'ns', 'one', 'journal.jsonl')) && existsSync(join(dir, 'ns', 'two'))).toBe(true);
    } finally {
      cli.child.kill('SIGTERM');
      await withTimeout(cli.exited, 10_000, 'the CLI to exit');
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
