// The state dump, declared once (valibot): the loader checks each value and item against it, the
// OpenAPI document of GET/POST /_devnet/state is generated from it, and the builder is typed by it.
// Integers that may pass 2^53 (amounts, asset ids, times) are JSON numbers up to 2^53-1 and strings of
// digits past it, so any JSON parser reads them exactly; each value has that one spelling.
import * as v from 'valibot';
import { MAX_MICROS } from '../state/clock.js';
import { RecordStatus } from '../ledger/records.js';
import { RECORD_TYPES, SETTLEMENT_MODES, TOKEN_TYPES } from '../state/state.js';
import { ORDER_STATES, TIME_IN_FORCE } from '../state/orders.js';
import { about } from '../values/wire.js';

/** l2-devnet/state@3: one item per line, integers past 2^53 as strings. */
export const STATE_FORMAT = 'l2-devnet/state@3';
/** The format before: one line, integers past 2^53 as numbers; read whole, integers kept exact. */
export const FORMAT_2 = 'l2-devnet/state@2';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** An integer in [min, 2^53). */
function safe(min: 0 | 1, description?: string) {
  const m = `an integer from ${min} to 2^53-1`;
  return about(v.pipe(v.number(m), v.safeInteger(m), v.minValue(min, m)), description);
}
const id = (description?: string) => safe(1, description);
const count = (description?: string) => safe(0, description);

/** The schemas made by exact(): their values load as bigints. */
const EXACT = new WeakSet<object>();

/** An integer >= 0 of any size (at most `max`): a number below 2^53, else a string of its digits. */
function exact(description: string, max?: bigint, m = 'an integer >= 0') {
  const fits = (s: string) => /^[1-9]\d{15,}$/.test(s) && BigInt(s) > MAX_SAFE && (max === undefined || BigInt(s) <= max);
  const schema = v.pipe(
    v.union([v.pipe(v.number(m), v.safeInteger(m), v.minValue(0, m)), v.pipe(v.string(m), v.check(fits, m))], m),
    v.description(`${description} (an exact integer: a JSON number up to 2^53-1, a string of digits past it)`),
  );
  EXACT.add(schema);
  return schema;
}
const micros = (description: string) =>
  exact(`${description}, microseconds since the Unix epoch`, MAX_MICROS, `microseconds from 0 to ${MAX_MICROS} (9999-12-31)`);
const text = (description?: string) => about(v.string('a string'), description);
const hex = (description: string) =>
  v.pipe(v.string('a string'), v.regex(/^0x[0-9a-fA-F]+$/, 'a 0x hex string'), v.description(description));
const nullableText = (description?: string) => about(v.nullable(v.string('a string or null')), description);
function oneOf<const T extends readonly (string | number)[]>(values: T, description?: string) {
  return about(v.picklist(values, `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`), description);
}
const bool = (description?: string) => about(v.boolean('true or false'), description);
const list = <T extends v.GenericSchema>(item: T, description?: string) => about(v.array(item, 'an array'), description);
/** A [key, value] pair of a dumped map. */
const entry = <K extends v.GenericSchema, V extends v.GenericSchema>(key: K, value: V) =>
  v.strictTuple([key, value], 'a [key, value] pair');
const obj = <E extends v.ObjectEntries>(entries: E) => v.strictObject(entries, 'an object');
const STARK_KEY = hex('stark key');

