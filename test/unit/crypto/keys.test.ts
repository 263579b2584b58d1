// Unit tests for src/crypto/keys.ts: Reddio key values, curve membership of x, seeds, signing.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Point, grindKey } from '@scure/starknet';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { isOnCurveX, privateKeyFromSeed, signMessage, starkKeyFromPrivate } from '../../../src/crypto/keys.js';
import { CURVE_ORDER, FIELD_PRIME } from '../../../src/crypto/pedersen.js';
import { verifyStarkSignature } from '../../../src/crypto/verify.js';
import { hex } from './vector-files.js';

/** True iff scure can decompress a point with this x (an independent check of isOnCurveX). */
function scureHasPoint(x: bigint): boolean {
  try {
    Point.fromHex('02' + x.toString(16).padStart(64, '0'));
    return true;
  } catch {
    return false;
  }
}

describe('starkKeyFromPrivate (real-service §2.1, §7.1)', () => {
  it.each([
    [0xa7b68cf2ee72b2a0789914daa8ae928aec21b6b0bf020e394833f4c732d99dn, 0x6736f7449da3bf44bf0f7bdd6463818e1ef272641d43021e8bca17b32ec2df0n],
    [
      0x4d55b547af138c5b6200495d86ab6aed3e06c25fdd75b4b6a00e48515df2b3dn,
      0x1c2847406b96310a32c379536374ec034b732633e8675860f20f4141e701ff4n,
    ],
    [
      0x7c359bf53995b2292abf721c2e65201caa90094f5d32e6fdc03696804507882n,
      0x74e4c80dccb69cf21656aeb29d5c8dd18ff0fd6cd834903de5e99e335d9c2f3n,
    ],
    [
      0x4898bd13573234bbc3dba0e6e8b1425f6eca2d76217ffa017ad819d1ac821fdn,
      0x5d7f88eb7fcde391f616ca3be632c371ac0296de281bc486f7c1c740f0d4686n,
    ],
    [
      0x28608afd7ec65c262f5c45a00ec63b4ee2dd9fa3c7cea5d755696056aed4f02n,
      0x3d2161b60487fb223760e586efaf70004ddc018b53b8cdb39cb75ef4b4e25f7n,
    ],
    [
      0x14453a2ee2d834e23779278899e8a992f2be51f52690f2e859f08cd6671f7ebn,
      0x503756893a0a80b4e650b7bbb6fe3485b04c3a68e2bf31161e55ae43a23d100n,
    ],
  ])('priv %s', (priv, starkKey) => {
    expect(hex(starkKeyFromPrivate(priv))).toBe(hex(starkKey));
  });

  it('priv 1 gives the generator x', () => {
    expect(starkKeyFromPrivate(1n)).toBe(Point.BASE.x);
  });

  it('priv and n - priv give the same x (the two y parities)', () => {
    const priv = 0x3c1e9550e66958296d11b60f8e8e7a7ad990d07fa65d5f7652c4a6c87d4e3ccn;
    expect(starkKeyFromPrivate(CURVE_ORDER - priv)).toBe(starkKeyFromPrivate(priv));
  });

  it('rejects keys outside [1, n)', () => {
    expect(() => starkKeyFromPrivate(0n)).toThrow(RangeError);
    expect(() => starkKeyFromPrivate(CURVE_ORDER)).toThrow(/priv must be/);
    expect(() => starkKeyFromPrivate(-5n)).toThrow(RangeError);
    expect(() => starkKeyFromPrivate('0x1' as unknown as bigint)).toThrow(TypeError);
    expect(() => starkKeyFromPrivate(CURVE_ORDER - 1n)).not.toThrow();
  });
});

