// Builds a State from a dump's members, an array member item by item (the whole-document load and
// the streamed one share it): the conversions, the @1 upgrade of an item, and the builder.
import { DUMP_MEMBERS } from './dump.js';
import type { Account, Asset, Contract, LedgerRecord, Order, State, StoredFile, Trade } from '../state/state.js';
import { rebuildOrderIndexes } from '../trading/open-orders.js';
import { loadStorage } from '../storage/storage.js';
import { moveWithdrawing } from '../ledger/withdrawals.js';
import { countStatuses, indexSignatureR } from '../records/records.js';
import { RECORD_TYPES } from '../state/state.js';
import { TrackedMap, TrackedSet, UndoLog } from '../state/undo.js';
import { checkItemAt, checkValues } from './dump-shape.js';
import { newListIndexes } from '../state/lists.js';
import { rebuildListIndexes } from './list-indexes.js';

export type Obj = Record<string, unknown>;

/** Entries a reader builds from their values, in the order of `keys` (see StateBuilder.direct). */
export interface DirectItems {
  readonly keys: readonly string[];
  add(values: readonly unknown[]): unknown;
}

/** A record's keys in the order it is built and written (appendRecord's literal). */
export const RECORD_KEYS: readonly string[] = ['sequenceId', 'type', 'starkKey', 'status', 'timeMicros', 'assetHex', 'amount', 'to', 'reason', 'orderId'];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// While a state is built nothing is to be undone: entries go in untracked (the log is attached already).
const put = <K, V>(m: Map<K, V>, k: K, v: V): void => void Map.prototype.set.call(m, k, v);
const putIn = <T>(s: Set<T>, v: T): void => void Set.prototype.add.call(s, v);

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

const big = (v: unknown): bigint => {
  if (typeof v !== 'bigint' && typeof v !== 'number') throw new TypeError(`expected an integer, got ${JSON.stringify(v)}`);
  return BigInt(v);
};
const bigOrNull = (v: unknown): bigint | null => (v === null ? null : big(v));
const list = (v: unknown): unknown[] => {
  if (!Array.isArray(v)) throw new TypeError(`expected an array, got ${typeof v}`);
  return v;
};
const pairs = (v: unknown): Array<[unknown, unknown]> => list(v).map((p) => list(p) as [unknown, unknown]);
const obj = (v: unknown): Obj => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TypeError('expected an object');
  return v as Obj;
};

/** The members written as arrays, whose items a streamed load takes one at a time. */
export const ARRAY_MEMBERS: ReadonlySet<string> = new Set([
  'api_keys', 'projects', 'marketplaces', 'contracts', 'assets', 'accounts', 'vaults', 'records', 'signatures', 'withdraw_area',
  'claimed', 'issued', 'pending_l2', 'pending_l1', 'orders', 'open_orders', 'trades', 'storage',
]);

/**
 * Builds a State from a dump's members, in the dump's order, an array member item by item: a dump
 * of millions of records is converted as it is read, never held whole. Conversions throw TypeError
 * for a value that is not what dumpState writes. Texts and integers that repeat across items (keys,
 * asset ids, times, amounts) are shared, so a loaded state takes the memory a built one does.
 */
export class StateBuilder {
  private readonly undo = new UndoLog();
  private readonly plain: Obj = {};
  private readonly texts = new Map<string, string>();
  private readonly integers = new Map<number | bigint, bigint>();
  private readonly map = <K, V>(options?: { ordered?: boolean; orders?: boolean }): TrackedMap<K, V> => TrackedMap.create<K, V>(this.undo, options);
  private readonly set = <T>(options?: { orders?: boolean }): TrackedSet<T> => TrackedSet.create<T>(this.undo, options);
  private readonly counts = new Map<string, number>();
  private readonly storageRows: StoredFile[] = [];
  private readonly lastIds = new Map<string, number>();
  private readonly storageProjects = new Set<string>();
  private storageProject: string | undefined;
  private lastRecord = 0;
  private readonly s = {
    api_keys: this.map<string, { key: string; name: string }>(),
    projects: this.map<string, State['projects'] extends Map<string, infer P> ? P : never>(),
    marketplaces: this.map<string, State['marketplaces'] extends Map<string, infer M> ? M : never>(),
    contracts: this.map<string, Contract>(),
    contractsByUuid: this.map<string, string>(),
    assets: this.map<string, Asset>(),
    accounts: this.map<string, Account>(),
    vaults: this.map<string, bigint>(),
    records: this.map<number, LedgerRecord>(),
    signatures: this.map<string, number[]>(),
    withdraw_area: this.map<string, Map<string, bigint>>(),
    claimed: this.map<string, bigint>(),
    issued: this.map<string, bigint>(),
    pending_l2: this.set<number>(),
    pending_l1: this.set<number>(),
    orders: this.map<number, Order>({ orders: true }),
    open_orders: this.set<number>({ orders: true }),
    trades: [] as Trade[],
  };

