// Property tests: the cached, windowed verifyStarkSignature agrees with scure's public verify on valid and
// tampered signatures, by both of its paths: a key this process derived (by the generator's table and the
// private key) and a key from outside (decompressed, by its own table).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Point, getStarkKey } from '@scure/starknet';
import { derivedPrivateKey, isOnCurveX, signMessage, starkKeyFromPrivate } from '../../../src/crypto/keys.js';
import { CURVE_ORDER, FIELD_PRIME } from '../../../src/crypto/pedersen.js';
import { verifyStarkSignature } from '../../../src/crypto/verify.js';
import { referenceVerify } from './reference-verify.js';

const n = CURVE_ORDER;
const B251 = 1n << 251n;

// A few keys recur so both the first-use path (decompress, build the table) and the cached one run.
// The two paths take separate pools: a key derived once here takes the derived path from then on.
const POOL = [1n, 2n, 0x3c1e9550e66958296d11b60f8e8e7a7ad990d07fa65d5f7652c4a6c87d4e3ccn, n - 1n];
// Large, so that no small key another case derives (a tamper's other key, a shrunk draw) falls in it.
const OUTSIDE_POOL = [0x1d3c9f3d5a0e8b7c6a5f4e3d2c1b0a99n, 0xdeadbeefcafebabe1234n, 0x5eed0f7e57c0ffee0f7e57n, n - 0x1234567n];

interface KeyPath {
  name: string;
  /** The x-only key of a private key, as this path sees it. */
  keyOf: (priv: bigint) => bigint;
  pool: readonly bigint[];
}
const PATHS: readonly KeyPath[] = [
  { name: 'a key this process derived', keyOf: starkKeyFromPrivate, pool: POOL },
  // scure's key: nothing in src has derived it, so the verifier decompresses it and builds its table.
  { name: 'a key from outside', keyOf: (priv) => BigInt(getStarkKey('0x' + priv.toString(16))), pool: OUTSIDE_POOL },
];
const privateKeyFrom = (pool: readonly bigint[]) => fc.oneof(fc.constantFrom(...pool), fc.bigInt({ min: 1n, max: n - 1n }));
const hash = fc.oneof(fc.constantFrom(0n, 1n, B251 - 1n), fc.bigInt({ min: 0n, max: B251 - 1n }));

/** The smallest x >= start with no curve point. */
function offCurveFrom(start: bigint): bigint {
  let x = start;
  while (isOnCurveX(x)) x++;
  return x;
}

/** A private key in [1, n) other than ±priv (those two share the x-only key). */
function otherPrivateKey(priv: bigint, extra: bigint): bigint {
  let q = 1n + (extra % (n - 1n));
  while (q === priv || q === n - priv) q = q === n - 1n ? 1n : q + 1n;
  return q;
}

type Case = { hash: bigint; r: bigint; s: bigint; key: bigint };
type Tamper = {
  name: string;
  valid: boolean | undefined;
  apply: (c: Case, extra: bigint, priv: bigint, keyOf: (priv: bigint) => bigint) => Case;
};

// `valid`: what both verifiers must answer (undefined: only that they agree).
const TAMPERS: readonly Tamper[] = [
  { name: 'none', valid: true, apply: (c) => c },
  { name: 'high-s / low-s twin (n - s)', valid: true, apply: (c) => ({ ...c, s: n - c.s }) },
  { name: 'wrong key', valid: false, apply: (c, e, priv, keyOf) => ({ ...c, key: keyOf(otherPrivateKey(priv, e)) }) },
  { name: 'flipped message bit', valid: false, apply: (c, e) => ({ ...c, hash: c.hash ^ (1n << (e % 251n)) }) },
  { name: 'other r', valid: undefined, apply: (c, e) => ({ ...c, r: 1n + (e % (B251 - 1n)) }) },
  { name: 'other s', valid: undefined, apply: (c, e) => ({ ...c, s: 1n + (e % (n - 1n)) }) },
  { name: 'r = 0', valid: false, apply: (c) => ({ ...c, r: 0n }) },
  { name: 'r >= 2^251', valid: false, apply: (c, e) => ({ ...c, r: B251 + (e % 1000n) }) },
  { name: 'r negative', valid: false, apply: (c) => ({ ...c, r: -c.r }) },
  { name: 's = 0', valid: false, apply: (c) => ({ ...c, s: 0n }) },
  { name: 's >= n', valid: false, apply: (c, e) => ({ ...c, s: n + (e % 1000n) }) },
  { name: 's + n (same s mod n)', valid: false, apply: (c) => ({ ...c, s: c.s + n }) },
  { name: 'w = s^-1 >= 2^251', valid: false, apply: (c, e) => ({ ...c, s: Point.Fn.inv(B251 + (e % 1000n)) }) },
  { name: 'hash >= 2^251', valid: false, apply: (c, e) => ({ ...c, hash: B251 + (e % 1000n) }) },
  { name: 'hash + n (same scalar)', valid: false, apply: (c) => ({ ...c, hash: c.hash + n }) },
  { name: 'off-curve key', valid: false, apply: (c, e) => ({ ...c, key: offCurveFrom(1n + (e % (FIELD_PRIME - 1000n))) }) },
  { name: 'key + p', valid: false, apply: (c) => ({ ...c, key: c.key + FIELD_PRIME }) },
  { name: 'key 0', valid: false, apply: (c) => ({ ...c, key: 0n }) },
];

