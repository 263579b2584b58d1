// Self-test of the contract machinery: the recorder records real emulator traffic without disturbing
// it, and the validator and the lint report what they should, for the reason they should, and stay
// quiet on what is right. Uses a hand-made document, so it holds whatever state /openapi.json is in.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/emulator/app.js';
import { createDevnet, startDevnet } from '../../src/index.js';
import { collect } from './findings.js';
import { lintDocument } from './lint.js';
import { TrafficRecorder } from './recorder.js';
import { recordedCount, recording } from './recording-session.js';
import type { RecordableApp } from './recorder.js';
import { readTraffic } from './traffic.js';
import type { Exchange } from './traffic.js';
import { ContractValidator } from './validate.js';
import type { Reason } from './validate.js';

const json = (schema: unknown): unknown => ({ content: { 'application/json': { schema } } });
const FAILED = {
  type: 'object',
  required: ['status', 'data', 'error', 'error_code'],
  properties: { status: { const: 'FAILED' }, data: { type: 'null' }, error: { type: 'string' }, error_code: { type: 'integer' } },
};
const okEnvelope = (data: unknown): unknown => ({
  type: 'object',
  required: ['status', 'data', 'error'],
  properties: { status: { const: 'OK' }, data, error: { const: '' }, error_code: { const: 0 } },
});

/** A small 3.1 document: two real emulator routes described truthfully, and made-up ones for each kind of mismatch. */
const DOC = {
  openapi: '3.1.0',
  info: { title: 'contract self-test', version: '1' },
  paths: {
    '/_devnet/health': {
      get: {
        operationId: 'health',
        responses: {
          '200': {
            description: 'ok',
            ...(json({
              type: 'object',
              required: ['status', 'version'],
              properties: { status: { const: 'ok' }, version: { type: 'string' } },
              additionalProperties: false,
            }) as object),
          },
        },
      },
    },
    '/v1/nonce': {
      get: {
        operationId: 'nonce',
        parameters: [{ name: 'stark_key', in: 'query', required: true, schema: { type: 'string', pattern: '^0x[0-9a-fA-F]+$' } }],
        // Fidelity mode: refusals are 200 too, so 200 is either envelope.
        responses: {
          '200': {
            description: 'ok',
            ...(json({
              oneOf: [
                okEnvelope({ type: 'object', required: ['nonce'], properties: { nonce: { type: 'integer' } } }),
                { $ref: '#/components/schemas/Failed' },
              ],
            }) as object),
          },
        },
      },
    },
    '/v1/order': {
      post: {
        operationId: 'orderOkOnly',
        requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
        responses: { '200': { description: 'ok', ...(json(okEnvelope({ type: 'object' })) as object) } },
      },
    },
    '/items/{id}': {
      get: {
        operationId: 'item',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'ambiguous', in: 'query', schema: { oneOf: [{ type: 'integer' }, { type: 'string' }] } },
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
        ],
        // prefixItems is JSON Schema 2020-12: a draft-07 validator would ignore it.
        responses: {
          '200': { description: 'pair', ...(json({ type: 'array', prefixItems: [{ type: 'integer' }, { type: 'integer' }] }) as object) },
          default: { description: 'refusal', ...(json({ $ref: '#/components/schemas/Failed' }) as object) },
        },
      },
    },
    '/things': {
      post: {
        operationId: 'thing',
        security: [{ apiKey: [] }],
        requestBody: {
          content: {
            'application/json': {
              schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } }, unevaluatedProperties: false },
            },
          },
        },
        responses: {
          '200': { description: 'ok', ...(json({ type: 'object' }) as object) },
          '401': { description: 'no key', ...(json({ $ref: '#/components/schemas/Failed' }) as object) },
        },
      },
    },
    '/either': {
      get: {
        operationId: 'either',
        responses: {
          '200': {
            description: 'one of two shapes',
            ...(json({
              oneOf: [
                { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
                { type: 'object', required: ['b'] },
              ],
            }) as object),
          },
        },
      },
    },
    '/bare': {
      post: {
        operationId: 'bare',
        responses: {
          '200': { description: 'ok', ...(json({ type: 'object' }) as object) },
          default: { description: 'refusal', ...(json({ $ref: '#/components/schemas/Failed' }) as object) },
        },
      },
    },
    '/dirs/{cid}': {
      get: {
        operationId: 'dir',
        'x-trailing-slash': true,
        parameters: [{ name: 'cid', in: 'path', required: true, schema: { type: 'string', minLength: 3 } }],
        responses: { '200': { description: 'listing', ...(json({ type: 'object', required: ['cid'] }) as object) } },
      },
    },
    '/files/{cid}/*': {
      get: {
        operationId: 'fileRest',
        parameters: [{ name: 'cid', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'bytes', content: { 'application/octet-stream': {} } } },
      },
    },
  },
  components: { schemas: { Failed: FAILED }, securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
};

