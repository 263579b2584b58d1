// The curve constants and field helpers the fast paths use instead of loading @scure/starknet, checked against it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Point, grindKey as scureGrindKey, getStarkKey } from '@scure/starknet';
import { sha256 } from '@noble/hashes/sha2.js';
import { invert as nobleInvert } from '@noble/curves/abstract/modular.js';
import { A, B, G, N, P, curveRhs, invert, isSquare, sqrtModP } from '../../../src/crypto/curve.js';
import { derivedPrivateKey, privateKeyFromSeed, publicPoint, starkKeyFromPrivate } from '../../../src/crypto/keys.js';

const field = fc.bigInt({ min: 1n, max: P - 1n });
const scalar = fc.bigInt({ min: 1n, max: N - 1n });

describe('curve constants', () => {
  it('equal @scure/starknet: p, n, a, b and the generator', () => {
    const c = Point.CURVE();
    expect({ p: P, n: N, a: A, b: B, x: G.x, y: G.y }).toEqual({ p: c.p, n: c.n, a: c.a, b: c.b, x: c.Gx, y: c.Gy });
  });
});

describe('field helpers', () => {
  it('sqrtModP finds a root of every square and none of a non-square', () => {
    fc.assert(
      fc.property(field, (v) => {
        const sq = (v * v) % P;
        const r = sqrtModP(sq)!;
        return (r * r) % P === sq && isSquare(sq);
      }),
      { numRuns: 30 },
    );
    // 3 is not a square mod p (checked by Euler's criterion with noble's pow).
    expect(Point.Fp.pow(3n, (P - 1n) / 2n)).toBe(P - 1n);
    expect(sqrtModP(3n)).toBeUndefined();
    expect(sqrtModP(0n)).toBe(0n);
  });

  it('sqrtModP agrees with noble on squares whose 2-power part is every kind of root of unity', () => {
    // n = v²·u² for u a root of unity of order 2^k: the discrete log the square root reads digit by
    // digit then has its top bit at k (k = 0: none), across the 8-bit digits and their edges.
    const z = 3n; // the least non-square (checked above)
    const g = Point.Fp.pow(z, (P - 1n) >> 192n);
    for (const k of [0, 1, 2, 7, 8, 9, 15, 16, 100, 183, 184, 190, 191, 192]) {
      const u = Point.Fp.pow(g, 2n ** BigInt(192 - k));
      for (const v of [1n, 2n, 0x1234567890abcdefn, P - 5n]) {
        const n = Point.Fp.mul(Point.Fp.sqr(v), Point.Fp.sqr(u));
        const r = sqrtModP(n)!;
        expect(Point.Fp.sqr(r), `k=${k} v=${v}`).toBe(n);
        expect([Point.Fp.sqrt(n), P - Point.Fp.sqrt(n)]).toContain(r);
      }
    }
    expect(sqrtModP(P - 1n)! ** 2n % P).toBe(P - 1n);
    expect(sqrtModP(1n)! ** 2n % P).toBe(1n);
  });

  it('invert equals noble invert mod p and mod n, on random values and where the float digits run out', () => {
    fc.assert(
      fc.property(field, scalar, (x, k) => invert(x, P) === nobleInvert(x, P) && invert(k, N) === nobleInvert(k, N)),
      { numRuns: 2000 },
    );
    // Values at 2^49..2^53 (the float digits' width), powers of two, ±1, and remainders that shrink unevenly (Fibonacci-like).
    const fib = [1n, 2n];
    while (fib.length < 360) fib.push(fib[fib.length - 1]! + fib[fib.length - 2]!);
    const edges = [1n, 2n, 3n, P - 1n, N - 1n, (1n << 49n) - 1n, 1n << 52n, (1n << 53n) + 1n, 1n << 250n, ...fib.filter((f) => f < N)];
    for (const m of [P, N]) for (const x of edges) expect(invert(x, m)).toBe(nobleInvert(x, m));
    // Small and composite moduli, and values with no inverse.
    for (const m of [3n, 7n, 101n, 65537n, (1n << 61n) - 1n])
      for (let x = 1n; x < 100n && x < m; x++) expect(invert(x, m)).toBe(nobleInvert(x, m));
    expect(invert(-3n, P)).toBe(nobleInvert(P - 3n, P));
    expect(() => invert(0n, P)).toThrow(RangeError);
    expect(() => invert(6n, 15n)).toThrow(RangeError);
  });

  it('every stark key decompresses to a point scure accepts', () => {
    fc.assert(
      fc.property(scalar, (k) => {
        const q = Point.BASE.multiply(k).toAffine();
        const y = sqrtModP(curveRhs(q.x))!;
        return y === q.y || y === P - q.y;
      }),
      { numRuns: 20 },
    );
  });
});

describe('key derivation without scure', () => {
  it('publicPoint and starkKeyFromPrivate equal scure, and the key is remembered for the verifier', () => {
    fc.assert(
      fc.property(scalar, (k) => {
        const q = Point.BASE.multiply(k).toAffine();
        const mine = publicPoint(k);
        return (
          mine.x === q.x &&
          mine.y === q.y &&
          starkKeyFromPrivate(k) === BigInt(getStarkKey('0x' + k.toString(16))) &&
          derivedPrivateKey(q.x) === k
        );
      }),
      { numRuns: 20 },
    );
    expect(publicPoint(1n)).toEqual(G);
    expect(() => publicPoint(0n)).toThrow(RangeError);
  });

  it('privateKeyFromSeed grinds as scure grindKey does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (seed) => {
        return privateKeyFromSeed(seed) === BigInt('0x' + scureGrindKey(sha256(seed)));
      }),
      { numRuns: 100 },
    );
  });
});
