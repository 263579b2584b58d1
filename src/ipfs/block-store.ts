// The block store: content-addressed bytes by CID (get/has), deduplicated, written in staged batches.
import type { CID } from 'multiformats/cid';
import { canonicalCid } from './cid-form.js';

/**
 * Blocks keyed by CID. Reads are synchronous so the invariant check and the gateway can use them
 * without turning every caller async; writes (a batch's) are async so a directory store can stream to disk.
 * A batch's `put` trusts its caller: blocks reach a store only after being hashed (import) or verified (CAR).
 */
export interface BlockStore {
  has(cid: CID): boolean;
  get(cid: CID): Uint8Array | undefined;
  /** A batch whose blocks become visible together on commit, or never (abort). */
  batch(): BlockBatch;
  /** Every stored CID key (for tools and tests; order unspecified). */
  keys(): Iterable<string>;
}

/** The staging area of one upload: a refused upload leaves the store exactly as it was. */
export interface BlockBatch {
  put(cid: CID, bytes: Uint8Array): Promise<void>;
  /** True when the block is in this batch or already in the store. */
  has(cid: CID): boolean;
  /** A block of this batch or of the store. */
  get(cid: CID): Uint8Array | undefined;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** Blocks in a Map: the default store (state in memory). */
export class MemoryBlockStore implements BlockStore {
  private readonly blocks = new Map<string, Uint8Array>();

  has(cid: CID): boolean {
    return this.blocks.has(canonicalCid(cid));
  }

  get(cid: CID): Uint8Array | undefined {
    return this.blocks.get(canonicalCid(cid));
  }

  keys(): Iterable<string> {
    return this.blocks.keys();
  }

  batch(): BlockBatch {
    // Staged blocks are held by reference and moved on commit: the bytes exist once in memory.
    const staged = new Map<string, Uint8Array>();
    return {
      put: async (cid, bytes) => {
        const key = canonicalCid(cid);
        if (!this.blocks.has(key) && !staged.has(key)) staged.set(key, bytes);
      },
      has: (cid) => staged.has(canonicalCid(cid)) || this.has(cid),
      get: (cid) => staged.get(canonicalCid(cid)) ?? this.get(cid),
      commit: async () => {
        for (const [k, b] of staged) if (!this.blocks.has(k)) this.blocks.set(k, b);
        staged.clear();
      },
      abort: async () => {
        staged.clear();
      },
    };
  }
}
