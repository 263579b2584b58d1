// Owns the Stark curve's constants, inversion and a fast square root mod p. Loading @scure/starknet costs
// as much as starting hono, so no start-up or request path imports it; curve.test.ts checks these against it.
import { mod, pow } from '@noble/curves/abstract/modular.js';

/** Prime of the Stark field, p = 2^251 + 17·2^192 + 1. */
export const P = 2n ** 251n + 17n * 2n ** 192n + 1n;
/** Order n of the curve group (cofactor 1). */
export const N = 0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn;
/** y^2 = x^3 + A·x + B. */
export const A = 1n;
export const B = 0x6f21413efbe40de150e596d72f7a8c5609ad26c15c915c1f4cdfcb99cee9e89n;
/** The generator. */
export const G = {
  x: 0x1ef15c18599971b7beced415a40f0c7deacfd9b0d1819e03d723d8bc943cfcan,
  y: 0x5668060aa49730b7be4801df46ec62de53ecd11abe43a32873000c36e8dc1fn,
} as const;

// p - 1 = 2^192 · (2^59 + 17): a 2-adicity S = 192 and a short odd part Q.
const S = 192;
const Q = (P - 1n) >> BigInt(S);
const LEGENDRE = (P - 1n) / 2n;

/** Whether v is a square mod p (0 counts as one). */
export function isSquare(v: bigint): boolean {
  const r = mod(v, P);
  return r === 0n || pow(r, LEGENDRE, P) === 1n;
}

/**
 * 1/value mod m (m > 1, gcd(value, m) = 1; throws otherwise), by Lehmer's extended Euclid (Knuth's
 * algorithm L): quotients from the top ~50 bits in floats, one 2x2 bigint step for a dozen of them.
 * Faster than noble's invert, and a transfer inverts twice (s in its verify, its hash's Z).
 */
export function invert(value: bigint, m: bigint): bigint {
  let a = m;
  let b = mod(value, m);
  // a ≡ xa·value and b ≡ xb·value (mod m) throughout, whatever the steps.
  let xa = 0n;
  let xb = 1n;
  while (b !== 0n) {
    const e = Math.floor(Math.log2(Number(a)));
    const shift = e > 49 ? BigInt(e - 49) : 0n;
    let ah = Number(a >> shift);
    let bh = Number(b >> shift);
    // Plain temporaries, no array swaps: ~150 steps per inversion.
    let A = 1;
    let B = 0;
    let C = 0;
    let D = 1;
    while (bh + C !== 0 && bh + D !== 0) {
      const q = Math.floor((ah + A) / (bh + C));
      if (q !== Math.floor((ah + B) / (bh + D))) break;
      const c = A - q * C;
      A = C;
      C = c;
      const d = B - q * D;
      B = D;
      D = d;
      const r = ah - q * bh;
      ah = bh;
      bh = r;
    }
    if (B === 0) {
      const q = a / b;
      const r = a - q * b;
      a = b;
      b = r;
      const x = xa - q * xb;
      xa = xb;
      xb = x;
    } else {
      const [bA, bB, bC, bD] = [BigInt(A), BigInt(B), BigInt(C), BigInt(D)];
      const a2 = bA * a + bB * b;
      b = bC * a + bD * b;
      a = a2;
      const x2 = bA * xa + bB * xb;
      xb = bC * xa + bD * xb;
      xa = x2;
    }
  }
  const inverse = mod(xa, m);
  if (a !== 1n || mod(inverse * value, m) !== 1n) throw new RangeError('invert: no inverse');
  return inverse;
}

// Square roots: Tonelli-Shanks finds the discrete log of n^Q in the 2^S-torsion a bit at a time (~S²/4
// squarings, S = 192). Here it is found W bits at a time, low digit first, each digit read from a table
// of the roots of unity of order 2^W and unwound by a table of g^-(2^(W·j)): ~S²/(2W) squarings.
const W = 8;
const DIGITS = S / W;

// digitOf: h^k -> k for the powers of h = g^(2^(S-W)), a root of unity of order 2^W; unwind[j] = g^-(2^(W·j)).
let rootTables: { digitOf: Map<bigint, number>; unwind: bigint[] } | undefined;

function tables(): { digitOf: Map<bigint, number>; unwind: bigint[] } {
  if (rootTables !== undefined) return rootTables;
  // g = z^Q for the least non-square z generates the 2^S-torsion.
  let z = 2n;
  while (isSquare(z)) z++;
  const g = pow(z, Q, P);
  let h = g;
  for (let i = 0; i < S - W; i++) h = (h * h) % P;
  const digitOf = new Map<bigint, number>();
  for (let k = 0, hk = 1n; k < 1 << W; k++, hk = (hk * h) % P) digitOf.set(hk, k);
  const unwind: bigint[] = [];
  let u = invert(g, P);
  for (let j = 0; j < DIGITS; j++) {
    unwind.push(u);
    for (let i = 0; i < W; i++) u = (u * u) % P;
  }
  rootTables = { digitOf, unwind };
  return rootTables;
}

/** A square root of v mod p, or undefined when v is not a square. Either root may come back. */
export function sqrtModP(v: bigint): bigint | undefined {
  const n = mod(v, P);
  if (n === 0n) return 0n;
  if (!isSquare(n)) return undefined;
  const { digitOf, unwind } = tables();
  // r0 = n^((Q+1)/2) has r0² = n·t with t = n^Q = g^e for some even e; then r = r0·g^(-e/2).
  const r0 = pow(n, (Q + 1n) / 2n, P);
  let t = pow(n, Q, P);
  // Digits of e, lowest first: after j digits t = g^(e - known), a power of g^(2^(W·j)), so
  // t^(2^(S-W·(j+1))) = h^(digit j).
  let e = 0n;
  for (let j = 0; j < DIGITS; j++) {
    let probe = t;
    for (let i = 0; i < S - W * (j + 1); i++) probe = (probe * probe) % P;
    const digit = digitOf.get(probe);
    if (digit === undefined) throw new Error('sqrtModP: a probe outside the roots of unity (n was no square)');
    if (digit !== 0) {
      t = (t * pow(unwind[j]!, BigInt(digit), P)) % P;
      e += BigInt(digit) << BigInt(W * j);
    }
  }
  // unwind[0] = g^-1.
  return (r0 * pow(unwind[0]!, e >> 1n, P)) % P;
}

/** The right side x^3 + A·x + B of the curve equation. */
export function curveRhs(x: bigint): bigint {
  return (((x * x) % P) * x + A * x + B) % P;
}
