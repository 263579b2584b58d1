// Limits on what a caller sends: text lengths and characters, JSON body size and nesting, and how much of
// a bad value a refusal quotes. Every route with a JSON body is tried from /openapi.json, so a route added
// later is covered without a line here.
import { describe, expect, it } from 'vitest';
import { failedCode, testClient } from '../support/client.js';
import type { Reply, TestClient } from '../support/client.js';

const NEW_721 = '0x78416ee8ea616ba5e1530007d9abc9766a24146a';

async function ownProject(c: TestClient): Promise<{ h: Record<string, string>; uuid: string }> {
  const h = { 'x-api-key': (await c.post('/_devnet/api-keys', {})).body.api_key as string };
  const uuid = (await c.post('/v1/project', { project_name: 'P' }, h)).body.data.project_uuid as string;
  return { h, uuid };
}

const projects = async (c: TestClient, h: Record<string, string>) => (await c.get('/v1/project', h)).body.data;

/** `'[' x n + '0' + ']' x n`: a value nested n levels deep. */
const nested = (n: number) => '['.repeat(n) + '0' + ']'.repeat(n);

describe('names, URLs and free text', () => {
  it.each([
    ['257 characters', 'n'.repeat(257), /at most 256 characters, got 257/],
    ['a NUL', 'bad\u0000name', /control characters/],
    ['a line break', 'two\nlines', /control characters/],
    ['a C1 control (U+0085)', 'next\u0085line', /control characters/],
    ['DEL', 'del\u007f', /control characters/],
    ['a lone surrogate (a \\ud800 escape)', 'half \ud800 pair', /lone surrogate/],
  ])('project_name with %s is refused with 19 and nothing is created', async (_what, name, message) => {
    const c = testClient();
    const { h } = await ownProject(c);
    const before = await projects(c, h);
    for (const [path, body] of [
      ['/v1/project', { project_name: name }],
      ['/v1/project/edit_project', { project_uuid: before[0].project_uuid, new_project_name: name }],
    ] as const) {
      const r = await c.post(path, body, h);
      expect(failedCode(r), path).toBe(19);
      expect(r.body.error).toMatch(message);
      expect(r.body.error).toContain(path === '/v1/project' ? 'project_name' : 'new_project_name');
    }
    expect(await projects(c, h)).toEqual(before);
  });

  it('accepts a name of exactly 256 characters, astral characters (surrogate pairs) and a tab-free name with spaces', async () => {
    const c = testClient();
    const { h } = await ownProject(c);
    for (const name of ['n'.repeat(256), 'rocket \u{1F680} project', 'Ünïcødé name']) {
      const r = await c.post('/v1/project', { project_name: name }, h);
      expect(r.body.status, name).toBe('OK');
    }
    expect((await projects(c, h)).map((p: { project_name: string }) => p.project_name)).toContain('rocket \u{1F680} project');
  });

  it("marketplace_name, and a contract's name and symbol, are names too", async () => {
    const c = testClient();
    const { h, uuid } = await ownProject(c);
    const payee = c.accounts.bob.stark_key;
    const m = await c.post(
      '/v1/marketplace',
      { marketplace_name: 'x'.repeat(257), marketplace_payee_address: payee, marketplace_fee: '0.01', project_uuid: uuid },
      h,
    );
    expect(failedCode(m)).toBe(19);
    expect(m.body.error).toBe('marketplace_name must be at most 256 characters, got 257');
    expect(
      failedCode(
        await c.post(
          '/v1/marketplace',
          { marketplace_name: 'a\u0000b', marketplace_payee_address: payee, marketplace_fee: '0.01', project_uuid: uuid },
          h,
        ),
      ),
    ).toBe(19);
    for (const field of ['name', 'symbol']) {
      const r = await c.post(
        '/v1/project/contract',
        { project_uuid: uuid, contract_type: 'ERC721', contract_address: NEW_721, contract_count: 10, [field]: 'a\u001bb' },
        h,
      );
      expect(failedCode(r), field).toBe(19);
      expect(r.body.error).toMatch(new RegExp(`^${field} must not contain control characters`));
    }
    expect((await projects(c, h))[0].contracts).toEqual([]);
  });

  it('URLs take 2048 characters, free text 4096 (with line breaks and tabs, no other controls)', async () => {
    const c = testClient();
    const { h, uuid } = await ownProject(c);
    const contract = (extra: Record<string, unknown>) =>
      c.post(
        '/v1/project/contract',
        { project_uuid: uuid, contract_type: 'ERC721', contract_address: NEW_721, contract_count: 10, ...extra },
        h,
      );
    const longUrl = 'https://example.com/' + 'a'.repeat(2049 - 20);
    for (const field of ['base_uri', 'metadata_url', 'image_url', 'external_link', 'banner_image_url']) {
      const r = await contract({ [field]: longUrl });
      expect(failedCode(r), field).toBe(19);
      expect(r.body.error).toBe(`${field} must be at most 2048 characters, got 2049`);
    }
    expect(failedCode(await contract({ image_url: 'https://example.com/a\tb' }))).toBe(19);
    const d = await contract({ description: 'd'.repeat(4097) });
    expect(d.body.error).toBe('description must be at most 4096 characters, got 4097');
    expect(failedCode(await contract({ description: 'nul \u0000 inside' }))).toBe(19);
    expect((await projects(c, h))[0].contracts).toEqual([]);
    const ok = await contract({ base_uri: longUrl.slice(0, 2048), description: 'line one\nline two\twith a tab\r\n' + 'd'.repeat(4000) });
    expect(ok.body.status).toBe('OK');
  });

  it('identifiers and filters take 256 characters: a body field and a query parameter', async () => {
    const c = testClient();
    const { h } = await ownProject(c);
    const r = await c.post('/v1/project/remove_project', { project_uuid: 'u'.repeat(300) }, h);
    expect(failedCode(r)).toBe(19);
    expect(r.body.error).toBe('project_uuid must be at most 256 characters, got 300');
    const q = await c.get(`/v1/contract_info?contract_address=0x${'1'.repeat(400)}`);
    expect(failedCode(q)).toBe(19);
    expect(q.body.error).toBe('contract_address must be at most 256 characters, got 402');
  });

  it('/openapi.json states the limits: maxLength and the control-character pattern', async () => {
    const c = testClient();
    const doc = (await c.get('/openapi.json')).body;
    const body = (path: string) => doc.paths[path].post.requestBody.content['application/json'].schema.properties;
    expect(body('/v1/project').project_name).toMatchObject({ type: 'string', maxLength: 256, pattern: expect.any(String) });
    const contract = body('/v1/project/contract');
    expect(contract.base_uri.anyOf ?? [contract.base_uri]).toContainEqual(expect.objectContaining({ maxLength: 2048 }));
    expect(JSON.stringify(contract.description)).toContain('"maxLength":4096');
    expect(JSON.stringify(contract.project_uuid)).toContain('"maxLength":256');
    expect(new RegExp(body('/v1/project').project_name.pattern).test('ok name')).toBe(true);
    expect(new RegExp(body('/v1/project').project_name.pattern).test('bad\u0001')).toBe(false);
  });
});