const API_KEY = obj({ key: text(), name: text() });
const PROJECT = obj({
  uuid: text(),
  name: text(),
  owner: text('API key'),
  createdAtMicros: micros('created'),
  contracts: list(text('contract key')),
});
const MARKETPLACE = obj({
  uuid: text(),
  name: text(),
  payee: text('stark key'),
  fee: obj({
    num: exact('numerator'),
    den: v.pipe(
      exact('denominator, a power of ten'),
      v.check((d) => d !== 0, 'above 0'),
    ),
    text: text('as given'),
  }),
  projectUuid: text(),
  owner: text('API key'),
  createdAtMicros: micros('created'),
});
const CONTRACT = obj({
  id: id('registration number (ETH is 1)'),
  uuid: text(),
  address: text('as registered (case kept); "eth" for ETH'),
  key: text('lowercase address: the lookup key'),
  type: oneOf(TOKEN_TYPES),
  name: nullableText(),
  symbol: text(),
  decimals: count(),
  quantum: exact('quantum'),
  assetType: exact('StarkEx asset type'),
  assetInfo: text('StarkEx asset info'),
  l1AssetType: v.nullable(exact('ERC721M only: the L1 ERC721 asset type')),
  l1AssetInfo: nullableText('ERC721M only: the L1 ERC721 asset info'),
  count: exact('contract_count'),
  projectUuid: nullableText(),
  owner: nullableText('API key that created it; null for ETH'),
  createdAtMicros: micros('created'),
  baseUri: text(),
  metadataUrl: nullableText(),
  description: nullableText(),
  imageUrl: nullableText(),
  externalLink: nullableText(),
  bannerImageUrl: nullableText(),
  tokens: list(entry(text('token id, decimal'), text('asset id')), 'NFTs: token id -> asset id, in creation order'),
  maxTokenId: exact('highest token id created'),
  recordCount: count('records naming its assets'),
  removed: bool('removed from its project (its assets stay)'),
});
const ASSET = obj({
  id: exact('asset id'),
  hex: text('asset id'),
  contractKey: text(),
  tokenId: v.nullable(exact('token id')),
  holder: nullableText('NFTs: stark key or Ethereum address of the holder'),
  uri: nullableText('ERC721MC tokens: the URL the token was minted with'),
});
const ACCOUNT = obj({
  key: text('stark key'),
  balances: list(entry(text('asset id'), obj({ available: exact('quantized'), frozen: exact('quantized') }))),
  used_nonces: list(exact('nonce')),
  max_nonce: v.pipe(
    v.number('an integer >= -1'),
    v.safeInteger('an integer >= -1'),
    v.minValue(-1, 'an integer >= -1'),
    v.description('highest nonce used; -1 when none'),
  ),
  records: list(id(), 'sequence ids listed for this key, ascending'),
});
const RECORD = obj({
  sequenceId: id(),
  type: oneOf(Object.values(RECORD_TYPES), '1 deposit, 2 mint, 3 transfer, 4 withdrawal, 7 ASK order, 8 BID order'),
  starkKey: text('stark key'),
  status: oneOf(Object.values(RecordStatus)),
  timeMicros: micros('made'),
  assetHex: text('asset id'),
  amount: exact('quantized'),
  to: nullableText(),
  reason: nullableText(),
  orderId: v.nullable(id()),
});
const ORDER = obj({
  id: id(),
  starkKey: text('stark key'),
  direction: oneOf([0, 1], '0 ASK (sells the quote token), 1 BID (buys it)'),
  baseHex: text('asset id of the currency'),
  quoteHex: text('asset id of the token'),
  amountSell: exact('signed'),
  amountBuy: exact('signed'),
  feeLimit: exact('signed'),
  quantity: exact('quote units'),
  filled: exact('quote units'),
  volume: exact('base units'),
  frozen: exact('still frozen'),
  serviceFee: exact('charged'),
  feeTaken: exact('charged'),
  priceText: text(),
  marketplace: nullableText(),
  state: oneOf(Object.values(ORDER_STATES), '0 placed, 1 cancelled, 2 filled, 3 partially filled'),
  createdAtMicros: micros('placed'),
  timeInForce: oneOf(TIME_IN_FORCE),
  payment: v.nullable(obj({ orderId: text('external order id'), nonce: text('payment nonce'), signer: text('stark key') })),
});
const TRADE = obj({
  makerId: id(),
  takerId: id(),
  quantity: exact('quote units'),
  volume: exact('base units'),
  serviceFee: exact('base units'),
  marketplaceFee: exact('base units'),
  timeMicros: micros('made'),
});
const STORED_FILE = obj({
  projectUuid: text(),
  cid: text(),
  filename: text(),
  size: exact('bytes'),
  createdAtMicros: micros('uploaded'),
  removed: bool(),
});
const AMOUNTS = (description: string) => list(entry(text('asset id'), exact('quantized')), description);

/**
 * Every member of the dump, in the order it is written. An `items` member is written one item per
 * line and loaded item by item; the others are single values, each on its own line.
 */
