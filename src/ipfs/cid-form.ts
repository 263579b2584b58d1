// The one text form of a CID the emulator uses (CIDv1, lowercase base32), from the CID's own methods:
// block keys and answers need no multiformats code loaded (parsing text does: cid-text.ts).
import type { CID } from 'multiformats/cid';

/**
 * `bafy…`: how the index, the responses and the gateway name a CID, and the key a block is stored under
 * (a CIDv0 and its v1 form name the same dag-pb bytes; lowercase base32 is safe as a file name).
 */
export function canonicalCid(cid: CID): string {
  return cid.version === 0 ? cid.toV1().toString() : cid.toString();
}
