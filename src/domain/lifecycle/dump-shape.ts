// The type and range of every field a state dump holds: checked before a value is built, so a dump
// with a string where an id belongs, a negative time or an id past 2^53 is refused, never loaded.
import { MAX_MICROS } from '../state/clock.js';
import { RecordStatus } from '../records/records.js';
import { ORDER_STATES, RECORD_TYPES, SETTLEMENT_MODES, TIME_IN_FORCE, TOKEN_TYPES } from '../state/state.js';

type Obj = Record<string, unknown>;

/**
 * id: an integer in [1, 2^53); count: an integer in [0, 2^53); nat: an integer >= 0 (exact, any size);
 * time: nat no later than 9999-12-31; str: a string; bool: true or false; a list: one of those values;
 * a trailing ? also allows null.
 */
type Kind = 'id' | 'count' | 'nat' | 'time' | 'str' | 'bool' | readonly (string | number)[];
type Spec = Record<string, Kind | `${'id' | 'count' | 'nat' | 'str'}?`>;

const isInt = (v: unknown): v is number | bigint => (typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint';

function describe(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  const text = JSON.stringify(v);
  return text === undefined ? String(v) : text.length > 40 ? `${text.slice(0, 40)}...` : text;
}

/** Throws TypeError naming `where` when `v` is not of `kind`. */
export function checkValue(v: unknown, kind: Kind | string, where: string): void {
  if (typeof kind === 'string' && kind.endsWith('?')) {
    if (v === null) return;
    kind = kind.slice(0, -1);
  }
  if (Array.isArray(kind)) {
    if (!kind.includes(v as string | number)) bad(v, where, `one of ${kind.map((k) => JSON.stringify(k)).join(', ')}`);
    return;
  }
  switch (kind) {
    case 'id':
      if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 1)) bad(v, where, 'an integer from 1 to 2^53-1');
      return;
    case 'count':
      if (!(typeof v === 'number' && Number.isSafeInteger(v) && v >= 0)) bad(v, where, 'an integer from 0 to 2^53-1');
      return;
    case 'nat':
      if (!isInt(v) || v < 0) bad(v, where, 'an integer >= 0');
      return;
    case 'time':
      if (!isInt(v) || v < 0 || BigInt(v) > MAX_MICROS) bad(v, where, `microseconds from 0 to ${MAX_MICROS} (9999-12-31)`);
      return;
    case 'str':
      if (typeof v !== 'string') bad(v, where, 'a string');
      return;
    case 'bool':
      if (typeof v !== 'boolean') bad(v, where, 'true or false');
      return;
  }
}

function bad(v: unknown, where: string, what: string): never {
  throw new TypeError(`${where} must be ${what}, got ${describe(v)}`);
}

function checkObject(v: unknown, spec: Spec, where: string): Obj {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new TypeError(`${where} must be an object, got ${describe(v)}`);
  const o = v as Obj;
  for (const k of Object.keys(spec)) checkValue(o[k], spec[k]!, `${where}.${k}`);
  return o;
}

function checkList(v: unknown, where: string, each: (x: unknown, where: string) => void): void {
  if (!Array.isArray(v)) throw new TypeError(`${where} must be an array, got ${describe(v)}`);
  // Long id lists (an account's records) take a loop without a path per item; the path is made for a failure.
  if (each === ID) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (!(typeof x === 'number' && Number.isSafeInteger(x) && x >= 1)) checkValue(x, 'id', `${where}[${i}]`);
    }
    return;
  }
  for (let i = 0; i < v.length; i++) each(v[i], `${where}[${i}]`);
}

function checkPair(v: unknown, where: string, first: Kind, second: (x: unknown, where: string) => void): void {
  if (!Array.isArray(v) || v.length !== 2) throw new TypeError(`${where} must be a [key, value] pair, got ${describe(v)}`);
  checkValue(v[0], first, `${where}[0]`);
  second(v[1], `${where}[1]`);
}

// Checkers of list items and pair values, made once (not per item: a load checks millions of items).
const value = (kind: Kind) => (x: unknown, where: string) => checkValue(x, kind, where);
const STR = value('str');
const NAT = value('nat');
const ID = value('id');
const ID_LIST = (ids: unknown, where: string): void => checkList(ids, where, ID);
const BALANCE = (x: unknown, where: string): void => void checkObject(x, { available: 'nat', frozen: 'nat' }, where);
const BALANCE_PAIR = (b: unknown, where: string): void => checkPair(b, where, 'str', BALANCE);
const TOKEN_PAIR = (t: unknown, where: string): void => checkPair(t, where, 'str', STR);
const AMOUNT_PAIR = (p: unknown, where: string): void => checkPair(p, where, 'str', NAT);
const AREA = (area: unknown, where: string): void => checkList(area, where, AMOUNT_PAIR);

