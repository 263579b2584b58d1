// Builds a State from a dump's checked members, shared by the line-by-line load and the whole-document one: each member once, the assembly and its cross-checks.
import { DUMP_MEMBERS, ITEMS_MEMBERS } from './dump-schema.js';
import type { ItemsMember, MemberName, Written } from './dump-schema.js';
import type { State } from '../state/state.js';
import { rebuildOrderIndexes } from '../trading/open-orders.js';
import { loadStorage } from '../storage/storage.js';
import { moveWithdrawing } from '../ledger/withdrawals.js';
import { countStatuses, indexSignatureR } from '../ledger/records.js';
import { RECORD_TYPES } from '../state/state.js';
import { rebuildListIndexes } from './list-indexes.js';
import { big } from './conversions.js';
import type { Obj } from './conversions.js';
import { SharedValues } from './shared-values.js';
import { StateEntries } from './state-entries.js';

/**
 * Builds a State from a dump's members, in the dump's order, an items member item by item: a dump
 * of millions of records is converted as it is read, never held whole. The loader checks each value
 * and item against the schema (dump-schema.ts) first; conversions (state-entries.ts) throw TypeError
 * for what the schema cannot see (order, repeats). Texts and integers that repeat across items (keys,
 * asset ids, times, amounts) are shared (shared-values.ts), so a loaded state takes the memory a built one does.
 */
export class StateBuilder {
  private readonly plain: Obj = {};
  private readonly counts = new Map<string, number>();
  private readonly sharing = new SharedValues();
  private readonly entries = new StateEntries(this.sharing);

  /** A member that is a single value, checked. */
  member(key: MemberName, value: unknown): void {
    this.seen(key);
    this.plain[key] = this.sharing.share(value);
  }

  /** One checked item of an items member; returns the entry built from it as the dump writes it. */
  item(key: ItemsMember, value: unknown): unknown {
    const n = this.counts.get(key);
    if (n === undefined) this.seen(key);
    this.counts.set(key, (n ?? 0) + 1);
    // A record is copied field by field, each string shared there.
    return this.entries.add(key, key === 'records' ? value : this.sharing.share(value));
  }

  /** An items member with no items. */
  emptyArray(key: ItemsMember): void {
    this.seen(key);
    this.counts.set(key, 0);
  }

  private readonly keys = new Set<string>();
  private seen(key: string): void {
    if (this.keys.has(key)) throw new TypeError(`field ${key} appears twice`);
    this.keys.add(key);
  }

  /** Every member given once, no id repeated, every id taken below next_sequence_id. */
  private checkCounts(): void {
    const d = this.plain;
    for (const key of DUMP_MEMBERS) if (!this.keys.has(key)) throw new TypeError(`missing field ${key}`);
    for (const key of this.keys) if (!(DUMP_MEMBERS as readonly string[]).includes(key)) throw new TypeError(`unexpected field ${key}`);
    const s = this.entries.s;
    // A repeated id would be dropped by its map: the dump written back would be shorter (the sets are read ascending).
    for (const key of ITEMS_MEMBERS) {
      if (key === 'trades' || key === 'storage') continue;
      if (s[key].size !== this.counts.get(key))
        throw new TypeError(`${key} has ${this.counts.get(key)} entries, ${s[key].size} of them distinct`);
    }
    // Every id taken so far is below the next one.
    const next = d.next_sequence_id as number;
    if (this.entries.lastRecord >= next)
      throw new TypeError(`next_sequence_id ${next} must be above every record's sequence id (${this.entries.lastRecord} is among them)`);
    for (const id of s.orders.keys())
      if (id >= next) throw new TypeError(`next_sequence_id ${next} must be above every order id (${id} is among them)`);
  }

  /** The state, once every member was given; throws TypeError naming what is missing or wrong. */
  build(): State {
    this.checkCounts();
    const d = this.plain as { [K in MemberName]: Written<K> };
    const state = this.entries.state;
    // A file listed twice for its project would be dropped by the project's map, as a repeated id.
    state.storage = loadStorage(this.entries.undo, this.entries.storageRows);
    let files = 0;
    for (const m of state.storage.values()) files += m.size;
    if (files !== this.entries.storageRows.length)
      throw new TypeError(`storage has ${this.entries.storageRows.length} entries, ${files} of them distinct`);
    state.clock = { nowMicros: big(d.clock.now_micros) };
    state.prng = d.prng;
    state.nextSequenceId = d.next_sequence_id;
    state.nextVaultId = big(d.next_vault_id);
    state.namedAccounts = d.named_accounts;
    const { mode, intervalMicros, nextCutMicros } = d.settlement;
    state.settlement = { mode, intervalMicros: big(intervalMicros), nextCutMicros: big(nextCutMicros) };
    state.operator = d.operator;
    state.starkexContracts = d.starkex_contracts;
    for (const id of state.openOrders) if (!state.orders.has(id)) throw new TypeError(`open order ${id} is not among the orders`);
    for (const t of state.trades)
      if (!state.orders.has(t.makerId) || !state.orders.has(t.takerId))
        throw new TypeError(`a trade names order ${t.makerId} or ${t.takerId}, which is not among the orders`);
    rebuildOrderIndexes(state);
    for (const key of state.signatures.keys()) indexSignatureR(state, key);
    state.statusCounts.counts = countStatuses(state.records.values());
    // Withdrawals in the batch queues, found by walking the records (in order) rather than looking up a
    // million queued deposits; an id in a queue that is no record is refused with the guarantees.
    for (const r of state.records.values()) {
      if (r.type === RECORD_TYPES.withdrawal && (state.pendingL2.has(r.sequenceId) || state.pendingL1.has(r.sequenceId)))
        moveWithdrawing(state, r.starkKey, r.assetHex, r.amount);
    }
    // Both loads (whole and streamed) end here: the list indexes are rebuilt, refusing an account
    // that lists a record it has nothing to do with, or lists its records out of order.
    rebuildListIndexes(state);
    this.entries.undo.releaseAll();
    this.sharing.clear();
    return state;
  }
}
