// The maps of a state being built from a dump, and how each array member's item becomes its entry there.
import { type Asset, type Contract, emptyState, type LedgerRecord, type StoredFile, type TokenMetadata } from '../state/state.js';
import type { Order, Trade } from '../state/orders.js';
import { TrackedMap, TrackedSet, UndoLog } from '../state/undo.js';
import { big, type Obj, SharedValues } from './shared-values.js';
import { INTEGER_FIELDS, type ItemsMember } from './dump-schema.js';

// While a state is built nothing is to be undone: entries go in untracked (the log is attached already).
const put = <K, V>(m: Map<K, V>, k: K, v: V): void => void Map.prototype.set.call(m, k, v);
const putIn = <T>(s: Set<T>, v: T): void => void Set.prototype.add.call(s, v);
// Items come here checked against their schema already (Loading): their arrays and objects are what it says.
const list = (v: unknown) => v as unknown[];
const pairs = (v: unknown) => v as Array<[unknown, unknown]>;
const obj = (v: unknown) => v as Obj;

/**
 * The entries of a state being built, one per item of its array members (Loading counts the items
 * and checks their shape first): each item converted as dumpState wrote it, with the order rules a
 * dump keeps (records by sequence id, id lists ascending, storage project by project). Texts and
 * integers that repeat across items (keys, asset ids, times, amounts) are shared (shared-values.ts),
 * so a loaded state takes the memory a built one does.
 */
export class StateEntries {
  /** The undo log every tracked map of the state hangs off (the state's own once built). */
  readonly undo = new UndoLog();
  /** The state being built (Loading sets its single values and derived indexes). */
  readonly state = emptyState(this.undo);
  /** The storage index's rows in the dump's order (Loading makes the index of them). */
  readonly storageRows: StoredFile[] = [];
  private readonly lastIds = new Map<string, number>();
  private readonly storageProjects = new Set<string>();
  private storageProject: string | undefined;
  /** The sequence id of the record added last (records come in ascending order). */
  lastRecord = 0;
  readonly sharing = new SharedValues();

  /** Adds one item; returns it as the dump writes the entry just built (the streamed load compares the two). */
  add(key: ItemsMember, v: unknown): unknown {
    // A record is copied field by field, each string shared there.
    return this.adders[key](key === 'records' ? v : this.sharing.share(v));
  }

  /** The item, its exact-integer fields (INTEGER_FIELDS) made shared bigints in place: its keys keep their order. */
  private integers(key: ItemsMember, v: unknown): Obj {
    const o = obj(v);
    for (const k of INTEGER_FIELDS[key]) if (o[k] !== null) o[k] = this.sharing.integer(o[k]);
    return o;
  }

  /** A [key, integer] pair: an amount by asset id, or a vault id by owner and asset. */
  private amount(m: Map<string, bigint>, v: unknown): unknown {
    const [k, amount] = list(v);
    put(m, k as string, big(amount));
    return [k, m.get(k as string)];
  }

  /** A [key, sequence ids] pair: the records a signature created, or that put an amount in the withdraw area. */
  private idList(m: Map<string, number[]>, v: unknown): unknown {
    const [k, ids] = list(v);
    const entry: [string, number[]] = [k as string, list(ids) as number[]];
    put(m, entry[0], entry[1]);
    return entry;
  }

  private ascendingId(key: 'pending_l2' | 'pending_l1' | 'open_orders', ids: Set<number>, v: unknown): unknown {
    // Dumped in ascending order (their insertion order is not kept): read back only so.
    const last = this.lastIds.get(key);
    if (typeof v === 'number' && last !== undefined && !(v > last))
      throw new TypeError(`${key} must list ids in ascending order, once each (${v} after ${last})`);
    if (typeof v === 'number') this.lastIds.set(key, v);
    putIn(ids, v as number);
    return v;
  }

