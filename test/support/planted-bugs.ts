// Deliberate defects for testing the testers: the property runner must find each of them. A test plants
// one by mocking the module it lives in, behind a switch, so production code carries no seam for it:
//   vi.mock('../../src/domain/trading/fees.js', (real) => feesWithPlantedBugs(real));
import type * as Fees from '../../src/domain/trading/fees.js';

/** The defects planted right now: a test switches one on around the runs that must find it. */
export const planted = { marketplaceFeeRoundsUp: false };

/**
 * The fees module, with the marketplace fee rounded up instead of down while that switch is on.
 * Conservation and the per-fill sum still hold (the extra unit moves from the seller to the payee),
 * so only a model of the fees sees it.
 */
export async function feesWithPlantedBugs(importOriginal: () => Promise<unknown>): Promise<typeof Fees> {
  const real = (await importOriginal()) as typeof Fees;
  return {
    ...real,
    marketplaceFee: (volume, rate) =>
      planted.marketplaceFeeRoundsUp ? (volume * rate.num + rate.den - 1n) / rate.den : real.marketplaceFee(volume, rate),
  };
}
