// Builds a State from a dump's members, shared by the whole-document load and the streamed one: each member once, the @1 upgrade of an item, the assembly and its cross-checks.
import { DUMP_MEMBERS } from './dump.js';
import type { State } from '../state/state.js';
import { rebuildOrderIndexes } from '../trading/open-orders.js';
import { loadStorage } from '../storage/storage.js';
import { moveWithdrawing } from '../ledger/withdrawals.js';
import { countStatuses, indexSignatureR } from '../records/records.js';
import { RECORD_TYPES } from '../state/state.js';
import { TrackedMap } from '../state/undo.js';
import { checkItemAt, checkValues } from './dump-shape.js';
import { newListIndexes } from '../state/lists.js';
import { rebuildListIndexes } from './list-indexes.js';
import { big, list, obj } from './conversions.js';
import type { Obj } from './conversions.js';
import { SharedValues } from './shared-values.js';
import { StateEntries } from './state-entries.js';

/** Entries a reader builds from their values, in the order of `keys` (see StateBuilder.direct). */
export interface DirectItems {
  readonly keys: readonly string[];
  add(values: readonly unknown[]): unknown;
}

/** A record's keys in the order it is built and written (appendRecord's literal). */
export const RECORD_KEYS: readonly string[] = ['sequenceId', 'type', 'starkKey', 'status', 'timeMicros', 'assetHex', 'amount', 'to', 'reason', 'orderId'];

export const FORMAT_1 = 'l2-devnet/state@1';

/** One item of a @1 dump as @2 writes it (the same rule as migrateFrom1, for a streamed load); other items as they are. */
export function upgradeItem(key: string, x: unknown, index: number): unknown {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return x;
  const o = x as Obj;
  switch (key) {
    case 'contracts':
      return { id: index + 1, ...o, removed: false };
    case 'assets':
      return { ...o, uri: null };
    case 'orders':
      return { ...o, timeInForce: 'GTC', payment: null };
    default:
      return x;
  }
}

/** The members written as arrays, whose items a streamed load takes one at a time. */
export const ARRAY_MEMBERS: ReadonlySet<string> = new Set([
  'api_keys', 'projects', 'marketplaces', 'contracts', 'assets', 'accounts', 'vaults', 'records', 'signatures', 'withdraw_area',
  'claimed', 'issued', 'pending_l2', 'pending_l1', 'orders', 'open_orders', 'trades', 'storage',
]);

/**
 * Builds a State from a dump's members, in the dump's order, an array member item by item: a dump
 * of millions of records is converted as it is read, never held whole. Conversions (state-entries.ts)
 * throw TypeError for a value that is not what dumpState writes. Texts and integers that repeat across
 * items (keys, asset ids, times, amounts) are shared (shared-values.ts), so a loaded state takes the
 * memory a built one does.
 */
export class StateBuilder {
  private readonly plain: Obj = {};
  private readonly counts = new Map<string, number>();
  private readonly sharing = new SharedValues();
  private readonly entries = new StateEntries(this.sharing);

  /** A value that is not an array member (or an array member that is not an array: refused when built). */
  member(key: string, value: unknown): void {
    this.seen(key);
    this.plain[key] = this.sharing.share(value);
  }

  /** The item as the current format writes it: a @1 dump's items get what @1 had no field for (upgradeItem). */
  upgrade(key: string, value: unknown, index: number): unknown {
    return this.plain.format === FORMAT_1 ? upgradeItem(key, value, index) : value;
  }

  /**
   * One item of an array member; returns the entry built from it as the dump writes it. `checked`: the
   * caller made checkItem's tests already (a template reads only items that pass them).
   */
  item(key: string, value: unknown, checked = false): unknown {
    if (!ARRAY_MEMBERS.has(key)) throw new TypeError(`unexpected field ${key}`);
    const n = this.counts.get(key);
    if (n === undefined) this.seen(key);
    this.counts.set(key, (n ?? 0) + 1);
    if (!checked) checkItemAt(key, value, n ?? 0);
    // A record is copied field by field, each string shared there.
    return this.entries.add(key, key === 'records' ? value : this.sharing.share(value));
  }

  /** An array member with no items. */
  emptyArray(key: string): void {
    if (!ARRAY_MEMBERS.has(key)) {
      this.member(key, []);
      return;
    }
    this.seen(key);
    this.counts.set(key, 0);
  }

  private readonly keys = new Set<string>();
  private seen(key: string): void {
    if (this.keys.has(key)) throw new TypeError(`field ${key} appears twice`);
    this.keys.add(key);
  }

  /** The shared copy of a string (a reader may share the strings of an item before it is given). */
  readonly intern = (v: string): string => this.sharing.text(v);

