// The maps of a state being built from a dump, and how each array member's item becomes its entry there.
import { type Asset, type Contract, emptyState, type LedgerRecord, type StoredFile } from '../state/state.js';
import type { Order, Trade } from '../state/orders.js';
import { TrackedMap, TrackedSet, UndoLog } from '../state/undo.js';
import { big, bigOrNull, list, obj, pairs, put, putIn } from './conversions.js';
import type { SharedValues } from './shared-values.js';
import type { ItemsMember } from './dump-schema.js';

/**
 * The entries of a state being built, one per item of its array members (StateBuilder counts the items
 * and checks their shape first): each item converted as dumpState wrote it, with the order rules a
 * dump keeps (records by sequence id, id lists ascending, storage project by project).
 */
export class StateEntries {
  /** The undo log every tracked map of the state hangs off (the state's own once built). */
  readonly undo = new UndoLog();
  /** The state being built (StateBuilder.build sets its single values and derived indexes). */
  readonly state = emptyState(this.undo);
  /** The storage index's rows in the dump's order (StateBuilder.build makes the index of them). */
  readonly storageRows: StoredFile[] = [];
  private readonly lastIds = new Map<string, number>();
  private readonly storageProjects = new Set<string>();
  private storageProject: string | undefined;
  /** The sequence id of the record added last (records come in ascending order). */
  lastRecord = 0;
  /** The state's collection each items member fills (filled untracked: see put). */
  readonly s = {
    api_keys: this.state.apiKeys,
    projects: this.state.projects,
    marketplaces: this.state.marketplaces,
    contracts: this.state.contracts,
    assets: this.state.assets,
    accounts: this.state.accounts,
    vaults: this.state.vaults,
    records: this.state.records,
    signatures: this.state.signatures,
    withdraw_area: this.state.withdrawArea,
    claimed: this.state.claimed,
    issued: this.state.issued,
    pending_l2: this.state.pendingL2,
    pending_l1: this.state.pendingL1,
    orders: this.state.orders,
    open_orders: this.state.openOrders,
    trades: this.state.trades,
  };

  constructor(private readonly sharing: SharedValues) {}

  /** Adds one item; returns it as the dump writes the entry just built (the streamed load compares the two). */
  add(key: ItemsMember, v: unknown): unknown {
    return this.adders[key](v);
  }

  private amount(m: Map<string, bigint>, v: unknown): unknown {
    const [hex, amount] = list(v);
    put(m, hex as string, big(amount));
    return [hex, m.get(hex as string)];
  }

  private ascendingId(key: 'pending_l2' | 'pending_l1' | 'open_orders', v: unknown): unknown {
    // Dumped in ascending order (their insertion order is not kept): read back only so.
    const last = this.lastIds.get(key);
    if (typeof v === 'number' && last !== undefined && !(v > last))
      throw new TypeError(`${key} must list ids in ascending order, once each (${v} after ${last})`);
    if (typeof v === 'number') this.lastIds.set(key, v);
    putIn(this.s[key], v as number);
    return v;
  }

  /** How each items member's item becomes its entry. */
  private readonly adders: Record<ItemsMember, (v: unknown) => unknown> = {
    api_keys: (v) => {
      const k = obj(v);
      const apiKey = { key: k.key as string, name: k.name as string };
      put(this.s.api_keys, apiKey.key, apiKey);
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
      put(this.s.projects, project.uuid, project);
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
      put(this.s.marketplaces, market.uuid, market);
      return market;
    },
    contracts: (v) => {
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
      put(this.s.contracts, contract.key, contract);
      if (!contract.removed) put(this.state.contractsByUuid, contract.uuid, contract.key);
      return { ...contract, tokens: [...contract.tokens] };
    },
    assets: (v) => {
      const a = obj(v);
      const asset = {
        ...(a as object),
        hex: this.sharing.text(a.hex),
        contractKey: this.sharing.text(a.contractKey),
        id: big(a.id),
        tokenId: bigOrNull(a.tokenId),
        holder: this.sharing.text(a.holder),
      } as Asset;
      put(this.s.assets, asset.hex, asset);
      return asset;
    },
    accounts: (v) => {
      const a = obj(v);
      const key = this.sharing.text(a.key);
      const balances = TrackedMap.create<string, { available: bigint; frozen: bigint }>(this.undo);
      for (const [hex, b] of pairs(a.balances))
        put(balances, this.sharing.text(hex), { available: big(obj(b).available), frozen: big(obj(b).frozen) });
      const usedNonces = TrackedSet.create<bigint>(this.undo);
      for (const n of list(a.used_nonces)) putIn(usedNonces, this.sharing.integer(n));
      const account = { key, balances, usedNonces, maxNonce: big(a.max_nonce), records: [...list(a.records)] as number[] };
      put(this.s.accounts, key, account);
      return { key, balances: [...balances], used_nonces: [...usedNonces], max_nonce: account.maxNonce, records: account.records };
    },
    vaults: (v) => {
      const [k, id] = list(v);
      put(this.s.vaults, k as string, big(id));
      return [k, this.s.vaults.get(k as string)];
    },
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
      put(this.s.records, record.sequenceId, record);
      return record;
    },
    signatures: (v) => {
      const [k, ids] = list(v);
      const entry: [string, number[]] = [k as string, list(ids) as number[]];
      put(this.s.signatures, entry[0], entry[1]);
      return entry;
    },
    withdraw_area: (v) => {
      const [addr, area] = list(v);
      const m = TrackedMap.create<string, bigint>(this.undo);
      for (const [hex, amount] of pairs(area)) put(m, hex as string, big(amount));
      put(this.s.withdraw_area, addr as string, m);
      return [addr, [...m]];
    },
    claimed: (v) => this.amount(this.s.claimed, v),
    issued: (v) => this.amount(this.s.issued, v),
    pending_l2: (v) => this.ascendingId('pending_l2', v),
    pending_l1: (v) => this.ascendingId('pending_l1', v),
    open_orders: (v) => this.ascendingId('open_orders', v),
    orders: (v) => {
      const o = obj(v) as unknown as Order;
      const b = (k: keyof Order) => big(o[k]);
      const order = {
        ...o,
        starkKey: this.sharing.text(o.starkKey),
        baseHex: this.sharing.text(o.baseHex),
        quoteHex: this.sharing.text(o.quoteHex),
        amountSell: b('amountSell'),
        amountBuy: b('amountBuy'),
        feeLimit: b('feeLimit'),
        quantity: b('quantity'),
        filled: b('filled'),
        volume: b('volume'),
        frozen: b('frozen'),
        serviceFee: b('serviceFee'),
        feeTaken: b('feeTaken'),
        createdAtMicros: this.sharing.integer(o.createdAtMicros),
      };
      put(this.s.orders, o.id, order);
      return order;
    },
    trades: (v) => {
      const t = obj(v) as unknown as Trade;
      const trade = {
        ...t,
        quantity: big(t.quantity),
        volume: big(t.volume),
        serviceFee: big(t.serviceFee),
        marketplaceFee: big(t.marketplaceFee),
        timeMicros: this.sharing.integer(t.timeMicros),
      };
      this.s.trades.push(trade);
      return trade;
    },
    storage: (v) => {
      const f = obj(v) as unknown as StoredFile;
      const row = { ...f, size: big(f.size), createdAtMicros: big(f.createdAtMicros) };
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
  };
}
