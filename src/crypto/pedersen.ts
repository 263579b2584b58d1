// Owns the StarkEx Pedersen hash H(a, b), by fixed-base windowed tables of its constant points (from the
// build or built lazily), and the Stark field prime and group order.
import { assertInRange } from './assert.js';
import { BoundedCache } from './bounded-cache.js';
import { N, P } from './curve.js';
import { FixedBaseTable, decodePoints, encodePoints, finish } from './fixed-base.js';
import { Jacobian, addAffineInPlace, affineX, toAffineBatch } from './jacobian.js';
import type { Affine } from './jacobian.js';
import { SECTIONS, precomputedSection, precomputedTable } from './precomputed.js';

/** Prime of the Stark field, p = 2^251 + 17·2^192 + 1 (curve.ts; checked against @scure/starknet). */
export const FIELD_PRIME: bigint = P;
/** Order n of the Stark curve group (cofactor 1, so every point other than zero has order n). */
export const CURVE_ORDER: bigint = N;

/** Throws unless `value` is a bigint field element (0 <= value < p). */
export function assertFieldElement(name: string, value: unknown): asserts value is bigint {
  assertInRange(name, value, 0n, FIELD_PRIME);
}

// StarkWare's published constant points (digits of pi), as @scure/starknet holds them: the shift point,
// then the bases of a's low 248 and high 4 bits, then b's. Tests check them against scure's `pedersen`.
const SHIFT: Affine = {
  x: 0x49ee3eba8c1600700ee1b87eb599f16716b0b1022947733551fde4050ca6804n,
  y: 0x3ca0cfe4b3bc6ddf346d49d06ea0ed34e621062c0e056c1d0405d266e10268an,
};
const A_LOW: Affine = {
  x: 0x234287dcbaffe7f969c748655fca9e58fa8120b6d56eb0c1080d17957ebe47bn,
  y: 0x3b056f100f96fb21e889527d41f4e39940135dd7a6c94cc6ed0268ee89e5615n,
};
const A_HIGH: Affine = {
  x: 0x4fa56f376c83db33f9dab2656558f3399099ec1de5e3018b7a6932dba8aa378n,
  y: 0x3fa0984c931c9e38113e0c0e47e4401562761f92a7a23b45168f4e80ff5b54dn,
};
const B_LOW: Affine = {
  x: 0x4ba4cc166be8dec764910f75b45f74b40c690c74709e90f3aa372f0bd2d6997n,
  y: 0x40301cf5c1751f4b971e46c4ede85fcac5c59a5ce5ae7c48151f27b24b219cn,
};
const B_HIGH: Affine = {
  x: 0x54302dcb0e6cc1c6e44cca8f61a63bb2ca65048d53fb325d36ff12c49a58202n,
  y: 0x1b77b3e37d13504b348046268d8ae25ce98ad783c25561a879dcc77e99c2426n,
};

export const PEDERSEN_CONSTANT_POINTS = { SHIFT, A_LOW, A_HIGH, B_LOW, B_HIGH } as const;

const LOW_BITS = 248;
const LOW_MASK = (1n << 248n) - 1n;
const HIGH_VALUES = 16;
// Signed 9-bit windows: 28 lookups per 248-bit half from 28·256 points per table (8 bits is slower,
// 10 a little faster for twice the table and build time).
const WINDOW = 9;

export type PedersenTables = {
  aLow: FixedBaseTable;
  bLow: FixedBaseTable;
  /** shift + i·A_HIGH + j·B_HIGH at index 16·i + j: both 4-bit high parts and the shift in one lookup. */
  start: Affine[];
};

let tables: PedersenTables | undefined;
// The build's copy, once looked for (undefined again when there is none: it is looked for once more).
let precomputed: PedersenTables | undefined;

function buildStartTable(): Affine[] {
  const points: Jacobian[] = [];
  const rowStart = Jacobian.fromAffine(SHIFT);
  for (let i = 0; i < HIGH_VALUES; i++) {
    const p = rowStart.copy();
    for (let j = 0; j < HIGH_VALUES; j++) {
      points.push(p.copy());
      addAffineInPlace(p, B_HIGH.x, B_HIGH.y);
    }
    addAffineInPlace(rowStart, A_HIGH.x, A_HIGH.y);
  }
  // None of these 256 sums is the point at infinity (that would be a discrete-log relation between
  // the constants); toAffineBatch would throw if one were.
  return toAffineBatch(points);
}

