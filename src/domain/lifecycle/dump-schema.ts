// The state dump's members and schema, as the state's fields declare them (state/fields.ts): the loader
// checks each value and item against it, and the OpenAPI document of GET/POST /_devnet/state is
// generated from it. Each value has one spelling (integers past 2^53: strings of digits).
import * as v from 'valibot';
import { STATE_FIELDS } from '../state/state.js';
import type { Field, ItemsMember, ValueMember } from '../state/members.js';

/** l2-devnet/state@3: one item per line, integers past 2^53 as strings. */
export const STATE_FORMAT = 'l2-devnet/state@3';
/** The format before: one line, integers past 2^53 as numbers; read whole, integers kept exact. */
export const FORMAT_2 = 'l2-devnet/state@2';

/** A member of the dump after "format": the state field it writes, and how (a value, or one item per line). */
export type Member = (ValueMember<unknown> | ItemsMember<unknown, unknown>) & { readonly field: string };

/** The members after "format", in the order they are written: the dumped fields in the order declared. */
export const MEMBER_LIST: readonly Member[] = Object.entries(STATE_FIELDS as Record<string, Field<unknown>>).flatMap(([field, f]) =>
  f.member ? [{ ...f.member, field }] : [],
);
const BY_NAME = new Map(MEMBER_LIST.map((m) => [m.name, m]));
/** The member of a name ("format" has none: it is the constant STATE_FORMAT). */
export const memberNamed = (name: string): Member | undefined => BY_NAME.get(name);

export type MemberName = string;
/** The name of a member written one item per line. */
export type ItemsMemberName = string;

/** Every member's schema, by name, in the order written. */
export const MEMBERS: Record<MemberName, v.GenericSchema> = {
  format: v.literal(STATE_FORMAT, `"${STATE_FORMAT}"`),
  ...Object.fromEntries(MEMBER_LIST.map((m) => [m.name, m.schema])),
};

/** Members added to @3 after it was first written: written only when not empty, so a state without them dumps (and hashes) as before. */
export const OPTIONAL_MEMBERS: ReadonlySet<MemberName> = new Set(
  MEMBER_LIST.filter((m) => m.kind === 'items' && m.optional).map((m) => m.name),
);

/** The dump's member names, in the order they are written. */
export const DUMP_MEMBERS: readonly MemberName[] = Object.keys(MEMBERS);

export const ITEMS_MEMBERS: readonly ItemsMemberName[] = MEMBER_LIST.filter((m) => m.kind === 'items').map((m) => m.name);
const ITEMS: ReadonlySet<string> = new Set(ITEMS_MEMBERS);
export const isItemsMember = (key: string): key is ItemsMemberName => ITEMS.has(key);

/** The whole document (for OpenAPI): the optional members may be absent. */
export const DUMP = v.strictObject(
  Object.fromEntries(Object.entries(MEMBERS).map(([k, s]) => [k, OPTIONAL_MEMBERS.has(k) ? v.optional(s) : s])),
);

/** Each items member's item schema. */
export const itemSchemas = new Map<string, v.GenericSchema>(
  MEMBER_LIST.flatMap((m) => (m.kind === 'items' ? [[m.name, m.item] as const] : [])),
);

/** A value as a message shows it: a scalar as JSON (cut at 40 characters), an array or object by its kind (it may nest deep). */
function describe(x: unknown): string {
  if (x !== null && typeof x === 'object') return Array.isArray(x) ? `an array of ${x.length}` : 'an object';
  const t = JSON.stringify(x);
  return t === undefined ? String(x) : t.length > 40 ? `${t.slice(0, 40)}...` : t;
}

/**
 * Checks a value written for `where` (a member, or an item as in records[3]); throws TypeError saying
 * what is wrong. Returns the value as the schema gives it: its objects' keys in the schema's order.
 */
function check(schema: v.GenericSchema, value: unknown, where: string): unknown {
  // valibot takes an array for an object (one with none of its keys).
  if (Array.isArray(value) && schema.type === 'strict_object') throw new TypeError(`${where} must be an object, got ${describe(value)}`);
  const r = v.safeParse(schema, value, { abortEarly: true });
  if (r.success) return r.output;
  const issue = r.issues[0];
  let at = where;
  for (const p of issue.path ?? []) at += typeof p.key === 'number' ? `[${p.key}]` : `.${String(p.key)}`;
  if (issue.expected === 'never') throw new TypeError(`unexpected field ${at}`);
  if (issue.input === undefined && at !== where) throw new TypeError(`missing field ${at}`);
  throw new TypeError(`${at} must be ${issue.message}, got ${describe(issue.input)}`);
}

/** Checks a member that is a single value. */
export function checkMember(key: MemberName, value: unknown): void {
  void check(MEMBERS[key]!, value, key);
}

/** Checks the `index`th item of an items member; returns it with its objects' keys in the schema's order. */
export function checkItem(key: ItemsMemberName, value: unknown, index: number): unknown {
  return check(itemSchemas.get(key)!, value, `${key}[${index}]`);
}
