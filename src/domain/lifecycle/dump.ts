// A canonical, versioned plain-JSON image of the state: the basis of the state hash (and of saved state).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { stringify } from '../values/json.js';
import type { State } from '../state/state.js';
import { dumpStorage } from '../storage/storage.js';

/** @2 added contract ids and removal, ERC721MC token URLs, orders' time in force and payment, and the signature index. */
export const STATE_FORMAT = 'l2-devnet/state@2';

/**
 * The dump's members in order, each as a value or as the items of an array: the one description
 * that dumpState (a plain object, for small states and tests) and dumpChunks (text in pieces, for
 * any size: no single string, no copy of the state) both write.
 */
type Member = readonly [key: string, value: () => unknown] | readonly [key: string, items: () => Iterable<unknown>, array: true];

function members(state: State): Member[] {
  const each = <T, U>(values: () => Iterable<T>, f: (v: T) => U): (() => Iterable<U>) => function* () {
    for (const v of values()) yield f(v);
  };
  return [
    ['format', () => STATE_FORMAT],
    ['clock', () => ({ now_micros: state.clock.nowMicros })],
    ['prng', () => ({ ...state.prng })],
    ['next_sequence_id', () => state.nextSequenceId],
    ['next_vault_id', () => state.nextVaultId],
    ['operator', () => state.operator],
    ['starkex_contracts', () => state.starkexContracts],
    ['named_accounts', () => state.namedAccounts],
    ['api_keys', () => state.apiKeys.values(), true],
    ['projects', () => state.projects.values(), true],
    ['marketplaces', () => state.marketplaces.values(), true],
    ['contracts', each(() => state.contracts.values(), (c) => ({ ...c, tokens: [...c.tokens] })), true],
    ['assets', () => state.assets.values(), true],
    ['accounts', each(() => state.accounts.values(), (a) => ({ key: a.key, balances: [...a.balances], used_nonces: [...a.usedNonces], max_nonce: a.maxNonce, records: a.records })), true],
    ['vaults', () => state.vaults, true],
    ['records', () => state.records.values(), true],
    ['signatures', () => state.signatures, true],
    ['withdraw_area', each(() => state.withdrawArea, ([addr, m]) => [addr, [...m]]), true],
    ['claimed', () => state.claimed, true],
    ['issued', () => state.issued, true],
    ['pending_l2', () => ascending(state.pendingL2), true],
    ['pending_l1', () => ascending(state.pendingL1), true],
    ['settlement', () => state.settlement],
    ['orders', () => state.orders.values(), true],
    ['open_orders', () => ascending(state.openOrders), true],
    ['trades', () => state.trades, true],
    ['storage', () => dumpStorage(state.storage), true],
  ];
}

/** The dump's member names, in the order they are written. */
export const DUMP_MEMBERS: readonly string[] = members({} as State).map((m) => m[0]);

/** Maps become entry arrays in insertion order (itself determined by the request sequence); bigints stay bigints. */
export function dumpState(state: State): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of members(state)) out[m[0]] = m.length === 3 ? [...m[1]()] : m[1]();
  return out;
}

/** The text of each member that is not an array of items, as dumpChunks writes it. */
export function* valueMemberTexts(state: State): Generator<[string, string]> {
  for (const m of members(state)) if (m.length === 2) yield [m[0], stringify(m[1]())];
}

/** Pieces of about this many characters. */
const CHUNK = 1 << 16;

/**
 * The text of stringify(dumpState(state)), in pieces of about 64 KiB: items are written one at a
 * time from the live maps, so a dump of any size needs neither a single string nor a copy of the state.
 * The state must not change while the pieces are taken (callers take them all in one synchronous run).
 */
export function* dumpChunks(state: State): Generator<string> {
  let out = '{';
  let first = true;
  for (const m of members(state)) {
    out += (first ? '' : ',') + JSON.stringify(m[0]) + ':';
    first = false;
    if (m.length === 2) {
      out += stringify(m[1]());
    } else {
      out += '[';
      let firstItem = true;
      for (const item of m[1]()) {
        out += (firstItem ? '' : ',') + (item === undefined ? 'null' : stringify(item));
        firstItem = false;
        if (out.length >= CHUNK) {
          yield out;
          out = '';
        }
      }
      out += ']';
    }
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  yield out + '}';
}

// These sets are queues and indexes whose insertion order is never observable (batches and books
// take them in id order), and an undone delete cannot restore it cheaply: so they are dumped sorted.
function ascending(ids: Iterable<number>): number[] {
  return [...ids].sort((a, b) => a - b);
}

/** A sha256 of text (as UTF-8) given in pieces, as 0x hex. */
export interface TextHash {
  update(text: string): void;
  digest(): string;
}

/** Starts a TextHash. A host may give a native one: the hash of a big state is mostly this. */
export type Sha256Text = () => TextHash;

/** The portable Sha256Text (@noble/hashes). */
export const sha256Text: Sha256Text = () => {
  const h = sha256.create();
  return { update: (text) => void h.update(utf8ToBytes(text)), digest: () => '0x' + bytesToHex(h.digest()) };
};

/** sha256 of the canonical state image, 0x hex: equal hashes mean equal states. Streamed: no string of the whole image. */
export function stateHash(state: State, sha256Of: Sha256Text = sha256Text): string {
  const h = sha256Of();
  for (const chunk of dumpChunks(state)) h.update(chunk);
  return h.digest();
}