  /** A value that is not an array member (or an array member that is not an array: refused when built). */
  member(key: string, value: unknown): void {
    this.seen(key);
    this.plain[key] = this.share(value);
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
    return this.add(key, key === 'records' ? value : this.share(value));
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

  /** The texts shared last: keys and asset ids alternate from item to item (compared, not hashed, first). */
  private readonly lately: string[] = ['', '', '', '', '', '', '', ''];
  private latelyNext = 0;

  /** The shared copy of a string (a reader may share the strings of an item before it is given). */
  readonly intern = (v: string): string => this.text(v);

  private text(v: unknown): string {
    if (typeof v !== 'string') return v as string;
    const lately = this.lately;
    for (let k = 0; k < lately.length; k++) if (lately[k] === v) return lately[k]!;
    let own = this.texts.get(v);
    if (own === undefined) {
      // A parsed string may be a slice that keeps the whole input text alive: keep a copy of its own.
      own = v.length < 13 ? v : decoder.decode(encoder.encode(v));
      this.texts.set(own, own);
    }
    lately[this.latelyNext] = own;
    this.latelyNext = (this.latelyNext + 1) % lately.length;
    return own;
  }

  /** The value with every string shared (and a copy of its own, see text()); arrays and objects are edited in place. */
  private share(v: unknown): unknown {
    if (typeof v === 'string') return this.text(v);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === 'string' || (x !== null && typeof x === 'object')) v[i] = this.share(x);
      }
      return v;
    }
    const o = v as Obj;
    for (const k of Object.keys(o)) {
      const x = o[k];
      if (typeof x === 'string' || (x !== null && typeof x === 'object')) o[k] = this.share(x);
    }
    return o;
  }

  private integer(v: unknown): bigint {
    // Looked up by the value as parsed (a number mostly), so a repeated one makes no bigint.
    const known = this.integers.get(v as number | bigint);
    if (known !== undefined) return known;
    const b = big(v);
    // Times and amounts repeat; a bounded table keeps the sharing without holding every distinct value.
    if (this.integers.size >= 1 << 16) this.integers.clear();
    this.integers.set(v as number | bigint, b);
    return b;
  }

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
        return this.record(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], true);
      },
    };
  }

  /** `shared`: its strings are shared already (a template shares them as it reads them). */
  private record(sequenceId: unknown, type: unknown, starkKey: unknown, status: unknown, timeMicros: unknown, assetHex: unknown, amount: unknown, to: unknown, reason: unknown, orderId: unknown, shared = false): LedgerRecord {
    // The literal of appendRecord, in its order (RECORD_KEYS): the same shape (and dump text) as a built record.
    const record: LedgerRecord = {
      sequenceId: sequenceId as number,
      type: type as LedgerRecord['type'],
      starkKey: shared ? (starkKey as string) : this.text(starkKey),
      status: status as number,
      timeMicros: this.integer(timeMicros),
      assetHex: shared ? (assetHex as string) : this.text(assetHex),
      amount: this.integer(amount),
      to: shared ? (to as string | null) : this.text(to),
      reason: shared ? (reason as string | null) : this.text(reason),
      orderId: orderId as number | null,
    };
    // Records are dumped in sequence order, which the explorer's newest-first window relies on.
    if (record.sequenceId <= this.lastRecord) throw new TypeError(`records must come in ascending sequence id order, once each (${record.sequenceId} after ${this.lastRecord})`);
    this.lastRecord = record.sequenceId;
    put(this.s.records, record.sequenceId, record);
    return record;
  }

  /** Adds one item; returns it as the dump writes the entry just built (the streamed load compares the two). */
  private add(key: string, v: unknown): unknown {
    const s = this.s;
    switch (key) {
      case 'api_keys': {
        const k = obj(v);
        const apiKey = { key: k.key as string, name: k.name as string };
        put(s.api_keys, apiKey.key, apiKey);
        return apiKey;
      }
      case 'projects': {
        const p = obj(v);
        const project = { uuid: p.uuid as string, name: p.name as string, owner: p.owner as string, createdAtMicros: big(p.createdAtMicros), contracts: list(p.contracts) as string[] };
        put(s.projects, project.uuid, project);
        return project;
      }
      case 'marketplaces': {
        const m = obj(v);
        const fee = obj(m.fee);
        const market = { uuid: m.uuid as string, name: m.name as string, payee: m.payee as string, fee: { num: big(fee.num), den: big(fee.den), text: fee.text as string }, projectUuid: m.projectUuid as string, owner: m.owner as string, createdAtMicros: big(m.createdAtMicros) };
        put(s.marketplaces, market.uuid, market);
        return market;
      }
      case 'contracts': {
        const c = obj(v);
        const contract: Contract = {
          ...(c as unknown as Contract),
          quantum: big(c.quantum),
          assetType: big(c.assetType),
          l1AssetType: bigOrNull(c.l1AssetType),
          count: big(c.count),
          createdAtMicros: big(c.createdAtMicros),
          maxTokenId: big(c.maxTokenId),
          tokens: TrackedMap.create(this.undo, {}, pairs(c.tokens) as Array<[string, string]>),
        };
        put(s.contracts, contract.key, contract);
        if (!contract.removed) put(s.contractsByUuid, contract.uuid, contract.key);
        return { ...contract, tokens: [...contract.tokens] };
      }
      case 'assets': {
        const a = obj(v);
        const asset = { ...(a as object), hex: this.text(a.hex), contractKey: this.text(a.contractKey), id: big(a.id), tokenId: bigOrNull(a.tokenId), holder: this.text(a.holder) } as Asset;
        put(s.assets, asset.hex, asset);
        return asset;
      }
      case 'accounts': {
        const a = obj(v);
        const key = this.text(a.key);
        const balances = TrackedMap.create<string, { available: bigint; frozen: bigint }>(this.undo);
        for (const [hex, b] of pairs(a.balances)) put(balances, this.text(hex), { available: big(obj(b).available), frozen: big(obj(b).frozen) });
        const usedNonces = TrackedSet.create<bigint>(this.undo);
        for (const n of list(a.used_nonces)) putIn(usedNonces, this.integer(n));
        const account = { key, balances, usedNonces, maxNonce: big(a.max_nonce), records: [...list(a.records)] as number[] };
        put(s.accounts, key, account);
        return { key, balances: [...balances], used_nonces: [...usedNonces], max_nonce: account.maxNonce, records: account.records };
      }
      case 'vaults': {
        const [k, id] = list(v);
        put(s.vaults, k as string, big(id));
        return [k, s.vaults.get(k as string)];
      }
      case 'records': {
        const r = obj(v);
        // A field the record does not name is dropped, so the comparison with the input refuses it.
        return this.record(r.sequenceId, r.type, r.starkKey, r.status, r.timeMicros, r.assetHex, r.amount, r.to, r.reason, r.orderId);
      }
      case 'signatures': {
        const [k, ids] = list(v);
        const entry: [string, number[]] = [k as string, list(ids) as number[]];
        put(s.signatures, entry[0], entry[1]);
        return entry;
      }
      case 'withdraw_area': {
        const [addr, area] = list(v);
        const m = TrackedMap.create<string, bigint>(this.undo);
        for (const [hex, amount] of pairs(area)) put(m, hex as string, big(amount));
        put(s.withdraw_area, addr as string, m);
        return [addr, [...m]];
      }
      case 'claimed':
      case 'issued': {
        const [hex, amount] = list(v);
        put(s[key], hex as string, big(amount));
        return [hex, s[key].get(hex as string)];
      }
      case 'pending_l2':
      case 'pending_l1':
      case 'open_orders': {
        // Dumped in ascending order (their insertion order is not kept): read back only so.
        const last = this.lastIds.get(key);
        if (typeof v === 'number' && last !== undefined && !(v > last)) throw new TypeError(`${key} must list ids in ascending order, once each (${v} after ${last})`);
        if (typeof v === 'number') this.lastIds.set(key, v);
        putIn(s[key], v as number);
        return v;
      }
      case 'orders': {
        const o = obj(v) as unknown as Order;
        const b = (k: keyof Order) => big(o[k]);
        const order = { ...o, starkKey: this.text(o.starkKey), baseHex: this.text(o.baseHex), quoteHex: this.text(o.quoteHex), amountSell: b('amountSell'), amountBuy: b('amountBuy'), feeLimit: b('feeLimit'), quantity: b('quantity'), filled: b('filled'), volume: b('volume'), frozen: b('frozen'), serviceFee: b('serviceFee'), feeTaken: b('feeTaken'), createdAtMicros: this.integer(o.createdAtMicros) };
        put(s.orders, o.id, order);
        return order;
      }
      case 'trades': {
        const t = obj(v) as unknown as Trade;
        const trade = { ...t, quantity: big(t.quantity), volume: big(t.volume), serviceFee: big(t.serviceFee), marketplaceFee: big(t.marketplaceFee), timeMicros: this.integer(t.timeMicros) };
        s.trades.push(trade);
        return trade;
      }
      case 'storage': {
        const f = obj(v) as unknown as StoredFile;
        const row = { ...f, size: big(f.size), createdAtMicros: big(f.createdAtMicros) };
        // The index is dumped project by project: a project's rows come together.
        if (row.projectUuid !== this.storageProject) {
          if (this.storageProjects.has(row.projectUuid)) throw new TypeError(`storage lists the files of project ${row.projectUuid} in more than one run`);
          this.storageProjects.add(row.projectUuid);
          this.storageProject = row.projectUuid;
        }
        this.storageRows.push(row);
        return row;
      }
    }
    throw new TypeError(`unexpected field ${key}`);
  }

  /** The state, once every member was given; throws TypeError naming what is missing or wrong. */
  build(): State {
    const d = this.plain;
    // A @1 dump has no signature index (requests accepted under @1 are not indexed).
    if (d.format === FORMAT_1 && !this.keys.has('signatures')) this.emptyArray('signatures');
    for (const key of DUMP_MEMBERS) if (!this.keys.has(key)) throw new TypeError(`missing field ${key}`);
    for (const key of this.keys) if (!DUMP_MEMBERS.includes(key)) throw new TypeError(`unexpected field ${key}`);
    for (const key of ARRAY_MEMBERS) if (key in d) list(d[key]);
    const s = this.s;
    // A repeated id would be dropped by its map: the dump written back would be shorter.
    for (const key of ['api_keys', 'projects', 'marketplaces', 'contracts', 'assets', 'accounts', 'vaults', 'records', 'signatures', 'withdraw_area', 'claimed', 'issued', 'orders'] as const) {
      if (s[key].size !== this.counts.get(key)) throw new TypeError(`${key} has ${this.counts.get(key)} entries, ${s[key].size} of them distinct`);
    }
    checkValues(d);
    // Every id taken so far is below the next one.
    const next = d.next_sequence_id as number;
    if (this.lastRecord >= next) throw new TypeError(`next_sequence_id ${next} must be above every record's sequence id (${this.lastRecord} is among them)`);
    for (const id of s.orders.keys()) if (id >= next) throw new TypeError(`next_sequence_id ${next} must be above every order id (${id} is among them)`);
    const clock = obj(d.clock);
    const prng = obj(d.prng);
    const settlement = obj(d.settlement);
    const sc = obj(d.starkex_contracts);
    // A file listed twice for its project would be dropped by the project's map, as a repeated id.
    const storage = loadStorage(this.undo, this.storageRows);
    let files = 0;
    for (const m of storage.values()) files += m.size;
    if (files !== this.storageRows.length) throw new TypeError(`storage has ${this.storageRows.length} entries, ${files} of them distinct`);
    const state: State = {
      undo: this.undo,
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
      signaturesByR: TrackedMap.create(this.undo),
      statusCounts: { counts: [] },
      apiKeys: s.api_keys,
      projects: s.projects,
      marketplaces: s.marketplaces,
      namedAccounts: list(d.named_accounts) as State['namedAccounts'],
      withdrawing: TrackedMap.create(this.undo),
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
    this.undo.releaseAll();
    this.texts.clear();
    this.integers.clear();
    return state;
  }
}

