// Reads the flat items of a big dump (records, orders, trades...) without a general parser: an item
// written exactly as the dump writes its kind is matched, whole, by one regular expression made from
// the keys of the first such item.
import type { FlatField } from './dump-shape.js';
import { sameWritten } from '../values/json.js';

type Obj = Record<string, unknown>;

const MAX_SAFE_TEXT = String(Number.MAX_SAFE_INTEGER);

/** Each syntax as stringify writes it, its value captured: no leading zero, fraction or exponent; no escape. */
const SYNTAX: Record<FlatField['syntax'], string> = {
  integer: '(0|[1-9][0-9]*)',
  // A control character (JSON.parse refuses it raw) or any surrogate (a lone one is written escaped):
  // left to the general parser, as is any escape.
  string: '"([^"\\\\\\u0000-\\u001f\\ud800-\\udfff]*)"',
  boolean: '(true|false)',
  null: '(null)',
};

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The keys of a flat item in the order its member writes them (learned from an item the full path
 * loaded), each with how its value is written and its test. read() takes an item only when its text is
 * exactly `{"k1":v1,"k2":v2,...}` with these keys in this order, each value written as stringify writes
 * it (a string without escapes, a non-negative integer without leading zeros, fraction or exponent,
 * true, false, null) and passing its test: the values the full path would read (JSON.parse's numbers,
 * or, when one integer passes 2^53, bigints for every integer of 16 digits or more). Anything else is
 * left to the full path.
 */
export class ItemTemplate {
  /** Members of the items it reads. */
  readonly size: number;
  /** After a successful read: where the item's text ends. */
  end = 0;
  private readonly keys: string[];
  private readonly fields: FlatField[];
  private readonly pattern: RegExp;

  constructor(keys: readonly string[], fields: ReadonlyMap<string, FlatField>) {
    this.keys = [...keys];
    this.fields = keys.map((k) => fields.get(k)!);
    this.size = keys.length;
    const values = this.fields.map((f) => (f.nullable ? `(?:null|${SYNTAX[f.syntax]})` : SYNTAX[f.syntax]));
    this.pattern = new RegExp('\\{' + keys.map((k, i) => (i === 0 ? '' : ',') + escape(JSON.stringify(k)) + ':' + values[i]).join('') + '\\}', 'y');
  }

  /** A template for items with `keys` (the keys of a loaded item, in order) when they are exactly the keys of `fields`, else null. */
  static of(keys: readonly string[], fields: ReadonlyMap<string, FlatField>): ItemTemplate | null {
    if (keys.length !== fields.size || new Set(keys).size !== keys.length || keys.some((k) => !fields.has(k))) return null;
    return new ItemTemplate(keys, fields);
  }

  /** The item whose text starts at `from` in `text`, or undefined when it is not written as above (or does not end in `text`). */
  read(text: string, from: number): Obj | undefined {
    this.pattern.lastIndex = from;
    const m = this.pattern.exec(text);
    if (m === null) return undefined;
    // An integer past 2^53 makes the general path read every integer of 16 digits or more as a bigint.
    let long = false;
    for (let f = 0; f < this.fields.length; f++) {
      const c = m[f + 1];
      if (c !== undefined && c.length >= 16 && this.fields[f]!.syntax === 'integer' && (c.length > 16 || c > MAX_SAFE_TEXT)) long = true;
    }
    const o: Obj = {};
    for (let f = 0; f < this.fields.length; f++) {
      const field = this.fields[f]!;
      const c = m[f + 1];
      let v: unknown;
      if (c === undefined || field.syntax === 'null') v = null;
      else if (field.syntax === 'integer') v = long && c.length >= 16 ? BigInt(c) : Number(c);
      else if (field.syntax === 'string') v = c;
      else v = c === 'true';
      if (!field.pass(v)) return undefined;
      o[this.keys[f]!] = v;
    }
    this.end = this.pattern.lastIndex;
    return o;
  }

  /**
   * Whether `built` is written as `item` (an item this template read): sameWritten for flat items,
   * the built entry's keys against the template's, values compared only where they are not the same.
   */
  written(built: unknown, item: Obj): boolean {
    if (built === null || typeof built !== 'object' || Array.isArray(built)) return false;
    const keys = Object.keys(built);
    const n = this.keys.length;
    if (keys.length === n) {
      let f = 0;
      for (; f < n; f++) {
        const k = this.keys[f]!;
        if (keys[f] !== k) break;
        const a = (built as Obj)[k];
        const b = item[k];
        if (a === b) continue;
        if (a === undefined || typeof a === 'function' || sameWritten(a, b) !== 0) break;
      }
      if (f === n) return true;
    }
    // Whatever differs (a field skipped when written, or not at all), the general comparison decides.
    return sameWritten(built, item) === n;
  }
}
