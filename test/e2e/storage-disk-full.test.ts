// Uploads on a full disk: a 4 MiB tmpfs holds the state directory of a spawned CLI. An upload that does
// not fit answers FAILED with HTTP 507, stores and lists nothing, and the process lives on (before, an
// unhandled ENOSPC rejection in the block store ended it). Needs root to mount; otherwise it says why it skips.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { live, startCli } from '../support/cli.js';
import type { Cli } from '../support/cli.js';
import { carOf, seededBytes } from '../support/storage-files.js';

const MiB = 1024 * 1024;

/** A 4 MiB tmpfs, or why there cannot be one here. */
function smallTmpfs(): { dir: string } | { skip: string } {
  if (process.platform !== 'linux') return { skip: 'tmpfs mounts need Linux' };
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { skip: 'mounting a tmpfs needs root (CI runs as root)' };
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-full-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return { skip: `mount -t tmpfs failed (${(r.stderr || r.error?.message || '').trim()}): no privilege to mount here` };
  }
  return { dir };
}

const fs = smallTmpfs();
if ('skip' in fs) console.warn(`disk-full upload test skipped: ${fs.skip}`);

describe.skipIf('skip' in fs)('uploads on a full disk (tmpfs of 4 MiB)', () => {
  const dir = (fs as { dir: string }).dir;
  const state = join(dir, 'state');
  let cli: Cli;
  let url: string;
  let key: string;
  let project: string;

  const send = async (name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${url}/v1/project/${project}/storage`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    return { status: res.status, body: (await res.json()) as any };
  };
  const listed = async () =>
    ((await (await fetch(`${url}/v1/project/${project}/storage`, { headers: { 'x-api-key': key } })).json()) as any).data.storages.list.map(
      (f: { filename: string }) => f.filename,
    );

  beforeAll(async () => {
    mkdirSync(state);
    cli = startCli(['--port', '0', '--log', 'silent', '--state', state]);
    url = (await cli.ready).json.url as string;
    key = ((await (await fetch(`${url}/_devnet/accounts`)).json()) as { api_keys: string[] }).api_keys[0]!;
    project = ((await (await fetch(`${url}/v1/project`, { headers: { 'x-api-key': key } })).json()) as any).data[0].project_uuid;
  });

  afterAll(async () => {
    if (cli && live.has(cli.child)) {
      cli.child.kill('SIGTERM');
      await cli.exited;
    }
    spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a file that does not fit: 507 with code 500, nothing listed, no temp file left, the process alive', async () => {
    const r = await send('big.bin', seededBytes(8 * MiB, 11));
    expect(r.status).toBe(507);
    expect(r.body).toMatchObject({ status: 'FAILED', data: null, error_code: 500 });
    expect(r.body.error).toMatch(/^the disk is full \(ENOSPC/);
    expect(live.has(cli.child)).toBe(true);
    expect(((await (await fetch(`${url}/_devnet/health`)).json()) as { status: string }).status).toBe('ok');
    expect(await listed()).toEqual([]);
    expect(readdirSync(join(state, 'blocks-tmp'))).toEqual([]);
    const inv = (await (await fetch(`${url}/_devnet/invariants`)).json()) as { ok: boolean };
    expect(inv.ok).toBe(true);
  });

  it('a CAR that does not fit: 507 too', async () => {
    const blocks = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async (i) => {
        const bytes = seededBytes(MiB, 100 + i);
        return { cid: CID.createV1(raw.code, await sha256.digest(bytes)), bytes };
      }),
    );
    const car = await carOf(blocks, [blocks[5]!.cid]);
    const r = await send('big.car', car);
    expect(r.status).toBe(507);
    expect(r.body.error_code).toBe(500);
    expect(live.has(cli.child)).toBe(true);
    expect(readdirSync(join(state, 'blocks-tmp'))).toEqual([]);
  });

  it('then a file that fits is stored and served, and the directory restarts with it', async () => {
    const small = seededBytes(200_000, 12);
    const r = await send('small.bin', small);
    expect(r.status).toBe(200);
    expect(await listed()).toEqual(['small.bin']);
    const served = new Uint8Array(await (await fetch(`${r.body.data.endpoints[0]}small.bin`)).arrayBuffer());
    expect(served).toEqual(small);
    cli.child.kill('SIGTERM');
    expect((await cli.exited).code).toBe(0);
    cli = startCli(['--port', '0', '--log', 'silent', '--state', state]);
    url = (await cli.ready).json.url as string;
    expect(await listed()).toEqual(['small.bin']);
  });
});
