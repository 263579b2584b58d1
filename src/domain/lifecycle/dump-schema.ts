// The state dump, declared once (valibot; its entities' items in state/entities.ts): the loader checks
// each value and item against it, the OpenAPI document of GET/POST /_devnet/state is generated from it,
// and the builder is typed by it. Each value has one spelling (integers past 2^53: strings of digits).
import * as v from 'valibot';
import { SETTLEMENT_MODES } from '../state/state.js';
import {
  ASSET,
  CONTRACT,
  count,
  entry,
  EXACT,
  exact,
  id,
  list,
  MARKETPLACE,
  micros,
  obj,
  oneOf,
  ORDER,
  PROJECT,
  RECORD,
  STARK_KEY,
  STORED_FILE,
  text,
  TOKEN_METADATA,
  TRADE,
} from '../state/entities.js';

/** l2-devnet/state@3: one item per line, integers past 2^53 as strings. */
export const STATE_FORMAT = 'l2-devnet/state@3';
/** The format before: one line, integers past 2^53 as numbers; read whole, integers kept exact. */
export const FORMAT_2 = 'l2-devnet/state@2';

const API_KEY = obj({ key: text(), name: text() });
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
    obj({
      name: text(),
      starkKey: text('stark key'),
      privateKey: text('private key'),
      ethAddress: text('Ethereum address'),
      ethPrivateKey: v.optional(text('the Ethereum private key, when the account has one (a wallet can hold it)')),
    }),
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
  withdraw_area_records: list(
    entry(text('ADDRESS|ASSET_ID'), list(id(), 'the withdrawals whose amounts wait there, in the order they arrived')),
    'what put each withdraw area amount there (GET /v1/withdrawal/status sequence_ids)',
  ),
  token_metadata: list(TOKEN_METADATA),
  l1_deposits: list(
    entry(id('sequence id'), obj({ tx: text('the L1 transaction'), vault: v.optional(text('the vault named on L1, hex')) })),
    'the records of deposits logged on L1 and where each came from (with --l1)',
  ),
  l1_taken: list(entry(text('tx:logIndex'), id('the next sequence id then')), 'the L1 deposit and claim logs taken (with --l1)'),
};

/**
 * Members added to @3 after it was first written: written only when not empty, so a state without
 * them dumps (and hashes) as before, and a dump without them loads with them empty.
 */
export const OPTIONAL_MEMBERS: ReadonlySet<MemberName> = new Set<MemberName>([
  'withdraw_area_records',
  'token_metadata',
  'l1_deposits',
  'l1_taken',
]);

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

/** The whole document (for OpenAPI): the optional members may be absent. */
export const DUMP = v.strictObject(
  Object.fromEntries(Object.entries(MEMBERS).map(([k, s]) => [k, OPTIONAL_MEMBERS.has(k as MemberName) ? v.optional(s) : s])) as {
    [K in MemberName]: (typeof MEMBERS)[K] | v.OptionalSchema<(typeof MEMBERS)[K], undefined>;
  },
);

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
