// The maps of a state being built from a dump, and how each array member's item becomes its entry there.
import type { Account, Asset, Contract, LedgerRecord, State, StoredFile } from '../state/state.js';
import type { Order, Trade } from '../state/orders.js';
import { TrackedMap, TrackedSet, UndoLog } from '../state/undo.js';
import { big, bigOrNull, list, obj, pairs, put, putIn } from './conversions.js';
import type { SharedValues } from './shared-values.js';

/**
 * The entries of a state being built, one per item of its array members (StateBuilder counts the items
 * and checks their shape first): each item converted as dumpState wrote it, with the order rules a
 * dump keeps (records by sequence id, id lists ascending, storage project by project).
 */
export class StateEntries {
  /** The undo log every tracked map of the state hangs off (the state's own once built). */
  readonly undo = new UndoLog();
  private readonly map = <K, V>(options?: { ordered?: boolean; orders?: boolean }): TrackedMap<K, V> =>
    TrackedMap.create<K, V>(this.undo, options);
  private readonly set = <T>(options?: { orders?: boolean }): TrackedSet<T> => TrackedSet.create<T>(this.undo, options);
  /** The storage index's rows in the dump's order (StateBuilder.build makes the index of them). */
  readonly storageRows: StoredFile[] = [];
  private readonly lastIds = new Map<string, number>();
  private readonly storageProjects = new Set<string>();
  private storageProject: string | undefined;
  /** The sequence id of the record added last (records come in ascending order). */
  lastRecord = 0;
  /** The state's maps by dump member (filled untracked: see put). */
  readonly s = {
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

  constructor(private readonly sharing: SharedValues) {}

  record(
    sequenceId: unknown,
    type: unknown,
    starkKey: unknown,
    status: unknown,
    timeMicros: unknown,
    assetHex: unknown,
    amount: unknown,
    to: unknown,
    reason: unknown,
    orderId: unknown,
  ): LedgerRecord {
    // The literal of appendRecord, in its order (RECORD_KEYS): the same shape (and dump text) as a built record.
    const record: LedgerRecord = {
      sequenceId: sequenceId as number,
      type: type as LedgerRecord['type'],
      starkKey: this.sharing.text(starkKey),
      status: status as number,
      timeMicros: this.sharing.integer(timeMicros),
      assetHex: this.sharing.text(assetHex),
      amount: this.sharing.integer(amount),
      to: this.sharing.text(to),
      reason: this.sharing.text(reason),
      orderId: orderId as number | null,
    };
    // Records are dumped in sequence order, which the explorer's newest-first window relies on.
    if (record.sequenceId <= this.lastRecord)
      throw new TypeError(`records must come in ascending sequence id order, once each (${record.sequenceId} after ${this.lastRecord})`);
    this.lastRecord = record.sequenceId;
    put(this.s.records, record.sequenceId, record);
    return record;
  }

  /** Adds one item; returns it as the dump writes the entry just built (the streamed load compares the two). */
  add(key: string, v: unknown): unknown {
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
        const project = {
          uuid: p.uuid as string,
          name: p.name as string,
          owner: p.owner as string,
          createdAtMicros: big(p.createdAtMicros),
          contracts: list(p.contracts) as string[],
        };
        put(s.projects, project.uuid, project);
        return project;
      }
      case 'marketplaces': {
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
        const asset = {
          ...(a as object),
          hex: this.sharing.text(a.hex),
          contractKey: this.sharing.text(a.contractKey),
          id: big(a.id),
          tokenId: bigOrNull(a.tokenId),
          holder: this.sharing.text(a.holder),
        } as Asset;
        put(s.assets, asset.hex, asset);
        return asset;
      }
      case 'accounts': {
        const a = obj(v);
        const key = this.sharing.text(a.key);
        const balances = TrackedMap.create<string, { available: bigint; frozen: bigint }>(this.undo);
        for (const [hex, b] of pairs(a.balances))
          put(balances, this.sharing.text(hex), { available: big(obj(b).available), frozen: big(obj(b).frozen) });
        const usedNonces = TrackedSet.create<bigint>(this.undo);
        for (const n of list(a.used_nonces)) putIn(usedNonces, this.sharing.integer(n));
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
        if (typeof v === 'number' && last !== undefined && !(v > last))
          throw new TypeError(`${key} must list ids in ascending order, once each (${v} after ${last})`);
        if (typeof v === 'number') this.lastIds.set(key, v);
        putIn(s[key], v as number);
        return v;
      }
      case 'orders': {
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
        put(s.orders, o.id, order);
        return order;
      }
      case 'trades': {
        const t = obj(v) as unknown as Trade;
        const trade = {
          ...t,
          quantity: big(t.quantity),
          volume: big(t.volume),
          serviceFee: big(t.serviceFee),
          marketplaceFee: big(t.marketplaceFee),
          timeMicros: this.sharing.integer(t.timeMicros),
        };
        s.trades.push(trade);
        return trade;
      }
      case 'storage': {
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
      }
    }
    throw new TypeError(`unexpected field ${key}`);
  }
}
