// Reads the items of a big dump without a general parser: a flat item (records, orders, trades...)
// written exactly as the dump writes its kind is matched, whole, by one regular expression made from
// the keys of the first such item; an id of a list (the batch queues, open orders) is read in place.
import type { FlatField } from './dump-shape.js';
import type { DirectItems } from './state-builder.js';
import { sameWritten } from '../values/json.js';

type Obj = Record<string, unknown>;

const MAX_SAFE_TEXT = String(Number.MAX_SAFE_INTEGER);
/** Strings remembered per field (shared copies: no piece of the text is kept). */
const LATELY = 4;

/** Each syntax as stringify writes it, its value captured: no leading zero, fraction or exponent; no escape. */
const SYNTAX: Record<FlatField['syntax'], string> = {
  integer: '(0|[1-9][0-9]*)',
  // A control character (JSON.parse refuses it raw) or any surrogate (a lone one is written escaped):
  // left to the general parser, as is any escape.
  string: '"([^"\\\\\\u0000-\\u001f\\ud800-\\udfff]*)"',
  boolean: '(true|false)',
  null: '(null)',
};

/** `==`: a bigint and a number compare by value, exactly. */
const looselyEqual = (a: unknown, b: unknown): boolean => a == b;

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Reads items written one way, or leaves them (undefined) to the general path. */
export interface Template {
  /** The item whose text starts at `from`, or undefined. */
  read(text: string, from: number): unknown;
  /** After a successful read: where the item's text ends. */
  readonly end: number;
  /** Builds the entry of an item it read (its checks made). */
  build(item: unknown): unknown;
  /** Whether the entry built from an item it read is written as the item. */
  written(built: unknown, item: unknown): boolean;
}

/**
 * Ids as a list writes them: up to 15 digits without a leading zero (below 2^53, as JSON.parse reads
 * them), ending in this text at a comma, a bracket or whitespace, where the general path ends a number.
 */
export class IdTemplate implements Template {
  end = 0;

  /** `add` builds the entry of an id read. */
  constructor(private readonly add: (id: unknown) => unknown) {}

  build(id: unknown): unknown {
    return this.add(id);
  }

  read(text: string, from: number): number | undefined {
    let i = from;
    let c = text.charCodeAt(i);
    if (!(c >= 49 && c <= 57)) return undefined;
    let n = 0;
    while (c >= 48 && c <= 57) {
      n = n * 10 + (c - 48);
      c = text.charCodeAt(++i);
    }
    if (i - from > 15 || !(c === 44 || c === 93 || c === 32 || c === 10 || c === 13 || c === 9)) return undefined;
    this.end = i;
    return n;
  }

  written(built: unknown, item: unknown): boolean {
    return built === item;
  }
}

/**
 * The keys of a flat item in the order its member writes them (learned from an item the full path
 * loaded), each with how its value is written and its test. read() takes an item only when its text is
 * exactly `{"k1":v1,"k2":v2,...}` with these keys in this order, each value written as stringify writes
 * it (a string without escapes, a non-negative integer without leading zeros, fraction or exponent,
 * true, false, null) and passing its test: the values the full path would read (JSON.parse's numbers,
 * or, when one integer passes 2^53, bigints for every integer of 16 digits or more). Anything else is
 * left to the full path. When the builder builds the member's entries from their values in this very
 * order (records), the values are read into one array, given to it, and no object is made per item.
 */
export class ItemTemplate implements Template {
  /** Members of the items it reads. */
  readonly size: number;
  /** After a successful read: where the item's text ends. */
  end = 0;
  private readonly keys: string[];
  private readonly fields: FlatField[];
  private readonly pattern: RegExp;
  /** Per field: the shared strings it read lately, newest first. */
  private readonly lately: string[][];
  /** Direct: the values of the item read last (the same array every time). */
  private readonly values: unknown[] | undefined;

  /**
   * `add` builds an entry from an item read (checked: the template made checkItem's tests); `direct`,
   * when its keys are these in this order, from the values instead; `intern` gives the string to keep
   * for a string read (its shared copy).
   */
  constructor(
    keys: readonly string[],
    fields: ReadonlyMap<string, FlatField>,
    private readonly add: (item: unknown) => unknown,
    private readonly intern: (s: string) => string = (s) => s,
    private readonly direct?: DirectItems,
  ) {
    this.keys = [...keys];
    this.fields = keys.map((k) => fields.get(k)!);
    this.size = keys.length;
    const values = this.fields.map((f) => (f.nullable ? `(?:null|${SYNTAX[f.syntax]})` : SYNTAX[f.syntax]));
    this.pattern = new RegExp('\\{' + keys.map((k, i) => (i === 0 ? '' : ',') + escape(JSON.stringify(k)) + ':' + values[i]).join('') + '\\}', 'y');
    if (direct !== undefined && (direct.keys.length !== keys.length || direct.keys.some((k, i) => k !== keys[i]))) this.direct = undefined;
    this.values = this.direct ? new Array<unknown>(keys.length).fill(null) : undefined;
    this.lately = keys.map(() => []);
  }

