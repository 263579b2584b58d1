// The kinds of request field every route is declared with: text, unsigned integers, hex, stark
// keys, comma-separated lists, and the optional form of each. One schema per kind; refusals by tag.
import * as v from 'valibot';
import { ETH_ADDRESS_FORM, ethAddressGiven, isStarkKeyValue } from '../../domain/ledger/accounts.js';
import { DevnetError, echo, ErrorCode } from '../../domain/values/errors.js';
import type { ErrorCodeValue } from '../../domain/values/errors.js';
import { toHex } from '../../domain/values/hex.js';
import { fieldOf, isMissing, refuse, refusalOf, show } from './field.js';
import type { Field, Refusal, WireSchema } from './field.js';

interface Doc {
  description?: string;
}

/** Absent (not sent, null or empty) is `undefined`; anything else is `field`'s to accept or refuse. */
export function optional<T>(field: Field<T>, doc: Doc = {}): Field<T | undefined> {
  // null and '' match their own branches first, so the field itself never sees them.
  const absent = v.transform((x: T | '' | null): T | undefined => (x === null || x === '' ? undefined : x));
  // The union's own tag means no branch took the value's type: only a JSON body gets that far.
  const handOn: Refusal = (name, value) => refusalOf(field as Field<unknown>, 'json', value, name);
  return fieldOf<T | undefined>(
    v.optional(v.pipe(v.union([v.null(), v.literal(''), field.json], 'optional'), absent)),
    { ...field.refusals, optional: handOn },
    {
      text: v.optional(
        v.pipe(
          v.union([v.literal(''), field.text], 'optional'),
          v.transform((x: T | ''): T | undefined => (x === '' ? undefined : x)),
        ),
      ),
      description: doc.description ?? field.description,
      ...(field.entries ? { entries: field.entries } : {}),
      ...(field.item ? { item: field.item } : {}),
    },
  );
}

// ---- text ----

/**
 * The length limits of text a caller sends (docs/guarantees.md), in UTF-16 code units as JavaScript
 * counts them: names, URLs, other free text, and everything else (ids, addresses, filters).
 */
export const TEXT_LIMITS = { name: 256, url: 2048, freeText: 4096, other: 256, list: 65_536 } as const;

const mustBeString = (name: string, value: unknown) => `${name} must be a string, got ${show(value)}`;
const tooLong = (max: number): Refusal =>
  refuse(ErrorCode.InvalidParam, (name, value) => `${name} must be at most ${max} characters, got ${String(value).length}`);

/** `long`: at most `max` characters (its refusal names the limit and the length sent, never the text). */
const atMost = (max: number) => v.maxLength<string, number, 'long'>(max, 'long');

/** A required string: absent fails with `code` (default 19), another type with 19, over `max` characters (default 256) with 19. */
export function text(doc: Doc & { code?: ErrorCodeValue; max?: number } = {}): Field<string> {
  const code = doc.code ?? ErrorCode.InvalidParam;
  const max = doc.max ?? TEXT_LIMITS.other;
  const missing = refuse(code, (name) => `${name} is required`);
  return fieldOf(
    v.pipe(v.string('type'), v.minLength(1, 'missing'), atMost(max)),
    {
      type: (name, value) => (isMissing(value) ? missing(name, value) : new DevnetError(ErrorCode.InvalidParam, mustBeString(name, value))),
      missing,
      long: tooLong(max),
    },
    { required: true, description: doc.description },
  );
}

/** An optional string: absent or null is undefined; empty text is kept; over `max` characters (default 256) 19. */
export function optText(doc: Doc & { max?: number } = {}): Field<string | undefined> {
  const max = doc.max ?? TEXT_LIMITS.other;
  return fieldOf(
    v.pipe(
      v.nullish(v.pipe(v.string('type'), atMost(max))),
      v.transform((s) => s ?? undefined),
    ),
    { type: refuse(ErrorCode.InvalidParam, mustBeString), long: tooLong(max) },
    { description: doc.description },
  );
}

