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
      checkObject(v, { id: 'nat', hex: 'str', contractKey: 'str', tokenId: 'nat?', holder: 'str?', uri: 'str?' }, where);
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
      if (o.payment !== null) checkObject(o.payment, { orderId: 'str', nonce: 'str', signer: 'str' }, `${where}.payment`);
      return;
    }
    case 'trades':
      checkObject(v, { makerId: 'id', takerId: 'id', quantity: 'nat', volume: 'nat', serviceFee: 'nat', marketplaceFee: 'nat', timeMicros: 'time' }, where);
      return;
    case 'storage':
      checkObject(v, { projectUuid: 'str', cid: 'str', filename: 'str', size: 'nat', createdAtMicros: 'time', removed: 'bool' }, where);
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
