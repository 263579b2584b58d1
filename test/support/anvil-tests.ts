// Tests against one Anvil per describe block: each test starts from the chain as the block's set-up left
// it (an evm snapshot taken before the test, reverted after it).
import { afterEach, beforeEach, expect } from 'vitest';
import type { Anvil } from '../../src/l1/anvil.js';
import type { Hex } from '../../src/l1/codec.js';

/** Registers the snapshot before and the revert after each test of the calling block; `anvil` is read when a test runs. */
export function freshChainPerTest(anvil: () => Anvil): void {
  let snapshot: Hex;
  beforeEach(async () => {
    snapshot = await anvil().rpc.snapshot();
  });
  afterEach(async () => {
    expect(await anvil().rpc.revert(snapshot)).toBe(true);
  });
}