interface JsonRoute {
  method: string;
  path: string;
  fields: string[];
  auth: boolean;
}

/** Every route of the document that takes a JSON body, with its path parameters filled in. */
async function jsonRoutes(c: TestClient): Promise<JsonRoute[]> {
  const doc = (await c.get('/openapi.json')).body;
  const out: JsonRoute[] = [];
  for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      if (!schema?.properties) continue;
      out.push({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '1'),
        fields: Object.keys(schema.properties),
        auth: (op.security ?? []).length > 0,
      });
    }
  }
  return out;
}

async function send(c: TestClient, r: JsonRoute, text: string): Promise<Reply> {
  const headers: Record<string, string> = r.auth ? { 'x-api-key': c.apiKey } : {};
  return c.postRaw(r.path, text, headers);
}

describe('JSON bodies: nesting and size', () => {
  it('JSON nested 5,000 levels inside a field value is 401 (FailedToJSONUnmarshal), not 500, on deposit, transfers and faults', async () => {
    const c = testClient();
    for (const [path, field] of [
      ['/_devnet/deposit', 'amount'],
      ['/_devnet/deposit', 'stark_key'],
      ['/v1/transfers', 'signature'],
      ['/_devnet/faults', 'probability'],
      ['/_devnet/faults', 'seed'],
    ]) {
      const r = await c.postRaw(path!, `{"stark_key":"0x1","path":"/v1/x","${field}":${nested(5000)}}`);
      expect(r.status, `${path} ${field}: ${r.text.slice(0, 200)}`).toBe(200);
      expect(failedCode(r)).toBe(401);
      expect(r.body.error).toBe('request body nests objects and arrays deeper than 64 levels');
    }
  });

  it('every JSON route refuses each field nested past the limit with 401, and takes the limit itself without a 5xx', async () => {
    const c = testClient();
    const routes = await jsonRoutes(c);
    expect(routes.length).toBeGreaterThan(20);
    const before = (await c.get('/_devnet/invariants')).body.state_hash;
    for (const route of routes) {
      for (const field of route.fields) {
        const deep = await send(c, route, `{"${field}":${nested(70)}}`);
        expect(deep.status, `${route.method} ${route.path} ${field}`).toBeLessThan(500);
        // A state dump is read by the dump's own parser, which refuses what it cannot use with 19.
        if (route.path !== '/_devnet/state') expect(failedCode(deep), `${route.path} ${field}`).toBe(401);
        // 63 levels inside the body object: 64 in all, which is allowed; the field refuses it as it likes.
        const atLimit = await send(c, route, `{"${field}":${nested(63)}}`);
        expect(atLimit.status, `${route.path} ${field} at the limit: ${atLimit.text.slice(0, 200)}`).toBeLessThan(500);
        if (atLimit.body?.status === 'FAILED') expect(atLimit.body.error).not.toMatch(/nests objects/);
      }
    }
    // The routes without a required field (reset, snapshots, batches, api keys...) may have run: reset and compare.
    await c.post('/_devnet/reset', {});
    expect((await c.get('/_devnet/invariants')).body.state_hash).toBe(before);
  });

  it('a body over 1 MiB is 413 with code 19 in both error-status modes; one at the limit is read', async () => {
    for (const errorStatus of ['fidelity', 'http'] as const) {
      const c = testClient({ errorStatus });
      const pad = (n: number) =>
        JSON.stringify({ stark_key: c.accounts.alice.stark_key, contract_address: 'eth', amount: '5', pad: '' }).replace(
          '"pad":""',
          `"pad":"${'p'.repeat(n)}"`,
        );
      const base = pad(0).length;
      const over = await c.postRaw('/_devnet/deposit', pad(1024 * 1024 - base + 1));
      expect(over.status).toBe(413);
      expect(failedCode(over)).toBe(19);
      expect(over.body.error).toBe('request body is larger than the limit of 1048576 bytes (--max-body-bytes)');
      const at = await c.postRaw('/_devnet/deposit', pad(1024 * 1024 - base));
      expect(at.status, at.text.slice(0, 200)).toBe(200);
      expect(at.body.sequence_id).toBeGreaterThan(0);
    }
  });

  it('counts bytes, not characters: 400,000 three-byte characters are 1.2 MB', async () => {
    const c = testClient();
    const r = await c.postRaw('/_devnet/deposit', JSON.stringify({ stark_key: '€'.repeat(400_000) }));
    expect(r.status).toBe(413);
  });

  it('maxBodyBytes (--max-body-bytes) moves the limit; a state dump has a limit of its own', async () => {
    const c = testClient({ maxBodyBytes: 4096 });
    const body = (n: number) =>
      JSON.stringify({ stark_key: c.accounts.alice.stark_key, contract_address: 'eth', amount: '5', pad: 'p'.repeat(n) });
    expect((await c.postRaw('/_devnet/deposit', body(5000))).status).toBe(413);
    expect((await c.postRaw('/_devnet/deposit', body(3000))).body.sequence_id).toBeGreaterThan(0);
    const dump = (await c.get('/_devnet/state')).text;
    expect(dump.length).toBeGreaterThan(4096);
    const loaded = await c.postRaw('/_devnet/state', dump);
    expect(loaded.status).toBe(200);
    expect(loaded.body.state_hash).toMatch(/^0x/);
  });

  it('a streamed body (no Content-Length) is counted as it arrives', async () => {
    const c = testClient({ maxBodyBytes: 64 * 1024 });
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 8 * 1024 * 1024) return controller.close();
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
      },
    });
    const res = await c.dn.fetch('http://devnet.test/_devnet/deposit', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(1024 * 1024);
  });
});

