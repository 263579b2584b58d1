// A request field, declared once: a valibot schema that parses the wire value (its input side is the
// field's JSON Schema in /openapi.json) and, for each of its checks, the refusal a client reads.
import * as v from 'valibot';
import { DevnetError, echo, ErrorCode, type ErrorCodeValue } from '../../domain/values/errors.js';

/** The refusal of one failed check, from the field's name and the value the client sent there. */
export type Refusal = (name: string, value: unknown) => DevnetError;

/** A refusal with a fixed code. */
export function refuse(code: ErrorCodeValue, say: (name: string, value: unknown) => string): Refusal {
  return (name, value) => new DevnetError(code, say(name, value));
}

export type WireSchema<T> = v.GenericSchema<unknown, T>;

export interface Field<T> {
  /** The field in a JSON body. */
  readonly json: WireSchema<T>;
  /** The field as a query or path parameter, where a value is text or absent. */
  readonly text: WireSchema<T>;
  readonly required: boolean;
  readonly description?: string;
  /**
   * Each check is declared with a tag as its valibot message; a failed check is answered with the
   * refusal of its tag. A tag without a refusal is a declaration bug (a 500, which tests catch).
   */
  readonly refusals: Readonly<Record<string, Refusal>>;
  /** Fields inside this one: an issue's path leads into their refusals (object entries, list items). */
  readonly entries?: Readonly<Record<string, Field<unknown>>>;
  readonly item?: Field<unknown>;
}

export type FieldMap = { readonly [name: string]: Field<unknown> };
export type NoFields = Record<never, never>;

/** What a handler reads: each declared field, parsed on first read. */
export type Values<F extends FieldMap> = { readonly [K in keyof F]: F[K] extends Field<infer T> ? T : never };

/** Where a field travels decides which of its schemas parses it. */
export type Where = 'json' | 'text';

const FIRST_ISSUE = { abortEarly: true, abortPipeEarly: true } as const;

/** The tag every object field declares its object check with, so a missing entry is recognised. */
export const OBJECT_TAG = 'object';

/** A value as refusal messages quote it: JSON, or `nothing` when absent, cut to about ECHO_MAX characters. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(echo(value));
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    // Not JSON (a bigint from a caller in-process): say what it is.
    json = String(value);
  }
  return echo(json);
}

/** Absent for a field: not sent, null, or empty text. */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Declares a field from its schemas and refusals; `text` defaults to the JSON schema. */
export function fieldOf<T>(
  json: WireSchema<T>,
  refusals: Readonly<Record<string, Refusal>>,
  o: Partial<Pick<Field<T>, 'text' | 'required' | 'description' | 'entries' | 'item'>> = {},
): Field<T> {
  return { ...o, json, text: o.text ?? json, refusals, required: o.required ?? false };
}

/** Absent (not sent, null or empty) is `undefined`; anything else is `field`'s to accept or refuse. */
export function optional<T>(field: Field<T>, doc: { description?: string } = {}): Field<T | undefined> {
  // null and '' match their own branches first, so the field itself never sees them.
  const absent = v.transform((x: T | '' | null): T | undefined => (x === null || x === '' ? undefined : x));
  // The union's own tag means no branch took the value's type: only a JSON body gets that far.
  const handOn: Refusal = (name, value) => refusalOf(field as Field<unknown>, value, name);
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
      entries: field.entries,
      item: field.item,
    },
  );
}

/** An optional field read through `then`, `fallback` when absent; `shown`: the default as the document states it. */
export function withDefault<T, U>(
  field: Field<T | undefined>,
  fallback: U,
  then: (value: T) => U,
  description: string,
  shown?: string,
): Field<U> {
  const finish = v.transform((x: T | undefined) => (x === undefined ? fallback : then(x)));
  const text = shown === undefined ? field.text : v.pipe(field.text, v.metadata({ default: shown }));
  return fieldOf(v.pipe(field.json, finish), field.refusals, { text: v.pipe(text, finish), description });
}

