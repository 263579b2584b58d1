// createDevnet().fetch takes fetch's arguments: a plain call must give the very Request Node's fetch
// would build (url, method, headers, body, refusals), and everything else must be Node's own Request.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevnet } from '../../../src/index.js';
import { TextRequest, toRequest } from '../../../src/http/text-request.js';
import { fileForm, genesisProject, storagePath } from '../../support/storage-files.js';
import { testClient } from '../../support/client.js';

const BASE = 'http://devnet.local';

// Node's Request warns (once per process) when a method is the lowercase 'patch', which this file
// passes on purpose: fetch leaves that method as given, and toRequest must too. Only that warning
// is held back while this file runs, so that a passing `npm test` prints nothing alarming.
const emitWarning = process.emitWarning;
beforeAll(() => {
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    const options = rest[0] as { code?: string } | string | undefined;
    const code = typeof options === 'object' ? options?.code : rest[1];
    if (code === 'UNDICI-FETCH-patch') return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
});
afterAll(() => {
  process.emitWarning = emitWarning;
});

/** What a caller can observe of a request without its extras. */
async function seen(r: Request): Promise<{ url: string; method: string; headers: Array<[string, string]>; text: string; used: boolean }> {
  const head = { url: r.url, method: r.method, headers: [...r.headers] };
  const text = await r.text();
  return { ...head, text, used: r.bodyUsed };
}

async function outcome(f: () => Request): Promise<unknown> {
  let r: Request;
  try {
    r = f();
  } catch (e) {
    return { threw: (e as Error).constructor.name };
  }
  return seen(r);
}