const RECORD: Spec = { sequenceId: 'id', type: Object.values(RECORD_TYPES), starkKey: 'str', status: Object.values(RecordStatus), timeMicros: 'time', assetHex: 'str', amount: 'nat', to: 'str?', reason: 'str?', orderId: 'id?' };
const ORDER: Spec = {
  id: 'id', starkKey: 'str', direction: [0, 1], baseHex: 'str', quoteHex: 'str', amountSell: 'nat', amountBuy: 'nat', feeLimit: 'nat', quantity: 'nat', filled: 'nat',
  volume: 'nat', frozen: 'nat', serviceFee: 'nat', feeTaken: 'nat', priceText: 'str', marketplace: 'str?', state: Object.values(ORDER_STATES), createdAtMicros: 'time', timeInForce: TIME_IN_FORCE,
};
const CONTRACT: Spec = {
  id: 'id', uuid: 'str', address: 'str', key: 'str', type: TOKEN_TYPES, name: 'str?', symbol: 'str', decimals: 'count', quantum: 'nat', assetType: 'nat', assetInfo: 'str',
  l1AssetType: 'nat?', l1AssetInfo: 'str?', count: 'nat', projectUuid: 'str?', owner: 'str?', createdAtMicros: 'time', baseUri: 'str', metadataUrl: 'str?', description: 'str?',
  imageUrl: 'str?', externalLink: 'str?', bannerImageUrl: 'str?', maxTokenId: 'nat', recordCount: 'count', removed: 'bool',
};

// The same checks as predicates, made once from the same specs, for the items a big dump holds
// millions of: an item that passes them needs no path and no message. One that does not is checked
// again by checkItem, which says what is wrong.
export type Pass = (v: unknown) => boolean;
const SAFE_MAX = Number.MAX_SAFE_INTEGER;
const PASS: Record<'id' | 'count' | 'nat' | 'time' | 'str' | 'bool', Pass> = {
  id: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 1,
  count: (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0,
  nat: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0) || (typeof v === 'bigint' && v >= 0n),
  // Every safe integer is before 9999-12-31 in microseconds; past 2^53 the exact check decides.
  time: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= SAFE_MAX) || (typeof v === 'bigint' && v >= 0n && v <= MAX_MICROS),
  str: (v) => typeof v === 'string',
  bool: (v) => typeof v === 'boolean',
};

function passOf(kind: Spec[string]): Pass {
  if (Array.isArray(kind)) return (v) => kind.includes(v as string | number);
  const k = kind as string;
  if (k.endsWith('?')) {
    const base = PASS[k.slice(0, -1) as keyof typeof PASS];
    return (v) => v === null || base(v);
  }
  return PASS[k as keyof typeof PASS];
}

function objectPass(spec: Spec): Pass {
  const keys = Object.keys(spec);
  const passes = keys.map((k) => passOf(spec[k]!));
  return (v) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
    const o = v as Obj;
    for (let i = 0; i < keys.length; i++) if (!passes[i]!(o[keys[i]!])) return false;
    return true;
  };
}

const TRADE: Spec = { makerId: 'id', takerId: 'id', quantity: 'nat', volume: 'nat', serviceFee: 'nat', marketplaceFee: 'nat', timeMicros: 'time' };
const STORED: Spec = { projectUuid: 'str', cid: 'str', filename: 'str', size: 'nat', createdAtMicros: 'time', removed: 'bool' };
const ASSET: Spec = { id: 'nat', hex: 'str', contractKey: 'str', tokenId: 'nat?', holder: 'str?', uri: 'str?' };
const PAYMENT: Spec = { orderId: 'str', nonce: 'str', signer: 'str' };
const pairPass = (second: Pass): Pass => (v) => Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && second(v[1]);
const AMOUNT_PAIR_PASS = pairPass(PASS.nat);
const ORDER_PASS = objectPass(ORDER);
const PAYMENT_PASS = objectPass(PAYMENT);
const FAST: Partial<Record<string, Pass>> = {
  records: objectPass(RECORD),
  orders: (v) => ORDER_PASS(v) && ((v as Obj).payment === null || PAYMENT_PASS((v as Obj).payment)),
  trades: objectPass(TRADE),
  storage: objectPass(STORED),
  assets: objectPass(ASSET),
  pending_l2: PASS.id,
  pending_l1: PASS.id,
  open_orders: PASS.id,
  vaults: AMOUNT_PAIR_PASS,
  claimed: AMOUNT_PAIR_PASS,
  issued: AMOUNT_PAIR_PASS,
};

/** How a flat item's field is written: an integer, a string, true or false, or only null; `nullable`: or null. */
export interface FlatField {
  syntax: 'integer' | 'string' | 'boolean' | 'null';
  nullable: boolean;
  /** checkItem's test of the value. */
  pass: Pass;
  /** Every value written with this syntax passes the test (a string, any integer >= 0, true or false). */
  implied: boolean;
}

/**
 * For the members whose items are flat objects: every key such an item has, each with how its value is
 * written and checkItem's test of it; orders' payment here only as null. A reader that finds an item
 * written with these keys and plain values may take it without a general parser (item-template.ts).
 */
