// Property and unit tests for the fast Pedersen hash of src/crypto/pedersen.ts: bit-for-bit equal to @scure/starknet pedersen.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Point, pedersen as scurePedersen } from '@scure/starknet';
import { FIELD_PRIME, PEDERSEN_CONSTANT_POINTS, pedersen, pedersenRecurringLeft, pedersenTables } from '../../../src/crypto/pedersen.js';

const P = FIELD_PRIME;
const B248 = 1n << 248n;
const scure = (a: bigint, b: bigint): bigint => BigInt(scurePedersen(a, b));

// Values at the edges of the field, of the 248-bit low/high split and of the 9-bit signed windows
// (a digit of exactly 256 stays positive, 257 turns negative and carries into the next window).
const EDGES: readonly bigint[] = [
  0n,
  1n,
  2n,
  P - 1n,
  P - 2n,
  B248 - 1n,
  B248,
  B248 + 1n,
  (1n << 251n) - 1n,
  1n << 251n,
  (1n << 251n) + 1n,
  (P - 1n) & (B248 - 1n),
  256n,
  257n,
  511n,
  512n,
  256n << 243n,
  (B248 - 1n) ^ (1n << 8n),
];

const fieldElement = fc.bigInt({ min: 0n, max: P - 1n });
/** Sums of window-aligned digits from the recoding's boundary cases, reduced into the field. */
const windowDigits = fc.array(fc.constantFrom<bigint>(0n, 1n, 255n, 256n, 257n, 511n), { minLength: 28, maxLength: 28 }).chain((digits) =>
  fc.constantFrom<bigint>(0n, 1n, 8n).map((high) => {
    const low = digits.reduce((acc, d, i) => acc + (d << BigInt(9 * i)), 0n) & (B248 - 1n);
    return (high * B248 + low) % P;
  }),
);
const input = fc.oneof(fc.constantFrom(...EDGES), fieldElement, windowDigits);

describe('fast Pedersen equals @scure/starknet pedersen', () => {
  it('on every pair of edge values', () => {
    for (const a of EDGES) for (const b of EDGES) expect(pedersen(a, b)).toBe(scure(a, b));
  });

  it('on random field elements, edge values and window-boundary digits (property)', () => {
    fc.assert(
      fc.property(input, input, (a, b) => {
        expect(pedersen(a, b)).toBe(scure(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it('with a recurring left input, on its first use and every later one (its share is kept), for every edge value', () => {
    // Twice over: the first pass keeps each a's share, the second hashes from it (a_low = 0 keeps none).
    for (let pass = 0; pass < 2; pass++)
      for (const a of EDGES) for (const b of EDGES) expect(pedersenRecurringLeft(a, b)).toBe(scure(a, b));
  });

  it('with a recurring left input (property): the same left with new right inputs, as a message hash uses it', () => {
    fc.assert(
      fc.property(input, fc.array(input, { minLength: 1, maxLength: 4 }), (a, bs) => {
        for (const b of bs) expect(pedersenRecurringLeft(a, b)).toBe(scure(a, b));
        // The plain hash of the same inputs after a's share is kept is unchanged.
        expect(pedersen(a, bs[0]!)).toBe(scure(a, bs[0]!));
      }),
      { numRuns: 150 },
    );
  });

  it('through the pedersen() entry point, which keeps its range checks', () => {
    expect(pedersen(1n, 2n)).toBe(0x5bb9440e27889a364bcb678b1f679ecd1347acdedcbf36e83494f857cc58026n);
    expect(() => pedersen(P, 0n)).toThrow(RangeError);
  });
});

describe('fast Pedersen constants and tables', () => {
  const { SHIFT, A_LOW, A_HIGH, B_LOW, B_HIGH } = PEDERSEN_CONSTANT_POINTS;
  const pt = (p: { x: bigint; y: bigint }) => Point.fromAffine(p);

  it('each constant point is on the curve', () => {
    for (const p of Object.values(PEDERSEN_CONSTANT_POINTS)) expect(() => pt(p).assertValidity()).not.toThrow();
  });

  it('each constant sits where scure puts it (x of shift + one constant, so the sign of y counts too)', () => {
    expect(scure(0n, 0n)).toBe(SHIFT.x);
    expect(scure(1n, 0n)).toBe(pt(SHIFT).add(pt(A_LOW)).x);
    expect(scure(B248, 0n)).toBe(pt(SHIFT).add(pt(A_HIGH)).x);
    expect(scure(0n, 1n)).toBe(pt(SHIFT).add(pt(B_LOW)).x);
    expect(scure(0n, B248)).toBe(pt(SHIFT).add(pt(B_HIGH)).x);
  });

  it('the tables are built once and reused', () => {
    const t = pedersenTables();
    expect(pedersenTables()).toBe(t);
    expect(t.start).toHaveLength(256);
    expect(t.aLow.windows).toBe(28);
    expect(t.aLow.size).toBe(28 * 256);
  });
});
