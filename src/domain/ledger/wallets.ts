// `GET /v1/wallets`: key pairs drawn from the seeded PRNG, reproducible per seed, never repeated in a run.
import { privateKeyFromSeed, starkKeyFromPrivate } from '../../crypto/keys.js';
import { fail, ErrorCode } from '../values/errors.js';
import { toHex } from '../values/hex.js';
import { nextBlock } from '../state/prng.js';
import type { State } from '../state/state.js';

export const MAX_WALLETS = 100;

export interface Wallet {
  stark_key: string;
  stark_private_key: string;
}

export function drawWallets(state: State, count: number): Wallet[] {
  if (!Number.isInteger(count) || count < 1 || count > MAX_WALLETS)
    fail(ErrorCode.InvalidParam, `count must be an integer in [1, ${MAX_WALLETS}], got ${count}`);
  return Array.from({ length: count }, () => {
    const priv = privateKeyFromSeed(nextBlock(state.prng));
    return { stark_key: toHex(starkKeyFromPrivate(priv)), stark_private_key: toHex(priv) };
  });
}
