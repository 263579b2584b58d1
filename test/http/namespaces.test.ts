// Namespaces in process: routing by prefix and header, name validation, the cap, the idle TTL on an
// injected clock, delete, persistence across a restart, and what the OpenAPI document says of them.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDevnet, namespaceSeed } from '../../src/index.js';
import type { InProcessDevnet } from '../../src/index.js';
import { accountPrivateKey } from '../../src/domain/lifecycle/genesis-wallet.js';
import { namespaceUrl, workerNamespace } from '../../src/testing.js';
import { ETH_ASSET, failedCode, toReply } from '../support/client.js';
import type { Reply } from '../support/client.js';

const open: InProcessDevnet[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function devnet(options: Parameters<typeof createDevnet>[0] = {}): InProcessDevnet {
  const d = createDevnet(options);
  open.push(d);
  return d;
}

const call = async (
  d: InProcessDevnet,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Reply> =>
  toReply(
    await d.fetch(path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

const aliceOf = async (d: InProcessDevnet, prefix = '', headers: Record<string, string> = {}) =>
  (await call(d, 'GET', `${prefix}/_devnet/accounts`, headers)).body.accounts.find((a: { name: string }) => a.name === 'alice');

const deposit = (d: InProcessDevnet, prefix: string, starkKey: string, amount: number, headers: Record<string, string> = {}) =>
  call(d, 'POST', `${prefix}/_devnet/deposit`, headers, { stark_key: starkKey, contract_address: 'eth', amount: String(amount) });

const balanceOf = async (d: InProcessDevnet, prefix: string, starkKey: string, headers: Record<string, string> = {}) =>
  (await call(d, 'GET', `${prefix}/v1/balance?stark_key=${starkKey}&asset_id=${ETH_ASSET}`, headers)).body.data.balance_available;

describe('routing', () => {
  it('the prefix, the header and both agreeing reach the same namespace; unprefixed is default', async () => {
    const d = devnet();
    const viaPrefix = await aliceOf(d, '/ns/w1');
    expect(await aliceOf(d, '', { 'x-devnet-namespace': 'w1' })).toEqual(viaPrefix);
    expect(await aliceOf(d, '/ns/w1', { 'x-devnet-namespace': 'w1' })).toEqual(viaPrefix);
    expect(await aliceOf(d, '/ns/default')).toEqual(await aliceOf(d));
    expect(viaPrefix.stark_key).not.toBe((await aliceOf(d)).stark_key);

    await deposit(d, '/ns/w1', viaPrefix.stark_key, 777);
    expect(await balanceOf(d, '', viaPrefix.stark_key, { 'x-devnet-namespace': 'w1' })).toBe(10_000_000 + 777);
    // The same key is unknown in default (it holds nothing there).
    expect(await balanceOf(d, '', viaPrefix.stark_key)).toBe(0);
  });

  it('keys: default keeps the seed; another namespace derives them from the seed and its name; pinned keys stay', async () => {
    const d = devnet({ seed: 'my-seed' });
    const accounts = (await call(d, 'GET', '/ns/team-a/_devnet/accounts')).body.accounts as Array<{ name: string; private_key: string }>;
    const alice = accounts.find((a) => a.name === 'alice')!;
    expect(BigInt(alice.private_key)).toBe(accountPrivateKey(namespaceSeed('my-seed', 'team-a'), 'alice'));
    expect(namespaceSeed('my-seed', 'team-a')).toBe('my-seed/ns/team-a');
    expect(BigInt((await aliceOf(d)).private_key)).toBe(accountPrivateKey('my-seed', 'alice'));
    // The default genesis pins airdrop's key: the same in every namespace.
    const airdrop = accounts.find((a) => a.name === 'airdrop')!;
    expect(airdrop.private_key).toBe('0x14453a2ee2d834e23779278899e8a992f2be51f52690f2e859f08cd6671f7eb');
  });

  it('every kind of route answers under the prefix: emulated, control, explorer, gateway, the document', async () => {
    const d = devnet();
    expect((await call(d, 'GET', '/ns/w1/v1/nonce?stark_key=' + (await aliceOf(d, '/ns/w1')).stark_key)).body).toMatchObject({
      status: 'OK',
      data: { nonce: 0 },
    });
    expect((await call(d, 'GET', '/ns/w1/_devnet/health')).body).toMatchObject({ status: 'ok' });
    const page = await d.fetch('/ns/w1/');
    expect([page.status, page.headers.get('content-type')]).toEqual([200, 'text/html; charset=utf-8']);
    expect((await d.fetch('/ns/w1')).status).toBe(200);
    expect((await call(d, 'GET', '/ns/w1/_devnet/overview')).body.accounts.length).toBeGreaterThan(0);
    expect((await call(d, 'GET', '/ns/w1/openapi.json')).body.openapi).toBe('3.1.0');
    // Unknown routes are still 404 inside a namespace.
    const missing = await call(d, 'GET', '/ns/w1/v1/nothing-here');
    expect([missing.status, failedCode(missing)]).toEqual([404, 19]);
  });

  it('storage endpoints of a namespace point at its own gateway, which serves the file; default does not hold it', async () => {
    const d = devnet();
    const key = (await call(d, 'GET', '/ns/files/_devnet/accounts')).body.api_keys[0];
    const project = (await call(d, 'GET', '/ns/files/v1/project', { 'x-api-key': key })).body.data[0].project_uuid;
    const form = new FormData();
    form.append('file', new Blob(['hello from a namespace']), 'hello.txt');
    const up = await toReply(
      await d.fetch(`/ns/files/v1/project/${project}/storage`, { method: 'POST', headers: { 'x-api-key': key }, body: form }),
    );
    expect(up.body.status, up.text).toBe('OK');
    const endpoint: string = up.body.data.endpoints[0];
    expect(endpoint).toBe(`http://devnet.local/ns/files/ipfs/${up.body.data.cid}/`);
    expect(await (await d.fetch(endpoint + 'hello.txt')).text()).toBe('hello from a namespace');
    expect((await d.fetch(`/ipfs/${up.body.data.cid}/hello.txt`)).status).toBe(404);
    // The explorer's links go to the same gateway.
    const file = (await call(d, 'GET', `/ns/files/_devnet/explorer/files/${up.body.data.cid}`)).body;
    expect(file.url).toBe(`${endpoint}hello.txt`);
    const overview = (await call(d, 'GET', '/ns/files/_devnet/overview')).body;
    expect(overview.files.map((f: { url: string }) => f.url)).toEqual([`${endpoint}hello.txt`]);
  });

  it("an explicit --gateway-url (the emulator under another name) is extended to each namespace's own gateway", async () => {
    const d = devnet({ gatewayUrl: 'http://l2-devnet:8080/' });
    const upload = async (prefix: string) => {
      const key = (await call(d, 'GET', `${prefix}/_devnet/accounts`)).body.api_keys[0];
      const project = (await call(d, 'GET', `${prefix}/v1/project`, { 'x-api-key': key })).body.data[0].project_uuid;
      const form = new FormData();
      form.append('file', new Blob(['x']), 'x.txt');
      return (
        await toReply(
          await d.fetch(`${prefix}/v1/project/${project}/storage`, { method: 'POST', headers: { 'x-api-key': key }, body: form }),
        )
      ).body.data;
    };
    const inDefault = await upload('');
    expect(inDefault.endpoints).toEqual([`http://l2-devnet:8080/ipfs/${inDefault.cid}/`]);
    const inTeam = await upload('/ns/team');
    expect(inTeam.endpoints).toEqual([`http://l2-devnet:8080/ns/team/ipfs/${inTeam.cid}/`]);
  });
});

describe('a percent-encoded prefix', () => {
  // One decoding of the path for the registry and the router: `/%6Es/alpha/` is `/ns/alpha/` for both.
  it('a deposit, a reset and a read through /%6Es/alpha/ (or /ns/%61lpha/) act on alpha, never on default', async () => {
    const d = devnet();
    const alpha = await aliceOf(d, '/ns/alpha');
    const alice = await aliceOf(d);
    expect(await aliceOf(d, '/%6Es/alpha')).toEqual(alpha);
    expect(await aliceOf(d, '/ns/%61lpha')).toEqual(alpha);
    expect(await aliceOf(d, '/%6e%73/alpha')).toEqual(alpha);

    expect((await deposit(d, '/%6Es/alpha', alpha.stark_key, 5)).body.sequence_id).toBeTypeOf('number');
    expect(await balanceOf(d, '/ns/alpha', alpha.stark_key)).toBe(10_000_005);
    expect(await balanceOf(d, '', alpha.stark_key)).toBe(0);

    await deposit(d, '', alice.stark_key, 7);
    expect((await call(d, 'POST', '/%6Es/alpha/_devnet/reset', {}, {})).status).toBe(200);
    expect(await balanceOf(d, '/ns/alpha', alpha.stark_key)).toBe(10_000_000);
    expect(await balanceOf(d, '', alice.stark_key)).toBe(10_000_007);
    expect(d.namespaces.names()).toEqual(['default', 'alpha']);
  });

  it('the header is checked against the decoded prefix: a conflict is refused and changes nothing; agreeing works', async () => {
    const d = devnet();
    const alice = await aliceOf(d);
    const beta = await aliceOf(d, '/ns/beta');
    await deposit(d, '', alice.stark_key, 7);
    await deposit(d, '/ns/beta', beta.stark_key, 3);
    const conflict = await call(d, 'POST', '/%6Es/alpha/_devnet/reset', { 'x-devnet-namespace': 'beta' }, {});
    expect([conflict.status, failedCode(conflict), conflict.body.error]).toEqual([
      400,
      19,
      'namespace conflict: the path names "alpha" and header x-devnet-namespace names "beta"',
    ]);
    const viaHeader = await deposit(d, '/%6Es/beta', beta.stark_key, 1, { 'x-devnet-namespace': 'beta' });
    expect(viaHeader.body.sequence_id).toBeTypeOf('number');
    expect(await balanceOf(d, '/ns/beta', beta.stark_key)).toBe(10_000_004);
    expect(await balanceOf(d, '', alice.stark_key)).toBe(10_000_007);
    expect(d.namespaces.names()).toEqual(['default', 'beta']);
  });

  it('an encoded slash is no separator: /ns%2Falpha/... is no prefix and no route (404), and creates nothing', async () => {
    const d = devnet();
    const r = await call(d, 'GET', '/ns%2Falpha/_devnet/health');
    expect([r.status, failedCode(r)]).toEqual([404, 19]);
    expect(d.namespaces.names()).toEqual(['default']);
  });
});

describe('names', () => {
  const bad: Array<[string, string]> = [
    ['upper case', '/ns/Worker1/_devnet/health'],
    ['a dot', '/ns/a.b/_devnet/health'],
    ['a leading dash', '/ns/-a/_devnet/health'],
    ['64 characters', `/ns/${'a'.repeat(64)}/_devnet/health`],
    ['empty', '/ns//_devnet/health'],
    ['percent-encoded', '/ns/a%2Fb/_devnet/health'],
  ];
  it.each(bad)('a name with %s is refused: 400, code 19, nothing created', async (_why, path) => {
    const d = devnet();
    const r = await call(d, 'GET', path);
    expect([r.status, failedCode(r)]).toEqual([400, 19]);
    expect(r.body.error).toMatch(/^namespace in the path \/ns\/\{name\} /);
    expect(d.namespaces.names()).toEqual(['default']);
  });

  it('63 characters of a-z, 0-9, "-" and "_" are accepted', async () => {
    const d = devnet();
    const name = '0-_' + 'z'.repeat(60);
    expect((await call(d, 'GET', `/ns/${name}/_devnet/health`)).status).toBe(200);
    expect(d.namespaces.names()).toEqual(['default', name]);
  });

  it('a bad header, and a header that names another namespace than the path, are refused (400, code 19) in both --error-status modes', async () => {
    for (const errorStatus of ['fidelity', 'http'] as const) {
      const d = devnet({ errorStatus });
      const r1 = await call(d, 'GET', '/_devnet/health', { 'x-devnet-namespace': 'no spaces' });
      expect([r1.status, failedCode(r1), r1.body.error]).toEqual([
        400,
        19,
        'namespace header x-devnet-namespace may hold only a-z, 0-9, "-" and "_", starting with a letter or digit, got "no spaces"',
      ]);
      const r2 = await call(d, 'GET', '/ns/a/_devnet/health', { 'x-devnet-namespace': 'b' });
      expect([r2.status, failedCode(r2), r2.body.error]).toEqual([
        400,
        19,
        'namespace conflict: the path names "a" and header x-devnet-namespace names "b"',
      ]);
      expect(d.namespaces.names()).toEqual(['default']);
    }
  });

  it('the delete route checks the name with the same rule', async () => {
    const d = devnet();
    const r = await call(d, 'DELETE', '/_devnet/namespaces/NOPE');
    expect([r.status, failedCode(r)]).toEqual([400, 19]);
  });

  it('testing helpers: a worker namespace from the worker id, and a base URL', () => {
    expect(workerNamespace({ env: { VITEST_POOL_ID: '3' } })).toBe('worker-3');
    expect(workerNamespace({ env: { JEST_WORKER_ID: '2' } })).toBe('worker-2');
    expect(workerNamespace({ env: {}, prefix: 'job-17' })).toBe('job-17-1');
    expect(() => workerNamespace({ env: { VITEST_POOL_ID: '1' }, prefix: 'Job' })).toThrow(/namespace of this worker/);
    expect(namespaceUrl('http://127.0.0.1:8080/', 'worker-3')).toBe('http://127.0.0.1:8080/ns/worker-3');
  });
});

describe('cap, TTL and delete', () => {
  it('--max-namespaces: the next new namespace is refused (429, code 19) and nothing is created; existing ones and default still answer', async () => {
    const d = devnet({ namespaces: { max: 2 } });
    for (const n of ['a', 'b']) expect((await call(d, 'GET', `/ns/${n}/_devnet/health`)).status).toBe(200);
    const r = await call(d, 'GET', '/ns/c/_devnet/health');
    expect([r.status, failedCode(r)]).toEqual([429, 19]);
    expect(r.body.error).toContain('--max-namespaces 2');
    expect(d.namespaces.names()).toEqual(['default', 'a', 'b']);
    expect((await call(d, 'GET', '/ns/a/_devnet/health')).status).toBe(200);
    expect((await call(d, 'GET', '/_devnet/health')).status).toBe(200);
    // Deleting one makes room.
    expect((await call(d, 'DELETE', '/_devnet/namespaces/a')).body).toEqual({ deleted: 'a' });
    expect((await call(d, 'GET', '/ns/c/_devnet/health')).status).toBe(200);
  });

  it('a web page cannot create namespaces (so cannot fill the cap): a foreign Host or a cross-site request is refused (403, code 19) before anything is built; it may use one that exists', async () => {
    const d = devnet({ namespaces: { max: 2 } });
    const nonce = (ns: string) => `/ns/${ns}/v1/nonce?stark_key=0x1`;
    const pages: Record<string, string>[] = [
      { host: 'attacker.example' },
      { origin: 'http://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of pages) {
      const r = await call(d, 'GET', nonce('from-page'), headers);
      expect([r.status, failedCode(r)], JSON.stringify(headers)).toEqual([403, 19]);
    }
    expect(d.namespaces.names()).toEqual(['default']);
    // Created by a request no browser marked (a test, an SDK, curl), the page may then use it (CORS applies as usual).
    expect((await call(d, 'GET', nonce('shared'))).status).toBe(200);
    const fromPage = await call(d, 'GET', nonce('shared'), { origin: 'http://localhost:3000' });
    expect([fromPage.status, fromPage.body.status]).toEqual([200, 'OK']);
    expect(d.namespaces.names()).toEqual(['default', 'shared']);
  });

  it("a refused request creates nothing: the control token's 401s, an unknown route, an unknown method fill no place of --max-namespaces 2", async () => {
    const TOKEN = 'ns-control-token-1234';
    const dir = mkdtempSync(join(tmpdir(), 'l2-ns-refused-'));
    dirs.push(dir);
    const d = devnet({ namespaces: { max: 2 }, controlToken: TOKEN, stateDir: dir });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const journal = async () => (await call(d, 'GET', '/_devnet/requests?limit=1000', auth)).body.last_id as number;
    const before = await journal();
    const refused: Array<[string, string, Record<string, string>, number, number]> = [
      ['POST', '/ns/a/_devnet/reset', {}, 401, 32],
      ['GET', '/ns/b/_devnet/accounts', { authorization: 'Bearer wrong' }, 401, 32],
      ['GET', '/metrics', { 'x-devnet-namespace': 'c' }, 401, 32],
      ['GET', '/ns/d/v1/no-such-route', {}, 404, 19],
      ['DELETE', '/ns/e/v1/nonce', {}, 405, 19],
      ['PUT', '/ns/f/_devnet/reset', auth, 405, 19],
      ['GET', '/%6Es/g/_devnet/health', {}, 401, 32],
    ];
    for (const [method, path, headers, status, code] of refused) {
      const r = await call(d, method, path, headers);
      expect([r.status, failedCode(r)], `${method} ${path}`).toEqual([status, code]);
      if (status === 401) expect(r.body.error).toContain('--control-token');
    }
    const unauthorized = await d.fetch('/ns/h/_devnet/health');
    expect(unauthorized.headers.get('www-authenticate')).toBe('Bearer realm="l2-devnet control plane"');
    expect(d.namespaces.names()).toEqual(['default']);
    expect(existsSync(join(dir, 'ns'))).toBe(false);
    // Nor a line in default's journal (its own successful reads are not kept).
    expect(await journal()).toBe(before);
    // The token holder still has both places; an emulated API call needs no token, and creates one.
    expect((await call(d, 'POST', '/ns/a/_devnet/reset', auth, {})).status).toBe(200);
    expect((await call(d, 'GET', '/ns/b/v1/nonce?stark_key=0x1')).status).toBe(200);
    expect(d.namespaces.names()).toEqual(['default', 'a', 'b']);
    expect(existsSync(join(dir, 'ns', 'a'))).toBe(true);
  });

  it('a request its handler refuses creates nothing either: a bad or missing API key, a body too large (declared or streamed), malformed JSON, a failed validation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-ns-handler-refused-'));
    dirs.push(dir);
    const d = devnet({ namespaces: { max: 2 }, stateDir: dir, maxBodyBytes: 4096 });
    const stream = (bytes: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < bytes; sent += 1024) controller.enqueue(new Uint8Array(1024).fill(0x20));
          controller.close();
        },
      });
    const json = { 'content-type': 'application/json' };
    const deposit = (amount: string, pad = '') => JSON.stringify({ stark_key: '0x1', contract_address: 'eth', amount, pad });
    const refused: Array<[string, string, RequestInit, number, number]> = [
      ['bad key', '/ns/k1/v1/project', { headers: { 'x-api-key': 'rk-not-a-key' } }, 401, 32],
      ['missing key', '/ns/k2/v1/project', { method: 'POST', headers: json, body: JSON.stringify({ project_name: 'p' }) }, 401, 32],
      ['declared too large', '/ns/big/_devnet/deposit', { method: 'POST', headers: json, body: deposit('5', 'p'.repeat(5000)) }, 413, 19],
      [
        'streamed too large',
        '/ns/chunked/_devnet/deposit',
        { method: 'POST', headers: json, body: stream(64 * 1024), duplex: 'half' } as RequestInit,
        413,
        19,
      ],
      ['malformed JSON', '/ns/json/_devnet/deposit', { method: 'POST', headers: json, body: '{"stark_key":' }, 200, 401],
      ['a missing field', '/ns/invalid/_devnet/deposit', { method: 'POST', headers: json, body: '{}' }, 200, 1],
      ['a bad stark key', '/ns/param/v1/nonce?stark_key=zz', {}, 200, 18],
      ['a bad amount', '/ns/amount/_devnet/deposit', { method: 'POST', headers: json, body: deposit('not a number') }, 200, 2],
    ];
    for (const [what, path, init, status, code] of refused) {
      const r = await toReply(await d.fetch(path, init));
      expect([r.status, failedCode(r)], what).toEqual([status, code]);
    }
    expect(d.namespaces.names()).toEqual(['default']);
    expect(existsSync(join(dir, 'ns'))).toBe(false);
    // Both places are still free: accepted requests create a and b, then the cap refuses c.
    const key = (await call(d, 'GET', '/ns/a/_devnet/accounts')).body.api_keys[0] as string;
    expect((await call(d, 'POST', '/ns/a/v1/project', { 'x-api-key': key }, { project_name: 'p' })).body.status).toBe('OK');
    expect((await call(d, 'GET', '/ns/b/_devnet/health')).status).toBe(200);
    expect((await call(d, 'GET', '/ns/c/_devnet/health')).status).toBe(429);
    expect(d.namespaces.names()).toEqual(['default', 'a', 'b']);
    expect(existsSync(join(dir, 'ns', 'a', 'journal.jsonl'))).toBe(true);
  });

  it('requests to a new name while its first one is answered wait for it: they reach the namespace it created, or find none after a refusal', async () => {
    const d = devnet({ namespaces: { max: 1 } });
    // x's alice (its keys follow from the seed and the name), then x is gone again.
    const alice = await aliceOf(d, '/ns/x');
    expect((await call(d, 'DELETE', '/_devnet/namespaces/x')).status).toBe(200);
    // The first refused, the second accepted: the namespace exists once, made by the second.
    const [bad, good] = await Promise.all([
      call(d, 'GET', '/ns/x/v1/project', { 'x-api-key': 'rk-nope' }),
      deposit(d, '/ns/x', alice.stark_key, 5),
    ]);
    expect([bad.status, failedCode(bad), typeof good.body.sequence_id]).toEqual([401, 32, 'number']);
    // Both accepted: one namespace holds both deposits.
    await Promise.all([deposit(d, '/ns/x', alice.stark_key, 7), deposit(d, '/ns/x', alice.stark_key, 11)]);
    expect(await balanceOf(d, '/ns/x', alice.stark_key)).toBe(10_000_000 + 23);
    expect(d.namespaces.names()).toEqual(['default', 'x']);
  });

  it('--max-namespaces 0: only default', async () => {
    const d = devnet({ namespaces: { max: 0 } });
    expect((await call(d, 'GET', '/ns/a/_devnet/health')).status).toBe(429);
    expect((await call(d, 'GET', '/ns/default/_devnet/health')).status).toBe(200);
  });

  it('the idle TTL follows the injected clock: a namespace idle that long is gone (its state too), a used one stays, default always', async () => {
    let now = 1_000_000;
    const d = devnet({ namespaces: { ttlSeconds: 60, now: () => now } });
    const idle = await aliceOf(d, '/ns/idle');
    await deposit(d, '/ns/idle', idle.stark_key, 5);
    await aliceOf(d, '/ns/busy');
    now += 59_000;
    await aliceOf(d, '/ns/busy');
    expect((await call(d, 'GET', '/_devnet/namespaces')).body).toEqual({
      current: 'default',
      namespaces: [
        // This very request went to default.
        { name: 'default', idle_seconds: 0, state_dir: null },
        { name: 'busy', idle_seconds: 0, state_dir: null },
        { name: 'idle', idle_seconds: 59, state_dir: null },
      ],
      max_namespaces: 64,
      ttl_seconds: 60,
    });
    now += 1_000;
    expect((await call(d, 'GET', '/_devnet/namespaces')).body.namespaces.map((n: { name: string }) => n.name)).toEqual(['default', 'busy']);
    // Its next request starts it again from the genesis: the deposit is gone.
    expect(await balanceOf(d, '/ns/idle', idle.stark_key)).toBe(10_000_000);
    now += 3_600_000;
    expect((await call(d, 'GET', '/_devnet/health')).status).toBe(200);
    expect(d.namespaces.names()).toEqual(['default']);
  });

  it('delete: the state goes, the next request starts afresh; default and unknown names are refused', async () => {
    const d = devnet();
    const alice = await aliceOf(d, '/ns/gone');
    await deposit(d, '/ns/gone', alice.stark_key, 9);
    expect((await call(d, 'DELETE', '/ns/gone/_devnet/namespaces/gone')).body).toEqual({ deleted: 'gone' });
    expect(d.namespaces.names()).toEqual(['default']);
    expect(await balanceOf(d, '/ns/gone', alice.stark_key)).toBe(10_000_000);
    const def = await call(d, 'DELETE', '/_devnet/namespaces/default');
    expect([def.status, failedCode(def), def.body.error]).toEqual([
      400,
      19,
      'namespace "default" cannot be deleted; POST /_devnet/reset takes it back to the genesis',
    ]);
    const unknown = await call(d, 'DELETE', '/_devnet/namespaces/never-made');
    expect([unknown.status, failedCode(unknown)]).toEqual([404, 19]);
  });

  it('control routes are per namespace: a fault, a clock move and a reset in one leave another alone', async () => {
    const d = devnet();
    expect((await call(d, 'POST', '/ns/a/_devnet/faults', {}, { path: '/v1/nonce', error_code: 500 })).status).toBe(200);
    const aliceB = await aliceOf(d, '/ns/b');
    expect((await call(d, 'GET', `/ns/b/v1/nonce?stark_key=${aliceB.stark_key}`)).body.status).toBe('OK');
    expect((await call(d, 'GET', `/ns/a/v1/nonce?stark_key=${aliceB.stark_key}`)).status).toBe(500);
    const moved = (await call(d, 'POST', '/ns/a/_devnet/clock', {}, { advance_seconds: 3600 })).body.now;
    expect(moved).toBe('2026-01-01T01:00:00.000000Z');
    expect((await call(d, 'POST', '/ns/b/_devnet/clock', {}, { advance_seconds: 1 })).body.now).toBe('2026-01-01T00:00:01.000000Z');
    await deposit(d, '/ns/b', aliceB.stark_key, 3);
    await call(d, 'POST', '/ns/a/_devnet/reset', {}, {});
    expect(await balanceOf(d, '/ns/b', aliceB.stark_key)).toBe(10_000_003);
  });
});

