// Gateway reads: a CID plus a path -> a file's bytes (streamed) or a directory's listing.
import { exporter } from 'ipfs-unixfs-exporter';
import type { UnixFSEntry } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import type { BlockStore } from './block-store.js';
import { ContentError } from './content-error.js';

export interface DirectoryEntry {
  name: string;
  cid: string;
  type: 'file' | 'directory';
  /** Bytes of a file; null for a directory. */
  size: number | null;
}

export type GatewayEntry =
  | { kind: 'file'; cid: CID; name: string; size: bigint; content: () => AsyncIterable<Uint8Array> }
  | { kind: 'directory'; cid: CID; entries: DirectoryEntry[] };

class MissingBlock extends Error {}

const isFile = (e: UnixFSEntry): e is Extract<UnixFSEntry, { type: 'file' | 'raw' | 'identity' }> =>
  e.type === 'file' || e.type === 'raw' || e.type === 'identity';

/**
 * Resolves `cid/seg/seg...` over the store; undefined when a name or a block is missing. Serves
 * any stored CID (a removed file's bytes stay addressable, as on the real network).
 */
export async function readPath(store: BlockStore, cid: CID, segments: readonly string[]): Promise<GatewayEntry | undefined> {
  const blocks = {
    // The exporter (interface-blockstore 7) reads a block as a generator of byte runs; ours is one.
    *get(c: CID): Generator<Uint8Array> {
      const b = store.get(c);
      if (!b) throw new MissingBlock(`block ${c} is not stored`);
      yield b;
    },
  };
  const read = async (path: string): Promise<UnixFSEntry | undefined> => {
    try {
      return await exporter(path, blocks);
    } catch (e) {
      if (e instanceof MissingBlock || (e as { name?: string }).name === 'NotFoundError') return undefined;
      throw new ContentError(`cannot read ${path}: ${(e as Error).message}`);
    }
  };
  const entry = await read([cid.toString(), ...segments].join('/'));
  if (entry === undefined) return undefined;
  if (isFile(entry)) return { kind: 'file', cid: entry.cid, name: segments.at(-1) ?? '', size: entry.size, content: () => entry.content() };
  if (entry.type !== 'directory') return undefined;
  const entries: DirectoryEntry[] = [];
  // A directory's links name a CID and a DAG size only: each child is read for its kind and byte size.
  for await (const link of entry.entries()) {
    const child = await read(link.cid.toString());
    if (child === undefined || (!isFile(child) && child.type !== 'directory')) continue;
    const file = isFile(child);
    entries.push({ name: link.name, cid: link.cid.toString(), type: file ? 'file' : 'directory', size: file ? Number(child.size) : null });
  }
  return { kind: 'directory', cid: entry.cid, entries };
}
