// CAR uploads: read as a stream, every block verified against its CID, the DAG under the root complete.
import { CarBlockIterator } from '@ipld/car/iterator';
import type { CID } from 'multiformats/cid';
import type { BlockBatch } from './block-store.js';
import { canonicalCid } from './cid-form.js';
import { blockMatches, isInline, linksOf, walkDag } from './blocks.js';
import { ContentError } from './content-error.js';

/** Where verified blocks go, and what is already there (a store's batch). */
type CarSink = Pick<BlockBatch, 'put' | 'get'>;

/**
 * Reads a CAR once, front to back. The root is the header's single root or, when the header has
 * none (what `ipfs-car pack` writes to stdout), the last block, which is where that tool puts it.
 * Refuses: a malformed or truncated CAR, a block whose bytes do not hash to its CID, codecs other
 * than UnixFS's, several roots, and a root whose DAG has a block neither in the CAR nor stored.
 */
export async function importCar(chunks: AsyncIterable<Uint8Array>, sink: CarSink): Promise<{ root: CID; blocks: number }> {
  let roots: CID[];
  let iterator: CarBlockIterator;
  try {
    iterator = await CarBlockIterator.fromIterable(chunks);
    roots = (await iterator.getRoots()) as CID[];
  } catch (e) {
    throw new ContentError(`not a CAR: its header is malformed or truncated (${(e as Error).message})`);
  }
  if (roots.length > 1) throw new ContentError(`the CAR names ${roots.length} roots; upload a CAR with one root`);
  // Only links are kept (not bytes), to check completeness once every block has been seen.
  const links = new Map<string, CID[]>();
  let last: CID | undefined;
  let count = 0;
  try {
    for await (const { cid, bytes } of iterator) {
      const c = cid as CID;
      if (!blockMatches(c, bytes)) throw new ContentError(`block ${c} does not match its CID (its bytes hash to something else)`);
      links.set(canonicalCid(c), linksOf(c, bytes));
      // A copy: the reader's buffer around this block may be larger than the block.
      if (!isInline(c)) await sink.put(c, bytes.slice()).catch((error: unknown) => Promise.reject(new SinkFailure(error)));
      last = c;
      count++;
    }
  } catch (e) {
    // The sink's failure (a full disk) is not the CAR's fault: it is thrown as it is, not as malformed content.
    throw e instanceof SinkFailure ? e.error : asContentError(e, 'CAR block');
  }
  const root = roots[0] ?? last;
  if (root === undefined) throw new ContentError('the CAR has no blocks and no root');
  checkComplete(root, links, sink);
  return { root, blocks: count };
}

/** Every block reachable from the root must be in this CAR or already stored. */
function checkComplete(root: CID, links: Map<string, CID[]>, sink: CarSink): void {
  walkDag(root, new Set(), (cid, key) => {
    const children = links.get(key);
    if (children) return children;
    // Already stored: walk on through it, since a stored block may come from another CAR's spare blocks.
    const stored = sink.get(cid);
    if (!stored) throw new ContentError(`block ${cid} is linked from root ${root} but is not in the CAR`);
    return linksOf(cid, stored);
  });
}

class SinkFailure {
  constructor(readonly error: unknown) {}
}

function asContentError(e: unknown, where: string): ContentError {
  if (e instanceof ContentError) return e;
  const message = (e as Error).message || String(e);
  if (/unexpected end of data/i.test(message)) return new ContentError('the CAR is truncated (it ends inside a block)');
  return new ContentError(`${where} is malformed: ${message}`);
}
