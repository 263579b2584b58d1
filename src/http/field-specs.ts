// Declared request fields: each wire parser of fields.ts paired with the JSON Schema of what it accepts.
import { parseStarkKey } from '../domain/ledger/accounts.js';
import { ErrorCode } from '../domain/values/errors.js';
import type { ErrorCodeValue } from '../domain/values/errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT, hexField, isMissing, listField, optTextField, textField, uintField } from './fields.js';
import type { Page, UintOptions } from './fields.js';
import { field } from './spec.js';
import type { Field, Schema } from './spec.js';

interface Doc {
  description?: string;
}

const HEX: Schema = { type: 'string', pattern: '^0[xX][0-9a-fA-F]+$' };
// Numbers travel as JSON numbers or decimal strings; big ones must be strings (see README "Numbers").
const UINT: Schema = { oneOf: [{ type: 'integer', minimum: 0 }, { type: 'string', pattern: '^\\s*\\d+(\\.0*)?\\s*$' }] };

function uintSchema(opts: UintOptions): Schema {
  return opts.floorFraction ? { oneOf: [{ type: 'number', minimum: 0 }, { type: 'string', pattern: '^\\s*\\d+(\\.\\d*)?\\s*$' }] } : UINT;
}

/** A required string (`code` when missing, default 19). */
export function text(doc: Doc & { code?: ErrorCodeValue } = {}): Field<string> {
  return field({ type: 'string' }, (v, name) => textField(v, name, doc.code), { required: true, ...doc });
}

/** An optional string (null counts as absent). */
export function optText(doc: Doc = {}): Field<string | undefined> {
  return field({ type: 'string' }, (v, name) => optTextField(v, name), doc);
}

/** A query string handed to the devnet as sent: the domain validates it (and names it in its refusal). */
export function wireText(doc: Doc & { required?: boolean } = {}): Field<string | undefined> {
  return field({ type: 'string' }, (v) => (typeof v === 'string' ? v : undefined), doc);
}

/** As wireText, but an empty value counts as absent. */
export function optWireText(doc: Doc = {}): Field<string | undefined> {
  return field({ type: 'string' }, (v) => (isMissing(v) || typeof v !== 'string' ? undefined : v), doc);
}

export function uint(opts: UintOptions & Doc = {}): Field<bigint> {
  return field(uintSchema(opts), (v, name) => uintField(v, name, opts), { required: true, ...opts });
}

/** A path parameter handed on as text (the route's own checks name it). */
export function pathText(doc: Doc = {}): Field<string> {
  return field({ type: 'string' }, (v) => String(v), { required: true, ...doc });
}

/** An optional unsigned integer: absent (or empty) is undefined. */
export function optUint(opts: UintOptions & Doc = {}): Field<bigint | undefined> {
  return field(uintSchema(opts), (v, name) => (isMissing(v) ? undefined : uintField(v, name, opts)), opts);
}

/** 0x hex; `code` when malformed, `missingCode` when absent. */
export function hex(doc: Doc & { code?: ErrorCodeValue; missingCode?: ErrorCodeValue } = {}): Field<bigint> {
  return field(HEX, (v, name) => hexField(v, name, doc.code, doc.missingCode), { required: true, ...doc });
}

/** A required comma-separated list. */
export function list<T>(item: (v: string, name: string) => T, doc: Doc & { code?: ErrorCodeValue } = {}): Field<T[]> {
  return field({ type: 'string', description: 'comma-separated' }, (v, name) => listField(v, name, doc.code).map((s, i) => item(s, `${name}[${i}]`)), { required: true, ...doc });
}

/** An optional comma-separated list (absent or empty: undefined). */
export function optList<T>(item: (v: string, name: string) => T, doc: Doc = {}): Field<T[] | undefined> {
  return field({ type: 'string', description: 'comma-separated' }, (v, name) => (isMissing(v) ? undefined : listField(v, name).map((s, i) => item(s, `${name}[${i}]`))), doc);
}

/** A token id in a list or field: uint256, 4 (TokenIDParseFailed) when unparsable. */
export const tokenId = (v: unknown, name: string): bigint => uintField(v, name, { code: ErrorCode.TokenIDParseFailed, below: 1n << 256n });

/** A stark key: 1 when missing, 18 when not on the curve; returned normalized. */
export function starkKey(doc: Doc = {}): Field<string> {
  return field(HEX, (v, name) => parseStarkKey(optTextField(v, name), name), { required: true, ...doc });
}

/** An optional stark key filter (absent or empty: undefined). */
export function optStarkKey(doc: Doc = {}): Field<string | undefined> {
  return field(HEX, (v, name) => (isMissing(v) ? undefined : parseStarkKey(optTextField(v, name), name)), doc);
}

/** `limit` and `page` (strings): page 1-based, limit 1..1000 (default 100); 19 otherwise. */
export const PAGE_FIELDS = {
  limit: field({ type: 'string', pattern: '^\\d+$', default: String(DEFAULT_LIMIT), description: `1..${MAX_LIMIT}` }, (v, name) =>
    isMissing(v) ? DEFAULT_LIMIT : Number(uintField(v, name, { min: 1n, below: BigInt(MAX_LIMIT) + 1n })),
  ),
  page: field({ type: 'string', pattern: '^\\d+$', default: '1', description: '1-based' }, (v, name) => (isMissing(v) ? 1 : Number(uintField(v, name, { min: 1n, below: 1n << 31n })))),
} as const;

/** Reads limit, then page, as the pagination parser always has. */
export function pageOf(q: { readonly limit: number; readonly page: number }): Page {
  const limit = q.limit;
  return { page: q.page, limit };
}