/** A query value handed to the devnet as sent (the domain checks it and names it in its refusal); at most 256 characters. */
export function wireText(doc: Doc & { required?: boolean } = {}): Field<string | undefined> {
  return fieldOf(
    v.optional(v.pipe(v.string(), atMost(TEXT_LIMITS.other))),
    { long: tooLong(TEXT_LIMITS.other) },
    { required: doc.required ?? false, description: doc.description },
  );
}

/** As wireText, but empty text counts as absent. */
export function optWireText(doc: Doc = {}): Field<string | undefined> {
  return fieldOf(
    v.pipe(
      v.optional(v.pipe(v.string(), atMost(TEXT_LIMITS.other))),
      v.transform((s) => (s === '' ? undefined : s)),
    ),
    { long: tooLong(TEXT_LIMITS.other) },
    { description: doc.description },
  );
}

/** Text handed on as sent: a path parameter, or a list item the route checks itself (and names in its refusal). */
export function asText(doc: Doc & { max?: number } = {}): Field<string> {
  const max = doc.max ?? TEXT_LIMITS.other;
  return fieldOf(v.pipe(v.string(), atMost(max)), { long: tooLong(max) }, { required: true, description: doc.description });
}

// ---- names, URLs, free text ----

// No regex flags: the patterns are also the document's, and JSON Schema patterns have none.
/** C0 controls, DEL and C1 controls: never in a name or a URL. */
const NO_CONTROLS = /^[^\x00-\x1f\x7f-\x9f]*$/;
/** Free text may hold tabs and line breaks, nothing else of the control ranges. */
const NO_CONTROLS_BUT_LINES = /^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$/;

/** No lone surrogate (a JSON `\ud800` escape): such text has no UTF-8 form, so no answer could carry it back. */
function wellFormed(s: string): boolean {
  return (s as string & { isWellFormed(): boolean }).isWellFormed();
}

interface TextKind {
  max: number;
  controls: RegExp;
  /** What the refusal says is refused. */
  refused: string;
  what: string;
}

const KINDS = {
  name: { max: TEXT_LIMITS.name, controls: NO_CONTROLS, refused: 'control characters (U+0000-U+001F, U+007F-U+009F)', what: 'a name' },
  url: { max: TEXT_LIMITS.url, controls: NO_CONTROLS, refused: 'control characters (U+0000-U+001F, U+007F-U+009F)', what: 'a URL' },
  freeText: {
    max: TEXT_LIMITS.freeText,
    controls: NO_CONTROLS_BUT_LINES,
    refused: 'control characters other than tab and line breaks',
    what: 'free text',
  },
} as const satisfies Record<string, TextKind>;

/** The checks of a kind of free text after `v.string`: length, then control characters, then lone surrogates. */
function freeTextChecks(kind: TextKind) {
  return [atMost(kind.max), v.regex(kind.controls, 'control'), v.check(wellFormed, 'surrogate')] as const;
}

function freeTextRefusals(kind: TextKind): Record<string, Refusal> {
  return {
    long: tooLong(kind.max),
    control: refuse(ErrorCode.InvalidParam, (name, value) => `${name} must not contain ${kind.refused}, got ${show(value)}`),
    surrogate: refuse(
      ErrorCode.InvalidParam,
      (name) => `${name} must be well-formed Unicode text (it holds a lone surrogate, such as a \\ud800 escape)`,
    ),
  };
}

function describe(kind: TextKind, description: string | undefined): string {
  return [description, `${kind.what}: at most ${kind.max} characters, no ${kind.refused}`].filter((x) => x !== undefined).join('; ');
}

/** Required text of a kind: absent 19 (or `code`), then its checks. */
function requiredOf(kind: TextKind, doc: Doc & { code?: ErrorCodeValue }): Field<string> {
  const t = text({ ...doc, max: kind.max });
  return fieldOf(
    v.pipe(v.string('type'), v.minLength(1, 'missing'), ...freeTextChecks(kind)),
    { ...t.refusals, ...freeTextRefusals(kind) },
    {
      required: true,
      description: describe(kind, doc.description),
    },
  );
}

