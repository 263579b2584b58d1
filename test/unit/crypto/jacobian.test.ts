// Unit tests for src/crypto/jacobian.ts and fixed-base.ts against @scure/starknet's Point, exceptional cases included.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Point } from '@scure/starknet';
import { FixedBaseTable } from '../../../src/crypto/fixed-base.js';
import { Jacobian, add, addAffineInPlace, affineX, doubleInPlace, hasAffineX, modP, toAffineBatch } from '../../../src/crypto/jacobian.js';

type NoblePoint = InstanceType<typeof Point>;
const G = Point.BASE.toAffine();
const n = Point.Fn.ORDER;
const noble = (k: bigint): NoblePoint => (k % n === 0n ? Point.ZERO : Point.BASE.multiply(k % n));
const affineOf = (k: bigint) => noble(k).toAffine();
const jac = (k: bigint): Jacobian => Jacobian.fromAffine(affineOf(k));
/** A Jacobian copy of the same point with a non-trivial Z, as sums produce them. */
const scaled = (p: Jacobian, z: bigint): Jacobian => new Jacobian(modP(p.X * z * z), modP(p.Y * z * z * z), modP(p.Z * z));

function same(p: Jacobian, q: NoblePoint): void {
  if (q.is0()) {
    expect(p.isInfinity()).toBe(true);
    return;
  }
  const [a] = toAffineBatch([p]);
  expect(a).toEqual(q.toAffine());
}

describe('Jacobian arithmetic', () => {
  it('mixed addition covers the general case, doubling, the opposite point and infinity', () => {
    const p = scaled(jac(5n), 12345n);
    addAffineInPlace(p, ...xy(7n));
    same(p, noble(12n));
    const d = scaled(jac(5n), 99n);
    addAffineInPlace(d, ...xy(5n));
    same(d, noble(10n));
    const z = scaled(jac(5n), 7n);
    addAffineInPlace(z, ...xy(n - 5n));
    same(z, Point.ZERO);
    addAffineInPlace(z, ...xy(3n));
    same(z, noble(3n));
  });

  it('general addition covers infinity on either side, equal and opposite points', () => {
    same(add(Jacobian.infinity(), jac(4n)), noble(4n));
    same(add(jac(4n), Jacobian.infinity()), noble(4n));
    same(add(scaled(jac(4n), 3n), scaled(jac(4n), 8n)), noble(8n));
    same(add(jac(4n), jac(4n).negated()), Point.ZERO);
    same(add(scaled(jac(4n), 5n), scaled(jac(9n), 11n)), noble(13n));
  });

  it('doubling infinity stays infinity', () => {
    const p = Jacobian.infinity();
    doubleInPlace(p);
    expect(p.isInfinity()).toBe(true);
  });

  it('affine x, x comparison and batch normalisation', () => {
    const p = scaled(jac(21n), 77n);
    expect(affineX(p)).toBe(affineOf(21n).x);
    expect(hasAffineX(p, affineOf(21n).x)).toBe(true);
    expect(hasAffineX(p, affineOf(21n).x + 1n)).toBe(false);
    expect(hasAffineX(Jacobian.infinity(), 0n)).toBe(false);
    expect(() => affineX(Jacobian.infinity())).toThrow(RangeError);
    expect(() => toAffineBatch([jac(1n), Jacobian.infinity()])).toThrow(RangeError);
    expect(toAffineBatch([scaled(jac(2n), 3n), scaled(jac(3n), 5n)])).toEqual([affineOf(2n), affineOf(3n)]);
  });
});

describe('FixedBaseTable', () => {
  const table4 = new FixedBaseTable(G, 252, 4);
  const table9 = new FixedBaseTable(G, 252, 9);
  const scalar = fc.oneof(
    fc.bigInt({ min: 0n, max: n - 1n }),
    fc.constantFrom(
      0n,
      1n,
      7n,
      8n,
      9n,
      15n,
      16n,
      n - 1n,
      (1n << 251n) - 1n,
      0x8888888888888888888888888888888888888888888888888888888888888n,
    ),
  );

  it('k·G equals noble multiply, for 4- and 9-bit windows (property)', () => {
    fc.assert(
      fc.property(scalar, (k) => {
        for (const t of [table4, table9]) {
          const acc = Jacobian.infinity();
          t.addMultiple(acc, k);
          same(acc, noble(k));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('adds onto an existing accumulator', () => {
    const acc = jac(1000n);
    table4.addMultiple(acc, 234n);
    same(acc, noble(1234n));
  });

  it('sizes: one window more than the bits need for the carry, 2^(w-1) points each', () => {
    expect(table4.windows).toBe(64);
    expect(table4.size).toBe(64 * 8);
    expect(table9.windows).toBe(29);
    expect(() => new FixedBaseTable(G, 252, 1)).toThrow(RangeError);
    expect(() => new FixedBaseTable(G, 0, 4)).toThrow(RangeError);
  });
});

function xy(k: bigint): [bigint, bigint] {
  const a = affineOf(k);
  return [a.x, a.y];
}
