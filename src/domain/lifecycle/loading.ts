// The checks both load paths make (line by line and whole): each member and item against the schema,
// each built entry against its text, and the state built against every guarantee.
import { echo, ErrorCode, fail } from '../values/errors.js';
import { stringify } from '../values/json.js';
import {
  checkItem,
  checkMember,
  DUMP_MEMBERS,
  FORMAT_2,
  isItemsMember,
  type ItemsMemberName,
  type Member,
  MEMBER_LIST,
  memberNamed,
  MEMBERS,
  type MemberName,
  OPTIONAL_MEMBERS,
  STATE_FORMAT,
} from './dump-schema.js';
import { areWrittenItems } from './written-items.js';
import { valueMemberTexts } from './dump.js';
import { findViolations } from './invariants.js';
import { emptyState, RECORD_TYPES, type State } from '../state/state.js';
import { lastRecordRead } from '../state/entries.js';
import { LoadContext, put } from '../state/members.js';
import type { Obj } from '../state/shared-values.js';
import { UndoLog } from '../state/undo.js';
import { rebuildOrderIndexes } from '../trading/open-orders.js';
import { moveWithdrawing } from '../ledger/withdrawals.js';
import { countStatuses, indexSignatureR } from '../ledger/records.js';
import { rebuildListIndexes } from './list-indexes.js';

type ItemsMemberOf = Member & { kind: 'items' };
const itemsMember = (key: ItemsMemberName) => memberNamed(key) as ItemsMemberOf;

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
 * The checks both paths make: each member and item checked against the schema, then built (items into
 * the state's fields as they are read, by the fields' declarations: a dump of millions of records is
 * never held whole); an item built must be written back as the text it was given (so a field repeated,
 * reordered or spelled otherwise is refused, naming the item); the members that are single values are
 * compared once the state is built; then every guarantee of docs/guarantees.md must hold.
 */
export class Loading {
  private readonly undo = new UndoLog();
  private readonly state = emptyState(this.undo);
  private readonly load = new LoadContext(this.undo);
  /** The single-value members as given, and their texts; how many items each items member had. */
  private readonly plain: Obj = {};
  private readonly texts = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  member(key: MemberName, value: unknown, text: string): void {
    malformed(() => {
      if (key !== 'format') checkMember(key, value);
      this.plain[key] = this.load.sharing.share(value);
    });
    this.texts.set(key, text);
  }

  item(key: ItemsMemberName, index: number, value: unknown, text: string): void {
    if (areWrittenItems(key, [value], text, [0, text.length])) {
      this.writtenItems(key, [value]);
      return;
    }
    malformed(() => checkItem(key, value, index));
    // Else the entry built is compared as the dump writes it.
    const m = itemsMember(key);
    const built = malformed(() => m.write(this.add(m, value)));
    if (stringify(built, true) !== text)
      fail(
        ErrorCode.InvalidParam,
        `malformed state dump: ${key}[${index}] is not written as GET /_devnet/state writes the entry it loads as (a field repeated, reordered, or spelled otherwise): ${echo(text)}`,
      );
  }

  /** Items known to be valid and written exactly (areWrittenItems): built, nothing more to check. */
  writtenItems(key: ItemsMemberName, values: readonly unknown[]): void {
    const m = itemsMember(key);
    malformed(() => {
      for (const value of values) this.add(m, value);
    });
  }

  empty(key: ItemsMemberName): void {
    this.counts.set(key, 0);
  }

  /** Builds one item into its field (its strings shared first, unless it shares its own). */
  private add(m: ItemsMemberOf, item: unknown): unknown {
    this.counts.set(m.name, (this.counts.get(m.name) ?? 0) + 1);
    const field = (this.state as unknown as Record<string, unknown>)[m.field];
    return m.add(field, m.sharesItself ? item : this.load.sharing.share(item), this.load);
  }

  end(): State {
    const state = malformed(() => this.build());
    for (const [key, text] of valueMemberTexts(state)) {
      if (this.texts.get(key) !== text)
        fail(
          ErrorCode.InvalidParam,
          `malformed state dump: field ${key} is not written as GET /_devnet/state writes the value it loads as`,
        );
    }
    // Every guarantee of docs/guarantees.md must hold in a loaded state.
    const violations = findViolations(state);
    if (violations.length > 0)
      fail(
        ErrorCode.InvalidParam,
        `inconsistent state dump: ${violations.slice(0, 3).join('; ')}${violations.length > 3 ? ` (and ${violations.length - 3} more)` : ''}`,
      );
    return state;
  }

