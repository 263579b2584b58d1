// What each route answers (its `data`, or the whole body of a plain reply), as valibot schemas: the
// document's response schemas, checked against every answer the test suite records.
import * as v from 'valibot';

const str = v.string();
const int = v.number();
const strOrNull = v.nullable(v.string());
const ids = v.array(v.number());

/** `{list, total, current_page, page_size, total_page}` of `item`. */
export function paged(item: v.GenericSchema): v.GenericSchema {
  return v.looseObject({ list: v.array(item), total: int, current_page: int, page_size: int, total_page: int });
}

/** `{list, total}` of `item`. */
export function listed(item: v.GenericSchema): v.GenericSchema {
  return v.looseObject({ list: v.array(item), total: int });
}

export const SEQUENCE_ID = v.looseObject({ sequence_id: int });
export const MESSAGE = v.looseObject({ message: str });
/** `data` of a storage removal: the real service answers a bare string. */
export const FILE_REMOVED = v.literal('File removed.');

export const BALANCE = v.looseObject({});
const TOKEN_V3 = v.strictObject({ token_id: str, token_uri: str, asset_id: str });
/** A /v3/balances row: strict, as Java's v3 parser fails on any key it does not know. */
export const BALANCE_V3 = v.strictObject({
  asset_id: str,
  contract_address: str,
  balance_available: int,
  balance_frozen: int,
  withdraw_frozen: int,
  type: str,
  decimals: int,
  symbol: str,
  quantum: int,
  available_tokens: v.array(TOKEN_V3),
  frozen_tokens: v.array(TOKEN_V3),
  withdraw_frozen_tokens: v.array(TOKEN_V3),
  base_uri: str,
});
export const CONTRACT_INFO = v.looseObject({});
export const ORDER = v.looseObject({});
export const RECORD = v.looseObject({});
export const NFT = v.looseObject({});
export const TRADE = v.looseObject({});
export const LISTING = v.looseObject({});
/** `GET /v1/collection` without a collection: one item per registered contract (JS 0.8 getCollections). */
export const COLLECTION_SUMMARY = v.strictObject({ contract_address: str, symbol: str, type: str, total_supply: str, asset_type: str, base_uri: str });
/** `GET /v1/contracts/{address}/tokens` item (Python get_token_owners). */
export const TOKEN_OWNER = v.strictObject({ token_id: str, contract_address: str, owner: str, symbol: str, asset_id: str });
export const PROJECT = v.looseObject({});
export const STORED_FILE = v.looseObject({});

export const ORDER_INFO = v.looseObject({});

/** A record in /v1/record's form: flattened `order.<field>` keys, plus the nested `order` on order records. */
export const SINGLE_RECORD = v.looseObject({ record_type: int, sequence_id: int, stark_key: str, status: int, time: int, amount: str });
/** `GET /v1/token`: the token id of a mint (a JSON number, exact beyond 2^53). */
export const MINTED_TOKEN = v.strictObject({ token_id: v.union([v.number(), v.bigint()]) });
export const DEPTH = v.looseObject({});
export const VAULT_IDS = v.looseObject({ vault_ids: v.array(str) });
export const NONCE = v.looseObject({ nonce: int });
export const WALLETS = v.looseObject({ wallets: v.array(v.looseObject({})) });
export const ASSET_ID = v.looseObject({ asset_id: str });
export const STARKEX_CONTRACTS = v.looseObject({});
export const WITHDRAW_AREA = v.array(v.looseObject({}));
export const MINTED = v.looseObject({ sequence_ids: ids });
export const PROJECT_ANSWER = v.looseObject({ message: str, project_uuid: str });
export const CONTRACT_ANSWER = v.looseObject({ message: str, contract_uuid: str });
export const MARKETPLACE_ANSWER = v.looseObject({ message: str, marketplace_uuid: str });
export const UPLOADED = v.looseObject({ cid: str });
export const STORAGE_LIST = v.looseObject({ storages: v.looseObject({}) });

// ---- control plane (plain JSON) ----

export const HEALTH = v.looseObject({ status: v.literal('ok'), version: str });
export const ACCOUNTS = v.looseObject({ accounts: v.array(v.looseObject({})), api_keys: v.array(str), operator: str });
export const API_KEY = v.looseObject({ api_key: str });
export const INVARIANTS = v.looseObject({ ok: v.boolean(), violations: v.array(str), state_hash: str });
export const BATCH = v.looseObject({ moved: ids, l2: ids, l1: ids });
export const STATUS_MOVE = v.looseObject({ sequence_id: int, status: int });
export const CLOCK = v.looseObject({ now: str, moved: ids });
export const CLAIM = v.looseObject({ ethaddress: str, asset_id: str, amount: int });
export const SNAPSHOT = v.looseObject({ id: str });
export const REVERTED = v.looseObject({ reverted: str });
export const STATE_HASH = v.looseObject({ state_hash: str });
export const DUMP = v.looseObject({ format: str });
export const FAULT = v.looseObject({ id: str });
export const FAULTS = v.looseObject({ faults: v.array(FAULT) });
export const REMOVED = v.looseObject({ removed: int });
export const OVERVIEW = v.looseObject({ accounts: v.array(v.looseObject({})) });
export const DOCUMENT = v.looseObject({ openapi: str });
export const TEXT = v.string();
export const BYTES = v.pipe(v.string(), v.description("the file's bytes, in the media type its name implies"));
/** A gateway JSON answer: a directory's listing {cid, path, entries}, or the bytes of a stored .json file (any JSON). */
export const GATEWAY_JSON = v.pipe(v.unknown(), v.description('a directory listing {cid, path, entries}, or a stored .json file as it was uploaded'));
export { strOrNull };
