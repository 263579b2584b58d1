// The entities a state stores (contracts, assets, records, orders, ...), each declared once: as the
// schema (valibot) of its item in the state dump, which the loader checks and /openapi.json shows, and
// from which the state's types are derived. Integers that may pass 2^53 (amounts, asset ids, times) are
// JSON numbers up to 2^53-1 and strings of digits past it, so any JSON parser reads them exactly; a
// state holds them as bigints.
import * as v from 'valibot';
import { MAX_MICROS } from './clock.js';
import { about } from '../values/wire.js';
import { TOKEN_TYPES, RECORD_TYPES, RecordStatus, ORDER_STATES, TIME_IN_FORCE } from './kinds.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** An integer in [min, 2^53). */
function safe(min: 0 | 1, description?: string) {
  const m = `an integer from ${min} to 2^53-1`;
  return about(v.pipe(v.number(m), v.safeInteger(m), v.minValue(min, m)), description);
}
export const id = (description?: string) => safe(1, description);
export const count = (description?: string) => safe(0, description);

/** The schemas made by exact(): their values load as bigints. */
export const EXACT = new WeakSet<object>();

/** An integer >= 0 of any size (at most `max`): a number below 2^53, else a string of its digits. */
export function exact(description: string, max?: bigint, m = 'an integer >= 0') {
  const fits = (s: string) => /^[1-9]\d{15,}$/.test(s) && BigInt(s) > MAX_SAFE && (max === undefined || BigInt(s) <= max);
  const schema = v.pipe(
    v.union([v.pipe(v.number(m), v.safeInteger(m), v.minValue(0, m)), v.pipe(v.string(m), v.check(fits, m))], m),
    v.description(`${description} (an exact integer: a JSON number up to 2^53-1, a string of digits past it)`),
  );
  EXACT.add(schema);
  return schema;
}
export const micros = (description: string) =>
  exact(`${description}, microseconds since the Unix epoch`, MAX_MICROS, `microseconds from 0 to ${MAX_MICROS} (9999-12-31)`);
export const text = (description?: string) => about(v.string('a string'), description);
export const hex = (description: string) =>
  v.pipe(v.string('a string'), v.regex(/^0x[0-9a-fA-F]+$/, 'a 0x hex string'), v.description(description));
export const nullableText = (description?: string) => about(v.nullable(v.string('a string or null')), description);
export function oneOf<const T extends readonly (string | number)[]>(values: T, description?: string) {
  return about(v.picklist(values, `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`), description);
}
export const bool = (description?: string) => about(v.boolean('true or false'), description);
export const list = <T extends v.GenericSchema>(item: T, description?: string) => about(v.array(item, 'an array'), description);
/** A [key, value] pair of a dumped map. */
export const entry = <K extends v.GenericSchema, V extends v.GenericSchema>(key: K, value: V) =>
  v.strictTuple([key, value], 'a [key, value] pair');
export const obj = <E extends v.ObjectEntries>(entries: E) => v.strictObject(entries, 'an object');
export const STARK_KEY = hex('stark key');

/** A project: its owner is the API key that created it; `contracts` its contract keys, in creation order. */
export const PROJECT = obj({
  uuid: text(),
  name: text(),
  owner: text('API key'),
  createdAtMicros: micros('created'),
  contracts: list(text('contract key')),
});
/** A marketplace: `payee` (a stark key) receives its fee. */
export const MARKETPLACE = obj({
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
/**
 * A registered contract: ids 1, 2, ... in registration order, never reused (contracts are never deleted;
 * a removed one answers 15 by uuid and takes no mints, as a StarkEx asset cannot be unregistered).
 * ERC721M and ERC721MC: `assetType` is the mintable type their tokens use on L2, `l1AssetType` their L1 ERC721.
 */
export const CONTRACT = obj({
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
/** One asset id the emulator knows: a fungible contract's id, or one NFT token (held by one owner at most). */
export const ASSET = obj({
  id: exact('asset id'),
  hex: text('asset id'),
  contractKey: text(),
  tokenId: v.nullable(exact('token id')),
  holder: nullableText('NFTs: stark key or Ethereum address of the holder'),
  uri: nullableText('ERC721MC tokens: the URL the token was minted with'),
});
/** A record: `starkKey` its owner (a transfer's sender), `to` a move's receiver, `orderId` an order record's order. */
export const RECORD = obj({
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
/**
 * A limit order (StarkEx type 3): `base` is the currency, `quote` what is traded (Reddio's naming); its id
 * is the sequence id of its command. `frozen`: quote units (ASK) or base units (BID) still held for it;
 * `priceText`: the wire price as given (NFT: quantized base units; fungible: the display price).
 */
export const ORDER = obj({
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
/** One fill: `quantity` quote units for `volume` base units at the maker's price. */
export const TRADE = obj({
  makerId: id(),
  takerId: id(),
  quantity: exact('quote units'),
  volume: exact('base units'),
  serviceFee: exact('base units'),
  marketplaceFee: exact('base units'),
  timeMicros: micros('made'),
});
/** One upload of a project (its bytes in the block store under `cid`); a removed one is hidden from the list only. */
export const STORED_FILE = obj({
  projectUuid: text(),
  cid: text(),
  filename: text(),
  size: exact('bytes'),
  createdAtMicros: micros('uploaded'),
  removed: bool(),
});

/**
 * A token's metadata, uploaded with POST /v1/project/contract/{uuid}/metadata: served as the token's
 * JSON at its token_uri. `mediaCid`/`mediaName`: the media upload (a UnixFS directory wrapping the
 * file, as storage keeps every upload) and the file's name in it; `attributes` the additional_kv text.
 */
export const TOKEN_METADATA = obj({
  contractKey: text(),
  tokenId: exact('token id'),
  name: text(),
  description: text(),
  mediaCid: nullableText('the media upload; null when none was sent'),
  mediaName: nullableText('the media file name inside it'),
  attributes: text('additional_kv as given: a JSON object, "{}" when none'),
});

/** What a state holds for a dump value: an exact integer (a number, or digits past 2^53) as a bigint. */
type Held<T> = [T] extends [number | string]
  ? [number | string] extends [T]
    ? bigint
    : T
  : [T] extends [number | string | null]
    ? [number | string | null] extends [T]
      ? bigint | null
      : T
    : T extends readonly (infer U)[]
      ? Held<U>[]
      : T extends object
        ? { -readonly [K in keyof T]: Held<T[K]> }
        : T;

export type Project = Held<v.InferOutput<typeof PROJECT>>;
export type Marketplace = Held<v.InferOutput<typeof MARKETPLACE>>;
/** A fee rate as an exact fraction `num / den` (den a power of ten), from a decimal string like "0.015". */
export type Rate = Marketplace['fee'];
/** NFT contracts' `tokens`: token id (decimal text) -> asset id hex, in creation order. */
export type Contract = Omit<Held<v.InferOutput<typeof CONTRACT>>, 'tokens'> & { tokens: Map<string, string> };
export type Asset = Held<v.InferOutput<typeof ASSET>>;
/** A record's status moves along the transitions table (records.ts). */
export type LedgerRecord = Omit<Held<v.InferOutput<typeof RECORD>>, 'status'> & { status: number };
export type Order = Held<v.InferOutput<typeof ORDER>>;
export type Trade = Held<v.InferOutput<typeof TRADE>>;
export type StoredFile = Held<v.InferOutput<typeof STORED_FILE>>;
export type TokenMetadata = Held<v.InferOutput<typeof TOKEN_METADATA>>;
