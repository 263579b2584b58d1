// The kinds of request field every route is declared with: text (text.ts), unsigned integers, hex,
// stark keys, comma-separated lists, and the optional form of each. One schema per kind; refusals by tag.
import * as v from 'valibot';
import { ETH_ADDRESS_FORM, ethAddressGiven, isStarkKeyValue } from '../../domain/ledger/accounts.js';
import { echo, ErrorCode, type ErrorCodeValue } from '../../domain/values/errors.js';
import { toHex } from '../../domain/values/hex.js';
import { fieldOf, isMissing, optional, refuse, show, type Field, type WireSchema } from './field.js';
import { TEXT_LIMITS, text, typeRefusal, type Doc } from './text.js';
// Routes declare every kind from here.
export { optional } from './field.js';
export { asText, name, optFreeText, optName, optText, optUrl, optWireText, TEXT_LIMITS, text, wireText } from './text.js';

// ---- unsigned integers ----

export interface UintOptions extends Doc {
  /** Code of every refusal (default 19). */
  code?: ErrorCodeValue;
  min?: bigint;
  /** Exclusive upper bound. */
  below?: bigint;
  /** Accept a fractional number or decimal text and floor it (the JS SDK's `fee_limit`). */
  floorFraction?: boolean;
  /** An amount in quantized units: a fraction's refusal says what those are. */
  quantized?: boolean;
}

/** Why "0.25" is refused where quantized units are asked. */
const QUANTIZED_HINT =
  ": amounts here are integers in quantized units (the display amount x 10^decimals / the asset's quantum; GET /v1/contract_info names the quantum)";
const isFraction = (value: unknown): boolean => /^\s*\d*\.\d+\s*$/.test(String(value));

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * An unsigned integer as a JSON number or decimal text (numbers beyond 2^53 are refused rather
 * than silently rounded: such values travel as text). Query and path values are always text.
 */
export function uint(o: UintOptions = {}): Field<bigint> {
  const code = o.code ?? ErrorCode.InvalidParam;
  const min = o.min ?? 0n;
  const adjective = min > 0n ? 'a positive integer' : 'a non-negative integer';
  const below = o.below;
  const numberMax = below !== undefined && below - 1n < SAFE ? Number(below - 1n) : Number.MAX_SAFE_INTEGER;
  const finite = v.pipe(v.number('adj'), v.finite('adj'));
  const whole = o.floorFraction
    ? v.pipe(
        finite,
        v.check((n) => Number.isInteger(n) || n >= 0, 'adj'),
        v.transform(Math.floor),
      )
    : v.pipe(finite, v.integer('adj'));
  const number = v.pipe(whole, v.safeInteger('beyond'), v.minValue(Number(min), 'adj'), v.maxValue(numberMax, 'below'));
  const decimal = v.pipe(v.string('adj'), v.regex(o.floorFraction ? /^\s*\d+(\.\d*)?\s*$/ : /^\s*\d+(\.0*)?\s*$/, 'adj'));
  const toBig = (x: number | string): bigint => (typeof x === 'number' ? BigInt(x) : BigInt(/\d+/.exec(x)![0]));
  const bounded = (wire: WireSchema<number | string>): WireSchema<bigint> =>
    v.pipe(
      wire,
      v.transform(toBig),
      v.check((n: bigint) => n >= min, 'adj'),
      v.check((n: bigint) => below === undefined || n < below, 'below'),
    );
  return fieldOf(
    bounded(v.union([number, decimal], 'adj')),
    {
      adj: refuse(
        code,
        (name, value) => `${name} must be ${adjective}, got ${show(value)}${o.quantized && isFraction(value) ? QUANTIZED_HINT : ''}`,
      ),
      beyond: refuse(code, (name, value) => `${name} ${String(value)} is beyond 2^53 as a JSON number; send it as a decimal string`),
      below: refuse(code, (name, value) => `${name} must be below ${below}, got ${show(value)}`),
    },
    { text: bounded(decimal), required: true, description: o.description },
  );
}

/** An optional unsigned integer: absent (or empty) is undefined. */
export const optUint = (o: UintOptions = {}): Field<bigint | undefined> => optional(uint(o));

