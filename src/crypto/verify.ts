// Owns StarkWare ECDSA verification against an x-only Stark key (either y parity), never throwing.
import { BoundedCache } from './bounded-cache.js';
import { N, curveRhs, invert, sqrtModP } from './curve.js';
import { FixedBaseTable } from './fixed-base.js';
import { Jacobian, add, hasAffineX, multiplyJacobian } from './jacobian.js';
import { BASE_WINDOW, SCALAR_BITS, derivedPrivateKey, generatorTable, generatorTableInSlices } from './keys.js';
import type { Affine } from './jacobian.js';
import { CURVE_ORDER, FIELD_PRIME, pedersenTablesInSlices } from './pedersen.js';

// StarkWare's verifier bound for the hash, r and w = s^-1 mod n.
const BOUND_251 = 1n << 251n;
// Per key: 51·16 points (~95 KiB), 51 mixed additions for r·w·Q. A key's first verify multiplies
// without a table (a third of a build's cost), so a key seen once never pays for one; its second
// verify builds it. 4-bit windows multiply slower; 6-bit ones take twice the build.
const KEY_WINDOW = 5;
/** Window widths of the generator and per-key tables (for benchmarks and memory estimates). */
export const VERIFY_WINDOWS = { base: BASE_WINDOW, key: KEY_WINDOW, scalarBits: SCALAR_BITS } as const;
// Decompressed keys (a square root each: curve.ts), null for a key off the curve so junk is not
// redone either; a key in here has been verified once. Tables are ~800x a point: bounded apart.
const pointCache = new BoundedCache<bigint, Affine | null>(1024);
const tableCache = new BoundedCache<bigint, FixedBaseTable>(256);

function pointForKey(starkKey: bigint): Affine | null {
  let point = pointCache.get(starkKey);
  if (point === undefined) {
    // Either root will do: verification below tries Q and -Q.
    const y = sqrtModP(curveRhs(starkKey));
    point = y === undefined ? null : { x: starkKey, y };
    pointCache.set(starkKey, point);
  }
  return point;
}

/** k·Q for the key's point Q: by its table, or without one on the key's first verify; null off the curve. */
function keyMultiple(starkKey: bigint, k: bigint): Jacobian | null {
  let table = tableCache.get(starkKey);
  if (table === undefined) {
    const seen = pointCache.has(starkKey);
    const point = pointForKey(starkKey);
    if (point === null) return null;
    if (!seen) return multiplyJacobian(point, k);
    table = new FixedBaseTable(point, SCALAR_BITS, KEY_WINDOW);
    tableCache.set(starkKey, table);
  }
  const acc = Jacobian.infinity();
  table.addMultiple(acc, k);
  return acc;
}

/**
 * Every table a signed request needs, in order of need, built in slices of a millisecond or two for
 * idle time after start-up (whoever steps it keeps the server answering): the Pedersen tables, the
 * generator's, then those of `keys` (the accounts'). What exists is kept; a derived key needs none.
 */
export function* cryptoWarmUp(keys: readonly bigint[]): Generator<void, void> {
  yield* pedersenTablesInSlices();
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
 * The same equation for a key whose private key d this process derived (Q = d·G): R = (z·w ± r·w·d)·G
 * by the generator's table alone, 32 or 64 additions against a key table's 83. Not a shortcut: a
 * signature passes here iff it passes the general path (the tests hold both to scure).
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
