// Deliberate defects for testing the testers: the property runner must find each of them.
import { REAL_FEES } from '../../src/domain/trading/matching.js';
import type { FeeSchedule } from '../../src/domain/trading/matching.js';

/**
 * The marketplace fee rounded up instead of down. Conservation and the per-fill sum still hold
 * (the extra unit moves from the seller to the payee), so only a model of the fees sees it.
 */
export const marketplaceFeeRoundsUp: FeeSchedule = {
  ...REAL_FEES,
  marketplace: (volume, rate) => (volume * rate.num + rate.den - 1n) / rate.den,
};
