// Request logging of the built CLI: --log json (pino's JSON lines: no secrets, the refusal's code, name and
// message, the accepted sequence ids), JSON by default when stdout is no terminal, pretty, silent.
import { afterEach, describe, expect, it } from 'vitest';
import { signedTransferBody } from '../../src/testing.js';
import { ETH_ASSET } from '../support/client.js';
import { live, startServer, stop, withTimeout } from '../support/cli.js';
import type { Cli } from '../support/cli.js';

const TEST_TIMEOUT = 15_000;

afterEach(async () => {
  const children = [...live];
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(
    children.map((c) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())))),
  );
  live.clear();
});

async function linesAfter(cli: Cli, count: number): Promise<string[]> {
  const lines = () =>
    cli
      .stdout()
      .split('\n')
      .filter((l) => l.trim() !== '');
  await withTimeout(
    (async () => {
      while (lines().length < count) await new Promise((r) => setTimeout(r, 20));
    })(),
    3_000,
    `${count} stdout lines`,
  );
  return lines();
}

/** Requests that carry every kind of secret a client sends: a private key, an API key, a signature. */
async function secretRequests(url: string) {
  const accounts = (await (await fetch(`${url}/_devnet/accounts`)).json()) as any;
  const [alice, bob] = accounts.accounts;
  const apiKey: string = accounts.api_keys[0];
  const vaults = (await (
    await fetch(`${url}/v1/vaults?stark_keys=${alice.stark_key},${bob.stark_key}&asset_id=${ETH_ASSET}`)
  ).json()) as any;
  const [vaultId, receiverVaultId] = vaults.data.vault_ids;
  const body = signedTransferBody({
    starkKey: alice.stark_key,
    privateKey: alice.private_key,
    assetId: ETH_ASSET,
    amount: 1,
    nonce: 0,
    vaultId,
    receiver: bob.stark_key,
    receiverVaultId,
  });
  const sig = body.signature as { r: string; s: string };
  // A private key in a body (as a careless client might send it) and an API key in a header.
  const post = async (path: string, b: unknown) =>
    (
      await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify(b),
      })
    ).json() as Promise<any>;
  // A private key in a body (as a careless client might send it) and an API key in a header.
  const accepted = await post('/v1/transfers', { ...body, private_key: alice.private_key });
  // The same signature over another amount: refused (InvalidSignature).
  const refused = await post('/v1/transfers', { ...body, amount: '2', nonce: 1 });
  await post('/v1/project', { project_name: 'p' });
  await (await fetch(`${url}/v1/project`, { headers: { 'x-api-key': 'not-a-key-' + alice.private_key } })).text();
  await (await fetch(`${url}/v1/nope`)).text();
  return { secrets: [alice.private_key, alice.private_key.slice(2), apiKey, sig.r, sig.s, sig.r.slice(2)], count: 7, accepted, refused };
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('--log json', () => {
  it(
    "prints one JSON line per request after the ready line: the refusal's code, name and message, the accepted sequence id, never a private key, API key or signature",
    async () => {
      const { cli, url, line } = await startServer(['--port', '0', '--log', 'json']).then((s) => ({
        ...s,
        line: s.cli.stdout().split('\n')[0],
      }));
      const { secrets, count, accepted, refused } = await secretRequests(url);
      const lines = await linesAfter(cli, 1 + count);
      await stop(cli);
      expect(lines[0]).toBe(line);
      const entries = lines.slice(1).map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const e of entries) {
        expect(e).toMatchObject({ level: 'info', event: 'request', namespace: 'default' });
        expect(e.time).toMatch(ISO_TIME);
        expect(typeof e.duration_ms).toBe('number');
      }
      const fields = (e: Record<string, unknown>) => {
        const { time: _t, duration_ms: _d, level: _l, event: _e, namespace: _n, ...rest } = e;
        return rest;
      };
      expect(accepted.status).toBe('OK');
      expect(refused).toMatchObject({ status: 'FAILED', error_code: 34 });
      expect(entries.map(fields)).toEqual([
        { method: 'GET', path: '/_devnet/accounts', status: 200, error_code: 0 },
        { method: 'GET', path: '/v1/vaults', status: 200, error_code: 0 },
        { method: 'POST', path: '/v1/transfers', status: 200, error_code: 0, sequence_id: accepted.data.sequence_id },
        { method: 'POST', path: '/v1/transfers', status: 200, error_code: 34, error_name: 'InvalidSignature', error: refused.error },
        { method: 'POST', path: '/v1/project', status: 200, error_code: 0 },
        {
          method: 'GET',
          path: '/v1/project',
          status: 401,
          error_code: 32,
          error_name: 'InvalidAPIKey',
          error: 'x-api-key is not a known API key',
        },
        { method: 'GET', path: '/v1/nope', status: 404, error_code: 19, error_name: 'InvalidParam', error: expect.any(String) },
      ]);
      expect(typeof accepted.data.sequence_id).toBe('number');
      expect(refused.error).not.toBe('');
      const everything = cli.stdout() + cli.stderr();
      for (const secret of secrets) expect(everything.toLowerCase(), 'a secret reached the log').not.toContain(secret.toLowerCase());
    },
    TEST_TIMEOUT,
  );

  it(
    'logs the code of a FAILED answer under HTTP 200 (fidelity), the query-less path and the namespace',
    async () => {
      const { cli, url } = await startServer(['--port', '0', '--log', 'json']);
      await (await fetch(`${url}/v1/nonce?stark_key=0x5`)).text();
      await (await fetch(`${url}/ns/alpha/v1/nonce?stark_key=0x5`)).text();
      const lines = await linesAfter(cli, 3);
      await stop(cli);
      expect(JSON.parse(lines[1]!)).toMatchObject({
        namespace: 'default',
        method: 'GET',
        path: '/v1/nonce',
        status: 200,
        error_code: 18,
        error_name: 'StarkKeyInvalid',
      });
      expect(JSON.parse(lines[2]!)).toMatchObject({ namespace: 'alpha', method: 'GET', path: '/v1/nonce', status: 200, error_code: 18 });
    },
    TEST_TIMEOUT,
  );

  it(
    'is the default when stdout is not a terminal: no accounts table, JSON lines',
    async () => {
      const { cli, url, json } = await startServer(['--port', '0']);
      await (await fetch(`${url}/v1/nope`)).text();
      const lines = await linesAfter(cli, 2);
      await stop(cli);
      expect(lines[0]).toBe(JSON.stringify(json));
      expect(lines).toHaveLength(2);
      expect(JSON.parse(lines[1]!)).toMatchObject({ event: 'request', path: '/v1/nope', error_code: 19 });
    },
    TEST_TIMEOUT,
  );
});

