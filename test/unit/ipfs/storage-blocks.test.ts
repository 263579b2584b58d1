// Block stores (memory and directory) and CAR import: dedup, staged batches, verification of every block.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CarWriter } from '@ipld/car/writer';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterEach, describe, expect, it } from 'vitest';
import { DirectoryBlockStore } from '../../../src/ipfs/block-dir.js';
import { MemoryBlockStore } from '../../../src/ipfs/block-store.js';
import type { BlockStore } from '../../../src/ipfs/block-store.js';
import { importCar } from '../../../src/ipfs/car-import.js';
import { ContentError } from '../../../src/ipfs/content-error.js';
import { dagViolations } from '../../../src/ipfs/dag-check.js';
import { importWrappedFile } from '../../../src/ipfs/unixfs-import.js';
import { seededBytes } from '../../support/storage-files.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'l2-devnet-blocks-'));
  dirs.push(d);
  return d;
}

async function rawBlock(bytes: Uint8Array): Promise<{ cid: CID; bytes: Uint8Array }> {
  return { cid: CID.createV1(raw.code, await sha256.digest(bytes)), bytes };
}

async function* chunks(bytes: Uint8Array, size = 1000): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** A CAR of the given blocks (header roots as given) as one byte array. */
async function carBytes(roots: CID[], blocks: Array<{ cid: CID; bytes: Uint8Array }>): Promise<Uint8Array> {
  // `as never`: @ipld/car types CIDs of its own nested multiformats copy; at run time they are the same.
  const { writer, out } = CarWriter.create(roots as never);
  const parts: Uint8Array[] = [];
  const collected = (async () => {
    for await (const p of out) parts.push(p);
  })();
  for (const b of blocks) await writer.put(b as never);
  await writer.close();
  await collected;
  return Buffer.concat(parts);
}

/** A file packed the way ipfs-car does, as a CAR with the root in the header. */
async function packedFile(name: string, bytes: Uint8Array): Promise<{ root: CID; car: Uint8Array; blocks: number }> {
  const blocks: Array<{ cid: CID; bytes: Uint8Array }> = [];
  const { root } = await importWrappedFile(name, chunks(bytes), { put: async (cid, b) => void blocks.push({ cid, bytes: b }) });
  return { root, car: await carBytes([root], blocks), blocks: blocks.length };
}

describe.each<[string, () => BlockStore]>([
  ['memory', () => new MemoryBlockStore()],
  ['directory', () => new DirectoryBlockStore(tempDir())],
])('%s block store', (_name, make) => {
  it('get/has by CID, deduplicated, v0 and v1 of one block under one key', async () => {
    const store = make();
    const b = await rawBlock(new Uint8Array([1, 2, 3]));
    expect(store.has(b.cid)).toBe(false);
    for (let i = 0; i < 2; i++) {
      const batch = store.batch();
      await batch.put(b.cid, b.bytes);
      await batch.commit();
    }
    expect(store.has(b.cid)).toBe(true);
    expect([...store.get(b.cid)!]).toEqual([1, 2, 3]);
    expect([...store.keys()]).toEqual([b.cid.toString()]);
  });

  it('a batch is invisible until commit and leaves nothing behind on abort', async () => {
    const store = make();
    const a = await rawBlock(seededBytes(10, 1));
    const b = await rawBlock(seededBytes(10, 2));
    const aborted = store.batch();
    await aborted.put(a.cid, a.bytes);
    expect(aborted.has(a.cid)).toBe(true);
    expect(store.has(a.cid)).toBe(false);
    await aborted.abort();
    expect([...store.keys()]).toEqual([]);
    const kept = store.batch();
    await kept.put(b.cid, b.bytes);
    expect(kept.get(b.cid)).toEqual(b.bytes);
    await kept.commit();
    expect(store.get(b.cid)).toEqual(b.bytes);
  });
});

