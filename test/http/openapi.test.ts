// /openapi.json covers exactly the routes the app registers (read from hono itself), and every documented route answers.
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/emulator/app.js';
import { Devnet } from '../../src/core/devnet.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';
import { openApiPath } from '../../src/http/openapi/document.js';

const HOW = 'declare it with RouteGroup.add (src/http/route.ts) in its route file and mount the group in src/emulator/app.ts';

function app() {
  const devnet = new Devnet({ genesis: readGenesisFile() });
  return { devnet, app: buildApp(devnet) };
}

async function documentOf(a: ReturnType<typeof buildApp>): Promise<any> {
  const res = await a.request('/openapi.json');
  expect(res.status).toBe(200);
  return res.json();
}

/** `GET /v1/nonce` for every route registered on the app (middleware shows up as method ALL: not a route). */
function registeredRoutes(a: ReturnType<typeof buildApp>): string[] {
  return [...new Set(a.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`))].sort();
}

/** `GET /v1/nonce` for every operation of the document (and its trailing-slash form where it says x-trailing-slash). */
function documented(doc: any): string[] {
  return Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([m, op]) => [
      `${m.toUpperCase()} ${path}`,
      ...(op['x-trailing-slash'] ? [`${m.toUpperCase()} ${path}/`] : []),
    ]),
  );
}

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document with one operation per registered route, and nothing else', async () => {
    const { app: a } = app();
    const doc = await documentOf(a);
    expect(doc.openapi).toBe('3.1.0');
    const registered = registeredRoutes(a);
    const inDoc = documented(doc).sort();
    for (const route of registered) expect(inDoc, `${route} answers but is not in /openapi.json: ${HOW}`).toContain(route);
    for (const route of inDoc) expect(registered, `${route} is documented but not registered`).toContain(route);
    expect(registered.length).toBeGreaterThanOrEqual(45);
  });

  it('catches a route registered without a declaration (how a new route file would fail the check above)', async () => {
    const { app: a } = app();
    a.get('/v1/undeclared/:cid', (c) => c.text('x'));
    const inDoc = documented(await documentOf(a));
    expect(registeredRoutes(a).filter((r) => !inDoc.includes(r))).toEqual(['GET /v1/undeclared/{cid}']);
  });

  it('declares every path template parameter, a summary, a tag, a unique operationId and a 200 answer per operation', async () => {
    const doc = await documentOf(app().app);
    const ids = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(op.summary, where).toMatch(/\S/);
        expect(op.tags, where).toHaveLength(1);
        expect(op.responses['200'], where).toBeDefined();
        const pathParams = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
        expect(pathParams.sort(), where).toEqual(names.sort());
      }
    }
  });

  it('marks the key-only routes with the x-api-key scheme', async () => {
    const doc = await documentOf(app().app);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.paths['/v1/mints'].post.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/v1/mints'].post.responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Failed',
    });
    // Public operations say so: an empty requirement, not a missing one.
    expect(doc.paths['/v1/nonce'].get.security).toEqual([]);
    expect(doc.paths['/v1/nonce'].get.responses['401']).toBeUndefined();
  });

  it('documents the fields the parsers read: /v1/transfers body and /v1/balances query', async () => {
    const doc = await documentOf(app().app);
    const transfer = doc.paths['/v1/transfers'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(transfer.properties)).toEqual(
      expect.arrayContaining(['stark_key', 'asset_id', 'amount', 'nonce', 'vault_id', 'receiver', 'receiver_vault_id', 'signature']),
    );
    expect(transfer.required).toEqual(expect.arrayContaining(['stark_key', 'signature']));
    expect(transfer.required).not.toContain('expiration_timestamp');
    const balances = doc.paths['/v1/balances'].get.parameters.map((p: any) => p.name ?? p.$ref);
    expect(balances).toEqual(['stark_key', 'contract_address', 'limit', 'page', '#/components/parameters/Namespace']);
    // In fidelity mode a refusal is answered 200 too: the OK envelope or the FAILED one.
    const [okEnvelope, failed] = doc.paths['/v1/balances'].get.responses['200'].content['application/json'].schema.oneOf;
    expect(okEnvelope.properties.error_code).toEqual({ const: 0 });
    expect(failed).toEqual({ $ref: '#/components/schemas/Failed' });
  });

  it('is read the same by the common tools: no tuple (prefixItems) anywhere, binary answers as binary, no error_code on collections', async () => {
    const doc = await documentOf(app().app);
    const tuples: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (node === null || typeof node !== 'object') return;
      if (!Array.isArray(node) && 'prefixItems' in node) tuples.push(at);
      for (const [k, x] of Object.entries(node)) walk(x, `${at}/${k}`);
    };
    walk(doc, '#');
    expect(tuples).toEqual([]);
    expect(doc.components.schemas.OrderInfo.properties.asset_ids).toMatchObject({ type: 'array', minItems: 2, maxItems: 2 });
    for (const path of ['/ipfs/{cid}', '/ipfs/{cid}/{path}'])
      expect(doc.paths[path].get.responses['200'].content['*/*'].schema, path).toMatchObject({ type: 'string', format: 'binary' });
    for (const path of ['/v1/collection', '/v1/collection/{address}']) {
      const [okEnvelope] = doc.paths[path].get.responses['200'].content['application/json'].schema.oneOf;
      expect(Object.keys(okEnvelope.properties), path).toEqual(['status', 'data', 'error']);
    }
  });

  it('declares no path with a trailing slash (no-path-trailing-slash): the gateway says its /ipfs/{cid}/ form as x-trailing-slash', async () => {
    const doc = await documentOf(app().app);
    expect(Object.keys(doc.paths).filter((p) => p.length > 1 && p.endsWith('/'))).toEqual([]);
    expect(doc.paths['/ipfs/{cid}'].get['x-trailing-slash']).toBe(true);
    const marked = Object.entries(doc.paths).filter(([, ops]: [string, any]) => Object.values(ops).some((o: any) => o['x-trailing-slash']));
    expect(marked.map(([p]) => p)).toEqual(['/ipfs/{cid}']);
  });

  it('every documented route answers (never 404, never 500), with or without its fields', async () => {
    const { devnet, app: a } = app();
    const key = devnet.accounts().api_keys[0]!;
    const doc = await documentOf(a);
    const seen: string[] = [];
    for (const route of documented(doc)) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await a.request(url, { method, headers: { 'x-api-key': key } });
      // An event stream never ends by itself: its headers are the answer.
      const streaming = res.headers.get('content-type')?.startsWith('text/event-stream') ?? false;
      const text = streaming ? (await res.body?.cancel(), '') : await res.text();
      seen.push(`${route} -> ${res.status}`);
      expect(res.status, `${route}: ${text.slice(0, 200)}`).not.toBe(404);
      expect(res.status, `${route}: ${text.slice(0, 200)}`).toBeLessThan(500);
    }
    expect(seen.length).toBe(documented(doc).length);
  });
});

describe('openApiPath', () => {
  it('turns hono params, with or without a pattern, into OpenAPI templates', () => {
    expect(openApiPath('/v1/orders/:order_id/cancel')).toBe('/v1/orders/{order_id}/cancel');
    expect(openApiPath('/ipfs/:cid/:path{.+}')).toBe('/ipfs/{cid}/{path}');
    expect(openApiPath('/openapi.json')).toBe('/openapi.json');
  });
});