describe('--log pretty and silent', () => {
  it(
    'pretty: the accounts table, then one line per request; health probes are not logged',
    async () => {
      const { cli, url } = await startServer(['--port', '0', '--log', 'pretty']);
      await (await fetch(`${url}/_devnet/accounts`)).text();
      await (await fetch(`${url}/_devnet/health`)).text();
      await (await fetch(`${url}/v1/nonce?stark_key=0x5`)).text();
      await withTimeout(
        (async () => {
          while (!cli.stdout().includes('/v1/nonce')) await new Promise((r) => setTimeout(r, 20));
        })(),
        3_000,
        'the request lines',
      );
      await stop(cli);
      const out = cli.stdout();
      expect(out.indexOf('API keys')).toBeLessThan(out.indexOf('GET /_devnet/accounts'));
      expect(out).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/_devnet\/accounts 200 \d+\.\dms$/m);
      expect(out).toMatch(/^\d\d:\d\d:\d\d\.\d{3} GET \/v1\/nonce 200 \d+\.\dms FAILED 18 StarkKeyInvalid: \S.*$/m);
      expect(out).not.toContain('/_devnet/health');
    },
    TEST_TIMEOUT,
  );

  it(
    'silent: nothing after the ready line, whatever is requested',
    async () => {
      const { cli, url, json } = await startServer(['--port', '0', '--log', 'silent']);
      await secretRequests(url);
      await new Promise((r) => setTimeout(r, 200));
      await stop(cli);
      expect(
        cli
          .stdout()
          .split('\n')
          .filter((l) => l.trim() !== ''),
      ).toEqual([JSON.stringify(json)]);
    },
    TEST_TIMEOUT,
  );
});
