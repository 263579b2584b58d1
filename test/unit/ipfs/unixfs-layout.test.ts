// The emulator's UnixFS importer against @ipld/unixfs (what ipfs-car runs), with small chunks and narrow
// trees so that files of a few bytes already need two and three levels of branches.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as UnixFS from '@ipld/unixfs';
import { importWrappedFile } from '../../../src/ipfs/unixfs-import.js';
import { ipfsCarSettings } from '../../support/ipfs-car-settings.js';
import { seededBytes } from '../../support/storage-files.js';

/** Root and file CIDs and every block, as @ipld/unixfs writes them for `name` wrapped in a directory. */
async function reference(name: string, bytes: Uint8Array, chunkSize: number, width: number) {
  const { readable, writable } = new TransformStream<UnixFS.Block, UnixFS.Block>();
  const blocks = new Map<string, string>();
  const collected = (async () => {
    for await (const b of readable as unknown as AsyncIterable<UnixFS.Block>)
      blocks.set(b.cid.toString(), Buffer.from(b.bytes).toString('hex'));
  })();
  const fs = UnixFS.createWriter({ writable, settings: ipfsCarSettings(chunkSize, width) });
  const w = fs.createFileWriter();
  if (bytes.length > 0) await w.write(bytes);
  const file = await w.close();
  const dir = fs.createDirectoryWriter();
  dir.set(name, file);
  const root = await dir.close();
  await fs.close();
  await collected;
  return { root: root.cid.toString(), file: file.cid.toString(), blocks };
}

async function mine(name: string, bytes: Uint8Array, chunkSize: number, width: number, slice: number) {
  const blocks = new Map<string, string>();
  async function* pieces() {
    for (let i = 0; i < bytes.length; i += slice) yield bytes.subarray(i, i + slice);
  }
  const got = await importWrappedFile(
    name,
    pieces(),
    { put: async (cid, b) => void blocks.set(cid.toString(), Buffer.from(b).toString('hex')) },
    { chunkSize, width },
  );
  return { root: got.root.toString(), file: got.file.toString(), blocks, size: got.size };
}

describe('UnixFS import = @ipld/unixfs with the same chunk size and width', () => {
  it.each([
    // [bytes, chunk size, width]: one leaf, one branch, a full branch, two levels, three levels, an empty file
    [1, 4, 2],
    [4, 4, 2],
    [5, 4, 2],
    [8, 4, 2],
    [9, 4, 2],
    [17, 4, 2],
    [33, 4, 2],
    [64, 4, 2],
    [65, 4, 3],
    [100, 3, 3],
    [0, 4, 2],
    [1000, 7, 5],
  ])('%i bytes, %i-byte chunks, %i wide: same CIDs, same blocks', async (n, chunkSize, width) => {
    const bytes = seededBytes(n, n + 1);
    const want = await reference('f.bin', bytes, chunkSize, width);
    const got = await mine('f.bin', bytes, chunkSize, width, 3);
    expect({ root: got.root, file: got.file }).toEqual({ root: want.root, file: want.file });
    expect(got.blocks).toEqual(want.blocks);
    expect(got.size).toBe(n);
  });

  it('for any size, chunking, width, input slicing and name', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 1, max: 50 }),
        fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('/')),
        async (n, chunkSize, width, slice, name) => {
          const bytes = seededBytes(n, chunkSize * 31 + width);
          const want = await reference(name, bytes, chunkSize, width);
          const got = await mine(name, bytes, chunkSize, width, slice);
          expect(got.blocks).toEqual(want.blocks);
          expect(got.root).toBe(want.root);
        },
      ),
      { numRuns: 60 },
    );
  });
});
