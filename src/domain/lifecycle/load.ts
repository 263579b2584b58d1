// Rebuilds a State from a dump (`GET /_devnet/state`): the inverse of dumpState, refusing anything it would not reproduce.
import { echo, ErrorCode, fail } from '../values/errors.js';
import { dumpState, STATE_FORMAT } from './dump.js';
import { findViolations } from './invariants.js';
import { canonicalStringify } from '../values/json.js';
import type { State } from '../state/state.js';
import { ARRAY_MEMBERS, FORMAT_1, StateBuilder, upgradeItem } from './state-builder.js';
import type { Obj } from './conversions.js';

/** Formats this build can read; older ones are migrated to the current one first. */
const READABLE = [STATE_FORMAT, FORMAT_1];

/**
 * @1 -> @2: what @1 had no field for gets the value a @1 state implies. Contracts: ids in their
 * (registration) order, none removed (@1 deleted removed contracts); assets: no token URL (@1 had
 * no ERC721MC); orders: GTC, no payment (@1 ignored both); no signature index (requests accepted
 * under @1 are not found by /v1/record/by/signature).
 */
function migrateFrom1(d: Obj): Obj {
  const each = (key: string) => (Array.isArray(d[key]) ? (d[key] as unknown[]).map((x, i) => upgradeItem(key, x, i)) : d[key]);
  return { ...d, format: STATE_FORMAT, contracts: each('contracts'), assets: each('assets'), orders: each('orders'), signatures: [] };
}

/** Refuses a document that is not a dump of a format this build reads (before anything is built). */
export function checkFormat(format: unknown): void {
  if (typeof format !== 'string' || !format.startsWith('l2-devnet/state@')) {
    fail(ErrorCode.InvalidParam, `not an l2-devnet state dump: "format" is ${typeof format === 'string' ? JSON.stringify(echo(format)) : format === undefined ? 'missing' : `not a string (${typeof format})`}, expected "${STATE_FORMAT}"`);
  }
  if (!READABLE.includes(format)) fail(ErrorCode.InvalidParam, `state dump format "${echo(String(format))}" cannot be read by this build, which reads ${READABLE.map((f) => `"${f}"`).join(', ')}; dump it again with the matching l2-devnet version`);
}

/**
 * Loads a dump. Every value is converted as dumpState wrote it; then the state is dumped again and must
 * equal the input exactly (any foreign, missing or mistyped field shows up as a difference), and every
 * guarantee of docs/guarantees.md must hold. So a dump either loads as it was written or fails with a reason.
 */
export function loadState(dump: unknown): State {
  if (dump === null || typeof dump !== 'object' || Array.isArray(dump)) fail(ErrorCode.InvalidParam, 'a state dump must be a JSON object (from GET /_devnet/state)');
  const format = (dump as Obj).format;
  checkFormat(format);
  // Checked first, without recursion: what follows (the comparison with the dump written back) recurses.
  const deep = tooDeep(dump, MAX_DEPTH);
  if (deep !== null) fail(ErrorCode.InvalidParam, `malformed state dump: field ${deep} nests deeper than ${MAX_DEPTH} levels (a whole dump nests about a dozen)`);
  const current = format === FORMAT_1 ? migrateFrom1(dump as Obj) : (dump as Obj);
  let state: State;
  try {
    const builder = new StateBuilder();
    for (const [key, value] of Object.entries(current)) {
      if (!ARRAY_MEMBERS.has(key) || !Array.isArray(value)) builder.member(key, value);
      else if (value.length === 0) builder.emptyArray(key);
      else for (const item of value) builder.item(key, item);
    }
    state = builder.build();
  } catch (e) {
    fail(ErrorCode.InvalidParam, `malformed state dump: ${(e as Error).message}`);
  }
  const difference = firstDifference(JSON.parse(canonicalStringify(dumpState(state))), JSON.parse(canonicalStringify(current)), '');
  if (difference !== null) fail(ErrorCode.InvalidParam, `malformed state dump: ${difference}`);
  checkGuarantees(state);
  return state;
}

/** Every guarantee of docs/guarantees.md must hold in a loaded state. */
export function checkGuarantees(state: State): void {
  const violations = findViolations(state);
  if (violations.length > 0) fail(ErrorCode.InvalidParam, `inconsistent state dump: ${violations.slice(0, 3).join('; ')}${violations.length > 3 ? ` (and ${violations.length - 3} more)` : ''}`);
}

/** Far above what dumpState writes (about a dozen levels), far below what the recursive checks could overflow on. */
export const MAX_DEPTH = 64;

/** The top-level field holding the first value nested deeper than `limit` (arrays and objects), or null; iterative. */
function tooDeep(root: unknown, limit: number): string | null {
  const values: unknown[] = [];
  const depths: number[] = [];
  const fields: string[] = [];
  if (root !== null && typeof root === 'object') {
    for (const [k, v] of Object.entries(root)) {
      values.push(v);
      depths.push(1);
      fields.push(k);
    }
  }
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop()!;
    const field = fields.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return field;
    for (const v of Array.isArray(value) ? value : Object.values(value)) {
      values.push(v);
      depths.push(depth + 1);
      fields.push(field);
    }
  }
  return null;
}

/** The first path where two plain JSON values differ, described for a person; null when equal. */
function firstDifference(actual: unknown, given: unknown, path: string): string | null {
  const at = path === '' ? 'the top level' : path;
  if (Array.isArray(actual) || Array.isArray(given)) {
    if (!Array.isArray(actual) || !Array.isArray(given)) return `${at} has the wrong shape`;
    if (actual.length !== given.length) return `${at} has ${given.length} entries where the loaded state has ${actual.length}`;
    for (let i = 0; i < actual.length; i++) {
      const d = firstDifference(actual[i], given[i], `${path}[${i}]`);
      if (d !== null) return d;
    }
    return null;
  }
  if (actual !== null && given !== null && typeof actual === 'object' && typeof given === 'object') {
    const a = actual as Obj;
    const g = given as Obj;
    for (const k of Object.keys(g)) if (!(k in a)) return `unexpected field ${path === '' ? k : `${path}.${k}`}`;
    for (const k of Object.keys(a)) {
      if (!(k in g)) return `missing field ${path === '' ? k : `${path}.${k}`}`;
      const d = firstDifference(a[k], g[k], path === '' ? k : `${path}.${k}`);
      if (d !== null) return d;
    }
    return null;
  }
  return actual === given ? null : `${at} is ${JSON.stringify(given)}, which does not load as written (expected a value like ${JSON.stringify(actual)})`;
}
