// Owns plain-bigint Jacobian point arithmetic on the Stark curve, the core of the fast hash and verify.
import { mod } from '@noble/curves/abstract/modular.js';
import { A, P, invert } from './curve.js';

// Plain `%` on bigints, cheaper than noble's Fp calls: coordinates stay in (-p, p) (JS `%` keeps the
// dividend's sign) and are brought into [0, p) only when a result leaves this module.

/** An affine point with both coordinates in [0, p); never the point at infinity. */
export type Affine = { readonly x: bigint; readonly y: bigint };

/**
 * A mutable Jacobian point (x = X/Z^2, y = Y/Z^3) with coordinates in (-p, p). Z = 0 (mod p) is the
 * point at infinity. Mutable so a sum of many table entries allocates no intermediate points.
 */
export class Jacobian {
  constructor(
    public X: bigint,
    public Y: bigint,
    public Z: bigint,
  ) {}

  static infinity(): Jacobian {
    return new Jacobian(1n, 1n, 0n);
  }

  static fromAffine(p: Affine): Jacobian {
    return new Jacobian(p.x, p.y, 1n);
  }

  isInfinity(): boolean {
    return this.Z % P === 0n;
  }

  copy(): Jacobian {
    return new Jacobian(this.X, this.Y, this.Z);
  }

  negated(): Jacobian {
    return new Jacobian(this.X, -this.Y, this.Z);
  }
}

/** v mod p in [0, p) for any bigint v. */
export const modP = (v: bigint): bigint => mod(v, P);

/** acc = 2·acc (dbl-2009-l shape with the curve's a; 9 multiplications). */
export function doubleInPlace(acc: Jacobian): void {
  const { X, Y, Z } = acc;
  const XX = (X * X) % P;
  const YY = (Y * Y) % P;
  const YYYY = (YY * YY) % P;
  const ZZ = (Z * Z) % P;
  const S = (4n * X * YY) % P;
  const M = (3n * XX + A * ((ZZ * ZZ) % P)) % P;
  const X3 = (M * M - 2n * S) % P;
  acc.Y = (M * (S - X3) - 8n * YYYY) % P;
  // A point with y = 0 doubles to infinity, and Z3 = 0 says exactly that.
  acc.Z = (2n * Y * Z) % P;
  acc.X = X3;
}

/** acc = acc + (x2, y2) with an affine addend (madd-2007-bl, 11 multiplications), true for equal or opposite points too. */
export function addAffineInPlace(acc: Jacobian, x2: bigint, y2: bigint): void {
  const { X, Y, Z } = acc;
  if (Z % P === 0n) {
    acc.X = x2;
    acc.Y = y2;
    acc.Z = 1n;
    return;
  }
  const ZZ = (Z * Z) % P;
  const H = (x2 * ZZ - X) % P;
  // One reduction of the triple product is cheaper than two of pairs.
  const r = (y2 * Z * ZZ - Y) % P;
  if (H === 0n) {
    // Same x: the addend is acc (double) or -acc (the sum is infinity).
    if (r === 0n) doubleInPlace(acc);
    else acc.Z = 0n;
    return;
  }
  const HH = (H * H) % P;
  const HHH = (H * HH) % P;
  const V = (X * HH) % P;
  const X3 = (r * r - HHH - 2n * V) % P;
  acc.Y = (r * (V - X3) - Y * HHH) % P;
  acc.Z = (Z * H) % P;
  acc.X = X3;
}

/** a + b as a new point (add-2007-bl, 16 multiplications), handling infinity, equal and opposite points. */
export function add(a: Jacobian, b: Jacobian): Jacobian {
  if (a.isInfinity()) return b.copy();
  if (b.isInfinity()) return a.copy();
  const Z1Z1 = (a.Z * a.Z) % P;
  const Z2Z2 = (b.Z * b.Z) % P;
  const U1 = (a.X * Z2Z2) % P;
  const S1 = (((a.Y * b.Z) % P) * Z2Z2) % P;
  const H = (b.X * Z1Z1 - U1) % P;
  const r = (((b.Y * a.Z) % P) * Z1Z1 - S1) % P;
  if (H === 0n) {
    if (r !== 0n) return Jacobian.infinity();
    const twice = a.copy();
    doubleInPlace(twice);
    return twice;
  }
  const HH = (H * H) % P;
  const HHH = (H * HH) % P;
  const V = (U1 * HH) % P;
  const X3 = (r * r - HHH - 2n * V) % P;
  const Y3 = (r * (V - X3) - S1 * HHH) % P;
  return new Jacobian(X3, Y3, (((a.Z * b.Z) % P) * H) % P);
}

/**
 * Affine forms of many finite points with one field inversion. Throws a RangeError if any point is at
 * infinity: callers only normalise points that are nonzero multiples of a generator.
 */
export function toAffineBatch(points: readonly Jacobian[]): Affine[] {
  const zInvs = invertAll(points.map((p) => p.Z));
  return points.map((p, i) => {
    const zInv = zInvs[i]!;
    const zInv2 = (zInv * zInv) % P;
    return { x: modP(p.X * zInv2), y: modP(((p.Y * zInv2) % P) * zInv) };
  });
}

/** 1/v mod p for each v, with one inversion (Montgomery's trick); a RangeError if any v is 0 mod p. */
export function invertAll(vs: readonly bigint[]): bigint[] {
  const prefix = new Array<bigint>(vs.length);
  let acc = 1n;
  for (let i = 0; i < vs.length; i++) {
    prefix[i] = acc;
    acc = (acc * modP(vs[i]!)) % P;
  }
  let inv = invert(acc, P);
  const out = new Array<bigint>(vs.length);
  for (let i = vs.length - 1; i >= 0; i--) {
    // inv is 1/(v0···vi) here; times the prefix v0···v(i-1) it is 1/vi.
    out[i] = (inv * prefix[i]!) % P;
    inv = (inv * modP(vs[i]!)) % P;
  }
  return out;
}

/** The affine x of a finite point, in [0, p); throws at infinity. */
export function affineX(p: Jacobian): bigint {
  const z = modP(p.Z);
  if (z === 0n) throw new RangeError('the point at infinity has no x coordinate');
  const zInv = invert(z, P);
  return modP(p.X * ((zInv * zInv) % P));
}

/** True iff p is finite and its affine x equals x (0 <= x < p), checked as X = x·Z^2 without an inversion. */
export function hasAffineX(p: Jacobian, x: bigint): boolean {
  if (p.isInfinity()) return false;
  return (p.X - ((x * ((p.Z * p.Z) % P)) % P)) % P === 0n;
}

/** k·base for k >= 0 in Jacobian form, by double-and-add (variable time: the scalars are a verification's). */
export function multiplyJacobian(base: Affine, k: bigint): Jacobian {
  if (k < 0n) throw new RangeError('the scalar must not be negative');
  const acc = Jacobian.infinity();
  for (let i = BigInt(k.toString(2).length - 1); i >= 0n && k !== 0n; i--) {
    doubleInPlace(acc);
    if ((k >> i) & 1n) addAffineInPlace(acc, base.x, base.y);
  }
  return acc;
}
