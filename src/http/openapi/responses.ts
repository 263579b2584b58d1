// What routes answer, as valibot schemas: the building blocks every answer is written with, and the
// small answers many routes share. Each resource's answers are in its own file beside this one
// (ledger-, catalog-, trading-, record-, storage-, control-responses.ts, state-dump.ts). Every
// object is a v.strictObject naming each key the answer carries: the document says
// additionalProperties false, so a key added to an answer without its schema fails the contract
// check. A schema with a `v.title` becomes a named component of /openapi.json.
import * as v from 'valibot';
import { RecordStatus } from '../../domain/ledger/records.js';
import { ORDER_STATES, RECORD_TYPES, TOKEN_TYPES } from '../../domain/state/state.js';

// ---- values ----

/** A JSON integer (never above 2^53 in practice: counts, ids, seconds). */
export function int(description?: string) {
  return description === undefined ? v.pipe(v.number(), v.integer()) : v.pipe(v.number(), v.integer(), v.description(description));
}

/** A non-negative JSON integer. */
export function count(description?: string) {
  return description === undefined
    ? v.pipe(v.number(), v.integer(), v.minValue(0))
    : v.pipe(v.number(), v.integer(), v.minValue(0), v.description(description));
}

/** An amount written as an exact JSON number: every digit, never rounded (it may exceed 2^53). */
export function exactInt(description: string) {
  return v.pipe(v.number(), v.integer(), v.minValue(0), v.description(`${description} (an exact integer; may exceed 2^53)`));
}

export function text(description?: string) {
  return description === undefined ? v.string() : v.pipe(v.string(), v.description(description));
}

/** `0x` + lowercase hex, unpadded: asset ids, asset types, stark keys, hashes. */
export function hex(description: string) {
  return v.pipe(v.string(), v.regex(/^0x[0-9a-f]+$/), v.description(description));
}

/** A stark key as the emulator prints it (`0x` lowercase, unpadded). */
export const STARK_KEY = hex('stark key');

/** An integer written as decimal text (quantized amounts, vault ids, sizes). */
export function decimalInt(description: string) {
  return v.pipe(v.string(), v.regex(/^\d+$/), v.description(description));
}

/** A human-readable amount: quantized × quantum / 10^decimals, without trailing zeros ("0.068985", "1"). */
export function display(description: string) {
  return v.pipe(v.string(), v.regex(/^\d+(\.\d*[1-9])?$/), v.description(description));
}

/** `2026-01-01T00:00:00.000000Z`: ISO 8601, UTC, microseconds. */
export function isoTime(description: string) {
  return v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/), v.description(description));
}

export function uuid(description: string) {
  return v.pipe(v.string(), v.uuid(), v.description(description));
}

/** `eth`, or a registered contract's address as it was registered (case kept). */
export const CONTRACT_ADDRESS = text('"eth" for the native currency, else the contract address as registered (case kept)');

/** An NFT's token id as decimal text; "" for a fungible asset. */
export const TOKEN_ID = v.pipe(v.string(), v.regex(/^(\d+)?$/), v.description('NFT token id; "" for ETH and ERC20'));

export const TOKEN_TYPE = v.pipe(v.picklist(TOKEN_TYPES), v.description('token standard'));
export const RECORD_TYPE = v.pipe(
  v.picklist(Object.values(RECORD_TYPES)),
  v.description('1 deposit, 2 mint, 3 transfer, 4 withdrawal, 7 ASK order, 8 BID order'),
);
export const RECORD_STATUS = v.pipe(
  v.picklist(Object.values(RecordStatus)),
  v.description(
    '0 submitted, 1 accepted by the service, 2 failed on the service, 3 accepted on L2, 4 rejected on L2, 5 rolled, 6 accepted on L1',
  ),
);
export const ORDER_STATE = v.pipe(
  v.picklist(Object.values(ORDER_STATES)),
  v.description('0 placed, 1 cancelled, 2 filled, 3 partially filled'),
);
export const DIRECTION = v.pipe(v.picklist([0, 1]), v.description('0 ASK (sells the quote token), 1 BID (buys it)'));
export const UNIX_SECONDS = int('Unix time, seconds');
export const SEQUENCE_IDS = v.array(int('sequence id'));

// ---- lists ----

/** `{list, total, current_page, page_size, total_page}` of `item`. */
export function paged(item: v.GenericSchema) {
  return v.strictObject({
    list: v.array(item),
    total: count('rows in all pages'),
    current_page: count('1-based'),
    page_size: count('the limit asked for'),
    total_page: count('pages of page_size rows'),
  });
}

/** `{list, total}` of `item` (a page of them; total counts every page). */
export function listed(item: v.GenericSchema) {
  return v.strictObject({ list: v.array(item), total: count('rows in all pages') });
}

// ---- answers many routes share ----

export const SEQUENCE_ID = v.pipe(
  v.strictObject({ sequence_id: int('sequence id of the accepted command (and of its record)') }),
  v.title('SequenceId'),
);

/** `{message}` with the one text a route answers. */
export function message(text: string) {
  return v.strictObject({ message: v.literal(text) });
}

export const TEXT = v.string();
/** GET /openapi.json: this document (its shape is OpenAPI 3.1's own schema). */
export const DOCUMENT = v.pipe(
  v.looseObject({
    openapi: v.literal('3.1.0'),
    info: v.looseObject({ title: v.string(), version: v.string() }),
    paths: v.record(v.string(), v.looseObject({})),
  }),
  v.description('An OpenAPI 3.1 document: the rest of its shape is the OpenAPI 3.1 schema'),
);
