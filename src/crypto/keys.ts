// Owns Stark private/public key handling: the generator's table, key derivation, curve membership of x, and signing.
import { createRequire } from 'node:module';
import { sha256 } from '@noble/hashes/sha2.js';
import { concatBytes } from '@noble/hashes/utils.js';
import { bytesToNumberBE, numberToVarBytesBE } from '@noble/curves/utils.js';
import { assertInRange } from './assert.js';
import { BoundedCache } from './bounded-cache.js';
import { G, curveRhs, isSquare } from './curve.js';
import { FixedBaseTable } from './fixed-base.js';
import { Jacobian, toAffineBatch } from './jacobian.js';
import type { Affine } from './jacobian.js';
import { SECTIONS, precomputedTable } from './precomputed.js';
import { CURVE_ORDER, FIELD_PRIME } from './pedersen.js';

// StarkWare range for message hashes and r: [0, 2^251).
const HASH_BOUND = 1n << 251n;

// Scalars mod n are below 2^252.
export const SCALAR_BITS = 252;
// The generator's table (33·128 = 4224 points): 32 mixed additions per multiple, for z·w·G in a
// verification and priv·G here; from the build (precomputed.ts), else built once per process.
export const BASE_WINDOW = 8;

let table: FixedBaseTable | undefined;

/** A fresh generator table (the build stores its bytes: scripts/crypto-tables.ts). */
export function buildGeneratorTable(): FixedBaseTable {
  return new FixedBaseTable(G, SCALAR_BITS, BASE_WINDOW);
}

/** The process's generator table: the build's copy, else built on first use. */
export function generatorTable(): FixedBaseTable {
  table ??= precomputedTable(SECTIONS.generator, G, SCALAR_BITS, BASE_WINDOW) ?? buildGeneratorTable();
  return table;
}

/** The table a row at a time when it has to be built (for idle time); at once from the build's copy. */
export function* generatorTableInSlices(): Generator<void, void> {
  if (table !== undefined) return;
  const built =
    precomputedTable(SECTIONS.generator, G, SCALAR_BITS, BASE_WINDOW) ?? (yield* FixedBaseTable.inSlices(G, SCALAR_BITS, BASE_WINDOW));
  table ??= built;
}

/**
 * The public point priv·G for a private key in [1, n), by the generator's table (variable time: these
 * are test keys). The key is remembered so the verifier can use the private key (see verify.ts).
 */
export function publicPoint(priv: bigint): Affine {
  assertInRange('priv', priv, 1n, CURVE_ORDER);
  const acc = Jacobian.infinity();
  generatorTable().addMultiple(acc, priv);
  const point = toAffineBatch([acc])[0]!;
  derivedKeys.set(point.x, priv);
  return point;
}

// Private keys of the stark keys derived here (genesis accounts, drawn wallets).
const derivedKeys = new BoundedCache<bigint, bigint>(1024);

/** The private key d of a stark key this process derived (its point is d·G), if any. */
export function derivedPrivateKey(starkKey: bigint): bigint | undefined {
  return derivedKeys.get(starkKey);
}

/** Stark key (x coordinate of priv·G) for a private key in [1, n); equals scure `getStarkKey`. */
export function starkKeyFromPrivate(priv: bigint): bigint {
  return publicPoint(priv).x;
}

// The Legendre symbol below costs about as much as the rest of a signed request's handling; keys repeat.
const onCurveCache = new BoundedCache<bigint, boolean>(4096);

/**
 * True iff 0 < x < p and x^3 + x + beta is a square mod p, i.e. some curve point has this x (rhs = 0
 * would be a point of order 2, which this curve of odd prime order lacks). Never throws: anything
 * that is not such a bigint gives false.
 */
export function isOnCurveX(x: bigint): boolean {
  if (typeof x !== 'bigint' || x <= 0n || x >= FIELD_PRIME) return false;
  let answer = onCurveCache.get(x);
  if (answer === undefined) {
    answer = isSquare(curveRhs(x));
    onCurveCache.set(x, answer);
  }
  return answer;
}

// Signing is for clients (the testing helpers, the scenario runner), never for the server: its curve
// library is loaded on the first signature, synchronously (require of an ES module, Node >= 20.19).
type Scure = typeof import('@scure/starknet');
let scure: Scure | undefined;
function scureStarknet(): Scure {
  scure ??= createRequire(import.meta.url)('@scure/starknet') as Scure;
  return scure;
}

/**
 * Deterministic StarkWare ECDSA signature (RFC 6979 with HMAC-SHA256, no low-s normalisation),
 * identical to starkware-crypto-utils `sign`.
 */
export function signMessage(hash: bigint, priv: bigint): { r: bigint; s: bigint } {
  assertInRange('hash', hash, 0n, HASH_BOUND);
  assertInRange('priv', priv, 1n, CURVE_ORDER);
  // scure takes keys and hashes as hex strings, never bigints.
  const sig = scureStarknet().sign('0x' + hash.toString(16), '0x' + priv.toString(16));
  return { r: sig.r, s: sig.s };
}

const SHA256_SPAN = 1n << 256n;
const GRIND_LIMIT = SHA256_SPAN - (SHA256_SPAN % CURVE_ORDER);

/**
 * Deterministic private key for tests and fixtures: StarkWare's key grinding of sha256(seed) (rehash
 * sha256(x ‖ i) until below the largest multiple of n under 2^256, then reduce mod n), as
 * @scure/starknet `grindKey` does it (a test compares the two).
 */
export function privateKeyFromSeed(seed: Uint8Array): bigint {
  if (!(seed instanceof Uint8Array)) throw new TypeError('seed must be a Uint8Array');
  return grindKey(sha256(seed));
}

/** StarkWare's grinding of a 32-byte key seed (starkware-crypto-utils `grindKey`), the private key mod n. */
export function grindKey(digest: Uint8Array): bigint {
  for (let i = 0; i <= 100_000; i++) {
    const key = bytesToNumberBE(sha256(concatBytes(digest, numberToVarBytesBE(BigInt(i)))));
    if (key >= GRIND_LIMIT) continue;
    // A zero result has probability about 2^-251; refuse it rather than return an invalid key.
    if (key % CURVE_ORDER === 0n) throw new RangeError('seed grinds to the invalid private key 0');
    return key % CURVE_ORDER;
  }
  throw new Error('grindKey is broken: tried 100k values');
}
