// Storage endpoints: upload, list, remove; every refusal with its code, in the FAILED envelope, changing nothing.
import { describe, expect, it } from 'vitest';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { failedCode, testClient } from '../support/client.js';
import type { Reply, TestClient } from '../support/client.js';
import { carOf, fileForm, genesisProject, seededBytes, storagePath, upload } from '../support/storage-files.js';
import { FORM_LIMITS } from '../../src/http/multipart.js';

const MiB = 1024 * 1024;

async function newKey(c: TestClient): Promise<string> {
  return (await c.post('/_devnet/api-keys', {})).body.api_key;
}

/** Everything a refusal must leave alone: the state hash and the block store. */
function snapshot(c: TestClient): { hash: string; blocks: string[] } {
  return { hash: c.dn.devnet.stateHash(), blocks: [...c.dn.devnet.storage.blocks.keys()].sort() };
}

async function rawPost(
  c: TestClient,
  path: string,
  body: string | FormData | ReadableStream<Uint8Array>,
  headers: Record<string, string>,
): Promise<Reply> {
  // duplex 'half': required by undici for a stream body.
  const res = await c.dn.fetch(new Request('http://devnet.test' + path, { method: 'POST', headers, body, duplex: 'half' } as RequestInit));
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

/** A raw multipart body, for framing no FormData would produce. */
function multipart(parts: string[], close = true): { body: string; type: string } {
  const b = 'XbOuNdArY';
  return {
    body: parts.map((p) => `--${b}\r\n${p}\r\n`).join('') + (close ? `--${b}--\r\n` : ''),
    type: `multipart/form-data; boundary=${b}`,
  };
}

/** A body stream of `n` zero bytes wrapped as the `file` part, produced lazily (never held whole). */
function hugeUpload(n: number): { stream: ReadableStream<Uint8Array>; type: string } {
  const b = 'HuGeBoUnDaRy';
  const head = new TextEncoder().encode(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="huge.bin"\r\n\r\n`);
  const tail = new TextEncoder().encode(`\r\n--${b}--\r\n`);
  let sent = -1;
  const chunk = new Uint8Array(MiB);
  const stream = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (sent === -1) {
        ctl.enqueue(head);
        sent = 0;
        return;
      }
      if (sent >= n) {
        ctl.enqueue(tail);
        ctl.close();
        return;
      }
      const len = Math.min(MiB, n - sent);
      sent += len;
      ctl.enqueue(len === MiB ? chunk : chunk.subarray(0, len));
    },
  });
  return { stream, type: `multipart/form-data; boundary=${b}` };
}

describe('storage: upload, list, remove', () => {
  it('uploads a file (data {cid, endpoints}, no error_code) and lists it in the seed shape', async () => {
    const c = testClient();
    const p = await genesisProject(c);
    const r = await upload(c, p, fileForm('c.jpg', seededBytes(173604, 1)));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'OK',
      data: { cid: expect.stringMatching(/^bafybei[a-z2-7]{52}$/), endpoints: [expect.any(String)] },
      error: '',
    });
    const cid = r.body.data.cid;
    expect(r.body.data.endpoints).toEqual([`http://devnet.test/ipfs/${cid}/`]);
    const list = await c.get(storagePath(p), { 'x-api-key': c.apiKey });
    expect(list.body).toEqual({
      status: 'OK',
      error: '',
      data: {
        storages: {
          list: [
            {
              cid,
              filename: 'c.jpg',
              filesize: '173604',
              created_at: '2026-01-01T00:00:00.000000Z',
              endpoints: [`http://devnet.test/ipfs/${cid}/`],
            },
          ],
          total: 1,
          current_page: 1,
          page_size: '100',
          total_page: 1,
        },
      },
    });
    expect(c.dn.devnet.invariants()).toMatchObject({ ok: true, violations: [] });
  });

  it('paginates in upload order with limit and page; page_size is a string', async () => {
    const c = testClient();
    const p = await genesisProject(c);
    const cids: string[] = [];
    for (let i = 0; i < 5; i++) {
      cids.push((await upload(c, p, fileForm(`f${i}.txt`, seededBytes(100, i + 1)))).body.data.cid);
      await c.post('/_devnet/clock', { advance_seconds: 6 });
    }
    const page2 = (await c.get(`${storagePath(p)}?limit=2&page=2`, { 'x-api-key': c.apiKey })).body.data.storages;
    expect(page2).toMatchObject({ total: 5, current_page: 2, page_size: '2', total_page: 3 });
    expect(page2.list.map((f: { cid: string }) => f.cid)).toEqual(cids.slice(2, 4));
    expect(page2.list[0].created_at).toBe('2026-01-01T00:00:12.000000Z');
    expect(failedCode(await c.get(`${storagePath(p)}?limit=0`, { 'x-api-key': c.apiKey }))).toBe(19);
    expect(failedCode(await c.get(`${storagePath(p)}?page=x`, { 'x-api-key': c.apiKey }))).toBe(19);
  });

  it('remove hides a file from the list ("File removed."); its bytes stay addressable; re-upload lists it again', async () => {
    const c = testClient();
    const p = await genesisProject(c);
    const h = { 'x-api-key': c.apiKey };
    const { cid, endpoints } = (await upload(c, p, fileForm('a.txt', new TextEncoder().encode('hello')))).body.data;
    expect((await c.post(`${storagePath(p)}/remove`, { cid }, h)).body).toEqual({ status: 'OK', data: 'File removed.', error: '' });
    expect((await c.get(storagePath(p), h)).body.data.storages).toMatchObject({ list: [], total: 0, total_page: 0 });
    expect(await (await c.dn.fetch(new Request(endpoints[0] + 'a.txt'))).text()).toBe('hello');
    expect(failedCode(await c.post(`${storagePath(p)}/remove`, { cid }, h))).toBe(19);
    expect((await upload(c, p, fileForm('a.txt', new TextEncoder().encode('hello')))).body.data.cid).toBe(cid);
    expect((await c.get(storagePath(p), h)).body.data.storages.total).toBe(1);
    expect(c.dn.devnet.invariants().ok).toBe(true);
  });

  it("the same bytes twice in one project list once; in another key's project they list there too, stored once", async () => {
    const c = testClient();
    const p = await genesisProject(c);
    const bytes = seededBytes(2 * MiB + 5, 3);
    const first = (await upload(c, p, fileForm('x.bin', bytes))).body.data.cid;
    const blocks = [...c.dn.devnet.storage.blocks.keys()].length;
    expect((await upload(c, p, fileForm('x.bin', bytes))).body.data.cid).toBe(first);
    expect((await c.get(storagePath(p), { 'x-api-key': c.apiKey })).body.data.storages.total).toBe(1);
    const key = await newKey(c);
    const other = (await c.post('/v1/project', { project_name: 'Other' }, { 'x-api-key': key })).body.data.project_uuid;
    expect((await upload(c, other, fileForm('x.bin', bytes), key)).body.data.cid).toBe(first);
    expect([...c.dn.devnet.storage.blocks.keys()]).toHaveLength(blocks);
    expect((await c.get(storagePath(other), { 'x-api-key': key })).body.data.storages.list).toHaveLength(1);
  });

  it('the index is in the state hash; the same requests give the same hash', async () => {
    const run = async (): Promise<string> => {
      const c = testClient();
      const before = c.dn.devnet.stateHash();
      await upload(c, await genesisProject(c), fileForm('d.bin', seededBytes(1000, 7)));
      expect(c.dn.devnet.stateHash()).not.toBe(before);
      return c.dn.devnet.stateHash();
    };
    expect(await run()).toBe(await run());
  });

  it('GET /_devnet/invariants re-hashes stored blocks: a changed byte is a violation (docs/guarantees.md)', async () => {
    const c = testClient();
    const { cid } = (await upload(c, await genesisProject(c), fileForm('v.bin', seededBytes(3000, 4)))).body.data;
    expect((await c.get('/_devnet/invariants')).body).toMatchObject({ ok: true, violations: [] });
    const leaf = [...c.dn.devnet.storage.blocks.keys()].find((k) => k.startsWith('bafkrei'))!;
    c.dn.devnet.storage.blocks.get(CID.parse(leaf))![0]! ^= 1;
    const r = (await c.get('/_devnet/invariants')).body;
    expect(r.ok).toBe(false);
    expect(r.violations).toEqual([`stored file ${cid}: block ${leaf} no longer hashes to its CID`]);
  });

  it('a project removed while its upload streams: the upload is refused and nothing is kept', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.post('/v1/project', { project_name: 'Brief' }, h)).body.data.project_uuid;
    const b = 'SlOw';
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const enc = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(ctl) {
        ctl.enqueue(enc.encode(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="s.txt"\r\n\r\nfirst half `));
        await gate;
        ctl.enqueue(enc.encode(`second half\r\n--${b}--\r\n`));
        ctl.close();
      },
    });
    const before = snapshot(c);
    const pending = rawPost(c, storagePath(p), stream, { ...h, 'content-type': `multipart/form-data; boundary=${b}` });
    await new Promise((r) => setTimeout(r, 20));
    expect((await c.post('/v1/project/remove_project', { project_uuid: p }, h)).body.status).toBe('OK');
    const afterRemove = c.dn.devnet.stateHash();
    release();
    expect(failedCode(await pending)).toBe(19);
    expect(c.dn.devnet.stateHash()).toBe(afterRemove);
    expect(snapshot(c).blocks).toEqual(before.blocks);
  });

  it('ignores other multipart fields and takes the part named "file"', async () => {
    const c = testClient();
    const form = new FormData();
    form.append('note', 'hi');
    form.append('file', new Blob([new Uint8Array([1])]), 'one.bin');
    form.append('after', 'x');
    expect((await upload(c, await genesisProject(c), form)).body.status).toBe('OK');
  });
});

/** A raw multipart upload of these parts. */
function form(c: TestClient, p: string, parts: string[]): Promise<Reply> {
  const m = multipart(parts);
  return rawPost(c, storagePath(p), m.body, { 'x-api-key': c.apiKey, 'content-type': m.type });
}

/** An upload whose first part has this header block, then a valid file part. */
function hostile(c: TestClient, p: string, head: string): Promise<Reply> {
  return form(c, p, [`${head}\r\n\r\nx`, 'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc']);
}

describe('storage refusals change nothing', () => {
  it.each<[string, number, number, (c: TestClient, p: string) => Promise<Reply>]>([
    [
      'no file field',
      19,
      200,
      async (c, p) => {
        const f = new FormData();
        f.append('other', 'x');
        return upload(c, p, f);
      },
    ],
    ['a JSON body instead of multipart', 19, 200, (c, p) => c.post(storagePath(p), { file: 'x' }, { 'x-api-key': c.apiKey })],
    ['an empty file', 19, 200, (c, p) => upload(c, p, fileForm('empty.txt', new Uint8Array(0)))],
    [
      'a file part without a file name',
      19,
      200,
      async (c, p) => {
        const m = multipart(['Content-Disposition: form-data; name="file"\r\n\r\nabc']);
        return rawPost(c, storagePath(p), m.body, { 'x-api-key': c.apiKey, 'content-type': m.type });
      },
    ],
    [
      'a multipart body cut before its closing boundary',
      19,
      200,
      async (c, p) => {
        const m = multipart(['Content-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc'], false);
        return rawPost(c, storagePath(p), m.body.slice(0, -2), { 'x-api-key': c.apiKey, 'content-type': m.type });
      },
    ],
    ['a corrupt CAR', 19, 200, (c, p) => upload(c, p, fileForm('site.car', new TextEncoder().encode('not a car at all')))],
    [
      'a CAR whose block does not match its CID',
      19,
      200,
      async (c, p) => {
        const cid = CID.createV1(raw.code, await sha256.digest(new Uint8Array([1, 2, 3])));
        return upload(c, p, fileForm('bad.car', await carOf([{ cid, bytes: new Uint8Array([9, 9, 9]) }], [cid])));
      },
    ],
    [
      'a truncated CAR',
      19,
      200,
      async (c, p) => {
        const bytes = seededBytes(5000, 2);
        const cid = CID.createV1(raw.code, await sha256.digest(bytes));
        return upload(c, p, fileForm('cut.car', (await carOf([{ cid, bytes }], [cid])).subarray(0, 2000)));
      },
    ],
    ['an unknown project', 19, 200, (c) => upload(c, '00000000-0000-4000-8000-000000000000', fileForm('a.txt', new Uint8Array([1])))],
    ["another key's project", 19, 200, async (c, p) => upload(c, p, fileForm('a.txt', new Uint8Array([1])), await newKey(c))],
    ['no API key', 32, 401, (c, p) => rawPost(c, storagePath(p), fileForm('a.txt', new Uint8Array([1])), {})],
    ['an unknown API key', 32, 401, (c, p) => upload(c, p, fileForm('a.txt', new Uint8Array([1])), 'rk-nope')],
    [
      'a file over 100 MiB (measured while streaming)',
      19,
      413,
      async (c, p) => {
        const h = hugeUpload(100 * MiB + 1);
        return rawPost(c, storagePath(p), h.stream, { 'x-api-key': c.apiKey, 'content-type': h.type });
      },
    ],
    [
      'a declared Content-Length over the limit',
      19,
      413,
      (c, p) =>
        rawPost(c, storagePath(p), 'x', {
          'x-api-key': c.apiKey,
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(200 * MiB),
        }),
    ],
    [
      'a part header of 40,000 spaces (linear parsing, bounded headers)',
      19,
      200,
      (c, p) => hostile(c, p, `Content-Disposition: form-data; a${' '.repeat(40_000)}b`),
    ],
    [
      'a 16 KB Content-Type',
      19,
      200,
      (c, p) => hostile(c, p, `Content-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: ${'a;'.repeat(8_192)}`),
    ],
    [
      'a file name refused before the file is read, the file still arriving',
      19,
      200,
      (c, p) => {
        const m = multipart([`Content-Disposition: form-data; name="file"; filename="${'n'.repeat(300)}"\r\n\r\n${'x'.repeat(200_000)}`]);
        const pieces = [m.body.slice(0, 1_000), m.body.slice(1_000, 100_000), m.body.slice(100_000)].map((t) =>
          new TextEncoder().encode(t),
        );
        const stream = new ReadableStream<Uint8Array>({ pull: (ctl) => (pieces.length ? ctl.enqueue(pieces.shift()!) : ctl.close()) });
        return rawPost(c, storagePath(p), stream, { 'x-api-key': c.apiKey, 'content-type': m.type });
      },
    ],
    [
      'too many parts',
      19,
      200,
      (c, p) =>
        form(
          c,
          p,
          Array.from({ length: FORM_LIMITS.parts + 1 }, () => 'X-Nothing: 1\r\n\r\nx'),
        ),
    ],
    [
      'too many fields',
      19,
      200,
      (c, p) =>
        form(
          c,
          p,
          Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => `Content-Disposition: form-data; name="f${i}"\r\n\r\nv`),
        ),
    ],
    [
      'too many files',
      19,
      200,
      (c, p) =>
        form(
          c,
          p,
          Array.from({ length: FORM_LIMITS.files + 1 }, (_, i) => `Content-Disposition: form-data; name="file"; filename="f${i}"\r\n\r\nv`),
        ),
    ],
    [
      'a field too long',
      19,
      200,
      (c, p) =>
        form(c, p, [
          `Content-Disposition: form-data; name="note"\r\n\r\n${'v'.repeat(FORM_LIMITS.fieldSize + 1)}`,
          'Content-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc',
        ]),
    ],
    [
      'remove of an unknown CID',
      19,
      200,
      (c, p) =>
        c.post(
          `${storagePath(p)}/remove`,
          { cid: 'bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku' },
          { 'x-api-key': c.apiKey },
        ),
    ],
    [
      'remove of something that is not a CID',
      19,
      200,
      (c, p) => c.post(`${storagePath(p)}/remove`, { cid: 'hello' }, { 'x-api-key': c.apiKey }),
    ],
    ['remove without a cid', 19, 200, (c, p) => c.post(`${storagePath(p)}/remove`, {}, { 'x-api-key': c.apiKey })],
    ["listing another key's project", 19, 200, async (c, p) => c.get(storagePath(p), { 'x-api-key': await newKey(c) })],
  ])('%s: code %i, HTTP %i', async (name, code, status, act) => {
    const c = testClient();
    const p = await genesisProject(c);
    await upload(c, p, fileForm('kept.txt', new TextEncoder().encode('kept')));
    const before = snapshot(c);
    const r = await act(c, p);
    expect(failedCode(r)).toBe(code);
    expect(r.status).toBe(status);
    // Cases about keys create one (a state change of their own), so their hash is not compared.
    const after = snapshot(c);
    expect(after.blocks).toEqual(before.blocks);
    expect((await c.get(storagePath(p), { 'x-api-key': c.apiKey })).body.data.storages.total).toBe(1);
    if (!/key/.test(name)) expect(after.hash).toBe(before.hash);
  });

  it('in --error-status http mode a too-large upload is still 413', async () => {
    const c = testClient({ errorStatus: 'http' });
    const r = await rawPost(c, storagePath(await genesisProject(c)), 'x', {
      'x-api-key': c.apiKey,
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(200 * MiB),
    });
    expect(r.status).toBe(413);
  });

  it('a 400 KB part header is refused at once: a health check sent while it is in flight is answered (took seconds per request before)', async () => {
    const c = testClient();
    const p = await genesisProject(c);
    const upload = hostile(c, p, `Content-Disposition: form-data; a${' '.repeat(400_000)}b`);
    const health = c.get('/_devnet/health');
    const [r, h] = await Promise.all([upload, health]);
    expect(r.body).toMatchObject({
      status: 'FAILED',
      error_code: 19,
      error: expect.stringMatching(/malformed multipart body: malformed part header/),
    });
    expect(h.body.status).toBe('ok');
  }, 5_000);
});
