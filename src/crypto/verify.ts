// Owns StarkWare ECDSA verification against an x-only Stark key (either y parity), never throwing.
import { Point } from '@scure/starknet';
import { BoundedCache } from './bounded-cache.js';
import { CURVE_ORDER, FIELD_PRIME } from './pedersen.js';

type CurvePoint = InstanceType<typeof Point>;

// StarkWare's verifier bound for the hash, r and w = s^-1 mod n.
const BOUND_251 = 1n << 251n;
// Decompression (a square root with 2-adicity 192) costs ~5 ms, so keep recently used keys.
// null records a key that is not on the curve, so repeated junk does not redo the sqrt either.
const KEY_CACHE_LIMIT = 1024;
const keyCache = new BoundedCache<bigint, CurvePoint | null>(KEY_CACHE_LIMIT);

function decompress(starkKey: bigint): CurvePoint | null {
  try {
    // Either root will do: verification below tries Q and -Q.
    return Point.fromHex('02' + starkKey.toString(16).padStart(64, '0'));
  } catch {
    return null;
  }
}

function pointForKey(starkKey: bigint): CurvePoint | null {
  if (keyCache.has(starkKey)) return keyCache.get(starkKey) ?? null;
  const point = decompress(starkKey);
  keyCache.set(starkKey, point);
  return point;
}

/**
 * StarkWare ECDSA verification with an x-only Stark key, accepting the signature under either
 * y (as StarkWare's verifier does) and accepting high-s. Range rules: 0 <= hash < 2^251,
 * 1 <= r < 2^251, 1 <= s < n, w = s^-1 mod n < 2^251. Returns false, never throws, for anything
 * malformed, including non-bigint arguments and keys that are not on the curve.
 */
export function verifyStarkSignature(hash: bigint, r: bigint, s: bigint, starkKey: bigint): boolean {
  try {
    if (
      typeof hash !== 'bigint' ||
      typeof r !== 'bigint' ||
      typeof s !== 'bigint' ||
      typeof starkKey !== 'bigint'
    ) {
      return false;
    }
    if (hash < 0n || hash >= BOUND_251) return false;
    if (r < 1n || r >= BOUND_251) return false;
    if (s < 1n || s >= CURVE_ORDER) return false;
    if (starkKey <= 0n || starkKey >= FIELD_PRIME) return false;
    const { Fn } = Point;
    const w = Fn.inv(s);
    if (w >= BOUND_251) return false;
    const q = pointForKey(starkKey);
    if (q === null) return false;
    // R = (z·w)·G ± (r·w)·Q: the + and - cover the two points with x = starkKey.
    const a = Point.BASE.multiplyUnsafe(Fn.mul(hash, w));
    const b = q.multiplyUnsafe(Fn.mul(r, w));
    // StarkWare compares R.x with r as integers (no reduction mod n), unlike generic ECDSA.
    return xEquals(a.add(b), r) || xEquals(a.subtract(b), r);
  } catch {
    return false;
  }
}

function xEquals(point: CurvePoint, r: bigint): boolean {
  return !point.is0() && point.toAffine().x === r;
}
