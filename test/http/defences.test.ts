// The control plane against web pages, over a raw socket so Host, Origin and Sec-Fetch-Site are sent
// exactly as a browser (or an attacker's DNS) would: DNS rebinding, CSRF, the control token, secrets in events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { RawConnection, portOf, rawCall, rawRequest } from '../support/raw-http.js';

const STARK_KEY = async (net: RunningDevnet) => (await net.control.accounts()).accounts[0]!.stark_key;

describe('Host check (DNS rebinding)', () => {
  let net: RunningDevnet;
  beforeAll(async () => {
    net = await startDevnet({ port: 0, allowedHosts: ['devnet.example', '.ci.internal'] });
  });
  afterAll(() => net.close());

  it.each([
    ['a foreign name', 'evil.example'],
    ['a foreign name with a port', 'rebind.attacker.test:8080'],
    ['a name that only ends like an allowed one', 'notdevnet.example'],
    ['a loopback-looking name that is not *.localhost', 'localhost.attacker.test'],
  ])('refuses %s with 403 and code 19 on the control plane and the API alike', async (_what, host) => {
    for (const path of ['/_devnet/accounts', '/v1/nonce?stark_key=0x1', '/']) {
      const r = await rawCall(portOf(net.url), 'GET', path, { Host: host });
      expect(r.status, `${path} with Host ${host}`).toBe(403);
      expect(r.body).toMatchObject({ status: 'FAILED', data: null, error_code: 19 });
      expect(r.body.error).toContain('--allowed-host');
      expect(r.text).not.toContain('private_key');
    }
  });

  it.each([
    'localhost',
    'localhost:8080',
    'app.localhost:3000',
    '127.0.0.1',
    `127.0.0.1:1234`,
    '[::1]:8080',
    '10.1.2.3:8080',
    '[fe80::1]',
    'devnet.example',
    'devnet.example.:80',
    'ci.internal',
    'runner-7.ci.internal:8080',
  ])('answers Host %s (loopback names, IP addresses, --allowed-host names and subdomains)', async (host) => {
    const r = await rawCall(portOf(net.url), 'GET', '/_devnet/health', { Host: host });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'ok' });
  });

  it('answers the bound host and, with --allowed-host *, any host', async () => {
    const any = await startDevnet({ port: 0, allowedHosts: ['*'] });
    try {
      expect((await rawCall(portOf(any.url), 'GET', '/_devnet/health', { Host: 'whatever.example' })).status).toBe(200);
    } finally {
      await any.close();
    }
    const named = await startDevnet({ port: 0, host: 'localhost' });
    try {
      expect((await rawCall(portOf(named.url), 'GET', '/_devnet/health', { Host: 'localhost' })).status).toBe(200);
      expect((await rawCall(portOf(named.url), 'GET', '/_devnet/health', { Host: 'evil.example' })).status).toBe(403);
    } finally {
      await named.close();
    }
  });
});

