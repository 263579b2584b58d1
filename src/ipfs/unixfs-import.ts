// Files -> UnixFS blocks laid out as `ipfs-car pack` lays them out, so the CIDs equal that tool's. This fixed-size,
// balanced, raw-leaf layout needs only dag-pb, multiformats and ipfs-unixfs (which the gateway loads anyway), not
// the much heavier @ipld/unixfs or ipfs-unixfs-importer.
import * as dagPb from '@ipld/dag-pb';
import { UnixFS } from 'ipfs-unixfs';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import type { BlockBatch } from './block-store.js';

/** Where imported blocks go (a store's batch). Awaited, so a slow sink slows the reader down. */
type BlockSink = Pick<BlockBatch, 'put'>;

/**
 * ipfs-car 3 (over @ipld/unixfs): raw leaves (also for a file of one chunk), fixed 1 MiB chunks, a
 * balanced DAG 1024 links wide, CIDv1 and sha2-256. test/unit/ipfs/unixfs-layout.test.ts checks
 * this code against @ipld/unixfs itself for small chunk sizes and widths, where trees get deep.
 */
export interface Layout {
  chunkSize: number;
  width: number;
}

export const IPFS_CAR_LAYOUT: Layout = { chunkSize: 1024 * 1024, width: 1024 };

export interface ImportedFile {
  /** The wrapping directory: what `ipfs-car pack FILE` prints. */
  root: CID;
  /** The file itself, inside the directory. */
  file: CID;
  size: number;
}

/** A block of the file's DAG as its parent links to it. */
interface Part {
  cid: CID;
  /** Bytes of file content below it (a `blocksizes` entry of the parent). */
  content: number;
  /** Bytes of all blocks below it, itself included (the link's `Tsize`). */
  dag: number;
}

async function putBlock(sink: BlockSink, code: number, bytes: Uint8Array): Promise<CID> {
  const cid = CID.createV1(code, await sha256.digest(bytes));
  await sink.put(cid, bytes);
  return cid;
}

/** One interior node over `parts`: a UnixFS file node whose links are unnamed, as @ipld/unixfs writes them. */
async function branch(parts: readonly Part[], sink: BlockSink): Promise<Part> {
  const content = parts.reduce((n, p) => n + p.content, 0);
  const bytes = dagPb.encode(
    dagPb.prepare({
      Data: new UnixFS({ type: 'file', blockSizes: parts.map((p) => BigInt(p.content)) }).marshal(),
      Links: parts.map((p) => ({ Hash: p.cid, Name: '', Tsize: p.dag })),
    }),
  );
  const cid = await putBlock(sink, dagPb.code, bytes);
  return { cid, content, dag: parts.reduce((n, p) => n + p.dag, bytes.length) };
}

/**
 * The balanced layout: leaves grouped `width` at a time into nodes, those nodes grouped the same
 * way, until one node is left. A file of one chunk is that raw leaf, an empty file an empty one.
 */
async function fileRoot(leaves: Part[], width: number, sink: BlockSink): Promise<Part> {
  if (leaves.length === 0) return { cid: await putBlock(sink, raw.code, new Uint8Array(0)), content: 0, dag: 0 };
  if (leaves.length === 1) return leaves[0]!;
  let level = leaves;
  do {
    const next: Part[] = [];
    for (let i = 0; i < level.length; i += width) next.push(await branch(level.slice(i, i + width), sink));
    level = next;
  } while (level.length > 1);
  return level[0]!;
}

/**
 * Imports one file wrapped in a directory under `name` (ipfs-car's default `--wrap`), reading
 * `chunks` once and writing each block to `sink` as soon as it is complete; only one chunk of
 * content and the leaves' CIDs are held.
 */
export async function importWrappedFile(
  name: string,
  chunks: AsyncIterable<Uint8Array>,
  sink: BlockSink,
  layout: Layout = IPFS_CAR_LAYOUT,
): Promise<ImportedFile> {
  const leaves: Part[] = [];
  let pending = new Uint8Array(layout.chunkSize);
  let filled = 0;
  let size = 0;
  const flushLeaf = async (): Promise<void> => {
    const bytes = pending.slice(0, filled);
    leaves.push({ cid: await putBlock(sink, raw.code, bytes), content: bytes.length, dag: bytes.length });
    filled = 0;
  };
  for await (const chunk of chunks) {
    size += chunk.length;
    let at = 0;
    while (at < chunk.length) {
      const take = Math.min(layout.chunkSize - filled, chunk.length - at);
      pending.set(chunk.subarray(at, at + take), filled);
      filled += take;
      at += take;
      if (filled === layout.chunkSize) await flushLeaf();
    }
  }
  if (filled > 0) await flushLeaf();
  pending = new Uint8Array(0);
  const file = await fileRoot(leaves, layout.width, sink);
  const dir = dagPb.encode(
    dagPb.prepare({ Data: new UnixFS({ type: 'directory' }).marshal(), Links: [{ Hash: file.cid, Name: name, Tsize: file.dag }] }),
  );
  const root = await putBlock(sink, dagPb.code, dir);
  return { root, file: file.cid, size };
}
