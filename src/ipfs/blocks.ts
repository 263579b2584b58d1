// Block-level facts: does a block hash to its CID, and which CIDs does it link to.
import * as dagPb from '@ipld/dag-pb';
import { equals } from 'multiformats/bytes';
import type { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { identity } from 'multiformats/hashes/identity';
import { sha256, sha512 } from 'multiformats/hashes/sha2';
import { canonicalCid } from './cid-form.js';
import { ContentError } from './content-error.js';

/**
 * Recomputes the block's multihash with the CID's own hash function. sha2-256 and sha2-512 hash
 * synchronously in Node (multiformats uses node:crypto), so this is usable from sync checks.
 */
export function blockMatches(cid: CID, bytes: Uint8Array): boolean {
  const code = cid.multihash.code;
  const hasher = code === sha256.code ? sha256 : code === sha512.code ? sha512 : undefined;
  if (code === identity.code) return equals(cid.multihash.digest, bytes);
  if (!hasher)
    throw new ContentError(`block ${cid} uses hash function 0x${code.toString(16)}; only sha2-256, sha2-512 and identity are supported`);
  const digest = hasher.digest(bytes);
  if (digest instanceof Promise) throw new Error('expected a synchronous sha2 hasher');
  return equals(digest.bytes, cid.multihash.bytes);
}

/** Identity CIDs carry their bytes inline: no block to store or fetch. */
export function isInline(cid: CID): boolean {
  return cid.multihash.code === identity.code;
}

/** The CIDs a UnixFS block links to (none for raw leaves); refuses any other codec. */
export function linksOf(cid: CID, bytes: Uint8Array): CID[] {
  if (cid.code === raw.code) return [];
  if (cid.code !== dagPb.code)
    throw new ContentError(`block ${cid} has codec 0x${cid.code.toString(16)}; UnixFS uses dag-pb (0x70) and raw (0x55)`);
  let node: dagPb.PBNode;
  try {
    node = dagPb.decode(bytes);
  } catch (e) {
    throw new ContentError(`block ${cid} is not valid dag-pb: ${(e as Error).message}`);
  }
  return node.Links.map((l) => l.Hash);
}

/**
 * Visits every block under `root` once (none already in `seen`, no inline one), depth first:
 * `visit` answers the block's links to walk on through, or undefined to stop there.
 */
export function walkDag(root: CID, seen: Set<string>, visit: (cid: CID, key: string) => CID[] | undefined): void {
  const todo: CID[] = [root];
  while (todo.length > 0) {
    const cid = todo.pop()!;
    const key = canonicalCid(cid);
    if (seen.has(key) || isInline(cid)) continue;
    seen.add(key);
    todo.push(...(visit(cid, key) ?? []));
  }
}
