// Owns StarkWare ECDSA verification against an x-only Stark key (either y parity), never throwing.
import { BoundedCache } from './bounded-cache.js';
import { N, curveRhs, invert, sqrtModP } from './curve.js';
import { FixedBaseTable } from './fixed-base.js';
import { Jacobian, add, hasAffineX, multiplyJacobian } from './jacobian.js';
import { derivedPoint, derivedPrivateKey } from './keys.js';
import type { Affine } from './jacobian.js';
import { BASE_WINDOW, SCALAR_BITS, generatorTable, generatorTableInSlices } from './generator.js';
import { CURVE_ORDER, FIELD_PRIME } from './pedersen.js';

// StarkWare's verifier bound for the hash, r and w = s^-1 mod n.
const BOUND_251 = 1n << 251n;
// Per key: 51·16 points (~95 KiB, ~2 ms to build), 51 mixed additions for r·w·Q. A key's first
// verify multiplies without a table (~1 ms, as much as a third of the build): a key seen once, as most
// are in a test run, never pays for one; its second verify builds it. Against 4-bit windows (64·8
// points) the build took 1.17x as long and r·w·Q 0.73x (interleaved, 21 rounds): even by
// its tenth verify a key is ahead. 6 bits built in 2x the time for 0.7x.
const KEY_WINDOW = 5;
/** Window widths of the generator and per-key tables (for benchmarks and memory estimates). */
export const VERIFY_WINDOWS = { base: BASE_WINDOW, key: KEY_WINDOW, scalarBits: SCALAR_BITS } as const;
// Decompression (a square root with 2-adicity 192, ~0.8 ms: curve.ts) is worth keeping for recently used keys.
// null records a key that is not on the curve, so repeated junk does not redo the sqrt either.
const KEY_CACHE_LIMIT = 1024;
// Tables are ~800x a point in memory: bound them separately (~24 MiB at most).
const TABLE_CACHE_LIMIT = 256;

const pointCache = new BoundedCache<bigint, Affine | null>(KEY_CACHE_LIMIT);
const tableCache = new BoundedCache<bigint, FixedBaseTable>(TABLE_CACHE_LIMIT);
// Keys verified once without a table: the next verify builds one.
const seenOnce = new BoundedCache<bigint, true>(KEY_CACHE_LIMIT);

function pointForKey(starkKey: bigint): Affine | null {
  if (pointCache.has(starkKey)) return pointCache.get(starkKey) ?? null;
  let point: Affine | null | undefined = derivedPoint(starkKey);
  if (point === undefined) {
    // Either root will do: verification below tries Q and -Q.
    const y = sqrtModP(curveRhs(starkKey));
    point = y === undefined ? null : { x: starkKey, y };
  }
  pointCache.set(starkKey, point);
  return point;
}

/** k·Q for the key's point Q: by its table, or without one on the key's first verify; null off the curve. */
function keyMultiple(starkKey: bigint, k: bigint): Jacobian | null {
  const cached = tableCache.get(starkKey);
  const acc = Jacobian.infinity();
  if (cached !== undefined) {
    cached.addMultiple(acc, k);
    return acc;
  }
  const point = pointForKey(starkKey);
  if (point === null) return null;
  if (seenOnce.get(starkKey) === undefined) {
    seenOnce.set(starkKey, true);
    return multiplyJacobian(point, k);
  }
  const table = new FixedBaseTable(point, SCALAR_BITS, KEY_WINDOW);
  tableCache.set(starkKey, table);
  table.addMultiple(acc, k);
  return acc;
}

/**
 * Builds the generator's table and the tables of `keys` (the accounts', whose requests come first)
 * a row at a time, for idle time after start-up; what exists already is kept, and a key this process
 * derived needs none.
 */
export function* verifyTablesInSlices(keys: readonly bigint[]): Generator<void, void> {
  yield* generatorTableInSlices();
  for (const key of keys) {
    // A derived key verifies by the generator's table (verifyByDiscreteLog): it needs none of its own.
    if (tableCache.get(key) !== undefined || derivedPrivateKey(key) !== undefined) continue;
    const point = pointForKey(key);
    yield;
    if (point === null) continue;
    const table = yield* FixedBaseTable.inSlices(point, SCALAR_BITS, KEY_WINDOW);
    if (tableCache.get(key) === undefined) tableCache.set(key, table);
  }
}

/**
 * The same test for a key whose private key d this process derived (a genesis account: Q = d·G), so
 * that R = (z·w ± r·w·d)·G by the generator's table alone: 32 additions for a signature made with d
 * (R = +), 64 for one made with n - d (the other point with the same x), against the 83 of a key's
 * own table and the ~380 of a key without one. It is the verification equation, not a shortcut
 * around it: a signature passes here iff it passes the general path (the tests hold both to scure).
 */
function verifyByDiscreteLog(hash: bigint, r: bigint, w: bigint, priv: bigint): boolean {
  const zw = (hash * w) % N;
  const rwd = (((r * w) % N) * priv) % N;
  const plus = Jacobian.infinity();
  generatorTable().addMultiple(plus, (zw + rwd) % N);
  if (hasAffineX(plus, r)) return true;
  const minus = Jacobian.infinity();
  generatorTable().addMultiple(minus, (zw - rwd + N) % N);
  return hasAffineX(minus, r);
}

/**
 * StarkWare ECDSA verification with an x-only Stark key, accepting the signature under either
 * y (as StarkWare's verifier does) and accepting high-s. Range rules: 0 <= hash < 2^251,
 * 1 <= r < 2^251, 1 <= s < n, w = s^-1 mod n < 2^251. Returns false, never throws, for anything
 * malformed, including non-bigint arguments and keys that are not on the curve.
 */
export function verifyStarkSignature(hash: bigint, r: bigint, s: bigint, starkKey: bigint): boolean {
  try {
    if (typeof hash !== 'bigint' || typeof r !== 'bigint' || typeof s !== 'bigint' || typeof starkKey !== 'bigint') {
      return false;
    }
    if (hash < 0n || hash >= BOUND_251) return false;
    if (r < 1n || r >= BOUND_251) return false;
    if (s < 1n || s >= CURVE_ORDER) return false;
    if (starkKey <= 0n || starkKey >= FIELD_PRIME) return false;
    const w = invert(s, N);
    if (w >= BOUND_251) return false;
    const priv = derivedPrivateKey(starkKey);
    if (priv !== undefined) return verifyByDiscreteLog(hash, r, w, priv);
    // R = (z·w)·G ± (r·w)·Q: the + and - cover the two points with x = starkKey, for the price of
    // one more addition instead of a second verify.
    const b = keyMultiple(starkKey, (r * w) % N);
    if (b === null) return false;
    const a = Jacobian.infinity();
    generatorTable().addMultiple(a, (hash * w) % N);
    // StarkWare compares R.x with r as integers (no reduction mod n), unlike generic ECDSA;
    // r < 2^251 < p, so comparing in the field is the same test.
    return hasAffineX(add(a, b), r) || hasAffineX(add(a, b.negated()), r);
  } catch {
    return false;
  }
}
