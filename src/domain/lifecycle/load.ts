// Rebuilds a State from a dump (`GET /_devnet/state`): the inverse of dumpState, refusing anything it would not reproduce.
import { echo, ErrorCode, fail } from '../values/errors.js';
import { dumpState, STATE_FORMAT } from './dump.js';
import { findViolations } from './invariants.js';
import { canonicalStringify } from '../values/json.js';
import type { Account, Contract, LedgerRecord, Order, State, StoredFile, Trade } from '../state/state.js';
import { rebuildOrderIndexes } from '../trading/open-orders.js';
import { loadStorage } from '../storage/storage.js';
import { moveWithdrawing } from '../ledger/withdrawals.js';
import { RECORD_TYPES } from '../state/state.js';
import { TrackedMap, TrackedSet, UndoLog } from '../state/undo.js';

type Obj = Record<string, unknown>;

const FORMAT_1 = 'l2-devnet/state@1';

/** Formats this build can read; older ones are migrated to the current one first. */
const READABLE = [STATE_FORMAT, FORMAT_1];

/**
 * @1 -> @2: what @1 had no field for gets the value a @1 state implies. Contracts: ids in their
 * (registration) order, none removed (@1 deleted removed contracts); assets: no token URL (@1 had
 * no ERC721MC); orders: GTC, no payment (@1 ignored both); no signature index (requests accepted
 * under @1 are not found by /v1/record/by/signature).
 */