let seq = 0;
/** A hand-made exchange: `GET /path` answered 200 with `{}` unless told otherwise. */
function exchange(req: Partial<Exchange['req']> & { url: string }, res: Partial<Exchange['res']> = {}): Exchange {
  return {
    seq: seq++,
    via: 'in-process',
    req: { method: 'GET', apiKey: false, body: '', ...req, url: new URL(req.url, 'http://devnet.local').href },
    res: { status: 200, contentType: 'application/json; charset=utf-8', body: '{}', ...res },
  };
}

const validator = await ContractValidator.create(DOC);
const reasons = (ex: Exchange): Reason[] => validator.check(ex).mismatches.map((m) => m.reason);

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A recorder writing to a fresh temp dir, and a function reading back what it wrote. */
function tempRecorder(): { recorder: TrafficRecorder; read: () => Exchange[] } {
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-traffic-'));
  dirs.push(dir);
  const recorder = new TrafficRecorder(join(dir, 'worker.jsonl'), () => ({ file: 'self-test' }));
  return { recorder, read: () => readTraffic(dir).exchanges.sort((a, b) => a.seq - b.seq) };
}

describe('recorder', () => {
  it('records real emulator exchanges while the caller and the app still read their bodies', async () => {
    const { recorder, read } = tempRecorder();
    const app = buildApp(createDevnet().devnet);
    recorder.wrap(app as unknown as RecordableApp);

    const health = await app.fetch(new Request('http://devnet.local/_devnet/health'));
    expect(await health.json()).toMatchObject({ status: 'ok' });
    // The app reads the request body after the recorder cloned it: its answer names the bad JSON.
    const bad = await app.fetch(
      new Request('http://devnet.local/v1/order', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
        body: '{not json',
      }),
    );
    expect((await bad.json()) as object).toMatchObject({ status: 'FAILED', error_code: 401 });
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'a.txt');
    await (await app.fetch(new Request('http://devnet.local/v1/project/x/storage', { method: 'POST', body: form }))).text();
    const events = await app.fetch(new Request('http://devnet.local/_devnet/events'));
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    await events.body?.cancel();
    await recorder.flush();

    const [h, b, m, e] = read();
    expect(h).toMatchObject({
      via: 'in-process',
      file: 'self-test',
      req: { method: 'GET', url: 'http://devnet.local/_devnet/health', apiKey: false, body: '' },
      res: { status: 200 },
    });
    expect(JSON.parse(h!.res.body!)).toMatchObject({ status: 'ok' });
    expect(b!.req).toMatchObject({ method: 'POST', apiKey: true, contentType: 'application/json', body: '{not json' });
    expect(JSON.parse(b!.res.body!)).toMatchObject({ status: 'FAILED', error_code: 401 });
    expect(m!.req.skipped).toBe('multipart');
    expect(e!.res).toMatchObject({ skipped: 'event-stream' });
    expect(e!.res.body).toBeUndefined();
  });

  it.runIf(recording)(
    'the suite-wide recorder sees apps built by src/emulator/app.ts, through createDevnet and through startDevnet',
    async () => {
      const before = recordedCount();
      await (await createDevnet().fetch('/_devnet/health')).text();
      expect(recordedCount()).toBe(before + 1);
      const running = await startDevnet({ port: 0 });
      try {
        await (await fetch(`${running.url}/_devnet/health`)).text();
      } finally {
        await running.close();
      }
      expect(recordedCount()).toBe(before + 2);
    },
  );

  it('passes apps that are not emulator apps (no GET /openapi.json) through unrecorded', async () => {
    const { recorder, read } = tempRecorder();
    const plain = new Hono().get('/x', (c) => c.text('x'));
    recorder.wrap(plain as unknown as RecordableApp);
    expect(await (await plain.fetch(new Request('http://h/x'))).text()).toBe('x');
    await recorder.flush();
    expect(read()).toEqual([]);
  });
});

