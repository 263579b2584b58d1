// The in-process JSON answer must behave as a Response to every caller, and route fields must parse lazily, once, in read order.
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from 'hono';
import { createDevnet } from '../../../src/index.js';
import { JsonResponse, jsonReply } from '../../../src/http/json-response.js';
import * as vb from 'valibot';
import { fieldOf, fieldReader, refuse } from '../../../src/http/fields/field.js';
import { DevnetError } from '../../../src/domain/values/errors.js';

const TEXT = '{"status":"OK","data":{"sequence_id":7},"error":""}';
const reply = (status = 200): Response => new JsonResponse(TEXT, status) as unknown as Response;

describe('JsonResponse', () => {
  it('is a Response with the status, ok flag and JSON content type', () => {
    const ok = reply();
    expect(ok).toBeInstanceOf(Response);
    expect(ok.status).toBe(200);
    expect(ok.ok).toBe(true);
    expect(ok.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const refused = reply(400);
    expect(refused.ok).toBe(false);
    expect(refused.status).toBe(400);
  });

  it('answers json() and text() from its text, once, like any body', async () => {
    const r = reply();
    expect(r.bodyUsed).toBe(false);
    expect(await r.json()).toEqual({ status: 'OK', data: { sequence_id: 7 }, error: '' });
    expect(r.bodyUsed).toBe(true);
    await expect(r.text()).rejects.toThrow(TypeError);
    await expect(r.json()).rejects.toThrow(TypeError);
    expect(await reply().text()).toBe(TEXT);
  });

  it('gives the UTF-8 bytes from arrayBuffer() and from blob()', async () => {
    const text = '{"name":"héllo ✓"}';
    const bytes = new Uint8Array(await (new JsonResponse(text, 200) as unknown as Response).arrayBuffer());
    expect(bytes).toEqual(new TextEncoder().encode(text));
    const blob = await (new JsonResponse(text, 200) as unknown as Response).blob();
    expect(await blob.text()).toBe(text);
  });

  it('hands out the same text as a stream through body (the real Response, built on demand)', async () => {
    const r = reply();
    expect(r.body).toBeInstanceOf(ReadableStream);
    expect(await new Response(r.body).text()).toBe(TEXT);
    expect(r.statusText).toBe('');
    expect(r.type).toBe('default');
  });

  it('clones before a read, and refuses to clone after one', async () => {
    const r = reply(201);
    const copy = r.clone();
    expect(copy.status).toBe(201);
    expect(await copy.text()).toBe(TEXT);
    expect(await r.text()).toBe(TEXT);
    expect(() => r.clone()).toThrow(TypeError);
  });

  it('keeps refusing a second read after a forwarded member built the real Response', async () => {
    const r = reply();
    await r.text();
    expect(r.statusText).toBe('');
    expect(r.bodyUsed).toBe(true);
    await expect(r.text()).rejects.toThrow(TypeError);
    await expect(r.blob()).rejects.toThrow(TypeError);
    const unread = reply();
    expect(unread.type).toBe('default');
    expect(await unread.text()).toBe(TEXT);
  });

  it('has one set of headers before and after the real Response exists, and a read-only status', async () => {
    const r = reply();
    const headers = r.headers;
    headers.set('x-early', '1');
    void r.body;
    headers.set('x-late', '2');
    expect(r.headers).toBe(headers);
    const copy = r.clone();
    expect(copy.headers.get('x-early')).toBe('1');
    expect(copy.headers.get('x-late')).toBe('2');
    expect(await copy.text()).toBe(TEXT);
    expect(() => {
      (r as { status: number }).status = 500;
    }).toThrow(TypeError);
    expect(r.status).toBe(200);
  });

  it('rejects json() on text that is not JSON with a SyntaxError (never an unhandled throw)', async () => {
    await expect((new JsonResponse('not json', 200) as unknown as Response).json()).rejects.toThrow(SyntaxError);
  });
});

describe('jsonReply', () => {
  const realResponse = globalThis.Response;
  afterEach(() => {
    globalThis.Response = realResponse;
  });
  const context = (): Context =>
    ({
      body: (text: string, status: number, headers: Record<string, string>) => new realResponse(text, { status, headers }),
    }) as unknown as Context;

  it('answers in-process callers with a JsonResponse', () => {
    expect(jsonReply(context(), TEXT, 200)).toBeInstanceOf(JsonResponse);
  });

  it('leaves the answer to hono when a server adapter has installed its own Response (it writes that one out directly)', async () => {
    globalThis.Response = class AdapterResponse extends realResponse {} as typeof Response;
    const r = jsonReply(context(), TEXT, 404);
    expect(r).not.toBeInstanceOf(JsonResponse);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await r.text()).toBe(TEXT);
  });

  it('is what createDevnet().fetch returns for OK and FAILED envelopes', async () => {
    const dn = createDevnet();
    const ok = await dn.fetch(new Request('http://devnet.test/v1/starkex/contracts'));
    expect(ok).toBeInstanceOf(JsonResponse);
    expect(((await ok.json()) as { status: string }).status).toBe('OK');
    const failed = await dn.fetch(
      new Request('http://devnet.test/v1/order', {
        method: 'POST',
        body: '{"stark_key":',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(failed).toBeInstanceOf(JsonResponse);
    const body = (await failed.json()) as { status: string; error_code: unknown };
    expect(body.status).toBe('FAILED');
    expect(typeof body.error_code).toBe('number');
  });
});

describe('fieldReader', () => {
  const counting = () => {
    const reads: string[] = [];
    const f = (name: string) =>
      fieldOf(
        vb.pipe(
          vb.string(),
          vb.check((s) => (reads.push(name), s !== 'bad'), 'bad'),
          vb.transform((s) => s.toUpperCase()),
        ),
        { bad: refuse(19, (n) => `${n} is bad`) },
      );
    return { reads, read: fieldReader({ a: f('a'), b: f('b'), c: f('c') }, 'json') };
  };

  it('parses a field on its first read only, and every field declared before it first: the declared order is the order of the checks', () => {
    const { reads, read } = counting();
    const v = read(() => ({ a: 'x', b: 'y', c: 'z' }));
    expect(reads).toEqual([]);
    expect(v.b).toBe('Y');
    expect(reads).toEqual(['a', 'b']);
    expect(v.a).toBe('X');
    expect(v.c).toBe('Z');
    expect(v.b).toBe('Y');
    expect(reads).toEqual(['a', 'b', 'c']);
  });

  it('gives the refusal of the first bad field in declared order, whatever field the handler reads first', () => {
    for (const first of ['a', 'b', 'c'] as const) {
      const { read } = counting();
      const v = read(() => ({ a: 'ok', b: 'bad', c: 'bad' }));
      if (first === 'a') expect(v.a).toBe('OK');
      else expect(() => v[first]).toThrow('b is bad');
      // A destructure in any order meets the same refusal.
      expect(() => {
        const { c, b } = v;
        return [c, b];
      }).toThrow('b is bad');
    }
  });

  it('fetches the raw object only when a field is read, and keeps each view separate', () => {
    const { read } = counting();
    let fetched = 0;
    const one = read(() => (fetched++, { a: '1', b: '2', c: '3' }));
    const two = read(() => ({ a: 'other', b: 'bad', c: '' }));
    expect(fetched).toBe(0);
    expect(one.a).toBe('1');
    expect(two.a).toBe('OTHER');
    expect(one.b).toBe('2');
    expect(() => two.b).toThrow('b is bad');
  });

  it('shows no internals: Object.keys and JSON see nothing, and a field may be called raw or slots', () => {
    const prefixed = (p: string) =>
      fieldOf(
        vb.pipe(
          vb.string(),
          vb.transform((s) => `${p}=${s}`),
        ),
        {},
      );
    const read = fieldReader({ raw: prefixed('raw'), slots: prefixed('slots') }, 'json');
    const v = read(() => ({ raw: 'a', slots: 'b' }));
    expect(Object.keys(v)).toEqual([]);
    expect(JSON.stringify(v)).toBe('{}');
    expect(v.raw).toBe('raw=a');
    expect(v.slots).toBe('slots=b');
  });

  it('throws the parse error of a bad field on every read of it, and of any field declared after it; not of one before it', () => {
    const { read } = counting();
    const v = read(() => ({ a: 'ok', b: 'bad', c: 'fine' }));
    expect(() => v.b).toThrow(DevnetError);
    expect(() => v.b).toThrow('b is bad');
    expect(() => v.c).toThrow('b is bad');
    expect(v.a).toBe('OK');
  });
});
