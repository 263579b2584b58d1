// The streamed dump (dumpChunks) writes exactly the text of the object dump, one item per line, and the state hash is the hash of that text.
import { describe, expect, it } from 'vitest';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { dumpChunks, dumpState, stateHash, STATE_FORMAT } from '../../../../src/domain/lifecycle/dump.js';
import { stringify } from '../../../../src/domain/values/json.js';
import type { State } from '../../../../src/domain/state/state.js';
import { ETH_ASSET, testClient } from '../../../support/client.js';
import { transfer } from '../../../support/flows.js';

/** dumpState as it was written before the dump streamed: one object literal, the reference here. */
function referenceDump(state: State): Record<string, unknown> {
  return {
    format: STATE_FORMAT,
    clock: { now_micros: state.clock.nowMicros },
    prng: { ...state.prng },
    next_sequence_id: state.nextSequenceId,
    next_vault_id: state.nextVaultId,
    operator: state.operator,
    starkex_contracts: state.starkexContracts,
    named_accounts: state.namedAccounts,
    api_keys: [...state.apiKeys.values()],
    projects: [...state.projects.values()],
    marketplaces: [...state.marketplaces.values()],
    contracts: [...state.contracts.values()].map((c) => ({ ...c, tokens: [...c.tokens] })),
    assets: [...state.assets.values()],
    accounts: [...state.accounts.values()].map((a) => ({
      key: a.key,
      balances: [...a.balances],
      used_nonces: [...a.usedNonces],
      max_nonce: a.maxNonce,
      records: a.records,
    })),
    vaults: [...state.vaults],
    records: [...state.records.values()],
    signatures: [...state.signatures],
    withdraw_area: [...state.withdrawArea].map(([addr, m]) => [addr, [...m]]),
    claimed: [...state.claimed],
    issued: [...state.issued],
    pending_l2: ascending(state.pendingL2),
    pending_l1: ascending(state.pendingL1),
    settlement: state.settlement,
    orders: [...state.orders.values()],
    open_orders: ascending(state.openOrders),
    trades: state.trades,
    storage: [...state.storage.values()].flatMap((files) => [...files.values()]),
  };
}

function ascending(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}

describe('dumpChunks', () => {
  it('writes the text of the object dump, in pieces, and the state hash is the hash of that text', async () => {
    const c = testClient({ signatures: 'skip' });
    for (let i = 0; i < 3000; i++)
      c.dn.devnet.deposit({ starkKey: c.accounts.carol.stark_key, contractAddress: 'eth', amount: BigInt(i + 1) });
    await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 5n);
    await c.post('/_devnet/batches', { layer: 'l2' });
    const state = c.dn.devnet.state;
    const chunks = [...dumpChunks(state)];
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.length).toBeLessThan(2 * 65536);
    const text = chunks.join('');
    // The same text with a newline before each member and item (a string never holds a raw newline).
    const reference = stringify(referenceDump(state), true);
    expect(text.replaceAll('\n', '')).toBe(reference);
    expect(text.split('\n').length).toBeGreaterThan(3000);
    expect(stringify(dumpState(state), true)).toBe(reference);
    expect(stateHash(state)).toBe('0x' + bytesToHex(sha256(utf8ToBytes(text))));
  });
});
