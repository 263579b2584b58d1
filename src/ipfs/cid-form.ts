// The one text form of a CID the emulator uses (CIDv1, lowercase base32), from the CID's own methods:
// block keys and answers need no multiformats code loaded (parsing text does: cid-text.ts).
import type { CID } from 'multiformats/cid';

/** `bafy…`: how the index, the responses and the gateway name a CID. */
export function canonicalCid(cid: CID): string {
  return cid.version === 0 ? cid.toV1().toString() : cid.toString();
}
