// A block store on disk: one file per block under <dir>/blocks/, written as a temp file then renamed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CID } from 'multiformats/cid';
import { canonicalCid } from './cid-form.js';
import type { BlockBatch, BlockStore } from './block-store.js';

/**
 * The only file writer of the storage feature; the persistence layer (`--state DIR`) hands it its
 * directory. A block file appears whole or not at all (rename is atomic on one file system), so a
 * crash leaves at worst stray temp files, which the first write after a start removes. Nothing is
 * written before that first write: a start that is refused after reading the directory changes no file.
 */
export class DirectoryBlockStore implements BlockStore {
  readonly blocksDir: string;
  private readonly tmpDir: string;
  private tmpCounter = 0;
  private prepared = false;

  constructor(dir: string) {
    this.blocksDir = join(dir, 'blocks');
    this.tmpDir = join(dir, 'blocks-tmp');
  }

  /** Before the first write: the directories, and no temp file of an earlier process. */
  private prepare(): void {
    if (this.prepared) return;
    mkdirSync(this.blocksDir, { recursive: true });
    rmSync(this.tmpDir, { recursive: true, force: true });
    mkdirSync(this.tmpDir, { recursive: true });
    this.prepared = true;
  }

  private pathOf(key: string): string {
    return join(this.blocksDir, key);
  }

  has(cid: CID): boolean {
    return existsSync(this.pathOf(canonicalCid(cid)));
  }

  get(cid: CID): Uint8Array | undefined {
    try {
      const b = readFileSync(this.pathOf(canonicalCid(cid)));
      // A plain Uint8Array view, as the memory store returns (no copy).
      return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  keys(): Iterable<string> {
    return existsSync(this.blocksDir) ? readdirSync(this.blocksDir) : [];
  }

  /** A temp file of `bytes`; a failed write (a full disk) leaves no part of it behind. */
  private async writeTemp(bytes: Uint8Array): Promise<string> {
    this.prepare();
    const tmp = join(this.tmpDir, `${process.pid}-${this.tmpCounter++}`);
    try {
      await writeFile(tmp, bytes);
    } catch (e) {
      await unlink(tmp).catch(() => undefined);
      throw e;
    }
    return tmp;
  }

  batch(): BlockBatch {
    // Staged blocks go straight to temp files (nothing held in memory); commit renames them in.
    const staged = new Map<string, string>();
    const cleanup = async (): Promise<void> => {
      await Promise.all([...staged.values()].map((p) => unlink(p).catch(() => undefined)));
      staged.clear();
    };
    return {
      put: async (cid, bytes) => {
        const key = canonicalCid(cid);
        if (staged.has(key) || existsSync(this.pathOf(key))) return;
        staged.set(key, await this.writeTemp(bytes));
      },
      has: (cid) => staged.has(canonicalCid(cid)) || this.has(cid),
      get: (cid) => {
        const tmp = staged.get(canonicalCid(cid));
        return tmp ? new Uint8Array(readFileSync(tmp)) : this.get(cid);
      },
      commit: async () => {
        for (const [key, tmp] of staged) {
          // Two uploads may stage the same block; the first rename wins, the same bytes either way.
          if (existsSync(this.pathOf(key))) await unlink(tmp).catch(() => undefined);
          else await rename(tmp, this.pathOf(key));
        }
        staged.clear();
      },
      abort: cleanup,
    };
  }
}