  /** How each items member's item becomes its entry. */
  private readonly adders: Record<ItemsMember, (v: unknown) => unknown> = {
    api_keys: (v) => {
      const k = obj(v);
      const apiKey = { key: k.key as string, name: k.name as string };
      put(this.state.apiKeys, apiKey.key, apiKey);
      return apiKey;
    },
    projects: (v) => {
      const p = obj(v);
      const project = {
        uuid: p.uuid as string,
        name: p.name as string,
        owner: p.owner as string,
        createdAtMicros: big(p.createdAtMicros),
        contracts: list(p.contracts) as string[],
      };
      put(this.state.projects, project.uuid, project);
      return project;
    },
    marketplaces: (v) => {
      const m = obj(v);
      const fee = obj(m.fee);
      const market = {
        uuid: m.uuid as string,
        name: m.name as string,
        payee: m.payee as string,
        fee: { num: big(fee.num), den: big(fee.den), text: fee.text as string },
        projectUuid: m.projectUuid as string,
        owner: m.owner as string,
        createdAtMicros: big(m.createdAtMicros),
      };
      put(this.state.marketplaces, market.uuid, market);
      return market;
    },
    contracts: (v) => {
      const c = this.integers('contracts', v) as unknown as Contract;
      c.tokens = TrackedMap.create(this.undo, {}, pairs(c.tokens) as Array<[string, string]>);
      put(this.state.contracts, c.key, c);
      if (!c.removed) put(this.state.contractsByUuid, c.uuid, c.key);
      return { ...c, tokens: [...c.tokens] };
    },
    assets: (v) => {
      const asset = this.integers('assets', v) as unknown as Asset;
      put(this.state.assets, asset.hex, asset);
      return asset;
    },
    accounts: (v) => {
      const a = obj(v);
      const key = a.key as string;
      const balances = TrackedMap.create<string, { available: bigint; frozen: bigint }>(this.undo);
      for (const [hex, b] of pairs(a.balances))
        put(balances, hex as string, { available: big(obj(b).available), frozen: big(obj(b).frozen) });
      const usedNonces = TrackedSet.create<bigint>(this.undo);
      for (const n of list(a.used_nonces)) putIn(usedNonces, this.sharing.integer(n));
      const account = { key, balances, usedNonces, maxNonce: big(a.max_nonce), records: [...list(a.records)] as number[] };
      put(this.state.accounts, key, account);
      return { key, balances: [...balances], used_nonces: [...usedNonces], max_nonce: account.maxNonce, records: account.records };
    },
    vaults: (v) => this.amount(this.state.vaults, v),
    records: (v) => {
      const r = obj(v);
      // The literal of appendRecord, in its order (RECORD_KEYS): the same shape (and dump text) as a built
      // record. A field the record does not name is dropped, so the comparison with the input refuses it.
      const record: LedgerRecord = {
        sequenceId: r.sequenceId as number,
        type: r.type as LedgerRecord['type'],
        starkKey: this.sharing.text(r.starkKey),
        status: r.status as number,
        timeMicros: this.sharing.integer(r.timeMicros),
        assetHex: this.sharing.text(r.assetHex),
        amount: this.sharing.integer(r.amount),
        to: this.sharing.text(r.to),
        reason: this.sharing.text(r.reason),
        orderId: r.orderId as number | null,
      };
      // Records are dumped in sequence order, which the explorer's newest-first window relies on.
      if (record.sequenceId <= this.lastRecord)
        throw new TypeError(`records must come in ascending sequence id order, once each (${record.sequenceId} after ${this.lastRecord})`);
      this.lastRecord = record.sequenceId;
      put(this.state.records, record.sequenceId, record);
      return record;
    },
    signatures: (v) => this.idList(this.state.signatures, v),
    withdraw_area: (v) => {
      const [addr, area] = list(v);
      const m = TrackedMap.create<string, bigint>(this.undo);
      for (const [hex, amount] of pairs(area)) put(m, hex as string, big(amount));
      put(this.state.withdrawArea, addr as string, m);
      return [addr, [...m]];
    },
    claimed: (v) => this.amount(this.state.claimed, v),
    issued: (v) => this.amount(this.state.issued, v),
    pending_l2: (v) => this.ascendingId('pending_l2', this.state.pendingL2, v),
    pending_l1: (v) => this.ascendingId('pending_l1', this.state.pendingL1, v),
    open_orders: (v) => this.ascendingId('open_orders', this.state.openOrders, v),
    orders: (v) => {
      const order = this.integers('orders', v) as unknown as Order;
      put(this.state.orders, order.id, order);
      return order;
    },
    trades: (v) => {
      const trade = this.integers('trades', v) as unknown as Trade;
      this.state.trades.push(trade);
      return trade;
    },
    storage: (v) => {
      const row = this.integers('storage', v) as unknown as StoredFile;
      // The index is dumped project by project: a project's rows come together.
      if (row.projectUuid !== this.storageProject) {
        if (this.storageProjects.has(row.projectUuid))
          throw new TypeError(`storage lists the files of project ${row.projectUuid} in more than one run`);
        this.storageProjects.add(row.projectUuid);
        this.storageProject = row.projectUuid;
      }
      this.storageRows.push(row);
      return row;
    },
    withdraw_area_records: (v) => this.idList(this.state.withdrawAreaRecords, v),
    l1_deposits: (v) => {
      const [seq, o] = list(v);
      const { tx, vault } = obj(o);
      const origin = vault === undefined ? { tx: tx as string } : { tx: tx as string, vault: vault as string };
      put(this.state.l1Deposits, seq as number, origin);
      return [seq, origin];
    },
    l1_taken: (v) => {
      const [log, seq] = list(v);
      put(this.state.l1Taken, log as string, seq as number);
      return [log, seq];
    },
    token_metadata: (v) => {
      const m = this.integers('token_metadata', v) as unknown as TokenMetadata;
      put(this.state.tokenMetadata, `${m.contractKey}|${m.tokenId}`, m);
      return m;
    },
  };
}
