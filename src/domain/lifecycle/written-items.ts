// Whether item lines are written exactly as the dump writes them, decided without writing them: a
// check generated from the schema (dump-schema.ts) that lets the streamed load skip the slow path.
import type * as v from 'valibot';
import { ITEMS_MEMBERS, itemSchemas } from './dump-schema.js';
import type { ItemsMemberName as ItemsMember } from './dump-schema.js';

/**
 * The length of the text the dump writes for a value, computed while checking it against a schema; -1
 * when the value fails it, an object's keys are not in the schema's order, or the schema holds a kind
 * this does not know (then the loader checks the slow way, which names what is wrong).
 */
type Measure = (x: unknown) => number;

/** The length of an integer's text (-1 for any other number). */
function integerLength(n: number): number {
  if (!Number.isSafeInteger(n)) return -1;
  let length = n < 0 ? 2 : 1;
  for (let p = 10, a = Math.abs(n); p <= a; p *= 10) length++;
  return length;
}

/**
 * The checks of a pipe (after its schema), with those of a piped schema it starts with (a described
 * one: `v.pipe(v.pipe(...), v.description(...))`); null when it holds an action this does not know.
 */
function actions(schema: v.GenericSchema): ((x: never) => boolean)[] | null {
  const pipe = (schema as { pipe?: unknown[] }).pipe ?? [];
  const tests = pipe.length > 0 && 'pipe' in (pipe[0] as object) ? actions(pipe[0] as v.GenericSchema) : [];
  if (tests === null) return null;
  for (const a of pipe.slice(1) as { kind: string; type: string; requirement?: unknown }[]) {
    const r = a.requirement;
    if (a.kind === 'metadata') continue;
    // A number is measured only when a safe integer already.
    else if (a.type === 'safe_integer' && schema.type === 'number') continue;
    else if (a.type === 'min_value') tests.push((x: number) => x >= (r as number));
    else if (a.type === 'regex') tests.push((x: string) => (r as RegExp).test(x));
    else if (a.type === 'check') tests.push(r as (x: never) => boolean);
    else return null;
  }
  return tests;
}

/** A Measure of a schema (generated from it, so the schema stays the one declaration). */
function measure(schema: v.GenericSchema): Measure {
  const passes = actions(schema);
  if (passes === null) return () => -1;
  return passes.reduce<Measure>(
    (inner, test) => (x) => {
      const length = inner(x);
      return length >= 0 && test(x as never) ? length : -1;
    },
    measureKind(schema),
  );
}

/** The Measure of a schema's own kind, before the checks of its pipe. */
function measureKind(schema: v.GenericSchema): Measure {
  const s = schema as unknown as {
    type: string;
    entries: Record<string, v.GenericSchema>;
    items: v.GenericSchema[];
    item: v.GenericSchema;
    options: unknown[];
    wrapped: v.GenericSchema;
    default: unknown;
  };
  switch (s.type) {
    case 'string':
      return (x) => (typeof x === 'string' ? x.length + 2 : -1);
    case 'number':
      return (x) => (typeof x === 'number' ? integerLength(x) : -1);
    case 'boolean':
      return (x) => (x === true ? 4 : x === false ? 5 : -1);
    case 'picklist':
      return (x) => (!s.options.includes(x) ? -1 : typeof x === 'string' ? x.length + 2 : integerLength(x as number));
    case 'nullable': {
      const wrapped = measure(s.wrapped);
      return s.default !== undefined ? () => -1 : (x) => (x === null ? 4 : wrapped(x));
    }
    case 'union': {
      const options = (s.options as v.GenericSchema[]).map(measure);
      return (x) => {
        for (const o of options) {
          const length = o(x);
          if (length >= 0) return length;
        }
        return -1;
      };
    }
    case 'array':
    case 'strict_tuple': {
      // An array's items all of one schema; a tuple's each of its own, as many as it has.
      const item = s.type === 'array' ? measure(s.item) : null;
      const items = s.type === 'strict_tuple' ? s.items.map(measure) : [];
      return (x) => {
        if (!Array.isArray(x) || (item === null && x.length !== items.length)) return -1;
        let length = x.length === 0 ? 2 : x.length + 1;
        for (let i = 0; i < x.length; i++) {
          const l = (item ?? items[i]!)(x[i]);
          if (l < 0) return -1;
          length += l;
        }
        return length;
      };
    }
    case 'strict_object':
      return measureObject(s.entries);
    default:
      return () => -1;
  }
}

/** The Measure of a strict object: its keys in the schema's order, each value measured. */
function measureObject(entries: Record<string, v.GenericSchema>): Measure {
  const keys = Object.keys(entries);
  const values = keys.map((k) => measure(entries[k]!));
  // Braces, commas, and each key quoted with its colon.
  const fixed = keys.reduce((n, k) => n + JSON.stringify(k).length + 2, keys.length === 0 ? 2 : 1);
  return (x) => {
    if (x === null || typeof x !== 'object' || Array.isArray(x)) return -1;
    const o = x as Record<string, unknown>;
    let length = fixed;
    let i = 0;
    for (const k in o) {
      if (k !== keys[i]) return -1;
      const l = values[i++]!(o[k]);
      if (l < 0) return -1;
      length += l;
    }
    return i === keys.length ? length : -1;
  };
}

/**
 * JSON tokens spelled as JSON.stringify spells them, with nothing between: no whitespace, strings
 * without escapes or surrogates, integers in their shortest spelling. Sticky: it stops at anything else.
 */
const PLAIN = /(?:[{}[\],:]|"[^"\\\u0000-\u001f\ud800-\udfff]*"|0|-?[1-9]\d*|null|true|false)*/y;
const measures = new Map<string, Measure>(ITEMS_MEMBERS.map((k) => [k, measure(itemSchemas.get(k)!)]));

/**
 * Whether each line of items is a valid item of `key` written exactly as the dump writes it, decided
 * without writing them: `values` is what JSON.parse gave for the lines (text.slice(bounds[2i],
 * bounds[2i+1])) joined by commas into an array. A plain text (PLAIN) of a value is as long as the
 * dump's text of it only when it is that text (a repeated key makes it longer: the value keeps one);
 * so when every line is plain and as long as its value's text (keys in the schema's order), the array's
 * text is the dump's and each line is its item's. False when unsure: then check each line on its own.
 */
export function areWrittenItems(key: ItemsMember, values: unknown[], text: string, bounds: readonly number[]): boolean {
  const measure = measures.get(key)!;
  if (values.length * 2 !== bounds.length) return false;
  for (let i = 0; i < values.length; i++) {
    const start = bounds[2 * i]!;
    const end = bounds[2 * i + 1]!;
    if (measure(values[i]) !== end - start) return false;
    PLAIN.lastIndex = start;
    // Tokens end at the line's end (a comma after it may be taken too: no token spans a line break).
    if (!PLAIN.test(text) || PLAIN.lastIndex < end) return false;
  }
  return true;
}
