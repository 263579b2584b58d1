// Test and bench helper: the naive x-only verify through @scure/starknet's public API (reference §5.3 option a).
import { Signature, verify } from '@scure/starknet';

/**
 * verify(sig, hash, '02'‖x), then '03'‖x: a square root per attempt and scure's own range checks
 * (which throw, so a throw counts as a rejection). The oracle the fast verifier must agree with.
 */
export function referenceVerify(hash: bigint, r: bigint, s: bigint, starkKey: bigint): boolean {
  if (hash < 0n || starkKey < 0n || starkKey >= 1n << 256n) return false;
  let sig: InstanceType<typeof Signature>;
  try {
    sig = new Signature(r, s);
  } catch {
    return false;
  }
  const msg = hash.toString(16);
  const x = starkKey.toString(16).padStart(64, '0');
  for (const prefix of ['02', '03']) {
    try {
      if (verify(sig, msg, prefix + x)) return true;
    } catch {
      // out of range or not a curve point: rejected under this parity
    }
  }
  return false;
}