function migrateFrom1(d: Obj): Obj {
  const each = (v: unknown, f: (o: Obj, i: number) => Obj) => (Array.isArray(v) ? v.map((x, i) => (x !== null && typeof x === 'object' ? f(x as Obj, i) : x)) : v);
  return {
    ...d,
    format: STATE_FORMAT,
    contracts: each(d.contracts, (c, i) => ({ id: i + 1, ...c, removed: false })),
    assets: each(d.assets, (a) => ({ ...a, uri: null })),
    orders: each(d.orders, (o) => ({ ...o, timeInForce: 'GTC', payment: null })),
    signatures: [],
  };
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

/**
 * Loads a dump. Every value is converted as dumpState wrote it; then the state is dumped again and must
 * equal the input exactly (any foreign, missing or mistyped field shows up as a difference), and every
 * guarantee of docs/guarantees.md must hold. So a dump either loads as it was written or fails with a reason.
 */
export function loadState(dump: unknown): State {
  if (dump === null || typeof dump !== 'object' || Array.isArray(dump)) fail(ErrorCode.InvalidParam, 'a state dump must be a JSON object (from GET /_devnet/state)');
  const format = (dump as Obj).format;
  if (typeof format !== 'string' || !format.startsWith('l2-devnet/state@')) {
    fail(ErrorCode.InvalidParam, `not an l2-devnet state dump: "format" is ${typeof format === 'string' ? JSON.stringify(echo(format)) : format === undefined ? 'missing' : `not a string (${typeof format})`}, expected "${STATE_FORMAT}"`);
  }
  if (!READABLE.includes(format)) fail(ErrorCode.InvalidParam, `state dump format "${echo(String(format))}" cannot be read by this build, which reads ${READABLE.map((f) => `"${f}"`).join(', ')}; dump it again with the matching l2-devnet version`);
  // Checked first, without recursion: what follows (the comparison with the dump written back) recurses.
  const deep = tooDeep(dump, MAX_DEPTH);
  if (deep !== null) fail(ErrorCode.InvalidParam, `malformed state dump: field ${deep} nests deeper than ${MAX_DEPTH} levels (a whole dump nests about a dozen)`);
  const current = format === FORMAT_1 ? migrateFrom1(dump as Obj) : (dump as Obj);
  let state: State;
  try {
    state = build(current);
  } catch (e) {
    fail(ErrorCode.InvalidParam, `malformed state dump: ${(e as Error).message}`);
  }
  const difference = firstDifference(JSON.parse(canonicalStringify(dumpState(state))), JSON.parse(canonicalStringify(current)), '');
  if (difference !== null) fail(ErrorCode.InvalidParam, `malformed state dump: ${difference}`);
  const violations = findViolations(state);
  if (violations.length > 0) fail(ErrorCode.InvalidParam, `inconsistent state dump: ${violations.slice(0, 3).join('; ')}${violations.length > 3 ? ` (and ${violations.length - 3} more)` : ''}`);
  return state;
}

function build(d: Obj): State {
  const undo = new UndoLog();
  const map = <K, V>(entries: Iterable<readonly [K, V]>, options?: { ordered?: boolean; orders?: boolean }) => TrackedMap.create<K, V>(undo, options, entries);
  const set = <T>(values: Iterable<T>, options?: { orders?: boolean }) => TrackedSet.create<T>(undo, options, values);
  const clock = obj(d.clock);
  const prng = obj(d.prng);
  const settlement = obj(d.settlement);
  const sc = obj(d.starkex_contracts);
  const contracts = list(d.contracts).map((v): Contract => {
    const c = obj(v);
    return {
      ...(c as unknown as Contract),
      quantum: big(c.quantum),
      assetType: big(c.assetType),
      l1AssetType: bigOrNull(c.l1AssetType),
      count: big(c.count),
      createdAtMicros: big(c.createdAtMicros),
      maxTokenId: big(c.maxTokenId),
      tokens: map(pairs(c.tokens) as Array<[string, string]>),
    };
  });
  const state: State = {
    undo,
    clock: { nowMicros: big(clock.now_micros) },
    prng: { seed: prng.seed as string, counter: prng.counter as number },
    nextSequenceId: d.next_sequence_id as number,
    nextVaultId: big(d.next_vault_id),
    contracts: map(contracts.map((c) => [c.key, c] as const)),
    contractsByUuid: map(contracts.filter((c) => !c.removed).map((c) => [c.uuid, c.key] as const)),
    assets: map(list(d.assets).map((v) => {
      const a = obj(v);
      return [a.hex as string, { ...(a as object), id: big(a.id), tokenId: bigOrNull(a.tokenId) }] as [string, State['assets'] extends Map<string, infer A> ? A : never];
    })),
    accounts: map(list(d.accounts).map((v): [string, Account] => {
      const a = obj(v);
      const balances = pairs(a.balances).map(([hex, b]) => [hex as string, { available: big(obj(b).available), frozen: big(obj(b).frozen) }] as const);
      return [a.key as string, { key: a.key as string, balances: map(balances), usedNonces: set(list(a.used_nonces).map(big)), maxNonce: big(a.max_nonce), records: list(a.records) as number[] }];
    })),
    vaults: map(pairs(d.vaults).map(([k, id]) => [k as string, big(id)] as const)),
    records: map(list(d.records).map((v): [number, LedgerRecord] => {
      const r = obj(v) as unknown as LedgerRecord;
      return [r.sequenceId, { ...r, timeMicros: big(r.timeMicros), amount: big(r.amount) }];
    })),
    signatures: map(pairs(d.signatures).map(([k, ids]) => [k as string, list(ids) as number[]] as const)),
    apiKeys: map(list(d.api_keys).map((v) => [obj(v).key as string, { key: obj(v).key as string, name: obj(v).name as string }] as const)),
    projects: map(list(d.projects).map((v) => {
      const p = obj(v);
      return [p.uuid as string, { uuid: p.uuid as string, name: p.name as string, owner: p.owner as string, createdAtMicros: big(p.createdAtMicros), contracts: list(p.contracts) as string[] }] as const;
    })),
    marketplaces: map(list(d.marketplaces).map((v) => {
      const m = obj(v);
      const fee = obj(m.fee);
      return [m.uuid as string, { uuid: m.uuid as string, name: m.name as string, payee: m.payee as string, fee: { num: big(fee.num), den: big(fee.den), text: fee.text as string }, projectUuid: m.projectUuid as string, owner: m.owner as string, createdAtMicros: big(m.createdAtMicros) }] as const;
    })),
    namedAccounts: list(d.named_accounts) as State['namedAccounts'],
    withdrawing: map([]),
    withdrawArea: map(pairs(d.withdraw_area).map(([addr, area]) => [addr as string, map(pairs(area).map(([hex, amount]) => [hex as string, big(amount)] as const))] as const)),
    claimed: map(pairs(d.claimed).map(([hex, amount]) => [hex as string, big(amount)] as const)),
    issued: map(pairs(d.issued).map(([hex, amount]) => [hex as string, big(amount)] as const)),
    pendingL2: set(list(d.pending_l2) as number[]),
    pendingL1: set(list(d.pending_l1) as number[]),
    settlement: { mode: settlement.mode as State['settlement']['mode'], intervalMicros: big(settlement.intervalMicros), nextCutMicros: big(settlement.nextCutMicros) },
    orders: map(
      list(d.orders).map((v): [number, Order] => {
        const o = obj(v) as unknown as Order;
        const b = (k: keyof Order) => big(o[k]);
        return [o.id, { ...o, amountSell: b('amountSell'), amountBuy: b('amountBuy'), feeLimit: b('feeLimit'), quantity: b('quantity'), filled: b('filled'), volume: b('volume'), frozen: b('frozen'), serviceFee: b('serviceFee'), feeTaken: b('feeTaken'), createdAtMicros: b('createdAtMicros') }];
      }),
      { orders: true },
    ),
    openOrders: set(list(d.open_orders) as number[], { orders: true }),
    trades: list(d.trades).map((v): Trade => {
      const t = obj(v) as unknown as Trade;
      return { ...t, quantity: big(t.quantity), volume: big(t.volume), serviceFee: big(t.serviceFee), marketplaceFee: big(t.marketplaceFee), timeMicros: big(t.timeMicros) };
    }),
    books: new Map(),
    openByOwner: new Map(),
    openByQuote: new Map(),
    tradesBy: new Map(),
    ordersByQuote: new Map(),
    storage: loadStorage(
      undo,
      list(d.storage).map((v) => {
        const f = obj(v) as unknown as StoredFile;
        return { ...f, size: big(f.size), createdAtMicros: big(f.createdAtMicros) };
      }),
    ),
    operator: d.operator as string,
    starkexContracts: { mainnet: sc.mainnet as string, testnet: sc.testnet as string, sepolia: sc.sepolia as string },
  };
  for (const id of state.openOrders) if (!state.orders.has(id)) throw new TypeError(`open order ${id} is not among the orders`);
  for (const t of state.trades) if (!state.orders.has(t.makerId) || !state.orders.has(t.takerId)) throw new TypeError(`a trade names order ${t.makerId} or ${t.takerId}, which is not among the orders`);
  rebuildOrderIndexes(state);
  for (const id of [...state.pendingL2, ...state.pendingL1]) {
    const r = state.records.get(id);
    if (r?.type === RECORD_TYPES.withdrawal) moveWithdrawing(state, r.starkKey, r.assetHex, r.amount);
  }
  undo.releaseAll();
  return state;
}

/** Far above what dumpState writes (about a dozen levels), far below what the recursive checks could overflow on. */
const MAX_DEPTH = 64;

/** The top-level field holding the first value nested deeper than `limit` (arrays and objects), or null; iterative. */
function tooDeep(root: unknown, limit: number): string | null {
  const values: unknown[] = [];
  const depths: number[] = [];
  const fields: string[] = [];
  if (root !== null && typeof root === 'object') {
    for (const [k, v] of Object.entries(root)) {
      values.push(v);
      depths.push(1);
      fields.push(k);
    }
  }
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    const field = fields.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return field;
    for (const v of Array.isArray(value) ? value : Object.values(value)) {
      values.push(v);
      depths.push(depth + 1);
      fields.push(field);
    }
  }
  return null;
}