describe('cross-site calls of the control plane (CSRF)', () => {
  let net: RunningDevnet;
  let port: number;
  beforeAll(async () => {
    net = await startDevnet({ port: 0 });
    port = portOf(net.url);
  });
  afterAll(() => net.close());

  const host = () => `127.0.0.1:${port}`;
  const stateHash = async () => (await net.control.invariants()).state_hash;

  it.each([
    ['Origin of another site', { Origin: 'http://evil.example' }],
    ['Origin of another port on the same host', { Origin: 'http://127.0.0.1:1' }],
    ['Origin: null (a sandboxed page, a file:// page)', { Origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (another port of localhost)', { 'Sec-Fetch-Site': 'same-site' }],
    ['a same-origin Origin but Sec-Fetch-Site: cross-site', { Origin: 'http://HOST', 'Sec-Fetch-Site': 'cross-site' }],
  ])('refuses a text/plain POST with %s (403, code 19) and changes nothing', async (_what, extra) => {
    const before = await stateHash();
    const headers = Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, v.replace('HOST', host())]));
    const key = await STARK_KEY(net);
    for (const [path, body] of <Array<[string, string]>>[
      ['/_devnet/reset', ''],
      ['/_devnet/deposit', JSON.stringify({ stark_key: key, contract_address: 'eth', amount: '5' })],
      ['/_devnet/api-keys', ''],
      ['/_devnet/faults', JSON.stringify({ path: '/v1/*', error_code: 19 })],
      ['/_devnet/clock', JSON.stringify({ advance_seconds: 60 })],
      // The router decodes %5F to _, so the guard must see the same path.
      ['/%5Fdevnet/deposit', JSON.stringify({ stark_key: key, contract_address: 'eth', amount: '5' })],
    ]) {
      const r = await rawCall(port, 'POST', path, { Host: host(), 'Content-Type': 'text/plain', ...headers }, body);
      expect(r.status, `${path} ${JSON.stringify(headers)}: ${r.text}`).toBe(403);
      expect(r.body).toMatchObject({ status: 'FAILED', error_code: 19 });
    }
    expect(await stateHash()).toBe(before);
    expect((await net.control.faults()).faults).toEqual([]);
  });

  it('refuses cross-site reads of keys: GET /_devnet/accounts and /_devnet/state from another site', async () => {
    for (const path of ['/_devnet/accounts', '/_devnet/state', '/_devnet/overview', '/_devnet/events']) {
      const r = await rawCall(port, 'GET', path, { Host: host(), Origin: 'http://evil.example', 'Sec-Fetch-Site': 'cross-site' });
      expect(r.status, path).toBe(403);
      expect(r.text).not.toContain('private_key');
    }
  });

  it('answers its own origin (the explorer) and clients that send neither header, whatever their content type', async () => {
    const key = await STARK_KEY(net);
    const body = JSON.stringify({ stark_key: key, contract_address: 'eth', amount: '5' });
    for (const headers of <Array<Record<string, string>>>[
      { Origin: `http://${host()}`, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' },
      { 'Sec-Fetch-Site': 'none' },
      { 'Content-Type': 'text/plain' },
      {},
    ]) {
      const r = await rawCall(port, 'POST', '/_devnet/deposit', { Host: host(), ...headers }, body);
      expect(r.status, JSON.stringify(headers)).toBe(200);
      expect(r.body.sequence_id).toBeGreaterThan(0);
    }
    // Node's fetch (an SDK, a test) with a text/plain body, as the README example sends it.
    const res = await fetch(`${net.url}/_devnet/deposit`, { method: 'POST', body });
    expect(res.status).toBe(200);
  });

  it('leaves the emulated API open to other sites (its own CORS rules apply)', async () => {
    const r = await rawCall(port, 'GET', `/v1/nonce?stark_key=${await STARK_KEY(net)}`, {
      Host: host(),
      Origin: 'http://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('OK');
  });
});

describe('--control-token', () => {
  const TOKEN = 'tok-3f9c1e';
  let net: RunningDevnet;
  let port: number;
  beforeAll(async () => {
    net = await startDevnet({ port: 0, controlToken: TOKEN });
    port = portOf(net.url);
  });
  afterAll(() => net.close());

  it.each([
    ['no Authorization', {}],
    ['a wrong token', { Authorization: 'Bearer nope' }],
    ['the token under another scheme', { Authorization: `Basic ${TOKEN}` }],
    ['a prefix of the token', { Authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
  ])('refuses every /_devnet/* call with %s: 401, code 32, WWW-Authenticate', async (_what, auth) => {
    for (const [method, path] of [
      ['GET', '/_devnet/accounts'],
      ['GET', '/_devnet/state'],
      ['GET', '/_devnet/overview'],
      ['GET', '/_devnet/events'],
      ['POST', '/_devnet/reset'],
      ['GET', '/_devnet/health'],
    ] as const) {
      const r = await rawCall(port, method, path, { Host: '127.0.0.1', ...auth }, method === 'POST' ? '' : undefined);
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.body).toMatchObject({ status: 'FAILED', error_code: 32 });
      expect(r.headers['www-authenticate']).toMatch(/^Bearer /);
    }
  });

  it('answers with the token (any case of "Bearer"), and the instance control client sends it', async () => {
    const r = await rawCall(port, 'GET', '/_devnet/accounts', { Host: '127.0.0.1', Authorization: `bearer ${TOKEN}` });
    expect(r.status).toBe(200);
    expect(r.body.accounts.length).toBeGreaterThan(0);
    expect((await net.control.health()).status).toBe('ok');
  });

  it('leaves the emulated API, the gateway, the document and the explorer page itself open', async () => {
    for (const path of ['/', '/explorer.js', '/openapi.json', `/v1/nonce?stark_key=${net.devnet.accounts().accounts[0]!.stark_key}`]) {
      const r = await rawCall(port, 'GET', path, { Host: '127.0.0.1' });
      expect(r.status, path).toBe(200);
    }
  });
});

describe('events never carry secrets', () => {
  it('a new API key appears in GET /_devnet/accounts but not in the event stream', async () => {
    const net = await startDevnet({ port: 0 });
    try {
      const c = await RawConnection.open(portOf(net.url));
      c.send(rawRequest('GET', '/_devnet/events', { Host: '127.0.0.1' }));
      let seen = '';
      c.socket.on('data', (d: Buffer) => (seen += d.toString('utf8')));
      await new Promise((r) => setTimeout(r, 100));
      const { api_key } = await net.control.createApiKey();
      await net.control.deposit({ stark_key: (await net.control.accounts()).accounts[0]!.stark_key, contract_address: 'eth', amount: 1 });
      // The deposit's record event is sent after the key's command event: once it is here, so is that one.
      for (let i = 0; i < 100 && !seen.includes('"cmd":"deposit"'); i++) await new Promise((r) => setTimeout(r, 20));
      c.close();
      expect(seen).toContain('"cmd":"createApiKey"');
      expect(seen).toContain('"cmd":"deposit"');
      expect(api_key.length).toBeGreaterThan(8);
      expect(seen).not.toContain(api_key);
      expect((await net.control.accounts()).api_keys).toContain(api_key);
    } finally {
      await net.close();
    }
  });
});