export const MEMBERS = {
  format: v.literal(STATE_FORMAT, `"${STATE_FORMAT}"`),
  clock: obj({ now_micros: micros('the emulator clock') }),
  prng: obj({ seed: text(), counter: count('blocks drawn') }),
  next_sequence_id: id(),
  next_vault_id: exact('next vault id'),
  operator: STARK_KEY,
  starkex_contracts: obj({ mainnet: text(), testnet: text(), sepolia: text() }),
  named_accounts: list(
    obj({ name: text(), starkKey: text('stark key'), privateKey: text('private key'), ethAddress: text('Ethereum address') }),
  ),
  api_keys: list(API_KEY),
  projects: list(PROJECT),
  marketplaces: list(MARKETPLACE),
  contracts: list(CONTRACT),
  assets: list(ASSET),
  accounts: list(ACCOUNT),
  vaults: list(entry(text('OWNER|ASSET_ID'), exact('vault id')), '(owner, asset) -> vault id'),
  records: list(RECORD),
  signatures: list(
    entry(text('0xr|0xs of an accepted signed request'), list(id(), 'the records it created')),
    'the signature index of /v1/record/by/signature',
  ),
  withdraw_area: list(entry(text('Ethereum address'), list(entry(text('asset id'), exact('quantized'))))),
  claimed: AMOUNTS('asset id -> quantized amount claimed on L1'),
  issued: AMOUNTS('asset id -> quantized amount issued'),
  pending_l2: list(id(), 'records at status 1, ascending'),
  pending_l1: list(id(), 'records at status 3, ascending'),
  settlement: obj({ mode: oneOf(SETTLEMENT_MODES), intervalMicros: exact('interval'), nextCutMicros: micros('next interval batch') }),
  orders: list(ORDER),
  open_orders: list(id(), 'open order ids, ascending'),
  trades: list(TRADE),
  storage: list(STORED_FILE),
};

export type MemberName = keyof typeof MEMBERS;
/** The value of a member as written (what the builder takes). */
export type Written<K extends MemberName> = v.InferOutput<(typeof MEMBERS)[K]>;
/** The dump's member names, in the order they are written. */
export const DUMP_MEMBERS = Object.keys(MEMBERS) as MemberName[];

/** The members written one item per line: every array but the handful of named accounts. */
export type ItemsMember = Exclude<{ [K in MemberName]: Written<K> extends unknown[] ? K : never }[MemberName], 'named_accounts'>;
export const ITEMS_MEMBERS = DUMP_MEMBERS.filter((k): k is ItemsMember => MEMBERS[k].type === 'array' && k !== 'named_accounts');
const ITEMS: ReadonlySet<string> = new Set(ITEMS_MEMBERS);
export const isItemsMember = (key: string): key is ItemsMember => ITEMS.has(key);

/** The whole document (for OpenAPI). */
export const DUMP = v.strictObject(MEMBERS);

/** Each items member's item schema. */
export const itemSchemas = new Map<string, v.GenericSchema>(
  ITEMS_MEMBERS.map((k) => [k, (MEMBERS[k] as unknown as v.ArraySchema<v.GenericSchema, string>).item]),
);

/** The top-level fields of an items member's objects that hold exact integers (maybe null): bigints once loaded. */
export const INTEGER_FIELDS = Object.fromEntries(
  ITEMS_MEMBERS.map((k) => {
    const entries = (itemSchemas.get(k) as { entries?: Record<string, { wrapped?: object }> }).entries ?? {};
    const exact = (s: { wrapped?: object }) => EXACT.has(s) || (s.wrapped !== undefined && EXACT.has(s.wrapped));
    return [k, Object.keys(entries).filter((f) => exact(entries[f]!))];
  }),
) as unknown as Record<ItemsMember, readonly string[]>;

/** A value as a message shows it: a scalar as JSON (cut at 40 characters), an array or object by its kind (it may nest deep). */
function describe(x: unknown): string {
  if (x !== null && typeof x === 'object') return Array.isArray(x) ? `an array of ${x.length}` : 'an object';
  const t = JSON.stringify(x);
  return t === undefined ? String(x) : t.length > 40 ? `${t.slice(0, 40)}...` : t;
}

/**
 * Checks a value written for `where` (a member, or an item as in records[3]); throws TypeError saying
 * what is wrong. Returns the value as the schema gives it: its objects' keys in the schema's order.
 */
function check(schema: v.GenericSchema, value: unknown, where: string): unknown {
  // valibot takes an array for an object (one with none of its keys).
  if (Array.isArray(value) && schema.type === 'strict_object') throw new TypeError(`${where} must be an object, got ${describe(value)}`);
  const r = v.safeParse(schema, value, { abortEarly: true });
  if (r.success) return r.output;
  const issue = r.issues[0];
  let at = where;
  for (const p of issue.path ?? []) at += typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`;
  if (issue.expected === 'never') throw new TypeError(`unexpected field ${at}`);
  if (issue.input === undefined && at !== where) throw new TypeError(`missing field ${at}`);
  throw new TypeError(`${at} must be ${issue.message}, got ${describe(issue.input)}`);
}

/** Checks a member that is a single value. */
export function checkMember(key: MemberName, value: unknown): void {
  void check(MEMBERS[key], value, key);
}

/** Checks the `index`th item of an items member; returns it with its objects' keys in the schema's order. */
export function checkItem(key: ItemsMember, value: unknown, index: number): unknown {
  return check(itemSchemas.get(key)!, value, `${key}[${index}]`);
}