/** A token id: a uint256, 4 (TokenIDParseFailed) when unparsable. */
export const tokenId = (): Field<bigint> => uint({ code: ErrorCode.TokenIDParseFailed, below: 1n << 256n });

/** A sequence or order id as a number (always below 2^53). */
export function id(doc: Doc = {}): Field<number> {
  const u = uint({ below: 1n << 53n, ...doc });
  const toNumber = v.transform((n: bigint) => Number(n));
  return fieldOf(v.pipe(u.json, toNumber), u.refusals, { text: v.pipe(u.text, toNumber), required: true, description: doc.description });
}

// ---- hex ----

// No regex flags: the pattern is also the document's, and JSON Schema patterns have none.
export const HEX = /^0[xX][0-9a-fA-F]+$/;
// The pattern has checked the text: BigInt reads 0x/0X hex in any case.
const toValue = v.transform((s: string) => BigInt(s));

/** 0x hex (any case, any padding): `code` when malformed, `missingCode` when absent. */
export function hex(doc: Doc & { code?: ErrorCodeValue; missingCode?: ErrorCodeValue } = {}): Field<bigint> {
  const code = doc.code ?? ErrorCode.InvalidParam;
  const missing = refuse(doc.missingCode ?? code, (name) => `${name} is required`);
  const malformed = refuse(code, (name, value) => `${name} must be a 0x hex string, got ${show(value)}`);
  return fieldOf(
    v.pipe(v.string('malformed'), v.minLength(1, 'missing'), v.regex(HEX, 'malformed'), toValue),
    { malformed: (name, value) => (isMissing(value) ? missing(name, value) : malformed(name, value)), missing },
    { required: true, description: doc.description },
  );
}

/** A stark key: 1 when absent, 18 when not hex or not an x coordinate on the Stark curve; normalized. */
export function starkKey(doc: Doc = {}): Field<string> {
  const missing = refuse(ErrorCode.StarkKeyMissing, (name) => `${name} is required`);
  return fieldOf(
    v.pipe(
      v.string('type'),
      v.minLength(1, 'missing'),
      v.regex(HEX, 'notHex'),
      v.check((text) => !ETH_ADDRESS_FORM.test(text), 'ethAddress'),
      toValue,
      v.check(isStarkKeyValue, 'offCurve'),
      v.transform(toHex),
    ),
    {
      type: typeRefusal(missing),
      missing,
      notHex: refuse(ErrorCode.StarkKeyInvalid, (name, value) => `${name} must be 0x-prefixed hex, got ${show(value)}`),
      ethAddress: refuse(ErrorCode.StarkKeyInvalid, (name, value) => ethAddressGiven(name, String(value))),
      offCurve: refuse(ErrorCode.StarkKeyInvalid, (name, value) => `${name} ${echo(String(value))} is not a point on the Stark curve`),
    },
    { required: true, description: doc.description },
  );
}

/** An optional stark key filter (absent or empty: undefined). */
export const optStarkKey = (doc: Doc = {}): Field<string | undefined> => optional(starkKey(doc));

// ---- comma-separated lists ----

/** A required comma-separated list (as axios sends arrays) of `item`s, empty items refused. */
export function list<T>(item: Field<T>, doc: Doc & { code?: ErrorCodeValue } = {}): Field<T[]> {
  const code = doc.code ?? ErrorCode.InvalidParam;
  const t = text({ code, max: TEXT_LIMITS.list });
  return fieldOf(
    v.pipe(
      t.json,
      v.transform((s: string) => s.split(',').map((x) => x.trim())),
      v.check((xs: string[]) => xs.every((x) => x !== ''), 'emptyItem'),
      // Items are text whatever carried the list.
      v.array(item.text) as unknown as v.GenericSchema<string[], T[]>,
    ),
    {
      ...t.refusals,
      emptyItem: refuse(code, (name, value) => `${name} must be a comma-separated list without empty items, got ${show(value)}`),
    },
    { required: true, description: doc.description ?? 'comma-separated', item: item as Field<unknown> },
  );
}

/** An optional comma-separated list (absent or empty: undefined). */
export const optList = <T>(item: Field<T>, doc: Doc = {}): Field<T[] | undefined> => optional(list(item, doc));