describe('toRequest: plain calls (TextRequest) match Node Request', () => {
  const cases: Array<[string, string | URL, RequestInit | undefined]> = [
    ['GET with a query', 'http://devnet.test/v1/nonce?stark_key=0x1&x=a%20b', undefined],
    ['upper-case host, no path', 'http://DEVNET.test', undefined],
    ['URL object', new URL('http://devnet.test/v1/x?y=1'), { method: 'GET' }],
    ['post, lower case, string body, no content type', 'http://devnet.test/v1/order', { method: 'post', body: '{"a":1}' }],
    [
      'POST with JSON content type and a key',
      'http://devnet.test/v1/order',
      { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json', 'x-api-key': 'k' } },
    ],
    ['PATCH keeps its spelling', 'http://devnet.test/x', { method: 'PATCH', body: 'x' }],
    ['Delete is upper-cased', 'http://devnet.test/x', { method: 'Delete' }],
    ['put with an empty body', 'http://devnet.test/x', { method: 'put', body: '' }],
    ['options and head', 'http://devnet.test/x', { method: 'options' }],
    ['head', 'http://devnet.test/x', { method: 'HEAD' }],
    ['POST with a null body', 'http://devnet.test/x', { method: 'POST', body: null }],
    [
      'headers as pairs and as Headers',
      'http://devnet.test/x',
      {
        method: 'POST',
        body: 'é ✓',
        headers: [
          ['X-One', '1'],
          ['x-one', '2'],
        ],
      },
    ],
    ['Headers object', 'http://devnet.test/x', { headers: new Headers({ accept: 'application/json' }) }],
    [
      'members set to undefined count as absent',
      'http://devnet.test/x',
      { method: 'POST', body: 'b', signal: undefined, redirect: undefined },
    ],
  ];
  it.each(cases)('%s', async (_name, input, init) => {
    const mine = toRequest(input, init, BASE);
    expect(mine).toBeInstanceOf(TextRequest);
    expect(mine).toBeInstanceOf(Request);
    expect(await seen(mine)).toEqual(await seen(new Request(input, init)));
  });

  it('agrees with Node Request, refusals included, on generated calls', async () => {
    const method = fc.constantFrom(
      undefined,
      'GET',
      'get',
      'POST',
      'post',
      'Post',
      'PUT',
      'DELETE',
      'delete',
      'PATCH',
      'patch',
      'OPTIONS',
      'HEAD',
      'CONNECT',
      'trace',
      'bad method',
      'M-SEARCH',
    );
    const path = fc.stringMatching(/^\/[a-z0-9/_.%?=&-]{0,20}$/);
    const headerName = fc.constantFrom('content-type', 'Content-Type', 'x-api-key', 'accept', 'bad name', 'x-empty');
    const headers = fc.option(fc.array(fc.tuple(headerName, fc.string({ maxLength: 8 })), { maxLength: 3 }), { nil: undefined });
    // Any UTF-16, lone surrogates and a leading BOM included: text() decodes as Node does, arrayBuffer() keeps the bytes.
    const body = fc.option(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.string({ maxLength: 8 }).map((t) => '\uFEFF' + t),
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(method, path, headers, body, async (m, p, h, b) => {
        const init: RequestInit = {
          ...(m === undefined ? {} : { method: m }),
          ...(h === undefined ? {} : { headers: h }),
          ...(b === undefined ? {} : { body: b }),
        };
        const url = 'http://devnet.test' + p;
        expect(await outcome(() => toRequest(url, init, BASE))).toEqual(await outcome(() => new Request(url, init)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same bytes from arrayBuffer() for any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 20 }), async (b) => {
        const init = { method: 'POST', body: b };
        expect(new Uint8Array(await toRequest('http://devnet.test/x', init, BASE).arrayBuffer())).toEqual(
          new Uint8Array(await new Request('http://devnet.test/x', init).arrayBuffer()),
        );
      }),
    );
  });

  it('resolves a bare path against the in-process base, and refuses other relative URLs as fetch does', () => {
    expect(toRequest('/v1/nonce?stark_key=0x1', undefined, BASE).url).toBe('http://devnet.local/v1/nonce?stark_key=0x1');
    for (const relative of ['v1/nonce', '//elsewhere.example/v1/nonce', 'http://[bad/']) {
      expect(() => toRequest(relative, undefined, BASE)).toThrow(new TypeError(`Failed to parse URL from ${relative}`));
      expect(() => new Request(relative)).toThrow(new TypeError(`Failed to parse URL from ${relative}`));
    }
  });

  it('takes any input that turns into a URL string, as fetch does', () => {
    const u = 'http://devnet.test/v1/x';
    expect(toRequest(new String(u) as unknown as string, undefined, BASE).url).toBe(u);
    expect(toRequest({ toString: () => u } as unknown as string, undefined, BASE).url).toBe(u);
  });
});

describe('toRequest: everything else is Node own Request', () => {
  it('passes a Request given alone through as it is, and applies init to one given with init', async () => {
    const r = new Request('http://devnet.test/x', { method: 'POST', body: 'a' });
    expect(toRequest(r, undefined, BASE)).toBe(r);
    const over = toRequest(r, { method: 'PUT' }, BASE);
    expect(over).not.toBeInstanceOf(TextRequest);
    expect(over.method).toBe('PUT');
    expect(await over.text()).toBe('a');
    const fromText = toRequest(toRequest('http://devnet.test/y', { method: 'POST', body: 'b' }, BASE), { headers: { 'x-k': '1' } }, BASE);
    expect([fromText.method, fromText.headers.get('x-k'), await fromText.text()]).toEqual(['POST', '1', 'b']);
  });

  // Each init is made twice (a stream is read once); FormData boundaries are random, so they are masked.
  it.each<[string, () => RequestInit]>([
    ['FormData', () => ({ method: 'POST', body: fileForm('a.txt', new TextEncoder().encode('hi')) })],
    ['bytes', () => ({ method: 'POST', body: new TextEncoder().encode('hi') })],
    ['URLSearchParams', () => ({ method: 'POST', body: new URLSearchParams({ a: '1' }) })],
    ['Blob', () => ({ method: 'POST', body: new Blob(['hi'], { type: 'text/x-mine' }) })],
    ['a stream', () => ({ method: 'POST', body: new Blob(['hi']).stream(), duplex: 'half' }) as RequestInit],
    ['a signal', () => ({ signal: new AbortController().signal })],
    ['another init member', () => ({ method: 'POST', body: 'hi', keepalive: true })],
    ['a method fetch does not normalise', () => ({ method: 'patch', body: 'hi' })],
  ])('%s', async (_name, init) => {
    const mine = toRequest('http://devnet.test/x', init(), BASE);
    expect(mine).not.toBeInstanceOf(TextRequest);
    expect(mine).toBeInstanceOf(Request);
    const masked = async (r: Request): Promise<string> => JSON.stringify(await seen(r)).replace(/formdata-undici-\d+/g, 'B');
    expect(await masked(mine)).toBe(await masked(new Request('http://devnet.test/x', init())));
  });

  it('reads init members by name, so one defined by a getter is not missed', () => {
    class Init {
      method = 'POST';
      body = 'x';
      get signal(): AbortSignal {
        return AbortSignal.abort();
      }
    }
    const r = toRequest('http://devnet.test/x', new Init() as RequestInit, BASE);
    expect(r).not.toBeInstanceOf(TextRequest);
    expect(r.signal.aborted).toBe(true);
  });

  it('keeps a fragment or credentials for Node to handle as fetch does', () => {
    expect(toRequest('http://devnet.test/x#top', undefined, BASE)).not.toBeInstanceOf(TextRequest);
    expect(toRequest('http://devnet.test/x#top', undefined, BASE).url).toBe(new Request('http://devnet.test/x#top').url);
    expect(() => toRequest('http://user:pw@devnet.test/x', undefined, BASE)).toThrow(TypeError);
  });

  it('throws TypeError where fetch refuses: a body on GET, a forbidden method, a bad header, a bad URL', () => {
    expect(() => toRequest('http://devnet.test/x', { body: 'a' }, BASE)).toThrow(TypeError);
    expect(() => toRequest('http://devnet.test/x', { method: 'HEAD', body: 'a' }, BASE)).toThrow(TypeError);
    expect(() => toRequest('http://devnet.test/x', { method: 'CONNECT' }, BASE)).toThrow(TypeError);
    expect(() => toRequest('http://devnet.test/x', { headers: { 'bad name': '1' } }, BASE)).toThrow(TypeError);
    expect(() => toRequest('http://[devnet/x', undefined, BASE)).toThrow(TypeError);
  });
});

describe('TextRequest: a body read once, the rest from Node Request built on demand', () => {
  const post = (body: string | null = '{"a":"é"}'): Request =>
    toRequest('http://devnet.test/x', { method: 'POST', body, headers: { 'content-type': 'application/json' } }, BASE);

  it('reads once: text, json and arrayBuffer, then TypeError', async () => {
    const r = post();
    expect(r.bodyUsed).toBe(false);
    expect(await r.json()).toEqual({ a: 'é' });
    expect(r.bodyUsed).toBe(true);
    await expect(r.text()).rejects.toThrow(TypeError);
    expect(new Uint8Array(await post().arrayBuffer())).toEqual(new TextEncoder().encode('{"a":"é"}'));
  });

  it('answers every read of a missing body with an empty text, as Node does', async () => {
    const r = toRequest('http://devnet.test/x', undefined, BASE);
    expect(await r.text()).toBe('');
    expect(await r.text()).toBe('');
    expect(r.bodyUsed).toBe(false);
    expect(r.body).toBeNull();
  });

  it('hands out the body as a stream, a signal and the other members from the real Request', async () => {
    const r = post();
    expect(r.body).toBeInstanceOf(ReadableStream);
    expect(await new Response(r.body).text()).toBe('{"a":"é"}');
    expect(r.signal).toBeInstanceOf(AbortSignal);
    expect(r.cache).toBe('default');
    expect(r.redirect).toBe('follow');
  });

  it('keeps refusing a second read after a forwarded member built the real Request', async () => {
    const r = post();
    await r.text();
    expect(r.cache).toBe('default');
    expect(r.bodyUsed).toBe(true);
    await expect(r.text()).rejects.toThrow(TypeError);
    await expect(r.blob()).rejects.toThrow(TypeError);
  });

  it('clones before a read with headers of its own, and refuses to clone after one', async () => {
    const r = post();
    const copy = r.clone();
    copy.headers.set('x-copy', '1');
    expect(r.headers.get('x-copy')).toBeNull();
    expect(await copy.text()).toBe(await r.text());
    expect(() => r.clone()).toThrow(TypeError);
  });

  it('has one set of headers before and after the real Request exists', async () => {
    const r = post();
    const headers = r.headers;
    headers.set('x-early', '1');
    void r.signal;
    headers.set('x-late', '2');
    expect(r.headers).toBe(headers);
    const copy = r.clone();
    expect([copy.headers.get('x-early'), copy.headers.get('x-late')]).toEqual(['1', '2']);
    expect(await copy.text()).toBe('{"a":"é"}');
  });

  it('decodes its text as Node does: a leading BOM goes, a lone surrogate becomes U+FFFD', async () => {
    expect(await toRequest('http://devnet.test/x', { method: 'POST', body: '\uFEFF{"a":1}' }, BASE).json()).toEqual({ a: 1 });
    expect(await toRequest('http://devnet.test/x', { method: 'POST', body: 'a\uD800b' }, BASE).text()).toBe('a\uFFFDb');
  });
});

describe('createDevnet().fetch with fetch arguments', () => {
  it('stands in for fetch: bare paths, JSON bodies, and a FAILED envelope for a malformed one', async () => {
    const dn = createDevnet();
    const asFetch: typeof globalThis.fetch = dn.fetch;
    const health = await asFetch('/_devnet/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const bad = await asFetch('http://devnet.test/v1/order', {
      method: 'POST',
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(await bad.json()).toMatchObject({ status: 'FAILED', error_code: 401 });
    await expect(asFetch('/v1/order', { body: 'x' })).rejects.toThrow(TypeError);
  });

  it('stores what the socket would store: a BOM-led body is JSON, a lone surrogate arrives as U+FFFD', async () => {
    const c = testClient();
    const post = (body: string) =>
      c.dn.fetch('/v1/project', { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': c.apiKey }, body });
    expect(await (await post('\uFEFF{"project_name":"bom"}')).json()).toMatchObject({ status: 'OK' });
    expect(await (await post('{"project_name":"a\uD800b"}')).json()).toMatchObject({ status: 'OK' });
    const names = (await c.get('/v1/project', { 'x-api-key': c.apiKey })).body.data.map(
      (p: { name?: string; project_name?: string }) => p.project_name ?? p.name,
    );
    expect(names).toEqual(expect.arrayContaining(['bom', 'a\uFFFDb']));
  });

  it('uploads through fetch arguments: a FormData body, and a multipart body sent as text', async () => {
    const c = testClient();
    const project = await genesisProject(c);
    const url = 'http://devnet.test' + storagePath(project);
    const form = await c.dn.fetch(url, {
      method: 'POST',
      headers: { 'x-api-key': c.apiKey },
      body: fileForm('a.txt', new TextEncoder().encode('hello')),
    });
    const viaForm = (await form.json()) as { status: string; data: { cid: string } };
    expect(viaForm.status).toBe('OK');
    const b = 'XbOuNdArY';
    const text = `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n--${b}--\r\n`;
    const asText = await c.dn.fetch(url, {
      method: 'POST',
      headers: { 'x-api-key': c.apiKey, 'content-type': `multipart/form-data; boundary=${b}` },
      body: text,
    });
    expect(await asText.json()).toMatchObject({ status: 'OK', data: { cid: viaForm.data.cid } });
  });
});
