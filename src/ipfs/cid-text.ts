// CIDs as text: parse any common form, emit one canonical form (CIDv1, lowercase base32).
import { CID } from 'multiformats/cid';

/** The CID in `text` (v0 `Qm…`, or v1 in base32, base36 or base58), or undefined if it is none. */
export function parseCid(text: string): CID | undefined {
  try {
    return CID.parse(text.trim());
  } catch {
    return undefined;
  }
}

/** `bafy…`: how the index, the responses and the gateway name a CID. */
export function canonicalCid(cid: CID): string {
  return cid.version === 0 ? cid.toV1().toString() : cid.toString();
}
