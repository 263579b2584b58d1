// Re-verification of stored DAGs: every block present and hashing to its CID (docs/guarantees.md).
import { CID } from 'multiformats/cid';
import type { BlockStore } from './block-store.js';
import { canonicalCid } from './cid-form.js';
import { blockMatches, isInline, linksOf } from './blocks.js';

/**
 * Walks the DAG under each root and returns one sentence per missing or corrupt block. `seen`
 * spans all roots, so a block shared by several files (deduplicated) is hashed once per call.
 */
export function dagViolations(store: BlockStore, roots: Iterable<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const text of roots) {
    const todo: CID[] = [CID.parse(text)];
    while (todo.length > 0) {
      const cid = todo.pop()!;
      const key = canonicalCid(cid);
      if (seen.has(key) || isInline(cid)) continue;
      seen.add(key);
      const bytes = store.get(cid);
      if (!bytes) {
        out.push(`stored file ${text}: block ${key} is missing from the block store`);
        continue;
      }
      try {
        if (!blockMatches(cid, bytes)) {
          out.push(`stored file ${text}: block ${key} no longer hashes to its CID`);
          continue;
        }
        todo.push(...linksOf(cid, bytes));
      } catch (e) {
        out.push(`stored file ${text}: block ${key}: ${(e as Error).message}`);
      }
    }
  }
  return out;
}
