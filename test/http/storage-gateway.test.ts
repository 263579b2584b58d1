// The built-in gateway: endpoint URLs, file paths, directory listings, content types, 404s; over a real socket too.
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirectoryBlockStore, startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { importWrappedFile } from '../../src/ipfs/unixfs-import.js';
import * as UnixFS from '@ipld/unixfs';
import { CID } from 'multiformats/cid';
import { IPFS_CAR_SETTINGS } from '../support/ipfs-car-settings.js';
import { failedCode, testClient } from '../support/client.js';
import { carOf, fileForm, genesisProject, seededBytes, storagePath, upload } from '../support/storage-files.js';

const running: RunningDevnet[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(running.map((r) => r.close()));
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

async function get(c: ReturnType<typeof testClient>, url: string): Promise<Response> {
  return c.dn.fetch(new Request(url));
}

/** A CAR of a small site (index.html, data/info.json, img/pixel.png, notes) packed with ipfs-car's settings. */
async function siteCar(): Promise<Uint8Array> {
  const { readable, writable } = new TransformStream<UnixFS.Block, UnixFS.Block>();
  const blocks: UnixFS.Block[] = [];
  const collected = (async () => {
    for await (const b of readable as unknown as AsyncIterable<UnixFS.Block>) blocks.push(b);
  })();
  const fs = UnixFS.createWriter({ writable, settings: IPFS_CAR_SETTINGS });
  const file = async (bytes: Uint8Array) => {
    const w = fs.createFileWriter();
    await w.write(bytes);
    return w.close();
  };
  const data = fs.createDirectoryWriter();
  data.set('info.json', await file(text('{"a":1}')));
  const img = fs.createDirectoryWriter();
  img.set('pixel.png', await file(seededBytes(70, 3)));
  const root = fs.createDirectoryWriter();
  root.set('index.html', await file(text('<h1>hi</h1>')));
  root.set('data', await data.close());
  root.set('img', await img.close());
  root.set('notes', await file(text('no extension')));
  const link = await root.close();
  await fs.close();
  await collected;
  // @ipld/unixfs has its own multiformats: its CIDs are read back as ours.
  return carOf(
    blocks.map((b) => ({ cid: CID.decode(b.cid.bytes), bytes: b.bytes })),
    [CID.decode(link.cid.bytes)],
  );
}

describe('gateway', () => {
  it('the endpoint URL lists the wrapping directory; the file path serves the bytes with a content type', async () => {
    const c = testClient();
    const bytes = seededBytes(2 * 1024 * 1024 + 3, 5);
    const r = (await upload(c, await genesisProject(c), fileForm('photo.JPG', bytes))).body.data;
    const listing = await get(c, r.endpoints[0]);
    expect(listing.status).toBe(200);
    expect(listing.headers.get('content-type')).toContain('application/json');
    const { file } = await importWrappedFile(
      'photo.JPG',
      (async function* () {
        yield bytes;
      })(),
      { put: async () => {} },
    );
    expect((await listing.json()) as any).toEqual({
      cid: r.cid,
      path: `/ipfs/${r.cid}`,
      entries: [{ name: 'photo.JPG', cid: file.toString(), type: 'file', size: bytes.length }],
    });
    const f = await get(c, r.endpoints[0] + 'photo.JPG');
    expect(f.status).toBe(200);
    expect(f.headers.get('content-type')).toBe('image/jpeg');
    expect(f.headers.get('content-length')).toBe(String(bytes.length));
    expect(f.headers.get('etag')).toBe(`"${file}"`);
    expect(Buffer.from(await f.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    // The file's own CID is addressable too, as on any gateway.
    expect((await get(c, `http://devnet.test/ipfs/${file}`)).headers.get('content-length')).toBe(String(bytes.length));
  });

  it('a CAR directory: nested listings, content types by extension, octet-stream without one, percent-encoded names', async () => {
    const c = testClient();
    const { cid, endpoints } = (await upload(c, await genesisProject(c), fileForm('site.car', await siteCar()))).body.data;
    const root = (await (await get(c, endpoints[0])).json()) as any;
    expect(root.entries.map((e: { name: string; type: string }) => `${e.name}:${e.type}`).sort()).toEqual([
      'data:directory',
      'img:directory',
      'index.html:file',
      'notes:file',
    ]);
    expect(((await (await get(c, `${endpoints[0]}img`)).json()) as any).entries).toEqual([
      { name: 'pixel.png', cid: expect.any(String), type: 'file', size: 70 },
    ]);
    const types: Array<[string, string]> = [
      ['index.html', 'text/html; charset=utf-8'],
      ['data/info.json', 'application/json'],
      ['img/pixel.png', 'image/png'],
      ['notes', 'application/octet-stream'],
    ];
    for (const [path, type] of types) {
      const res = await get(c, `http://devnet.test/ipfs/${cid}/${path}`);
      expect([path, res.status, res.headers.get('content-type')]).toEqual([path, 200, type]);
    }
    expect(await (await get(c, `http://devnet.test/ipfs/${cid}/data/info%2Ejson`)).text()).toBe('{"a":1}');
  });

  it.each<[string, string, number]>([
    ['a missing path', '/missing.txt', 404],
    ['a path below a file', '/kept.txt/deeper', 404],
  ])('%s (%s) answers %i with a FAILED envelope', async (_n, suffix, status) => {
    const c = testClient();
    const { cid } = (await upload(c, await genesisProject(c), fileForm('kept.txt', text('kept')))).body.data;
    const res = await get(c, `http://devnet.test/ipfs/${cid}${suffix}`);
    const body = (await res.json()) as any;
    expect(res.status).toBe(status);
    expect(body).toMatchObject({ status: 'FAILED', data: null, error_code: 19 });
  });

  it('an unknown CID is 404, a malformed one 400, both FAILED', async () => {
    const c = testClient();
    const unknown = await get(c, 'http://devnet.test/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku');
    expect(unknown.status).toBe(404);
    expect(failedCode({ status: 404, body: (await unknown.json()) as any, text: '' })).toBe(19);
    const bad = await get(c, 'http://devnet.test/ipfs/not-a-cid/x');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error).toMatch(/cid must be a CID/);
  });

  it('endpoints use a configured gateway URL (trailing slash dropped)', async () => {
    const c = testClient({ gatewayUrl: 'https://gw.example/' });
    const r = await upload(c, await genesisProject(c), fileForm('a.txt', text('a')));
    expect(r.body.data.endpoints).toEqual([`https://gw.example/ipfs/${r.body.data.cid}/`]);
  });
});

describe('gateway over a real socket', () => {
  it('every endpoint URL works: upload with fetch + FormData, then GET the URL it returned', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-gw-'));
    dirs.push(dir);
    const net = await startDevnet({ port: 0, blockStore: new DirectoryBlockStore(dir) });
    running.push(net);
    const key = net.devnet.accounts().api_keys[0]!;
    const p = ((await (await fetch(`${net.url}/v1/project`, { headers: { 'x-api-key': key } })).json()) as any).data[0].project_uuid;
    const bytes = seededBytes(1_500_000, 11);
    const up = (await (
      await fetch(net.url + storagePath(p), { method: 'POST', headers: { 'x-api-key': key }, body: fileForm('clip.mp4', bytes) })
    ).json()) as any;
    expect(up.data.endpoints).toEqual([`${net.url}/ipfs/${up.data.cid}/`]);
    const res = await fetch(`${up.data.endpoints[0]}clip.mp4`);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
    expect(net.devnet.invariants().ok).toBe(true);
  });

  it('refuses a declared length over 100 MiB with 413 before reading the body', async () => {
    const net = await startDevnet({ port: 0 });
    running.push(net);
    const key = net.devnet.accounts().api_keys[0]!;
    const p = ((await (await fetch(`${net.url}/v1/project`, { headers: { 'x-api-key': key } })).json()) as any).data[0].project_uuid;
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        net.url + storagePath(p),
        {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(120 * 1024 * 1024) },
        },
        (res) => {
          let b = '';
          res.on('data', (d) => (b += d));
          res.on('end', () => resolve({ status: res.statusCode!, body: b }));
        },
      );
      req.on('error', reject);
      req.write('--b\r\n');
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ status: 'FAILED', data: null, error_code: 19 });
  });
});
