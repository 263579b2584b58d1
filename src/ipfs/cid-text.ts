// CIDs as text: parse any common form (the one form emitted is cid-form.ts's). Parsing needs
// multiformats' CID and its bases: the routes that read a CID from a request load this on first use.
import { CID } from 'multiformats/cid';

/** The CID in `text` (v0 `Qm…`, or v1 in base32, base36 or base58), or undefined if it is none. */
export function parseCid(text: string): CID | undefined {
  try {
    return CID.parse(text.trim());
  } catch {
    return undefined;
  }
}