describe('refusals quote at most about 100 characters of what was sent', () => {
  it('in every field of every JSON route, and in every query parameter', async () => {
    const c = testClient();
    const huge = 'h'.repeat(200_000);
    const longest: Array<[number, string]> = [];
    for (const route of await jsonRoutes(c)) {
      for (const field of route.fields) {
        for (const value of [huge, `0x${'1'.repeat(200_000)}`, 'x'.repeat(255)]) {
          const r = await send(c, route, JSON.stringify({ [field]: value }));
          expect(r.status, `${route.path} ${field}`).toBeLessThan(500);
          if (r.body?.status === 'FAILED') longest.push([r.body.error.length, `${route.path} ${field}: ${r.body.error}`]);
        }
      }
    }
    const doc = (await c.get('/openapi.json')).body;
    for (const [path, ops] of Object.entries<Record<string, any>>(doc.paths)) {
      const get = ops.get;
      if (!get?.parameters) continue;
      for (const p of get.parameters.filter((x: any) => x.in === 'query')) {
        const url = path.replace(/\{[^}]+\}/g, '1') + `?${p.name}=${'q'.repeat(8000)}`;
        const r = await c.get(url, { 'x-api-key': c.apiKey });
        expect(r.status, url.slice(0, 80)).toBeLessThan(500);
        if (r.body?.status === 'FAILED') longest.push([r.body.error.length, `${path} ?${p.name}: ${r.body.error}`]);
      }
    }
    longest.sort((a, b) => b[0] - a[0]);
    expect(longest.length).toBeGreaterThan(50);
    // The longest refusal: its reason and field name, plus at most ~100 characters of the value.
    expect(longest[0]![0], longest[0]![1]).toBeLessThan(400);
  });

  it('a domain refusal quotes the start of the value and its length', async () => {
    const c = testClient();
    const r = await c.post('/_devnet/clock', { set: 'y'.repeat(250) });
    expect(failedCode(r)).toBe(19);
    expect(r.body.error).toContain(`got "${'y'.repeat(100)}… (250 characters)"`);
  });
});
