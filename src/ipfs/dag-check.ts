// Re-verification of stored DAGs: every block present and hashing to its CID (docs/guarantees.md).
import { CID } from 'multiformats/cid';
import type { BlockStore } from './block-store.js';
import { blockMatches, linksOf, walkDag } from './blocks.js';

/**
 * Walks the DAG under each root and returns one sentence per missing or corrupt block. `seen`
 * spans all roots, so a block shared by several files (deduplicated) is hashed once per call.
 */
export function dagViolations(store: BlockStore, roots: Iterable<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const text of roots) {
    walkDag(CID.parse(text), seen, (cid, key) => {
      const bytes = store.get(cid);
      try {
        if (bytes && blockMatches(cid, bytes)) return linksOf(cid, bytes);
        out.push(`stored file ${text}: block ${key} ${bytes ? 'no longer hashes to its CID' : 'is missing from the block store'}`);
      } catch (e) {
        out.push(`stored file ${text}: block ${key}: ${(e as Error).message}`);
      }
      return undefined;
    });
  }
  return out;
}