  /** A template for items with `keys` (the keys of a loaded item, in order) when they are exactly the keys of `fields`, else null. */
  static of(keys: readonly string[], fields: ReadonlyMap<string, FlatField>, add: (item: unknown) => unknown, intern?: (s: string) => string, direct?: DirectItems): ItemTemplate | null {
    if (keys.length !== fields.size || new Set(keys).size !== keys.length || keys.some((k) => !fields.has(k))) return null;
    return new ItemTemplate(keys, fields, add, intern, direct);
  }

  /** Whether items go to the builder as values (see the class). */
  get isDirect(): boolean {
    return this.direct !== undefined;
  }

  /**
   * The item whose text starts at `from` in `text` (an object, or direct, its values), or undefined when
   * it is not written as above (or does not end in `text`).
   */
  read(text: string, from: number): Obj | unknown[] | undefined {
    this.pattern.lastIndex = from;
    const m = this.pattern.exec(text);
    if (m === null) return undefined;
    // An integer past 2^53 makes the general path read every integer of 16 digits or more as a bigint.
    let long = false;
    for (let f = 0; f < this.fields.length; f++) {
      const c = m[f + 1];
      if (c !== undefined && c.length >= 16 && this.fields[f]!.syntax === 'integer' && (c.length > 16 || c > MAX_SAFE_TEXT)) long = true;
    }
    const values = this.values;
    const o: Obj | undefined = values ? undefined : {};
    for (let f = 0; f < this.fields.length; f++) {
      const field = this.fields[f]!;
      const c = m[f + 1];
      let v: unknown;
      if (c === undefined || field.syntax === 'null') v = null;
      else if (field.syntax === 'integer') v = long && c.length >= 16 ? BigInt(c) : Number(c);
      else if (field.syntax === 'string') v = this.shared(c, f);
      else v = c === 'true';
      if (!field.implied && !field.pass(v)) return undefined;
      if (values) values[f] = v;
      else o![this.keys[f]!] = v;
    }
    this.end = this.pattern.lastIndex;
    return values ?? o;
  }

  build(item: unknown): unknown {
    return this.direct ? this.direct.add(item as unknown[]) : this.add(item);
  }

  /** The shared copy of string `s` read for field `f`: a field repeats a few values (keys, an asset), compared first with those it had lately. */
  private shared(s: string, f: number): string {
    const lately = this.lately[f]!;
    for (let k = 0; k < lately.length; k++) if (lately[k] === s) return lately[k]!;
    const own = this.intern(s);
    if (lately.length === LATELY) lately.pop();
    lately.unshift(own);
    return own;
  }

  /**
   * Whether `built` is written as `item` (an item this template read): sameWritten for flat items. The
   * built entry's keys (for...in: no array made) against the template's; a value not the same one
   * must be the bigint of a number read (how the builder keeps integers); anything else, and whatever
   * differs, the general comparison decides.
   */
  written(built: unknown, item: unknown): boolean {
    if (built === null || typeof built !== 'object' || Array.isArray(built)) return false;
    const keys = this.keys;
    const o = built as Obj;
    const values = this.direct ? (item as unknown[]) : undefined;
    let f = 0;
    for (const k in o) {
      if (f >= keys.length || k !== keys[f]) return this.general(built, item);
      const a = o[k];
      const b = values ? values[f] : (item as Obj)[k];
      // A bigint and a safe integer are written alike when equal (== compares them exactly).
      if (a !== b && !(typeof a === 'bigint' && typeof b === 'number' && Number.isSafeInteger(b) && looselyEqual(a, b))) return this.general(built, item);
      f++;
    }
    return f === keys.length || this.general(built, item);
  }

  private general(built: unknown, item: unknown): boolean {
    const o: Obj = {};
    if (this.direct) this.keys.forEach((k, f) => (o[k] = (item as unknown[])[f]));
    return sameWritten(built, this.direct ? o : item) === this.keys.length;
  }
}
