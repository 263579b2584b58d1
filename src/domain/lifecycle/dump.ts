// A canonical, versioned plain-JSON image of the state: the basis of the state hash (and of saved state).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { stringify } from '../values/json.js';
import type { State } from '../state/state.js';
import { dumpStorage } from '../storage/storage.js';
import { DUMP_MEMBERS, isItemsMember, OPTIONAL_MEMBERS, STATE_FORMAT } from './dump-schema.js';
import type { MemberName } from './dump-schema.js';

export { STATE_FORMAT } from './dump-schema.js';

/**
 * The value of each member (dump-schema.ts declares them, in order); an items member's as its items.
 * dumpState (a plain object, for small states and tests) and dumpChunks (text in pieces, for any size:
 * no single string, no copy of the state) both write these.
 */
function members(state: State): Record<MemberName, () => unknown> {
  const each = <T, U>(values: () => Iterable<T>, f: (v: T) => U): (() => Iterable<U>) =>
    function* () {
      for (const v of values()) yield f(v);
    };
  return {
    format: () => STATE_FORMAT,
    clock: () => ({ now_micros: state.clock.nowMicros }),
    prng: () => ({ ...state.prng }),
    next_sequence_id: () => state.nextSequenceId,
    next_vault_id: () => state.nextVaultId,
    operator: () => state.operator,
    starkex_contracts: () => state.starkexContracts,
    named_accounts: () => state.namedAccounts,
    api_keys: () => state.apiKeys.values(),
    projects: () => state.projects.values(),
    marketplaces: () => state.marketplaces.values(),
    contracts: each(
      () => state.contracts.values(),
      (c) => ({ ...c, tokens: [...c.tokens] }),
    ),
    assets: () => state.assets.values(),
    accounts: each(
      () => state.accounts.values(),
      (a) => ({ key: a.key, balances: [...a.balances], used_nonces: [...a.usedNonces], max_nonce: a.maxNonce, records: a.records }),
    ),
    vaults: () => state.vaults,
    records: () => state.records.values(),
    signatures: () => state.signatures,
    withdraw_area: each(
      () => state.withdrawArea,
      ([addr, m]) => [addr, [...m]],
    ),
    claimed: () => state.claimed,
    issued: () => state.issued,
    pending_l2: () => ascending(state.pendingL2),
    pending_l1: () => ascending(state.pendingL1),
    settlement: () => state.settlement,
    orders: () => state.orders.values(),
    open_orders: () => ascending(state.openOrders),
    trades: () => state.trades,
    storage: () => dumpStorage(state.storage),
    withdraw_area_records: () => state.withdrawAreaRecords,
    token_metadata: () => state.tokenMetadata.values(),
    l1_deposits: () => state.l1Deposits,
    l1_taken: () => state.l1Taken,
  };
}

/** The members a dump of `state` writes, in order: an optional member only when it holds something. */
function writtenMembers(state: State): MemberName[] {
  const empty: Partial<Record<MemberName, boolean>> = {
    withdraw_area_records: state.withdrawAreaRecords.size === 0,
    token_metadata: state.tokenMetadata.size === 0,
    l1_deposits: state.l1Deposits.size === 0,
    l1_taken: state.l1Taken.size === 0,
  };
  return DUMP_MEMBERS.filter((k) => !(OPTIONAL_MEMBERS.has(k) && empty[k]));
}

/** Maps become entry arrays in insertion order (itself determined by the request sequence); bigints stay bigints. */
export function dumpState(state: State): Record<string, unknown> {
  const m = members(state);
  const out: Record<string, unknown> = {};
  for (const key of writtenMembers(state)) out[key] = isItemsMember(key) ? [...(m[key]() as Iterable<unknown>)] : m[key]();
  return out;
}

/** The text of each member that is not an items member, as dumpChunks writes it. */
export function* valueMemberTexts(state: State): Generator<[MemberName, string]> {
  const m = members(state);
  for (const key of DUMP_MEMBERS) if (!isItemsMember(key)) yield [key, stringify(m[key](), true)];
}

/** Pieces of about this many characters. */
const CHUNK = 1 << 16;

/**
 * The dump's text, in pieces of about 64 KiB: one JSON object laid out one item per line. Each member
 * opens a line (`"clock":{...},`); an items member with items opens with `"records":[` and has each
 * item on a line of its own (`{...},`, the last without the comma), then `],`; without items it is
 * `"records":[],`. The first line is `{"format":"l2-devnet/state@3",`, the last `}` (no newline after).
 * Integers past 2^53 are strings of digits. Items are written one at a time from the live maps, so a
 * dump of any size needs neither a single string nor a copy of the state. The state must not change
 * while the pieces are taken (callers take them all in one synchronous run).
 */
export function* dumpChunks(state: State): Generator<string> {
  const m = members(state);
  const written = writtenMembers(state);
  let out = '{';
  for (let i = 0; i < written.length; i++) {
    const key = written[i]!;
    out += (i === 0 ? '' : '\n') + JSON.stringify(key) + ':';
    if (isItemsMember(key)) {
      let first = true;
      for (const item of m[key]() as Iterable<unknown>) {
        out += (first ? '[\n' : ',\n') + stringify(item, true);
        first = false;
        if (out.length >= CHUNK) {
          yield out;
          out = '';
        }
      }
      out += first ? '[]' : '\n]';
    } else out += stringify(m[key](), true);
    if (i < written.length - 1) out += ',';
    if (out.length >= CHUNK) {
      yield out;
      out = '';
    }
  }
  yield out + '\n}';
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
