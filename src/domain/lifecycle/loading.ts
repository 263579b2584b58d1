// The checks both load paths make (line by line and whole): each member and item against the schema,
// each built entry against its text, and the state built against every guarantee.
import { echo, ErrorCode, fail } from '../values/errors.js';
import { stringify } from '../values/json.js';
import { checkItem, checkMember, DUMP_MEMBERS, FORMAT_2, isItemsMember, MEMBERS, STATE_FORMAT } from './dump-schema.js';
import type { ItemsMember, MemberName } from './dump-schema.js';
import { areWrittenItems } from './written-items.js';
import { valueMemberTexts } from './dump.js';
import { findViolations } from './invariants.js';
import type { State } from '../state/state.js';
import { StateBuilder } from './state-builder.js';

/** Formats this build reads: the current one line by line or whole, @2 whole (its integers read exactly). */
const READABLE = [STATE_FORMAT, FORMAT_2];

/** Refuses a document that is not a dump of a format this build reads (before anything is built). */
function checkFormat(format: unknown): void {
  if (typeof format !== 'string' || !format.startsWith('l2-devnet/state@')) {
    fail(
      ErrorCode.InvalidParam,
      `not an l2-devnet state dump: "format" is ${typeof format === 'string' ? JSON.stringify(echo(format)) : format === undefined ? 'missing' : `not a string (${typeof format})`}, expected "${STATE_FORMAT}"`,
    );
  }
  if (!READABLE.includes(format))
    fail(
      ErrorCode.InvalidParam,
      `state dump format "${echo(format)}" cannot be read by this build, which reads ${READABLE.map((f) => `"${f}"`).join(', ')}; dump it again with the matching l2-devnet version`,
    );
}

/** Runs `f`, refusing (19) what it throws as a TypeError: a value the schema or the builder does not take. */
function malformed<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TypeError) fail(ErrorCode.InvalidParam, `malformed state dump: ${e.message}`);
    throw e;
  }
}

/**
 * The checks both paths make: each member and item checked against the schema, then built; an item
 * built must be written back as the text it was given (so a field repeated, reordered or spelled
 * otherwise is refused, naming the item); the members that are single values are compared once the
 * state is built; then every guarantee of docs/guarantees.md must hold.
 */
export class Loading {
  private readonly builder = new StateBuilder();
  private readonly texts = new Map<string, string>();

  member(key: MemberName, value: unknown, text: string): void {
    malformed(() => {
      if (key !== 'format') checkMember(key, value);
      this.builder.member(key, value);
    });
    this.texts.set(key, text);
  }

  item(key: ItemsMember, index: number, value: unknown, text: string): void {
    if (areWrittenItems(key, [value], text, [0, text.length])) {
      this.writtenItems(key, [value]);
      return;
    }
    malformed(() => checkItem(key, value, index));
    // Else the entry built is compared as the dump writes it.
    const built = malformed(() => this.builder.item(key, value));
    if (stringify(built, true) !== text)
      fail(
        ErrorCode.InvalidParam,
        `malformed state dump: ${key}[${index}] is not written as GET /_devnet/state writes the entry it loads as (a field repeated, reordered, or spelled otherwise): ${echo(text)}`,
      );
  }

  /** Items known to be valid and written exactly (areWrittenItems): built, nothing more to check. */
  writtenItems(key: ItemsMember, values: readonly unknown[]): void {
    malformed(() => {
      for (const value of values) this.builder.item(key, value);
    });
  }

  empty(key: ItemsMember): void {
    malformed(() => this.builder.emptyArray(key));
  }

  end(): State {
    const state = malformed(() => this.builder.build());
    for (const [key, text] of valueMemberTexts(state)) {
      // Checked first; an older one is read as the current one.
      if (key !== 'format' && this.texts.get(key) !== text)
        fail(
          ErrorCode.InvalidParam,
          `malformed state dump: field ${key} is not written as GET /_devnet/state writes the value it loads as`,
        );
    }
    checkGuarantees(state);
    return state;
  }
}

/** Every guarantee of docs/guarantees.md must hold in a loaded state. */
export function checkGuarantees(state: State): void {
  const violations = findViolations(state);
  if (violations.length > 0)
    fail(
      ErrorCode.InvalidParam,
      `inconsistent state dump: ${violations.slice(0, 3).join('; ')}${violations.length > 3 ? ` (and ${violations.length - 3} more)` : ''}`,
    );
}

/** Far above what the dump writes (about a dozen levels), far below what the recursive checks could overflow on. */
export const MAX_DEPTH = 64;

/** The top-level field holding the first value nested deeper than `limit` (arrays and objects), or null; iterative. */
function tooDeep(root: unknown, limit: number): string | null {
  const stack: [unknown, number, string][] =
    root !== null && typeof root === 'object' ? Object.entries(root).map(([k, v]) => [v, 1, k]) : [];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [value, depth, field] = top;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return field;
    for (const v of Array.isArray(value) ? value : Object.values(value)) stack.push([v, depth + 1, field]);
  }
  return null;
}

/** A whole document as JSON.parse gives it, integers past 2^53 as strings of digits (as @3 writes them). */
export function loadDocument(dump: unknown): State {
  if (dump === null || typeof dump !== 'object' || Array.isArray(dump))
    fail(ErrorCode.InvalidParam, 'a state dump must be a JSON object (from GET /_devnet/state)');
  const d = dump as Record<string, unknown>;
  checkFormat(d.format);
  for (const key of Object.keys(d))
    if (!(key in MEMBERS)) fail(ErrorCode.InvalidParam, `malformed state dump: unexpected field ${echo(key)}`);
  const loading = new Loading();
  for (const key of DUMP_MEMBERS) {
    if (!(key in d)) fail(ErrorCode.InvalidParam, `malformed state dump: missing field ${key}`);
    const value = d[key];
    if (!isItemsMember(key)) loading.member(key, value, stringify(value));
    else if (!Array.isArray(value)) malformed(() => checkMember(key, value));
    else if (value.length === 0) loading.empty(key);
    else for (let i = 0; i < value.length; i++) loading.item(key, i, value[i], stringify(value[i]));
  }
  return loading.end();
}

/** Refuses a document nested deeper than MAX_DEPTH before anything recursive walks it. */
export function checkDepth(dump: unknown): void {
  const deep = tooDeep(dump, MAX_DEPTH);
  if (deep !== null)
    fail(
      ErrorCode.InvalidParam,
      `malformed state dump: field ${echo(deep)} nests deeper than ${MAX_DEPTH} levels (a whole dump nests about a dozen)`,
    );
}