export const FLAT_ITEMS: Partial<Record<string, ReadonlyMap<string, FlatField>>> = {
  records: flat(RECORD),
  trades: flat(TRADE),
  storage: flat(STORED),
  assets: flat(ASSET),
  orders: new Map([...flat(ORDER), ['payment', { syntax: 'null', nullable: false, pass: (v: unknown) => v === null, implied: true }]]),
};

function flat(spec: Spec): Map<string, FlatField> {
  return new Map(
    Object.keys(spec).map((k): [string, FlatField] => {
      const kind = spec[k]!;
      const base = Array.isArray(kind) ? (kind.every((x) => typeof x === 'number') ? 'id' : 'str') : (kind as string).replace('?', '');
      const syntax = base === 'str' ? 'string' : base === 'bool' ? 'boolean' : 'integer';
      return [k, { syntax, nullable: !Array.isArray(kind) && (kind as string).endsWith('?'), pass: passOf(kind), implied: base === 'str' || base === 'nat' || base === 'bool' ? !Array.isArray(kind) : false }];
    }),
  );
}

/** Checks one item of an array member, the `index`th: as checkItem, naming it (as in records[3]) only when it fails. */
export function checkItemAt(key: string, v: unknown, index: number): void {
  if (FAST[key]?.(v) !== true) checkItem(key, v, `${key}[${index}]`);
}

/** Checks one item of an array member (`where` names it, as in records[3]). */
export function checkItem(key: string, v: unknown, where: string): void {
  switch (key) {
    case 'api_keys':
      checkObject(v, { key: 'str', name: 'str' }, where);
      return;
    case 'projects': {
      const p = checkObject(v, { uuid: 'str', name: 'str', owner: 'str', createdAtMicros: 'time' }, where);
      checkList(p.contracts, `${where}.contracts`, STR);
      return;
    }
    case 'marketplaces': {
      const m = checkObject(v, { uuid: 'str', name: 'str', payee: 'str', projectUuid: 'str', owner: 'str', createdAtMicros: 'time' }, where);
      const fee = checkObject(m.fee, { num: 'nat', den: 'nat', text: 'str' }, `${where}.fee`);
      if (fee.den === 0 || fee.den === 0n) throw new TypeError(`${where}.fee.den must be > 0, got 0`);
      return;
    }
    case 'contracts': {
      const c = checkObject(v, CONTRACT, where);
      checkList(c.tokens, `${where}.tokens`, TOKEN_PAIR);
      return;
    }
    case 'assets':
      checkObject(v, ASSET, where);
      return;
    case 'accounts': {
      const a = checkObject(v, { key: 'str' }, where);
      // -1 until the account signs something.
      if (!isInt(a.max_nonce) || a.max_nonce < -1) throw new TypeError(`${where}.max_nonce must be an integer >= -1, got ${describe(a.max_nonce)}`);
      checkList(a.balances, `${where}.balances`, BALANCE_PAIR);
      checkList(a.used_nonces, `${where}.used_nonces`, NAT);
      checkList(a.records, `${where}.records`, ID);
      return;
    }
    case 'vaults':
    case 'claimed':
    case 'issued':
      checkPair(v, where, 'str', NAT);
      return;
    case 'records':
      checkObject(v, RECORD, where);
      return;
    case 'signatures':
      checkPair(v, where, 'str', ID_LIST);
      return;
    case 'withdraw_area':
      checkPair(v, where, 'str', AREA);
      return;
    case 'pending_l2':
    case 'pending_l1':
    case 'open_orders':
      checkValue(v, 'id', where);
      return;
    case 'orders': {
      const o = checkObject(v, ORDER, where);
      if (o.payment !== null) checkObject(o.payment, PAYMENT, `${where}.payment`);
      return;
    }
    case 'trades':
      checkObject(v, TRADE, where);
      return;
    case 'storage':
      checkObject(v, STORED, where);
      return;
  }
}

/** Checks the members that are single values. */
export function checkValues(d: Obj): void {
  checkObject(d.clock, { now_micros: 'time' }, 'clock');
  checkObject(d.prng, { seed: 'str', counter: 'count' }, 'prng');
  checkValue(d.next_sequence_id, 'id', 'next_sequence_id');
  checkValue(d.next_vault_id, 'nat', 'next_vault_id');
  checkValue(d.operator, 'str', 'operator');
  checkObject(d.starkex_contracts, { mainnet: 'str', testnet: 'str', sepolia: 'str' }, 'starkex_contracts');
  checkList(d.named_accounts, 'named_accounts', (a, w) => checkObject(a, { name: 'str', starkKey: 'str', privateKey: 'str', ethAddress: 'str' }, w));
  checkObject(d.settlement, { mode: SETTLEMENT_MODES, intervalMicros: 'nat', nextCutMicros: 'time' }, 'settlement');
}