function* buildInSlices(): Generator<void, PedersenTables> {
  const aLow = yield* FixedBaseTable.inSlices(A_LOW, LOW_BITS, WINDOW);
  const bLow = yield* FixedBaseTable.inSlices(B_LOW, LOW_BITS, WINDOW);
  return { aLow, bLow, start: buildStartTable() };
}

/** Builds a fresh set of tables (about 14k affine points, ~80 ms); pedersenTables() keeps one. */
export function buildPedersenTables(): PedersenTables {
  return finish(buildInSlices());
}

/** The tables as the build stores them (sections aLow, bLow, pedersenStart of precomputed.ts). */
export function pedersenTableBytes(t: PedersenTables): { aLow: Uint8Array; bLow: Uint8Array; start: Uint8Array } {
  return { aLow: t.aLow.toBytes(), bLow: t.bLow.toBytes(), start: encodePoints(t.start) };
}

/** The build's tables, or undefined without a usable copy (then they are built). */
function precomputedTables(): PedersenTables | undefined {
  const aLow = precomputedTable(SECTIONS.aLow, A_LOW, LOW_BITS, WINDOW);
  const bLow = precomputedTable(SECTIONS.bLow, B_LOW, LOW_BITS, WINDOW);
  const start = precomputedSection(SECTIONS.pedersenStart);
  if (aLow === undefined || bLow === undefined || start?.length !== HIGH_VALUES * HIGH_VALUES * 64) return undefined;
  const points = decodePoints(start, HIGH_VALUES * HIGH_VALUES);
  return points[0]!.x === SHIFT.x && points[0]!.y === SHIFT.y ? { aLow, bLow, start: points } : undefined;
}

/** Whether the process's tables came from the build (for tests and benchmarks). */
export function pedersenTablesPrecomputed(): boolean {
  return pedersenTables() === precomputed;
}

/** The process's tables ready in idle time after start-up: the build's copy at once, else built a column at a time. */
export function* pedersenTablesInSlices(): Generator<void, void> {
  if (tables !== undefined) return;
  precomputed ??= precomputedTables();
  const built = precomputed ?? (yield* buildInSlices());
  // A request may have needed them meanwhile (and built them at once): keep the ones in use.
  tables ??= built;
}

/** The process's tables: the build's copy, else built on first use; never at import (cold start stays close to bare hono's). */
export function pedersenTables(): PedersenTables {
  tables ??= (precomputed ??= precomputedTables()) ?? buildPedersenTables();
  return tables;
}

/**
 * StarkEx 2-input Pedersen hash of field elements a, b: x of shift + a_low·A_LOW + a_high·A_HIGH +
 * b_low·B_LOW + b_high·B_HIGH. Equal to @scure/starknet `pedersen` (about 10x faster) except that it
 * does not throw on the reference's "same point" guard, an event of negligible probability.
 */
export function pedersen(a: bigint, b: bigint): bigint {
  assertFieldElement('a', a);
  assertFieldElement('b', b);
  return hash(a, b, undefined);
}

// a_low·A_LOW, affine, for left inputs that recur (a message's constant part, messages.ts): one addition
// instead of ~28 lookups, for one inversion on a's first use.
const leftShares = new BoundedCache<bigint, Affine>(4096);

/** pedersen(a, b) for a left input that recurs (a message's constant part): a's share is kept. */
export function pedersenRecurringLeft(a: bigint, b: bigint): bigint {
  assertFieldElement('a', a);
  assertFieldElement('b', b);
  let share = leftShares.get(a);
  // a_low = 0 has no affine share (the point at infinity): it costs no lookups anyway.
  if (share === undefined && (a & LOW_MASK) !== 0n) {
    const acc = Jacobian.infinity();
    pedersenTables().aLow.addMultiple(acc, a & LOW_MASK);
    share = toAffineBatch([acc])[0]!;
    leftShares.set(a, share);
  }
  return hash(a, b, share);
}

function hash(a: bigint, b: bigint, aLowShare: Affine | undefined): bigint {
  const t = pedersenTables();
  const start = t.start[Number(a >> 248n) * HIGH_VALUES + Number(b >> 248n)]!;
  const acc = Jacobian.fromAffine(start);
  if (aLowShare === undefined) t.aLow.addMultiple(acc, a & LOW_MASK);
  else addAffineInPlace(acc, aLowShare.x, aLowShare.y);
  t.bLow.addMultiple(acc, b & LOW_MASK);
  return affineX(acc);
}