describe('isOnCurveX', () => {
  // The smallest x with no curve point, found by scanning (the test asserts it is not on the curve).
  const firstMissing = (() => {
    for (let x = 1n; x < 1000n; x++) if (!scureHasPoint(x)) return x;
    throw new Error('every x below 1000 is on the curve; pick a wider range');
  })();

  it(`is false for x = ${firstMissing} (no y exists, confirmed by scure decompression)`, () => {
    expect(isOnCurveX(firstMissing)).toBe(false);
  });

  it('agrees with scure decompression for x = 1..64', () => {
    let onCurve = 0;
    for (let x = 1n; x <= 64n; x++) {
      const expected = scureHasPoint(x);
      expect(isOnCurveX(x), `x = ${x}`).toBe(expected);
      if (expected) onCurve++;
    }
    // Roughly half of all x have a point; both outcomes must occur in the sample.
    expect(onCurve).toBeGreaterThan(10);
    expect(onCurve).toBeLessThan(54);
  });

  it('answers the same from its cache as when computed (random x, each asked twice)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: FIELD_PRIME - 1n }), (x) => {
        const expected = scureHasPoint(x);
        expect(isOnCurveX(x)).toBe(expected);
        expect(isOnCurveX(x)).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('is true for the generator and real Stark keys', () => {
    expect(isOnCurveX(Point.BASE.x)).toBe(true);
    expect(isOnCurveX(0x6736f7449da3bf44bf0f7bdd6463818e1ef272641d43021e8bca17b32ec2df0n)).toBe(true);
  });

  it('is false for 0, p, negatives and values above p', () => {
    expect(isOnCurveX(0n)).toBe(false);
    expect(isOnCurveX(FIELD_PRIME)).toBe(false);
    expect(isOnCurveX(FIELD_PRIME + Point.BASE.x)).toBe(false);
    expect(isOnCurveX(-Point.BASE.x)).toBe(false);
    expect(isOnCurveX(2n ** 256n)).toBe(false);
  });

  it('never throws, even for non-bigint input', () => {
    expect(isOnCurveX(1 as unknown as bigint)).toBe(false);
    expect(isOnCurveX(undefined as unknown as bigint)).toBe(false);
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }), (x) => {
        expect(typeof isOnCurveX(x)).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });
});

describe('signMessage', () => {
  it('party_a official signature (real-service §7.1)', () => {
    const sig = signMessage(
      0x397e76d1667c4454bfb83514e120583af836f8e32a516765497823eabe16a3fn,
      0x3c1e9550e66958296d11b60f8e8e7a7ad990d07fa65d5f7652c4a6c87d4e3ccn,
    );
    expect({ r: hex(sig.r), s: hex(sig.s) }).toEqual({
      r: '0x173fd03d8b008ee7432977ac27d1e9d1a1f6c98b1a2f05fa84a21c84c44e882',
      s: '0x4b6d75385aed025aa222f28a0adc6d58db78ff17e51c3f59e259b131cd5a1cc',
    });
  });

  it('returns a plain { r, s } of bigints', () => {
    const sig = signMessage(1n, 2n);
    expect(Object.keys(sig).sort()).toEqual(['r', 's']);
    expect(typeof sig.r).toBe('bigint');
  });

  it('rejects a hash >= 2^251 or a bad key', () => {
    expect(() => signMessage(2n ** 251n, 1n)).toThrow(RangeError);
    expect(() => signMessage(-1n, 1n)).toThrow(/hash must be/);
    expect(() => signMessage(1n, 0n)).toThrow(/priv must be/);
    expect(() => signMessage(1n, CURVE_ORDER)).toThrow(RangeError);
    expect(() => signMessage(1 as unknown as bigint, 1n)).toThrow(TypeError);
  });
});

describe('privateKeyFromSeed', () => {
  it('is grindKey(sha256(seed)), as documented', () => {
    const seed = utf8ToBytes('l2-devnet test user 1');
    expect(privateKeyFromSeed(seed)).toBe(BigInt('0x' + grindKey(sha256(seed))));
  });

  it('is deterministic, in [1, n), and usable for signing', () => {
    const a = privateKeyFromSeed(utf8ToBytes('alice'));
    expect(privateKeyFromSeed(utf8ToBytes('alice'))).toBe(a);
    expect(privateKeyFromSeed(utf8ToBytes('bob'))).not.toBe(a);
    expect(a).toBeGreaterThanOrEqual(1n);
    expect(a).toBeLessThan(CURVE_ORDER);
    const sig = signMessage(0x1234n, a);
    expect(verifyStarkSignature(0x1234n, sig.r, sig.s, starkKeyFromPrivate(a))).toBe(true);
  });

  it('accepts the empty seed and rejects non-bytes', () => {
    expect(privateKeyFromSeed(new Uint8Array(0))).toBeGreaterThan(0n);
    expect(() => privateKeyFromSeed('alice' as unknown as Uint8Array)).toThrow(TypeError);
  });
});