/** Optional text of a kind: absent or null is undefined; empty text is kept. */
function optionalOf(kind: TextKind, doc: Doc): Field<string | undefined> {
  return fieldOf(
    v.pipe(
      v.nullish(v.pipe(v.string('type'), ...freeTextChecks(kind))),
      v.transform((s) => s ?? undefined),
    ),
    { type: refuse(ErrorCode.InvalidParam, mustBeString), ...freeTextRefusals(kind) },
    { description: describe(kind, doc.description) },
  );
}

/** A name (project, marketplace, contract, symbol): at most 256 characters, no control characters, well-formed. */
export const name = (doc: Doc & { code?: ErrorCodeValue } = {}): Field<string> => requiredOf(KINDS.name, doc);
export const optName = (doc: Doc = {}): Field<string | undefined> => optionalOf(KINDS.name, doc);
/** A URL as sent (not parsed): at most 2048 characters, no control characters, well-formed. */
export const optUrl = (doc: Doc = {}): Field<string | undefined> => optionalOf(KINDS.url, doc);
/** Free text (a description, a message): at most 4096 characters, tabs and line breaks but no other controls, well-formed. */
export const optFreeText = (doc: Doc & { max?: number } = {}): Field<string | undefined> =>
  optionalOf(doc.max === undefined ? KINDS.freeText : { ...KINDS.freeText, max: doc.max }, doc);

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
  const number = o.floorFraction
    ? v.pipe(
        v.number('adj'),
        v.finite('adj'),
        v.check((n) => Number.isInteger(n) || n >= 0, 'adj'),
        v.transform(Math.floor),
        v.safeInteger('beyond'),
        v.minValue(Number(min), 'adj'),
        v.maxValue(numberMax, 'below'),
      )
    : v.pipe(
        v.number('adj'),
        v.finite('adj'),
        v.integer('adj'),
        v.safeInteger('beyond'),
        v.minValue(Number(min), 'adj'),
        v.maxValue(numberMax, 'below'),
      );
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
export function optUint(o: UintOptions = {}): Field<bigint | undefined> {
  return optional(uint(o));
}

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
    {
      malformed: (name, value) => (isMissing(value) ? missing(name, value) : malformed(name, value)),
      missing,
    },
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
      type: (name, value) => (isMissing(value) ? missing(name, value) : new DevnetError(ErrorCode.InvalidParam, mustBeString(name, value))),
      missing,
      notHex: refuse(ErrorCode.StarkKeyInvalid, (name, value) => `${name} must be 0x-prefixed hex, got ${show(value)}`),
      ethAddress: refuse(ErrorCode.StarkKeyInvalid, (name, value) => ethAddressGiven(name, String(value))),
      offCurve: refuse(ErrorCode.StarkKeyInvalid, (name, value) => `${name} ${echo(String(value))} is not a point on the Stark curve`),
    },
    { required: true, description: doc.description },
  );
}

/** An optional stark key filter (absent or empty: undefined). */
export function optStarkKey(doc: Doc = {}): Field<string | undefined> {
  return optional(starkKey(doc));
}

// ---- comma-separated lists ----

/** A required comma-separated list (as axios sends arrays) of `item`s, empty items refused. */
export function list<T>(item: Field<T>, doc: Doc & { code?: ErrorCodeValue } = {}): Field<T[]> {
  const code = doc.code ?? ErrorCode.InvalidParam;
  const t = text({ code, max: TEXT_LIMITS.list });
  const split = v.transform((s: string) => s.split(',').map((x) => x.trim()));
  // Items are text whatever carried the list.
  const each = v.array(item.text) as unknown as v.GenericSchema<string[], T[]>;
  const items = v.pipe(
    t.json,
    split,
    v.check((xs: string[]) => xs.every((x) => x !== ''), 'emptyItem'),
    each,
  );
  return fieldOf(
    items,
    {
      ...t.refusals,
      emptyItem: refuse(code, (name, value) => `${name} must be a comma-separated list without empty items, got ${show(value)}`),
    },
    { required: true, description: doc.description ?? 'comma-separated', item: item as Field<unknown> },
  );
}

/** An optional comma-separated list (absent or empty: undefined). */
export function optList<T>(item: Field<T>, doc: Doc = {}): Field<T[] | undefined> {
  return optional(list(item, doc));
}