  /**
   * For a member whose entries are built from their values alone (records): the keys in the order the
   * entry is built and written, and an adder taking the values in that order, checked (as a template
   * checks them) and their strings shared (intern), with item()'s bookkeeping: a reader holding the
   * values needs no object between.
   */
  direct(key: string): DirectItems | undefined {
    if (key !== 'records') return undefined;
    return {
      keys: RECORD_KEYS,
      add: (v) => {
        const n = this.counts.get(key);
        if (n === undefined) this.seen(key);
        this.counts.set(key, (n ?? 0) + 1);
        return this.entries.record(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], true);
      },
    };
  }

  /** The state, once every member was given; throws TypeError naming what is missing or wrong. */
  build(): State {
    const d = this.plain;
    // A @1 dump has no signature index (requests accepted under @1 are not indexed).
    if (d.format === FORMAT_1 && !this.keys.has('signatures')) this.emptyArray('signatures');
    for (const key of DUMP_MEMBERS) if (!this.keys.has(key)) throw new TypeError(`missing field ${key}`);
    for (const key of this.keys) if (!DUMP_MEMBERS.includes(key)) throw new TypeError(`unexpected field ${key}`);
    for (const key of ARRAY_MEMBERS) if (key in d) list(d[key]);
    const s = this.entries.s;
    // A repeated id would be dropped by its map: the dump written back would be shorter.
    for (const key of ['api_keys', 'projects', 'marketplaces', 'contracts', 'assets', 'accounts', 'vaults', 'records', 'signatures', 'withdraw_area', 'claimed', 'issued', 'orders'] as const) {
      if (s[key].size !== this.counts.get(key)) throw new TypeError(`${key} has ${this.counts.get(key)} entries, ${s[key].size} of them distinct`);
    }
    checkValues(d);
    // Every id taken so far is below the next one.
    const next = d.next_sequence_id as number;
    if (this.entries.lastRecord >= next) throw new TypeError(`next_sequence_id ${next} must be above every record's sequence id (${this.entries.lastRecord} is among them)`);
    for (const id of s.orders.keys()) if (id >= next) throw new TypeError(`next_sequence_id ${next} must be above every order id (${id} is among them)`);
    const clock = obj(d.clock);
    const prng = obj(d.prng);
    const settlement = obj(d.settlement);
    const sc = obj(d.starkex_contracts);
    // A file listed twice for its project would be dropped by the project's map, as a repeated id.
    const storage = loadStorage(this.entries.undo, this.entries.storageRows);
    let files = 0;
    for (const m of storage.values()) files += m.size;
    if (files !== this.entries.storageRows.length) throw new TypeError(`storage has ${this.entries.storageRows.length} entries, ${files} of them distinct`);
    const state: State = {
      undo: this.entries.undo,
      clock: { nowMicros: big(clock.now_micros) },
      prng: { seed: prng.seed as string, counter: prng.counter as number },
      nextSequenceId: d.next_sequence_id as number,
      nextVaultId: big(d.next_vault_id),
      contracts: s.contracts,
      contractsByUuid: s.contractsByUuid,
      assets: s.assets,
      accounts: s.accounts,
      vaults: s.vaults,
      records: s.records,
      signatures: s.signatures,
      signaturesByR: TrackedMap.create(this.entries.undo),
      statusCounts: { counts: [] },
      apiKeys: s.api_keys,
      projects: s.projects,
      marketplaces: s.marketplaces,
      namedAccounts: list(d.named_accounts) as State['namedAccounts'],
      withdrawing: TrackedMap.create(this.entries.undo),
      withdrawArea: s.withdraw_area,
      claimed: s.claimed,
      issued: s.issued,
      pendingL2: s.pending_l2,
      pendingL1: s.pending_l1,
      settlement: { mode: settlement.mode as State['settlement']['mode'], intervalMicros: big(settlement.intervalMicros), nextCutMicros: big(settlement.nextCutMicros) },
      orders: s.orders,
      openOrders: s.open_orders,
      trades: s.trades,
      books: new Map(),
      openByOwner: new Map(),
      openByQuote: new Map(),
      tradesBy: new Map(),
      lists: newListIndexes(),
      storage,
      operator: d.operator as string,
      starkexContracts: { mainnet: sc.mainnet as string, testnet: sc.testnet as string, sepolia: sc.sepolia as string },
    };
    for (const id of state.openOrders) if (!state.orders.has(id)) throw new TypeError(`open order ${id} is not among the orders`);
    for (const t of state.trades) if (!state.orders.has(t.makerId) || !state.orders.has(t.takerId)) throw new TypeError(`a trade names order ${t.makerId} or ${t.takerId}, which is not among the orders`);
    rebuildOrderIndexes(state);
    for (const key of state.signatures.keys()) indexSignatureR(state, key);
    state.statusCounts.counts = countStatuses(state.records.values());
    // Withdrawals in the batch queues, found by walking the records (in order) rather than looking up a
    // million queued deposits; an id in a queue that is no record is refused with the guarantees.
    for (const r of state.records.values()) {
      if (r.type === RECORD_TYPES.withdrawal && (state.pendingL2.has(r.sequenceId) || state.pendingL1.has(r.sequenceId))) moveWithdrawing(state, r.starkKey, r.assetHex, r.amount);
    }
    // Both loads (whole and streamed) end here: the list indexes are rebuilt, refusing an account
    // that lists a record it has nothing to do with, or lists its records out of order.
    rebuildListIndexes(state);
    this.entries.undo.releaseAll();
    this.sharing.clear();
    return state;
  }
}

