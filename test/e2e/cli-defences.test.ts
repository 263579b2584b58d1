// The defence and limit flags of the built CLI, each through its environment variable or flag: the
// server answers as the flag says (a body limit, CORS off, a control token, an allowed host).
import { afterEach, describe, expect, it } from 'vitest';
import { live, startServer, stop } from '../support/cli.js';
import { portOf, rawCall } from '../support/raw-http.js';

afterEach(async () => {
  for (const child of [...live]) child.kill('SIGKILL');
  live.clear();
});

describe('l2-devnet CLI: limits and defences', () => {
  it('L2DEVNET_MAX_BODY_BYTES, L2DEVNET_CORS_ORIGIN=none, L2DEVNET_CONTROL_TOKEN and L2DEVNET_ALLOWED_HOST take effect', async () => {
    const { cli, url } = await startServer(['--port', '0', '--log', 'silent'], {
      L2DEVNET_MAX_BODY_BYTES: '2KiB',
      L2DEVNET_CORS_ORIGIN: 'none',
      L2DEVNET_CONTROL_TOKEN: 'cli-token',
      L2DEVNET_ALLOWED_HOST: 'devnet.internal',
    });
    const auth = { authorization: 'Bearer cli-token' };
    expect((await fetch(`${url}/_devnet/accounts`)).status).toBe(401);
    const accounts = (await (await fetch(`${url}/_devnet/accounts`, { headers: auth })).json()) as {
      accounts: Array<{ stark_key: string }>;
    };
    const big = await fetch(`${url}/_devnet/deposit`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ stark_key: accounts.accounts[0]!.stark_key, contract_address: 'eth', amount: 1, pad: 'p'.repeat(3000) }),
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe('request body is larger than the limit of 2048 bytes (--max-body-bytes)');
    const preflight = await fetch(`${url}/v1/order`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect((await rawCall(portOf(url), 'GET', '/_devnet/health', { Host: 'devnet.internal:8080', ...auth })).status).toBe(200);
    expect((await rawCall(portOf(url), 'GET', '/_devnet/health', { Host: 'other.internal:8080', ...auth })).status).toBe(403);
    expect((await stop(cli)).code).toBe(0);
  });

  it('--cors-origin restricts CORS to the origins given; the pretty log prints the explorer link with the token', async () => {
    const { cli, url } = await startServer([
      '--port',
      '0',
      '--log',
      'pretty',
      '--cors-origin',
      'http://localhost:3000',
      '--cors-origin=https://app.example',
      '--control-token',
      'tok',
    ]);
    const ask = (origin: string) =>
      fetch(`${url}/v1/order`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await ask('https://app.example')).headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect((await ask('http://localhost:3000')).headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect((await ask('http://localhost:3001')).headers.get('access-control-allow-origin')).toBeNull();
    expect(cli.stdout()).toContain(`Explorer: ${url}/#token=tok`);
    await stop(cli);
  });
});
