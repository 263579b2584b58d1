// Crypto tables ready before the first signed request: built in slices of a millisecond or two, so
// that whoever schedules the slices (the CLI, after its ready line) keeps the server answering meanwhile.
import { pedersenTablesInSlices } from './pedersen.js';
import { verifyTablesInSlices } from './verify.js';

/**
 * Every table a signed request needs, in order of need: the Pedersen tables (message hashes), the
 * generator's table, then the given stark keys' tables (verification). One step per next().
 */
export function* cryptoWarmUp(keys: readonly bigint[]): Generator<void, void> {
  yield* pedersenTablesInSlices();
  yield* verifyTablesInSlices(keys);
}
