// The value schemas answers are written with (valibot): each answer's schema sits beside the view
// that fills it, types that view (v.InferOutput) and becomes its JSON Schema in /openapi.json (the
// input side: the JSON on the wire). Every object is a v.strictObject naming each key it carries:
// the document says additionalProperties false, so a key added without its schema fails the
// contract check. A schema with a `v.title` becomes a named component of /openapi.json.
import * as v from 'valibot';

/** The schema, with a description (for /openapi.json) when given. */
export const about = <S extends v.GenericSchema>(schema: S, description?: string) =>
  description === undefined ? schema : v.pipe(schema, v.description(description));

/** A JSON integer (never above 2^53 in practice: counts, ids, seconds). */
export const int = (description?: string) => about(v.pipe(v.number(), v.integer()), description);

/** A non-negative JSON integer. */
export const count = (description?: string) => about(v.pipe(v.number(), v.integer(), v.minValue(0)), description);

/** An amount written as an exact JSON number: every digit, never rounded (it may exceed 2^53); a bigint in the view. */
export function exactInt(description: string) {
  return v.pipe(
    v.number(),
    v.integer(),
    v.minValue(0),
    v.description(`${description} (an exact integer; may exceed 2^53)`),
    v.transform((n): bigint => BigInt(n)),
  );
}

export const text = (description?: string) => about(v.string(), description);

/** A text passing `check`, with its description. */
const textWith =
  <A extends v.PipeItem<string, string, v.BaseIssue<unknown>>>(check: A) =>
  (description: string) =>
    v.pipe(v.string(), check, v.description(description));

/** `0x` + lowercase hex, unpadded: asset ids, asset types, stark keys, hashes. */
export const hex = textWith(v.regex(/^0x[0-9a-f]+$/));

/** A stark key as the emulator prints it (`0x` lowercase, unpadded). */
export const STARK_KEY = hex('stark key');

/** An integer written as decimal text (quantized amounts, vault ids, sizes). */
export const decimalInt = textWith(v.regex(/^\d+$/));

/** A human-readable amount: quantized × quantum / 10^decimals, without trailing zeros ("0.068985", "1"). */
export const display = textWith(v.regex(/^\d+(\.\d*[1-9])?$/));

/** `2026-01-01T00:00:00.000000Z`: ISO 8601, UTC, microseconds. */
export const isoTime = textWith(v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/));

export const uuid = textWith(v.uuid());

/** A text or null (an optional field set at creation). */
export const orNull = (description: string) => v.pipe(v.nullable(v.string()), v.description(description));

/** `eth`, or a registered contract's address as it was registered (case kept). */
export const CONTRACT_ADDRESS = text('"eth" for the native currency, else the contract address as registered (case kept)');

/** An NFT's token id as decimal text; "" for a fungible asset. */
export const TOKEN_ID = v.pipe(v.string(), v.regex(/^(\d+)?$/), v.description('NFT token id; "" for ETH and ERC20'));

export const DIRECTION = v.pipe(v.picklist([0, 1]), v.description('0 ASK (sells the quote token), 1 BID (buys it)'));
export const UNIX_SECONDS = int('Unix time, seconds');
export const SEQUENCE_IDS = v.array(int('sequence id'));

/** `{list, total}` of `item` (a page of them; total counts every page). */
export function listed<T extends v.GenericSchema>(item: T) {
  return v.strictObject({ list: v.array(item), total: count('rows in all pages') });
}

/** `{list, total, current_page, page_size, total_page}` of `item`. */
export function paged<T extends v.GenericSchema>(item: T) {
  return v.strictObject({
    list: v.array(item),
    total: count('rows in all pages'),
    current_page: count('1-based'),
    page_size: count('the limit asked for'),
    total_page: count('pages of page_size rows'),
  });
}

/** `{message}` with the one text a route answers. */
export function message<T extends string>(text: T) {
  return v.strictObject({ message: v.literal(text) });
}