describe.each(PATHS)('fast verify equals the reference (scure verify under both parities), $name', ({ keyOf, pool }) => {
  const privateKey = privateKeyFrom(pool);
  it('takes the path it is named for', () => {
    for (const priv of pool) {
      const key = keyOf(priv);
      expect(derivedPrivateKey(key)).toBe(keyOf === starkKeyFromPrivate ? priv : undefined);
    }
  });

  it('on valid and tampered signatures (property)', () => {
    fc.assert(
      fc.property(
        privateKey,
        hash,
        fc.constantFrom(...TAMPERS),
        fc.bigInt({ min: 0n, max: 1n << 256n }),
        fc.boolean(),
        (priv, h, tamper, extra, negate) => {
          // Signing with n - priv gives the same x-only key with the other y: both parities get tested.
          const signer = negate ? n - priv : priv;
          const sig = signMessage(h, signer);
          const c = tamper.apply({ hash: h, r: sig.r, s: sig.s, key: keyOf(priv) }, extra, priv, keyOf);
          const fast = verifyStarkSignature(c.hash, c.r, c.s, c.key);
          expect(fast).toBe(referenceVerify(c.hash, c.r, c.s, c.key));
          if (tamper.valid !== undefined) expect(fast).toBe(tamper.valid);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('on every tamper of one fixed signature, under both parities', () => {
    const priv = pool[2]!;
    for (const signer of [priv, n - priv]) {
      const h = 0x397e76d1667c4454bfb83514e120583af836f8e32a516765497823eabe16a3fn;
      const sig = signMessage(h, signer);
      for (const tamper of TAMPERS) {
        const c = tamper.apply(
          { hash: h, r: sig.r, s: sig.s, key: keyOf(priv) },
          keyOf === starkKeyFromPrivate ? 12345n : 54321n,
          priv,
          keyOf,
        );
        const fast = verifyStarkSignature(c.hash, c.r, c.s, c.key);
        expect(fast, tamper.name).toBe(referenceVerify(c.hash, c.r, c.s, c.key));
        if (tamper.valid !== undefined) expect(fast, tamper.name).toBe(tamper.valid);
      }
    }
  });

  it('rejects signatures that satisfy the curve equation but have w = s^-1 >= 2^251 (property)', () => {
    // Built by hand: fix w, pick k until r = (kG).x and z = s·k - r·priv both fit below 2^251.
    const { Fn } = Point;
    fc.assert(
      fc.property(privateKey, fc.bigInt({ min: 0n, max: n - B251 - 1n }), fc.bigInt({ min: 1n, max: n - 1n }), (priv, dw, k0) => {
        const w = B251 + dw;
        const s = Fn.inv(w);
        let c: Case | undefined;
        for (let k = k0; c === undefined; k = k === n - 1n ? 1n : k + 1n) {
          const r = Point.BASE.multiply(k).x;
          const z = Fn.sub(Fn.mul(s, k), Fn.mul(r, priv));
          if (r >= 1n && r < B251 && z < B251) c = { hash: z, r, s, key: keyOf(priv) };
        }
        const q = Point.BASE.multiply(priv);
        const sum = Point.BASE.multiplyUnsafe(Fn.mul(c.hash, w)).add(q.multiplyUnsafe(Fn.mul(c.r, w)));
        expect(sum.x).toBe(c.r);
        expect(verifyStarkSignature(c.hash, c.r, c.s, c.key)).toBe(false);
        expect(referenceVerify(c.hash, c.r, c.s, c.key)).toBe(false);
      }),
      { numRuns: 15 },
    );
  });

  it('keeps answering across many distinct keys and back to an earlier one', () => {
    const h = 0xabcn;
    const base = keyOf === starkKeyFromPrivate ? 1000n : 2000n;
    for (let i = 0n; i < 40n; i++) {
      const priv = base + i;
      const sig = signMessage(h, priv);
      expect(verifyStarkSignature(h, sig.r, sig.s, keyOf(priv))).toBe(true);
    }
    const sig = signMessage(h, pool[2]!);
    expect(verifyStarkSignature(h, sig.r, sig.s, keyOf(pool[2]!))).toBe(true);
  });
});
