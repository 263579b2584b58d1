// Owns the Stark curve's constants and the field arithmetic the fast paths need, without loading a curve library.
// Loading @scure/starknet (and @noble/curves under it) costs about as much as starting a bare hono server,
// so nothing on the emulator's start-up or request path imports it; test/unit/crypto/curve.test.ts checks
// every constant here against it.

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

/** v mod m in [0, m). */
export function mod(v: bigint, m: bigint): bigint {
  const r = v % m;
  return r < 0n ? r + m : r;
}

/** 1/a mod m (m prime, a not 0 mod m), by the extended Euclidean algorithm. */
export function invert(a: bigint, m: bigint): bigint {
  let x = mod(a, m);
  if (x === 0n) throw new RangeError('0 has no inverse');
  let y = m;
  let u = 1n;
  let v = 0n;
  while (x !== 0n) {
    const q = y / x;
    const x2 = y - q * x;
    y = x;
    x = x2;
    const u2 = v - q * u;
    v = u;
    u = u2;
  }
  if (y !== 1n) throw new RangeError('not invertible');
  return mod(v, m);
}

/** b^e mod m for e >= 0. */
export function power(b: bigint, e: bigint, m: bigint): bigint {
  let result = 1n;
  let base = mod(b, m);
  let k = e;
  while (k > 0n) {
    if (k & 1n) result = (result * base) % m;
    base = (base * base) % m;
    k >>= 1n;
  }
  return result;
}

// p - 1 = 2^192 · (2^59 + 17): Tonelli-Shanks with S = 192 and a short odd part.
const S = 192n;
const Q = (P - 1n) >> S;
const LEGENDRE = (P - 1n) / 2n;
let nonResidue: bigint | undefined;

/** Whether v is a square mod p (0 counts as one). */
export function isSquare(v: bigint): boolean {
  const r = mod(v, P);
  return r === 0n || power(r, LEGENDRE, P) === 1n;
}

/** A square root of v mod p, or undefined when v is not a square. Either root may come back. */
export function sqrtModP(v: bigint): bigint | undefined {
  const n = mod(v, P);
  if (n === 0n) return 0n;
  if (!isSquare(n)) return undefined;
  if (nonResidue === undefined) {
    let z = 2n;
    while (isSquare(z)) z++;
    nonResidue = z;
  }
  let m = S;
  let c = power(nonResidue, Q, P);
  let t = power(n, Q, P);
  let r = power(n, (Q + 1n) / 2n, P);
  while (t !== 1n) {
    // The least i with t^(2^i) = 1.
    let i = 0n;
    let t2 = t;
    while (t2 !== 1n) {
      t2 = (t2 * t2) % P;
      i++;
    }
    let b = c;
    for (let k = 0n; k < m - i - 1n; k++) b = (b * b) % P;
    m = i;
    c = (b * b) % P;
    t = (t * c) % P;
    r = (r * b) % P;
  }
  return r;
}

/** The right side x^3 + A·x + B of the curve equation. */
export function curveRhs(x: bigint): bigint {
  return (((x * x) % P) * x + A * x + B) % P;
}
