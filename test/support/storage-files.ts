// Storage test helpers: deterministic bytes, multipart uploads through the in-process client, ipfs-car's CLI.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { CarWriter } from '@ipld/car/writer';
import type { CID } from 'multiformats/cid';
import type { UnknownLink } from 'multiformats/link';
import { toReply } from './client.js';
import type { Reply, TestClient } from './client.js';

const IPFS_CAR_BIN = fileURLToPath(new URL('../../node_modules/ipfs-car/bin.js', import.meta.url));

/** `n` bytes from a seeded xorshift32: the same bytes for the same (seed, n), different per seed. */
export function seededBytes(n: number, seed = 1): Uint8Array {
  const out = new Uint8Array(n);
  let x = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

/** `ipfs-car pack PATH --output OUT` run in `cwd`; returns the root CID the tool prints. */
export async function ipfsCarPack(cwd: string, path: string, out: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [IPFS_CAR_BIN, 'pack', path, '--output', out], { cwd });
  return stdout.trim();
}

export function storagePath(project: string): string {
  return `/v1/project/${project}/storage`;
}

/** POST a multipart body built by the platform's FormData (as a browser or undici would send it). */
export async function upload(c: TestClient, project: string, form: FormData, key = c.apiKey): Promise<Reply> {
  return toReply(
    await c.dn.fetch(
      new Request('http://devnet.test' + storagePath(project), { method: 'POST', headers: { 'x-api-key': key }, body: form }),
    ),
  );
}

/** POST /v1/project/contract/{uuid}/metadata with `fields` (text) and an optional `media` file, as a browser's FormData sends them. */
export async function uploadMetadata(
  c: TestClient,
  contractUuid: string,
  fields: Record<string, string>,
  media?: { name: string; bytes: Uint8Array; type?: string },
  key = c.apiKey,
): Promise<Reply> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (media) form.set('media', new Blob([media.bytes as Uint8Array<ArrayBuffer>], { type: media.type ?? 'image/png' }), media.name);
  const url = `http://devnet.test/v1/project/contract/${contractUuid}/metadata`;
  return toReply(await c.dn.fetch(new Request(url, { method: 'POST', headers: { 'x-api-key': key }, body: form })));
}

/** A CAR file (v1) of the given blocks and roots. */
export async function carOf(
  blocks: ReadonlyArray<{ cid: CID | UnknownLink; bytes: Uint8Array }>,
  roots: ReadonlyArray<CID | UnknownLink>,
): Promise<Uint8Array> {
  const { writer, out } = CarWriter.create(roots as never);
  const parts: Uint8Array[] = [];
  const done = (async () => {
    for await (const p of out) parts.push(p);
  })();
  for (const b of blocks) await writer.put(b as never);
  await writer.close();
  await done;
  return Buffer.concat(parts);
}

export function fileForm(name: string, bytes: Uint8Array, type?: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([bytes], type ? { type } : {}), name);
  return form;
}

/** The genesis project of the genesis key. */
export async function genesisProject(c: TestClient): Promise<string> {
  return (await c.get('/v1/project', { 'x-api-key': c.apiKey })).body.data[0].project_uuid;
}