describe('validator on real emulator traffic', () => {
  it('finds nothing wrong with answers the document describes, and reports a tampered body for the schema it breaks', async () => {
    const { recorder, read } = tempRecorder();
    const app = buildApp(createDevnet().devnet);
    recorder.wrap(app as unknown as RecordableApp);
    await (await app.fetch(new Request('http://devnet.local/_devnet/health'))).text();
    await (await app.fetch(new Request('http://devnet.local/v1/nonce?stark_key=0x1'))).text();
    await recorder.flush();
    const [health, nonce] = read();
    expect(validator.check(health!).mismatches).toEqual([]);
    expect(validator.check(nonce!).mismatches).toEqual([]);

    const tampered: Exchange = { ...health!, res: { ...health!.res, body: '{"status":"ok","version":1}' } };
    const [m, ...rest] = validator.check(tampered).mismatches;
    expect(rest).toEqual([]);
    expect(m).toMatchObject({ operation: 'GET /_devnet/health (health)', reason: 'response.body', instancePath: '/version' });
    expect(m!.schemaPath).toBe("paths['/_devnet/health'].get.responses['200'].content['application/json'].schema/properties/version/type");
  });

  it('a refused request that broke its schema is the document and the app agreeing, not a mismatch', async () => {
    const dn = createDevnet();
    const res = await dn.fetch('/v1/nonce');
    const ex = exchange({ url: '/v1/nonce' }, { body: await res.text() });
    const verdict = validator.check(ex);
    expect(verdict.mismatches).toEqual([]);
    expect(verdict.refusedInvalid.map((m) => [m.reason, m.message])).toEqual([
      ['request.query', "required: must have required property 'stark_key'"],
    ]);
  });
});