  /** Every member given (the reader sees to once each, in order), no entry repeated, every id taken below next_sequence_id. */
  private checkCounts(): void {
    // An optional member not given is empty (a dump from before it, or of a state without any).
    for (const key of OPTIONAL_MEMBERS) if (!this.counts.has(key)) this.counts.set(key, 0);
    for (const key of DUMP_MEMBERS) if (!(key in this.plain || this.counts.has(key))) throw new TypeError(`missing field ${key}`);
    // A repeated key would be dropped by its map: the dump written back would be shorter (the sets are read ascending).
    const fields = this.state as unknown as Record<string, unknown>;
    for (const m of MEMBER_LIST) {
      if (m.kind !== 'items' || m.size === undefined) continue;
      const size = m.size(fields[m.field]);
      if (size !== this.counts.get(m.name))
        throw new TypeError(`${m.name} has ${this.counts.get(m.name)} entries, ${size} of them distinct`);
    }
    // Every id taken so far is below the next one.
    const next = this.plain.next_sequence_id as number;
    const lastRecord = lastRecordRead(this.load);
    if (lastRecord >= next)
      throw new TypeError(`next_sequence_id ${next} must be above every record's sequence id (${lastRecord} is among them)`);
    for (const id of this.state.orders.keys())
      if (id >= next) throw new TypeError(`next_sequence_id ${next} must be above every order id (${id} is among them)`);
  }

  /** The state, once every member was given; throws TypeError naming what is wrong. */
  private build(): State {
    this.checkCounts();
    const state = this.state;
    const fields = state as unknown as Record<string, unknown>;
    for (const m of MEMBER_LIST) if (m.kind === 'value') fields[m.field] = m.read(this.plain[m.name]);
    for (const id of state.openOrders) if (!state.orders.has(id)) throw new TypeError(`open order ${id} is not among the orders`);
    for (const t of state.trades)
      if (!state.orders.has(t.makerId) || !state.orders.has(t.takerId))
        throw new TypeError(`a trade names order ${t.makerId} or ${t.takerId}, which is not among the orders`);
    // The derived fields, rebuilt from the others.
    for (const c of state.contracts.values()) if (!c.removed) put(state.contractsByUuid, c.uuid, c.key);
    rebuildOrderIndexes(state);
    for (const key of state.signatures.keys()) indexSignatureR(state, key);
    state.statusCounts.counts = countStatuses(state.records.values());
    // Withdrawals in the batch queues, found by walking the records (in order) rather than looking up a
    // million queued deposits; an id in a queue that is no record is refused with the guarantees.
    for (const r of state.records.values()) {
      if (r.type === RECORD_TYPES.withdrawal && (state.pendingL2.has(r.sequenceId) || state.pendingL1.has(r.sequenceId)))
        moveWithdrawing(state, r.starkKey, r.assetHex, r.amount);
    }
    // Both loads (whole and streamed) end here: the list indexes are rebuilt, refusing an account
    // that lists a record it has nothing to do with, or lists its records out of order.
    rebuildListIndexes(state);
    this.undo.releaseAll();
    this.load.sharing.clear();
    return state;
  }
}

/** Far above what the dump writes (about a dozen levels), far below what the recursive checks could overflow on. */
const MAX_DEPTH = 64;

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
    if (!(key in d)) {
      if (OPTIONAL_MEMBERS.has(key)) continue;
      fail(ErrorCode.InvalidParam, `malformed state dump: missing field ${key}`);
    }
    const value = d[key];
    if (!isItemsMember(key)) loading.member(key, value, stringify(value));
    else if (!Array.isArray(value)) malformed(() => checkMember(key, value));
    else if (value.length === 0) loading.empty(key);
    else for (let i = 0; i < value.length; i++) loading.item(key, i, value[i], stringify(value[i]));
  }
  return loading.end();
}

/**
 * Refuses a document nested deeper than MAX_DEPTH before anything recursive walks it, naming the
 * top-level field that holds the first such value (walked with a stack, not recursively).
 */
export function checkDepth(dump: unknown): void {
  const stack: [unknown, number, string][] =
    dump !== null && typeof dump === 'object' ? Object.entries(dump).map(([k, v]) => [v, 1, k]) : [];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const [value, depth, field] = top;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH)
      fail(
        ErrorCode.InvalidParam,
        `malformed state dump: field ${echo(field)} nests deeper than ${MAX_DEPTH} levels (a whole dump nests about a dozen)`,
      );
    for (const v of Array.isArray(value) ? value : Object.values(value)) stack.push([v, depth + 1, field]);
  }
}
