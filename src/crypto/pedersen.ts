// Owns the StarkEx Pedersen hash entry point and the Stark curve's field prime and group order.
import { assertInRange } from './assert.js';
import { N, P } from './curve.js';
import { fastPedersen, fastPedersenRecurringLeft } from './fast-pedersen.js';

/** Prime of the Stark field, p = 2^251 + 17·2^192 + 1 (curve.ts; checked against @scure/starknet). */
export const FIELD_PRIME: bigint = P;
/** Order n of the Stark curve group (cofactor 1, so every point other than zero has order n). */
export const CURVE_ORDER: bigint = N;

/** Throws unless `value` is a bigint field element (0 <= value < p). */
export function assertFieldElement(name: string, value: unknown): asserts value is bigint {
  assertInRange(name, value, 0n, FIELD_PRIME);
}

/**
 * StarkEx 2-input Pedersen hash H(a, b). Every message hash goes through this one function. It runs
 * the fixed-base windowed hash (fast-pedersen.ts, about 10x @scure/starknet `pedersen`, equal to it
 * on every input; tests compare the two).
 */
export function pedersen(a: bigint, b: bigint): bigint {
  assertFieldElement('a', a);
  assertFieldElement('b', b);
  return fastPedersen(a, b);
}

/** pedersen(a, b) for a left input that recurs from one message to the next (its constant part): faster from a's second use. */
export function pedersenRecurringLeft(a: bigint, b: bigint): bigint {
  assertFieldElement('a', a);
  assertFieldElement('b', b);
  return fastPedersenRecurringLeft(a, b);
}