describe('directory block store on disk', () => {
  it('one file per block under blocks/, temp files gone after commit and abort, stray temps removed by the first write after a start', async () => {
    const dir = tempDir();
    const store = new DirectoryBlockStore(dir);
    const { car } = await packedFile('x.bin', seededBytes(2_500_000, 3));
    const batch = store.batch();
    const { root } = await importCar(chunks(car, 65_536), batch);
    expect(readdirSync(join(dir, 'blocks'))).toEqual([]);
    await batch.commit();
    expect(readdirSync(join(dir, 'blocks')).sort()).toEqual([...store.keys()].sort());
    // 2.5 MB: three 1 MiB-max leaves, the file node, the wrapping directory.
    expect(readdirSync(join(dir, 'blocks'))).toHaveLength(5);
    expect(readdirSync(join(dir, 'blocks-tmp'))).toEqual([]);
    writeFileSync(join(dir, 'blocks-tmp', 'stray'), 'x');
    const reopened = new DirectoryBlockStore(dir);
    // Opening writes nothing (a start refused after reading the dir must change no file)...
    expect(readdirSync(join(dir, 'blocks-tmp'))).toEqual(['stray']);
    expect(dagViolations(reopened, [root.toString()])).toEqual([]);
    expect(existsSync(join(dir, 'blocks', root.toString()))).toBe(true);
    // ...and the first write clears what an earlier process left.
    const other = (await packedFile('y.bin', seededBytes(10, 4))).car;
    const second = reopened.batch();
    await importCar(chunks(other, 65_536), second);
    await second.commit();
    expect(readdirSync(join(dir, 'blocks-tmp'))).toEqual([]);
  });
});

describe('CAR import', () => {
  it('stores every block of a valid CAR and returns its root', async () => {
    const store = new MemoryBlockStore();
    const { root, car, blocks } = await packedFile('a.bin', seededBytes(3_000_000, 4));
    const batch = store.batch();
    expect((await importCar(chunks(car, 4096), batch)).root.equals(root)).toBe(true);
    await batch.commit();
    expect([...store.keys()]).toHaveLength(blocks);
    expect(dagViolations(store, [root.toString()])).toEqual([]);
  });

  it('without a root in the header, the last block is the root (ipfs-car pack to stdout)', async () => {
    const b1 = await rawBlock(seededBytes(5, 1));
    const b2 = await rawBlock(seededBytes(5, 2));
    const got = await importCar(chunks(await carBytes([], [b1, b2])), new MemoryBlockStore().batch());
    expect(got.root.equals(b2.cid)).toBe(true);
  });

  const refusals: Array<[string, () => Promise<Uint8Array>, RegExp]> = [
    ['not a CAR at all', async () => new TextEncoder().encode('hello, this is text'), /not a CAR/],
    [
      'a block whose bytes do not match its CID',
      async () => {
        const b = await rawBlock(seededBytes(50, 1));
        return carBytes([b.cid], [{ cid: b.cid, bytes: seededBytes(50, 2) }]);
      },
      /does not match its CID/,
    ],
    [
      'a corrupted byte inside a block',
      async () => {
        const { car } = await packedFile('c.bin', seededBytes(5000, 5));
        const bad = Uint8Array.from(car);
        bad[bad.length - 100]! ^= 0xff;
        return bad;
      },
      /does not match its CID|malformed/,
    ],
    ['a truncated CAR', async () => (await packedFile('t.bin', seededBytes(5000, 6))).car.subarray(0, 3000), /truncated/],
    [
      'a root whose DAG is incomplete',
      async () => {
        const blocks: Array<{ cid: CID; bytes: Uint8Array }> = [];
        const { root } = await importWrappedFile('big.bin', chunks(seededBytes(2_200_000, 7)), {
          put: async (cid, b) => void blocks.push({ cid, bytes: b }),
        });
        return carBytes([root], blocks.slice(1));
      },
      /not in the CAR/,
    ],
    [
      'two roots',
      async () => {
        const a = await rawBlock(seededBytes(5, 1));
        const b = await rawBlock(seededBytes(5, 2));
        return carBytes([a.cid, b.cid], [a, b]);
      },
      /2 roots/,
    ],
  ];
  it.each(refusals)('refuses %s and stages nothing', async (_n, make, message) => {
    const store = new MemoryBlockStore();
    const batch = store.batch();
    const err = await importCar(chunks(await make()), batch).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ContentError);
    expect((err as Error).message).toMatch(message);
    await batch.abort();
    expect([...store.keys()]).toEqual([]);
  });
});

describe('DAG re-verification (docs/guarantees.md)', () => {
  it('reports a missing block and a block whose bytes changed', async () => {
    const store = new MemoryBlockStore();
    const { root, car } = await packedFile('v.bin', seededBytes(2_200_000, 8));
    const batch = store.batch();
    await importCar(chunks(car), batch);
    await batch.commit();
    expect(dagViolations(store, [root.toString()])).toEqual([]);
    const leaf = [...store.keys()].find((k) => k.startsWith('bafkrei'))!;
    store.get(CID.parse(leaf))![0]! ^= 1;
    expect(dagViolations(store, [root.toString()])).toEqual([expect.stringMatching(/no longer hashes to its CID/)]);
    expect(dagViolations(new MemoryBlockStore(), [root.toString()])).toEqual([expect.stringMatching(/missing/)]);
  });
});
