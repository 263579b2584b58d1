// CIDs equal what `ipfs-car pack` prints for the same bytes: files of several sizes, and a packed directory.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWrappedFile } from '../../../src/ipfs/unixfs-import.js';
import { testClient } from '../../support/client.js';
import { fileForm, genesisProject, ipfsCarPack, seededBytes, upload } from '../../support/storage-files.js';

const FILES: ReadonlyArray<[string, number]> = [
  ['empty.bin', 0],
  ['one.bin', 1],
  ['300k.jpg', 300 * 1024],
  ['3m.bin', 3 * 1024 * 1024],
];

let dir: string;
/** name -> root CID printed by ipfs-car. */
const expected = new Map<string, string>();

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  // Odd slices, so chunk boundaries of the input differ from the 1 MiB chunker's.
  for (let i = 0; i < bytes.length; i += 70_001) yield bytes.subarray(i, i + 70_001);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'l2-devnet-cids-'));
  FILES.forEach(([name, size], i) => writeFileSync(join(dir, name), seededBytes(size, i + 1)));
  // A nested directory: files at three depths, one big enough to have several leaves.
  const site = join(dir, 'site');
  mkdirSync(join(site, 'css'), { recursive: true });
  mkdirSync(join(site, 'deep', 'er'), { recursive: true });
  writeFileSync(join(site, 'index.html'), '<h1>hello</h1>\n');
  writeFileSync(join(site, 'css', 'a.css'), 'h1 { color: red }\n');
  writeFileSync(join(site, 'deep', 'er', 'big.bin'), seededBytes(2 * 1024 * 1024 + 17, 9));
  const packs = [...FILES.map(([name]) => [name, name] as const), ['site', 'site'] as const];
  const cids = await Promise.all(packs.map(([name, path]) => ipfsCarPack(dir, path, `${name}.car`)));
  packs.forEach(([name], i) => expected.set(name, cids[i]!));
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('CIDs equal ipfs-car pack', () => {
  it.each(FILES)('%s (%i bytes) imported directly', async (name, size) => {
    const bytes = readFileSync(join(dir, name));
    expect(bytes.length).toBe(size);
    const got = await importWrappedFile(name, once(bytes), { put: async () => {} });
    expect(got.root.toString()).toBe(expected.get(name));
    expect(got.size).toBe(size);
  });

  it.each(FILES.filter(([, size]) => size > 0))('%s (%i bytes) uploaded over HTTP', async (name) => {
    const c = testClient();
    const r = await upload(c, await genesisProject(c), fileForm(name, readFileSync(join(dir, name))));
    expect(r.body.status).toBe('OK');
    expect(r.body.data.cid).toBe(expected.get(name));
  });

  it('a nested directory packed as a CAR keeps the root ipfs-car printed', async () => {
    const c = testClient();
    const r = await upload(c, await genesisProject(c), fileForm('site.car', readFileSync(join(dir, 'site.car'))));
    expect(r.body.status).toBe('OK');
    expect(r.body.data.cid).toBe(expected.get('site'));
    // The CAR's blocks are served: a file two levels down comes back byte for byte.
    const big = await c.dn.fetch(new Request(`${r.body.data.endpoints[0]}deep/er/big.bin`));
    expect(Buffer.from(await big.arrayBuffer()).equals(readFileSync(join(dir, 'site', 'deep', 'er', 'big.bin')))).toBe(true);
  });

  it('ipfs-car CARs of single files upload to the same CID as the file itself', async () => {
    const c = testClient();
    const r = await upload(c, await genesisProject(c), fileForm('one.bin.car', readFileSync(join(dir, 'one.bin.car'))));
    expect(r.body.data.cid).toBe(expected.get('one.bin'));
  });
});
