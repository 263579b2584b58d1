// Owns Stark private/public key handling: key derivation, curve membership of x, and signing.
import { Point, grindKey, sign } from '@scure/starknet';
import { sha256 } from '@noble/hashes/sha2.js';
import { assertInRange } from './assert.js';
import { BoundedCache } from './bounded-cache.js';
import { CURVE_ORDER, FIELD_PRIME } from './pedersen.js';

// StarkWare range for message hashes and r: [0, 2^251).
const HASH_BOUND = 1n << 251n;
const ALPHA = Point.CURVE().a;
const BETA = Point.CURVE().b;
// Euler's criterion exponent: v^((p-1)/2) is 1 for non-zero squares, p-1 for non-squares.
const LEGENDRE_EXPONENT = (FIELD_PRIME - 1n) / 2n;

// scure takes keys and hashes as hex strings, never bigints.
const toHex = (v: bigint): string => '0x' + v.toString(16);

function assertPrivateKey(name: string, priv: unknown): asserts priv is bigint {
  assertInRange(name, priv, 1n, CURVE_ORDER);
}

// A copy of G that is not the BASE instance: multiplying BASE builds noble's 8-bit window table on
// first use (~22 ms), which would dominate the emulator's cold start for a handful of genesis keys.
// These keys are test keys, so the variable-time multiply is fine here.
const G = Point.fromAffine(Point.BASE.toAffine());

/** Stark key (x coordinate of priv·G) for a private key in [1, n); equals scure `getStarkKey`. */
export function starkKeyFromPrivate(priv: bigint): bigint {
  assertPrivateKey('priv', priv);
  return G.multiplyUnsafe(priv).toAffine().x;
}

// Every request that names a stark key checks it with the Legendre symbol below (~70 µs, a 251-bit
// exponentiation): as much as the rest of the HTTP handling of a signed order. Keys repeat, so
// remember recent answers.
const ON_CURVE_CACHE_LIMIT = 4096;
const onCurveCache = new BoundedCache<bigint, boolean>(ON_CURVE_CACHE_LIMIT);

/**
 * True iff 0 < x < p and x^3 + x + beta is a square mod p, i.e. some curve point has this x.
 * Never throws: anything that is not such a bigint gives false.
 */
export function isOnCurveX(x: bigint): boolean {
  if (typeof x !== 'bigint' || x <= 0n || x >= FIELD_PRIME) return false;
  const known = onCurveCache.get(x);
  if (known !== undefined) return known;
  const answer = legendreIsSquare(x);
  onCurveCache.set(x, answer);
  return answer;
}

function legendreIsSquare(x: bigint): boolean {
  const { Fp } = Point;
  const rhs = Fp.add(Fp.add(Fp.mul(Fp.sqr(x), x), Fp.mul(ALPHA, x)), BETA);
  // rhs = 0 would mean y = 0, a point of order 2, which a curve of odd prime order does not have;
  // keep the check anyway so the function says exactly "some y exists".
  return Fp.is0(rhs) || Fp.pow(rhs, LEGENDRE_EXPONENT) === Fp.ONE;
}

/**
 * Deterministic StarkWare ECDSA signature (RFC 6979 with HMAC-SHA256, no low-s normalisation),
 * identical to starkware-crypto-utils `sign`.
 */
export function signMessage(hash: bigint, priv: bigint): { r: bigint; s: bigint } {
  assertInRange('hash', hash, 0n, HASH_BOUND);
  assertPrivateKey('priv', priv);
  const sig = sign(toHex(hash), toHex(priv));
  return { r: sig.r, s: sig.s };
}

/**
 * Deterministic private key for tests and fixtures: priv = grindKey(sha256(seed)), where grindKey
 * is StarkWare's key grinding (rehash sha256(x ‖ i) until below the largest multiple of n under
 * 2^256, then reduce mod n), as implemented by @scure/starknet.
 */
export function privateKeyFromSeed(seed: Uint8Array): bigint {
  if (!(seed instanceof Uint8Array)) throw new TypeError('seed must be a Uint8Array');
  const priv = BigInt('0x' + grindKey(sha256(seed)));
  // A zero result has probability about 2^-251; refuse it rather than return an invalid key.
  if (priv === 0n) throw new RangeError('seed grinds to the invalid private key 0');
  return priv;
}