/** The first path where two plain JSON values differ, described for a person; null when equal. */
function firstDifference(actual: unknown, given: unknown, path: string): string | null {
  const at = path === '' ? 'the top level' : path;
  if (Array.isArray(actual) || Array.isArray(given)) {
    if (!Array.isArray(actual) || !Array.isArray(given)) return `${at} has the wrong shape`;
    if (actual.length !== given.length) return `${at} has ${given.length} entries where the loaded state has ${actual.length}`;
    for (let i = 0; i < actual.length; i++) {
      const d = firstDifference(actual[i], given[i], `${path}[${i}]`);
      if (d !== null) return d;
    }
    return null;
  }
  if (actual !== null && given !== null && typeof actual === 'object' && typeof given === 'object') {
    const a = actual as Obj;
    const g = given as Obj;
    for (const k of Object.keys(g)) if (!(k in a)) return `unexpected field ${path === '' ? k : `${path}.${k}`}`;
    for (const k of Object.keys(a)) {
      if (!(k in g)) return `missing field ${path === '' ? k : `${path}.${k}`}`;
      const d = firstDifference(a[k], g[k], path === '' ? k : `${path}.${k}`);
      if (d !== null) return d;
    }
    return null;
  }
  return actual === given ? null : `${at} is ${JSON.stringify(given)}, which does not load as written (expected a value like ${JSON.stringify(actual)})`;
}