describe('validator on the served document: every answer is strict', () => {
  /** Real exchanges of a fresh default-genesis devnet, recorded as the suite records them, and the document it serves. */
  async function recorded(paths: string[]): Promise<{ served: ContractValidator; exchanges: Exchange[] }> {
    const { recorder, read } = tempRecorder();
    const app = buildApp(createDevnet().devnet);
    recorder.wrap(app as unknown as RecordableApp);
    for (const path of paths) await (await app.fetch(new Request(`http://devnet.local${path}`))).text();
    await recorder.flush();
    const served = await ContractValidator.create(await (await createDevnet().fetch('/openapi.json')).json());
    const exchanges = read().filter((ex) => !ex.req.url.endsWith('/openapi.json'));
    return { served, exchanges };
  }

  /** The exchange with its JSON answer changed by `edit`. */
  function tamper(ex: Exchange, edit: (body: any) => void): Exchange {
    const body = JSON.parse(ex.res.body!);
    edit(body);
    return { ...ex, res: { ...ex.res, body: JSON.stringify(body) } };
  }

  const at = (path: string, rest: string): string =>
    `paths['${path}'].get.responses['200'].content['application/json'].schema/oneOf/0${rest}`;
  const one = (served: ContractValidator, ex: Exchange) => {
    const found = served.check(ex).mismatches;
    expect(found, JSON.stringify(found.map((m) => m.message))).toHaveLength(1);
    return found[0]!;
  };

  it('an extra key, a number turned into a string, a missing key: each reported at its place in the answer schema', async () => {
    const accounts = (await (await createDevnet().fetch('/_devnet/accounts')).json()) as { accounts: Array<{ stark_key: string }> };
    const alice = accounts.accounts[0]!.stark_key;
    const eth = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';
    const { served, exchanges } = await recorded([
      `/v1/balance?stark_key=${alice}&asset_id=${eth}`,
      `/v1/balances?stark_key=${alice}&limit=2`,
      '/_devnet/accounts',
      '/v1/contract_info?contract_address=eth',
    ]);
    const [balance, balances, plain, contract] = exchanges as [Exchange, Exchange, Exchange, Exchange];
    for (const ex of exchanges) expect(served.check(ex).mismatches).toEqual([]);

    // GET /v1/balance: the OK envelope's data is a BalanceRow.
    expect(
      one(
        served,
        tamper(balance, (b) => (b.data.locked = 0)),
      ),
    ).toMatchObject({
      operation: 'GET /v1/balance (getV1Balance)',
      reason: 'response.body',
      instancePath: '/data',
      message: "additionalProperties: must NOT have additional properties 'locked'",
      schemaPath: at('/v1/balance', '/properties/data/additionalProperties'),
    });
    expect(
      one(
        served,
        tamper(balance, (b) => (b.data.balance_available = String(b.data.balance_available))),
      ),
    ).toMatchObject({
      instancePath: '/data/balance_available',
      message: 'type: must be integer',
      schemaPath: at('/v1/balance', '/properties/data/properties/balance_available/type'),
    });
    expect(
      one(
        served,
        tamper(balance, (b) => delete b.data.display_frozen),
      ),
    ).toMatchObject({
      instancePath: '/data',
      message: "required: must have required property 'display_frozen'",
      schemaPath: at('/v1/balance', '/properties/data/required'),
    });
    // A decimal string where the answer has one: a number there is as wrong as a string for a number.
    expect(
      one(
        served,
        tamper(balance, (b) => (b.data.display_value = 10)),
      ),
    ).toMatchObject({ instancePath: '/data/display_value', message: 'type: must be string' });

    // GET /v1/balances: each row of the page, and the page itself.
    expect(
      one(
        served,
        tamper(balances, (b) => (b.data.list[1].locked = '1')),
      ),
    ).toMatchObject({
      instancePath: '/data/list/*',
      message: "additionalProperties: must NOT have additional properties 'locked'",
      schemaPath: at('/v1/balances', '/properties/data/properties/list/items/additionalProperties'),
    });
    expect(
      one(
        served,
        tamper(balances, (b) => (b.data.page_size = '2')),
      ),
    ).toMatchObject({ instancePath: '/data/page_size', schemaPath: at('/v1/balances', '/properties/data/properties/page_size/type') });

    // A plain answer (no envelope): its own schema is the branch.
    expect(
      one(
        served,
        tamper(plain, (b) => delete b.operator),
      ),
    ).toMatchObject({
      operation: 'GET /_devnet/accounts (getDevnetAccounts)',
      instancePath: '',
      message: "required: must have required property 'operator'",
      schemaPath: at('/_devnet/accounts', '/required'),
    });
    expect(
      one(
        served,
        tamper(plain, (b) => (b.accounts[0].balance = 1)),
      ),
    ).toMatchObject({
      instancePath: '/accounts/*',
      schemaPath: at('/_devnet/accounts', '/properties/accounts/items/additionalProperties'),
    });

    // Nullable: null or a string, never a number; a fixed set: one of its values.
    expect(
      one(
        served,
        tamper(contract, (b) => (b.data.image_url = 0)),
      ),
    ).toMatchObject({
      instancePath: '/data/image_url',
      schemaPath: at('/v1/contract_info', '/properties/data/properties/image_url/anyOf'),
    });
    expect(
      one(
        served,
        tamper(contract, (b) => (b.data.type = 'ERC1155')),
      ),
    ).toMatchObject({
      instancePath: '/data/type',
      message: 'enum: must be equal to one of the allowed values (["ETH","ERC20","ERC721","ERC721M","ERC721MC"])',
    });
  });

  it('no answer schema also fits the FAILED envelope: a refusal answered 200 fits exactly one branch of every operation', async () => {
    const served = await ContractValidator.create(await (await createDevnet().fetch('/openapi.json')).json());
    const failed = '{"status":"FAILED","data":null,"error":"x","error_code":19}';
    let checked = 0;
    for (const op of served.operations()) {
      const [method, template] = op.split(' ') as [string, string];
      const url = template.replace(/\{[^}]+\}/g, 'x');
      const verdict = served.check(exchange({ url, method, apiKey: true }, { body: failed }));
      expect(
        verdict.mismatches.filter((m) => m.reason.startsWith('response')),
        op,
      ).toEqual([]);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('validator: one reason per kind of mismatch', () => {
  it('a FAILED envelope under a 200 that only allows OK', () => {
    const ex = exchange(
      { url: '/v1/order', method: 'POST', contentType: 'application/json', body: '{}' },
      { body: '{"status":"FAILED","data":null,"error":"no","error_code":19}' },
    );
    expect(reasons(ex)).toEqual(['response.body.failed-under-2xx']);
  });

  it('JSON Schema 2020-12 keywords are honoured (prefixItems in a response, unevaluatedProperties in a request)', () => {
    expect(reasons(exchange({ url: '/items/1' }, { body: '[1,2]' }))).toEqual([]);
    expect(reasons(exchange({ url: '/items/1' }, { body: '[1,"x"]' }))).toEqual(['response.body']);
    const ok = { url: '/things', method: 'POST', apiKey: true, contentType: 'application/json' };
    expect(reasons(exchange({ ...ok, body: '{"name":"a"}' }))).toEqual([]);
    expect(reasons(exchange({ ...ok, body: '{"name":"a","extra":1}' }))).toEqual(['request.body']);
  });

  it('path and query parameters: types, ambiguous oneOf (what the coerced query string matches twice), undocumented names', () => {
    expect(reasons(exchange({ url: '/items/1?limit=5' }, { body: '[1,2]' }))).toEqual([]);
    expect(reasons(exchange({ url: '/items/abc' }, { body: '[1,2]' }))).toEqual(['request.path-params']);
    expect(reasons(exchange({ url: '/items/1?limit=x' }, { body: '[1,2]' }))).toEqual(['request.query']);
    const ambiguous = validator.check(exchange({ url: '/items/1?ambiguous=5' }, { body: '[1,2]' })).mismatches;
    expect(ambiguous.map((m) => [m.reason, m.message, m.schemaPath])).toEqual([
      [
        'request.query',
        'oneOf: must match exactly one schema in oneOf (passing: [0,1])',
        "paths['/items/{id}'].get.parameters[1] (query 'ambiguous').schema/oneOf",
      ],
    ]);
    expect(validator.check(exchange({ url: '/items/1?nope=1' }, { body: '[1,2]' })).mismatches.map((m) => m.message)).toEqual([
      "additionalProperties: must NOT have additional properties 'nope'",
    ]);
  });

  it('request bodies: one sent where none is documented, one in an undocumented media type', () => {
    expect(reasons(exchange({ url: '/bare', method: 'POST', contentType: 'application/json', body: '{"a":1}' }))).toEqual([
      'request.body.undocumented',
    ]);
    expect(reasons(exchange({ url: '/bare', method: 'POST' }))).toEqual([]);
    expect(
      reasons(exchange({ url: '/things', method: 'POST', apiKey: true, contentType: 'text/plain;charset=UTF-8', body: '{"name":"a"}' })),
    ).toEqual(['request.content-type']);
  });

  it('responses: undocumented status, undocumented media type, a JSON type that is not JSON', () => {
    expect(
      reasons(exchange({ url: '/_devnet/health' }, { status: 500, body: '{"status":"FAILED","data":null,"error":"x","error_code":500}' })),
    ).toEqual(['response.status']);
    expect(reasons(exchange({ url: '/_devnet/health' }, { contentType: 'text/plain', body: 'ok' }))).toEqual(['response.content-type']);
    expect(reasons(exchange({ url: '/_devnet/health' }, { body: 'ok' }))).toEqual(['response.body.not-json']);
  });

  it('security: declared but not enforced, enforced but not declared', () => {
    expect(reasons(exchange({ url: '/things', method: 'POST', contentType: 'application/json', body: '{"name":"a"}' }))).toEqual([
      'security.not-enforced',
    ]);
    const refusal = { status: 401, body: '{"status":"FAILED","data":null,"error":"no key","error_code":32}' };
    expect(reasons(exchange({ url: '/things', method: 'POST', contentType: 'application/json', body: '{"name":"a"}' }, refusal))).toEqual(
      [],
    );
    expect(reasons(exchange({ url: '/bare', method: 'POST' }, { ...refusal, status: 200 }))).toEqual(['security.undeclared']);
  });

  it('routes: undocumented path or method, a hono wildcard kept in the document, the app’s own not-found', () => {
    expect(reasons(exchange({ url: '/nowhere/0xabc' }))).toEqual(['route.undocumented-path']);
    expect(validator.check(exchange({ url: '/nowhere/0xabc' })).mismatches[0]!.operation).toBe('GET /nowhere/{hex}');
    expect(reasons(exchange({ url: '/things' }))).toEqual(['route.undocumented-method']);
    // Paths under a template get that template's name, so one finding covers every such URL.
    expect(validator.check(exchange({ url: '/items/1/' })).mismatches.map((m) => [m.reason, m.operation])).toEqual([
      ['route.undocumented-path', 'GET /items/{id}/ (trailing slash; documented without one)'],
    ]);
    // An operation that says x-trailing-slash routes its path with one too, and checks it as its own.
    expect(validator.check(exchange({ url: '/dirs/bafy/' }, { body: '{"cid":"bafy"}' }))).toMatchObject({
      operation: 'GET /dirs/{cid} (dir)',
    });
    expect(reasons(exchange({ url: '/dirs/bafy/' }, { body: '{"cid":"bafy"}' }))).toEqual([]);
    expect(reasons(exchange({ url: '/dirs/bafy/' }))).toEqual(['response.body']);
    expect(validator.check(exchange({ url: '/items/1/a/b' })).mismatches.map((m) => [m.reason, m.operation])).toEqual([
      ['route.undocumented-path', 'GET /items/{id}/… (more segments than any template)'],
    ]);
    expect(
      reasons(
        exchange({ url: '/files/bafy/a/b.txt' }, { contentType: 'application/octet-stream', body: undefined, skipped: 'binary', bytes: 3 }),
      ),
    ).toEqual(['route.wildcard-path']);
    const notFound = validator.check(
      exchange(
        { url: '/nowhere' },
        { status: 404, body: '{"status":"FAILED","data":null,"error":"no route GET /nowhere","error_code":19}' },
      ),
    );
    expect(notFound).toMatchObject({ unrouted: true, mismatches: [] });
    // The guard answers before routing (any path), and CORS preflights are not operations: both consistent.
    const guarded = validator.check(
      exchange(
        { url: '/favicon.ico' },
        { status: 403, body: '{"status":"FAILED","data":null,"error":"Host not answered","error_code":19}' },
      ),
    );
    expect(guarded).toMatchObject({ unrouted: true, mismatches: [] });
    expect(validator.check(exchange({ url: '/things', method: 'OPTIONS' }, { status: 204, body: '' }))).toMatchObject({
      unrouted: true,
      mismatches: [],
    });
    // ...but an OPTIONS that answers like an operation, or a 403 with another code, is still a finding.
    expect(reasons(exchange({ url: '/things', method: 'OPTIONS' }))).toEqual(['route.undocumented-method']);
    expect(
      reasons(exchange({ url: '/nowhere' }, { status: 403, body: '{"status":"FAILED","data":null,"error":"x","error_code":32}' })),
    ).toEqual(['route.undocumented-path']);
  });

  it('a body with several errors is one finding listing them all', () => {
    const [m, ...rest] = validator.check(exchange({ url: '/_devnet/health' }, { body: '{"status":"up","version":2}' })).mismatches;
    expect(rest).toEqual([]);
    expect(m).toMatchObject({
      reason: 'response.body',
      schemaPath: "paths['/_devnet/health'].get.responses['200'].content['application/json'].schema",
    });
    expect(m!.message).toBe(
      '2 errors: const: must be equal to constant ("ok") at /status (#/properties/status/const); type: must be string at /version (#/properties/version/type)',
    );
  });

  it('an answer under oneOf [OK, Failed] is judged by its own branch, so its error keeps its path', () => {
    const [m, ...rest] = validator.check(
      exchange({ url: '/v1/nonce?stark_key=0x1' }, { body: '{"status":"OK","data":{"nonce":"x"},"error":""}' }),
    ).mismatches;
    expect(rest).toEqual([]);
    expect(m).toMatchObject({ reason: 'response.body', message: 'type: must be integer', instancePath: '/data/nonce' });
    expect(m!.schemaPath).toBe(
      "paths['/v1/nonce'].get.responses['200'].content['application/json'].schema/oneOf/0/properties/data/properties/nonce/type",
    );
  });

  it('a body that fits no branch of a oneOf is one finding naming each branch’s first error', () => {
    const [m, ...rest] = validator.check(exchange({ url: '/either' }, { body: '{"a":"x"}' })).mismatches;
    expect(rest).toEqual([]);
    expect(m!.reason).toBe('response.body');
    expect(m!.message).toBe(
      "oneOf: must match exactly one schema in oneOf: fits no branch ([0] type: must be integer at /a; [1] required: must have required property 'b' at /)",
    );
    expect(m!.schemaPath).toBe("paths['/either'].get.responses['200'].content['application/json'].schema/oneOf");
  });

  it('findings group equal mismatches: one group, its count, one example', () => {
    const a = exchange({ url: '/items/1' }, { body: '[1,"x"]' });
    const b = exchange({ url: '/items/2' }, { body: '[3,"y"]' });
    const f = collect([validator.check(a), validator.check(b), validator.check(exchange({ url: '/items/1' }, { body: '[1,2]' }))]);
    expect(f.mismatches).toHaveLength(1);
    expect(f.mismatches[0]).toMatchObject({
      operation: 'GET /items/{id} (item)',
      reason: 'response.body',
      count: 2,
      instancePath: '/*',
      example: a,
    });
    expect(f).toMatchObject({ exchanges: 3, failing: 2 });
  });
});

describe('lint', () => {
  it('reports an error by its rule id, and none on a document that follows the rules', async () => {
    const clean = {
      openapi: '3.1.0',
      info: { title: 't', version: '1', license: { name: 'MIT', identifier: 'MIT' }, description: 'd' },
      servers: [{ url: 'http://localhost' }],
      security: [],
      tags: [{ name: 'a', description: 'a' }],
      paths: {
        '/x': {
          get: {
            operationId: 'x',
            tags: ['a'],
            summary: 'x',
            description: 'x',
            responses: { '200': { description: 'ok' }, '400': { description: 'bad' } },
          },
        },
      },
    };
    expect((await lintDocument(clean)).filter((p) => p.severity === 'error')).toEqual([]);
    const broken = { ...clean, security: undefined, paths: { '/x': { get: { ...clean.paths['/x'].get, responses: {} } } } };
    const errors = (await lintDocument(broken)).filter((p) => p.severity === 'error').map((p) => p.ruleId);
    expect(errors).toContain('security-defined');
  });
});