describe('events', () => {
  it('the event stream is per namespace: a command in another namespace never reaches it', async () => {
    const d = devnet();
    const res = await d.fetch('/ns/a/_devnet/events');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const frames = async (n: number): Promise<string[]> => {
      for (;;) {
        const got = text.split('\n\n').filter((f) => f !== '' && !f.startsWith(':'));
        if (got.length >= n) return got.slice(0, n);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        text += decoder.decode(value, { stream: true });
      }
    };
    expect((await frames(1))[0]).toMatch(/^event: ready\n/);
    await call(d, 'POST', '/ns/b/_devnet/api-keys', {}, {});
    await call(d, 'POST', '/_devnet/api-keys', {}, {});
    const alice = await aliceOf(d, '/ns/a');
    await deposit(d, '/ns/a', alice.stark_key, 5);
    const [, first] = await frames(2);
    // The first event of a's own sequence, and it is a's deposit, not another namespace's new API key.
    expect(first).toMatch(/^event: command\n/);
    expect(first).toContain('{"seq":1,"type":"command","cmd":"deposit"');
    await reader.cancel();
  });
});

describe('persistence', () => {
  it('with a state dir each namespace persists under DIR/ns/{name} with its own journal and lock, and is found again on restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-ns-'));
    dirs.push(dir);
    const first = createDevnet({ stateDir: dir });
    const alice = await aliceOf(first, '/ns/keep');
    await deposit(first, '/ns/keep', alice.stark_key, 41);
    await aliceOf(first, '/ns/drop');
    expect(existsSync(join(dir, 'ns', 'keep', 'journal.jsonl'))).toBe(true);
    expect(existsSync(join(dir, 'ns', 'keep', 'lock'))).toBe(true);
    expect((await call(first, 'GET', '/_devnet/namespaces')).body.namespaces.map((n: { state_dir: string | null }) => n.state_dir)).toEqual(
      [dir, join(dir, 'ns', 'drop'), join(dir, 'ns', 'keep')],
    );
    // Another process (here: another instance) cannot take a namespace's dir while it is held.
    expect(() => createDevnet({ stateDir: join(dir, 'ns', 'keep') })).toThrow(/lock|in use|held/i);
    expect((await call(first, 'DELETE', '/_devnet/namespaces/drop')).status).toBe(200);
    expect(existsSync(join(dir, 'ns', 'drop'))).toBe(false);
    await first.close();

    const second = devnet({ stateDir: dir });
    expect(second.namespaces.names()).toEqual(['default', 'keep']);
    expect(await balanceOf(second, '/ns/keep', alice.stark_key)).toBe(10_000_041);
    expect((await call(second, 'GET', '/ns/keep/_devnet/invariants')).body.ok).toBe(true);
  });

  it('namespaces found on restart count toward the cap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-ns-'));
    dirs.push(dir);
    const first = createDevnet({ stateDir: dir });
    for (const n of ['a', 'b']) await call(first, 'GET', `/ns/${n}/_devnet/health`);
    await first.close();
    const second = devnet({ stateDir: dir, namespaces: { max: 2 } });
    expect((await call(second, 'GET', '/ns/c/_devnet/health')).status).toBe(429);
    expect((await call(second, 'GET', '/ns/a/_devnet/health')).status).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the prefix as a server with a variable and the header as a parameter of every operation', async () => {
    const doc = (await call(devnet(), 'GET', '/openapi.json')).body;
    expect(doc.servers.map((s: { url: string }) => s.url)).toEqual(['/', '/ns/{namespace}']);
    expect(doc.servers[1].variables.namespace.default).toBe('default');
    expect(doc.components.parameters.Namespace).toMatchObject({
      name: 'x-devnet-namespace',
      in: 'header',
      required: false,
      schema: { pattern: '^[a-z0-9][a-z0-9_-]{0,62}$' },
    });
    const ops = Object.values(doc.paths as Record<string, Record<string, { parameters?: Array<{ $ref?: string }> }>>).flatMap((p) =>
      Object.values(p),
    );
    expect(ops.every((op) => op.parameters?.some((p) => p.$ref === '#/components/parameters/Namespace'))).toBe(true);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/_devnet/namespaces', '/_devnet/namespaces/{name}']));
  });
});
