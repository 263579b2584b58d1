// A canonical, versioned plain-JSON image of the state: the basis of the state hash (and of saved state).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { stringify } from '../values/json.js';
import type { State } from '../state/state.js';
import { dumpStorage } from '../storage/storage.js';

/** @2 added contract ids and removal, ERC721MC token URLs, orders' time in force and payment, and the signature index. */
export const STATE_FORMAT = 'l2-devnet/state@2';

/** Maps become entry arrays in insertion order (itself determined by the request sequence); bigints stay bigints. */
export function dumpState(state: State): Record<string, unknown> {
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
    accounts: [...state.accounts.values()].map((a) => ({ key: a.key, balances: [...a.balances], used_nonces: [...a.usedNonces], max_nonce: a.maxNonce, records: a.records })),
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
    storage: dumpStorage(state.storage),
  };
}

// These sets are queues and indexes whose insertion order is never observable (batches and books
// take them in id order), and an undone delete cannot restore it cheaply: so they are dumped sorted.
function ascending(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** sha256 of the canonical state image, 0x hex: equal hashes mean equal states. */
export function stateHash(state: State): string {
  return '0x' + bytesToHex(sha256(utf8ToBytes(stringify(dumpState(state)))));
}
