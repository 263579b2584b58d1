// Wire parsers: query and body values -> typed values, each refusal a DevnetError naming the field.
import { DevnetError, ErrorCode, fail } from '../domain/values/errors.js';
import type { ErrorCodeValue } from '../domain/values/errors.js';
import { readHex } from '../domain/values/hex.js';

function show(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : v === undefined ? 'nothing' : JSON.stringify(v) ?? String(v);
}

export function isMissing(v: unknown): boolean {
  return v === undefined || v === null || v === '';
}

/** A required string; `code` for missing (default 19 InvalidParam). */
export function textField(v: unknown, name: string, code: ErrorCodeValue = ErrorCode.InvalidParam): string {
  if (isMissing(v)) fail(code, `${name} is required`);
  if (typeof v !== 'string') fail(ErrorCode.InvalidParam, `${name} must be a string, got ${show(v)}`);
  return v;
}

export function optTextField(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') fail(ErrorCode.InvalidParam, `${name} must be a string, got ${show(v)}`);
  return v;
}

export interface UintOptions {
  /** Code for a malformed or out-of-range value. */
  code?: ErrorCodeValue;
  /** Exclusive upper bound. */
  below?: bigint;
  min?: bigint;
  /** Accept a fractional JSON number or decimal string and floor it (the SDK's `fee_limit`). */
  floorFraction?: boolean;
}

/**
 * An unsigned integer sent as a JSON number or a decimal string. JSON numbers beyond 2^53 are
 * refused rather than silently rounded: such values must travel as strings.
 */
export function uintField(v: unknown, name: string, opts: UintOptions = {}): bigint {
  const code = opts.code ?? ErrorCode.InvalidParam;
  const min = opts.min ?? 0n;
  const adjective = min > 0n ? 'a positive integer' : 'a non-negative integer';
  let value: bigint;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) fail(code, `${name} must be ${adjective}, got ${show(v)}`);
    if (!Number.isInteger(v)) {
      if (!opts.floorFraction || v < 0) fail(code, `${name} must be ${adjective}, got ${show(v)}`);
      v = Math.floor(v);
    }
    if (!Number.isSafeInteger(v)) fail(code, `${name} ${v} is beyond 2^53 as a JSON number; send it as a decimal string`);
    value = BigInt(v as number);
  } else if (typeof v === 'string') {
    const m = /^\s*(\d+)(?:\.(\d*))?\s*$/.exec(v);
    if (!m || (m[2] !== undefined && !opts.floorFraction && /[1-9]/.test(m[2]))) fail(code, `${name} must be ${adjective}, got ${show(v)}`);
    value = BigInt(m[1]!);
  } else {
    fail(code, `${name} must be ${adjective}, got ${show(v)}`);
  }
  if (value < min) fail(code, `${name} must be ${adjective}, got ${show(v)}`);
  if (opts.below !== undefined && value >= opts.below) fail(code, `${name} must be below ${opts.below}, got ${show(v)}`);
  return value;
}

/** A required field element or address in 0x hex (any case, any padding). */
export function hexField(v: unknown, name: string, code: ErrorCodeValue = ErrorCode.InvalidParam, missingCode?: ErrorCodeValue): bigint {
  if (isMissing(v)) fail(missingCode ?? code, `${name} is required`);
  if (typeof v !== 'string') fail(code, `${name} must be a 0x hex string, got ${show(v)}`);
  const value = readHex(v);
  if (value === undefined) fail(code, `${name} must be a 0x hex string, got ${show(v)}`);
  return value;
}

/** Comma-separated list (as axios sends arrays), empty items refused. */
export function listField(v: unknown, name: string, code: ErrorCodeValue = ErrorCode.InvalidParam): string[] {
  const text = textField(v, name, code);
  const items = text.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) fail(code, `${name} must be a comma-separated list without empty items, got ${show(v)}`);
  return items;
}

export interface Page {
  page: number;
  limit: number;
}

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/** `limit` and `page` (strings): page 1-based, limit 1..1000 (default 100); anything else fails with 19. */
export function pageField(query: Record<string, string | undefined>): Page {
  const limit = isMissing(query.limit) ? BigInt(DEFAULT_LIMIT) : uintField(query.limit, 'limit', { min: 1n, below: BigInt(MAX_LIMIT) + 1n });
  const page = isMissing(query.page) ? 1n : uintField(query.page, 'page', { min: 1n, below: 1n << 31n });
  return { page: Number(page), limit: Number(limit) };
}

export interface Paged<T> {
  list: T[];
  total: number;
  current_page: number;
  page_size: number;
  total_page: number;
}

export function paginate<T>(rows: readonly T[], p: Page): Paged<T> {
  const start = (p.page - 1) * p.limit;
  return {
    list: rows.slice(start, start + p.limit),
    total: rows.length,
    current_page: p.page,
    page_size: p.limit,
    total_page: Math.ceil(rows.length / p.limit),
  };
}

/** The JSON object body of a POST; anything else fails with 401 FailedToJSONUnmarshal. */
export function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new DevnetError(ErrorCode.FailedToJSONUnmarshal, `request body is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new DevnetError(ErrorCode.FailedToJSONUnmarshal, 'request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}
