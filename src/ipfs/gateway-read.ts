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

function kindOf(e: UnixFSEntry): 'file' | 'directory' | undefined {
  if (e.type === 'directory') return 'directory';
  if (e.type === 'file' || e.type === 'raw' || e.type === 'identity') return 'file';
  return undefined;
}

/**
 * Resolves `cid/seg/seg...` over the store; undefined when a name or a block is missing. Serves
 * any stored CID (a removed file's bytes stay addressable, as on the real network).
 */
export async function readPath(store: BlockStore, cid: CID, segments: readonly string[]): Promise<GatewayEntry | undefined> {
  const blocks = {
    get: (c: CID): Uint8Array => {
      const b = store.get(c);
      if (!b) throw new MissingBlock(`block ${c} is not stored`);
      return b;
    },
  };
  let entry: UnixFSEntry;
  try {
    entry = await exporter([cid.toString(), ...segments].join('/'), blocks);
  } catch (e) {
    if (e instanceof MissingBlock || (e as { name?: string }).name === 'NotFoundError') return undefined;
    throw new ContentError(`cannot read ${cid}/${segments.join('/')}: ${(e as Error).message}`);
  }
  const kind = kindOf(entry);
  if (kind === 'file') {
    const file = entry;
    return { kind, cid: file.cid, name: segments[segments.length - 1] ?? '', size: file.size, content: () => file.content() as AsyncIterable<Uint8Array> };
  }
  if (kind !== 'directory' || entry.type !== 'directory') return undefined;
  const entries: DirectoryEntry[] = [];
  for await (const child of entry.content()) {
    const k = kindOf(child);
    if (k) entries.push({ name: child.name, cid: child.cid.toString(), type: k, size: k === 'file' ? Number(child.size) : null });
  }
  return { kind, cid: entry.cid, entries };
}