/** A JSON object of `entries`, mapped to `T`; anything else is refused with `code` (19): "`name` must be `what`". */
export function objectOf<E extends FieldMap, T>(
  entries: E,
  what: string,
  map: (o: Values<E>) => T,
  o: { code?: ErrorCodeValue; description?: string } = {},
): Field<T> {
  const shape = Object.fromEntries(Object.entries(entries).map(([k, f]) => [k, f.json]));
  return fieldOf(
    v.pipe(
      v.looseObject(shape, OBJECT_TAG),
      v.transform((x) => map(x as unknown as Values<E>)),
    ),
    { [OBJECT_TAG]: refuse(o.code ?? ErrorCode.InvalidParam, (name) => `${name} must be ${what}`) },
    { required: true, entries, description: o.description },
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The refusal for an issue: the innermost declared field on its path answers, named by that path. */
function refusalFor(field: Field<unknown>, issue: v.BaseIssue<unknown>, value: unknown, name: string): DevnetError {
  let f = field;
  let at = name;
  let raw = value;
  const path = issue.path ?? [];
  for (const [i, step] of path.entries()) {
    const key = step.key as string | number;
    const inner = typeof key === 'number' ? f.item : f.entries?.[key];
    if (!inner) break;
    // valibot reports an object check at the missing entry, with the object's tag: an object that
    // lacks the entry lets the entry refuse `undefined` itself; a value that is no object at all is
    // the object's own refusal.
    // (A list item that is there but is no object is the item's own refusal: step into it.)
    if (i === path.length - 1 && issue.message === OBJECT_TAG && !((isPlainObject(raw) || Array.isArray(raw)) && key in raw)) {
      if (isPlainObject(raw)) return refusalOf(inner, undefined, `${at}.${key}`);
      break;
    }
    f = inner;
    at = typeof key === 'number' ? `${at}[${key}]` : `${at}.${key}`;
    raw = step.value;
  }
  const refusal = f.refusals[issue.message];
  if (!refusal) throw new Error(`${at}: the check tagged "${issue.message}" has no refusal`);
  return refusal(at, raw);
}

/** The refusal `field` gives `value` in a JSON body (a value it must refuse): how a wrapper hands a refusal on. */
export function refusalOf(field: Field<unknown>, value: unknown, name: string): DevnetError {
  const result = v.safeParse(field.json, value, FIRST_ISSUE);
  if (result.success) throw new Error(`${name}: a value its field must refuse was accepted`);
  return refusalFor(field, result.issues[0], value, name);
}

/** Parses one wire value as `field` (its `where` schema); a failed check throws the field's refusal. */
export function readField<T>(field: Field<T>, where: Where, value: unknown, name: string): T {
  const result = v.safeParse(field[where], value, FIRST_ISSUE);
  if (result.success) return result.output;
  throw refusalFor(field as Field<unknown>, result.issues[0], value, name);
}

const UNREAD: unique symbol = Symbol('unread');
// Symbol keys: a view's own properties can never shadow a field, nor show up in Object.keys or JSON.
const RAW: unique symbol = Symbol('raw');
const SLOTS: unique symbol = Symbol('slots');

/** A per-request view: the raw object (its source until a field is first read: a body is parsed then), one slot per field. */
class FieldSlots {
  [RAW]: Record<string, unknown> | (() => Record<string, unknown>);
  readonly [SLOTS]: unknown[];
  constructor(source: () => Record<string, unknown>, slots: unknown[]) {
    this[RAW] = source;
    this[SLOTS] = slots;
  }
}

/**
 * The handler's view of a raw object through `fields`: a getter per declared field that parses on
 * first read and remembers the result. Reading a field first reads every field declared before it, so
 * the checks run in the order the fields are declared, whatever order the handler reads them in (a
 * destructure cannot change which refusal a request gets); a field declared after the last one the
 * handler reads is not checked. The getters are defined once per declaration, on a prototype: a
 * request only allocates the small view (so Object.keys and spreading see no field).
 */
export function fieldReader<F extends FieldMap>(fields: F | undefined, where: Where): (raw: () => Record<string, unknown>) => Values<F> {
  const entries = Object.entries(fields ?? {});
  const View = class extends FieldSlots {};
  const read = (view: FieldSlots, i: number): unknown => {
    const [name, spec] = entries[i]!;
    const raw = view[RAW];
    return readField(spec, where, (typeof raw === 'function' ? (view[RAW] = raw()) : raw)[name], name);
  };
  entries.forEach(([name], i) => {
    Object.defineProperty(View.prototype, name, {
      enumerable: true,
      get(this: FieldSlots): unknown {
        const slots = this[SLOTS];
        if (slots[i] === UNREAD) {
          for (let j = 0; j < i; j++) if (slots[j] === UNREAD) slots[j] = read(this, j);
          slots[i] = read(this, i);
        }
        return slots[i];
      },
    });
  });
  return (raw) => new View(raw, new Array<unknown>(entries.length).fill(UNREAD)) as unknown as Values<F>;
}

/**
 * Every field of `fields` read from `view` in the order they are declared: for a body a handler
 * takes whole, the declaration is the order of its checks (the first failure wins).
 */
export function readInOrder<F extends FieldMap>(view: Values<F>, fields: F): Values<F> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(fields)) out[name] = (view as Record<string, unknown>)[name];
  return out as Values<F>;
}
