// The kinds of state field. Each field of the state is declared once (fields.ts) as one of these: how it
// starts empty, whether it is a register saved once per command, and how it is written to a dump and
// read back. The undo registers, the dump's members and schema, its writer and its loader all follow
// from that one declaration.
import type * as v from 'valibot';
import { EXACT, list } from './entities.js';
import { type Obj, SharedValues } from './shared-values.js';
import type { UndoLog } from './undo.js';

/** What reading one dump carries from item to item: the undo log its maps hang off, the shared values, each member's memo. */
export class LoadContext {
  readonly sharing = new SharedValues();
  private readonly memos = new Map<string, unknown>();
  constructor(readonly undo: UndoLog) {}

  /** A member's memory across its items in this load (the last id read, the runs seen), made by `init` the first time. */
  memo<T>(member: string, init: () => T): T {
    let m = this.memos.get(member) as T | undefined;
    if (m === undefined) this.memos.set(member, (m = init()));
    return m;
  }

  /** The last id a member read in this load, as `{ id }` to update (0 before any: ids start at 1). */
  lastId(member: string): { id: number } {
    return this.memo(member, () => ({ id: 0 }));
  }

  /** The item, its exact-integer fields made shared bigints in place (its keys keep their order). */
  integers(fields: readonly string[], item: unknown): Obj {
    const o = item as Obj;
    for (const k of fields) if (o[k] !== null) o[k] = this.sharing.integer(o[k]);
    return o;
  }
}

/** A member written as one value on one line. */
export interface ValueMember<T> {
  readonly kind: 'value';
  readonly name: string;
  readonly schema: v.GenericSchema;
  write(value: T): unknown;
  /** The field's value from what the dump wrote (checked against `schema`, its strings shared). */
  read(written: unknown): T;
}

/** A member written one item per line (an entity, a [key, value] pair, an id), loaded item by item. */
export interface ItemsMember<T, E> {
  readonly kind: 'items';
  readonly name: string;
  /** The member's schema (a list of `item`), and its item's. */
  readonly schema: v.GenericSchema;
  readonly item: v.GenericSchema;
  /** Added to the format after it was first written: written only when not empty, read as empty when absent. */
  readonly optional: boolean;
  /** The item does its own sharing of strings (else the loader shares the whole item first). */
  readonly sharesItself: boolean;
  entries(value: T): Iterable<E>;
  write(entry: E): unknown;
  /** Builds the entry of a checked item into the field's value; returns it (written back, it must give the item's text). */
  add(value: T, item: unknown, load: LoadContext): E;
  /** How many entries the value holds, when a repeated key would drop one (the loader compares it with the items read). */
  size?(value: T): number;
}

export interface Field<T> {
  empty(undo: UndoLog): T;
  /** A scalar saved once per command instead of at every write: the field itself (true), or these keys of its object. */
  readonly register?: true | readonly string[];
  readonly member?: ValueMember<T> | ItemsMember<T, unknown>;
}

/** The writer of an entry written as it is held (a dump iterates such entries directly). */
export const AS_HELD = <E>(entry: E): unknown => entry;

/** A field that is rebuilt from the others (or is the undo log itself): never dumped. */
export const derived = <T>(empty: (undo: UndoLog) => T): Field<T> => ({ empty });

/** A field dumped as one value. */
export function value<S extends v.GenericSchema, T>(f: {
  name: string;
  schema: S;
  empty: () => T;
  write: (value: T) => unknown;
  read: (written: v.InferOutput<S>) => T;
  register?: true | readonly string[];
}): Field<T> {
  const member: ValueMember<T> = { kind: 'value', name: f.name, schema: f.schema, write: f.write, read: f.read as (w: unknown) => T };
  return f.register === undefined ? { empty: f.empty, member } : { empty: f.empty, member, register: f.register };
}

/** A field dumped one item per line. */
export function items<T, E>(f: {
  name: string;
  item: v.GenericSchema;
  description?: string;
  optional?: boolean;
  sharesItself?: boolean;
  empty: (undo: UndoLog) => T;
  entries: (value: T) => Iterable<E>;
  write?: (entry: E) => unknown;
  add: (value: T, item: unknown, load: LoadContext) => E;
  size?: (value: T) => number;
}): Field<T> {
  const member: ItemsMember<T, E> = {
    kind: 'items',
    name: f.name,
    schema: list(f.item, f.description),
    item: f.item,
    optional: f.optional ?? false,
    sharesItself: f.sharesItself ?? false,
    entries: f.entries,
    write: f.write ?? AS_HELD,
    add: f.add,
    ...(f.size ? { size: f.size } : {}),
  };
  return { empty: f.empty, member: member as ItemsMember<T, unknown> };
}

// While a state is built nothing is to be undone: entries go in untracked (the log is attached already).
export const put = <K, V>(m: Map<K, V>, k: K, v: V): void => void Map.prototype.set.call(m, k, v);
export const putIn = <T>(s: Set<T>, v: T): void => void Set.prototype.add.call(s, v);

/** The top-level fields of an item schema that hold exact integers (maybe null): bigints once loaded. */
export function integerFields(item: v.GenericSchema): string[] {
  const entries = (item as { entries?: Record<string, { wrapped?: object }> }).entries ?? {};
  const exact = (s: { wrapped?: object }) => EXACT.has(s) || (s.wrapped !== undefined && EXACT.has(s.wrapped));
  return Object.keys(entries).filter((f) => exact(entries[f]!));
}

/**
 * Entities in a map by their key, dumped as the map's values in order: each built by `build` (by default
 * the item itself, its exact integers made bigints).
 */
export function entities<K, E>(f: {
  name: string;
  item: v.GenericSchema;
  empty: (undo: UndoLog) => Map<K, E>;
  key: (entity: E) => K;
  build?: (item: Obj, load: LoadContext) => E;
  write?: (entity: E) => unknown;
  optional?: boolean;
  sharesItself?: boolean;
}): Field<Map<K, E>> {
  const fields = integerFields(f.item);
  const build = f.build ?? ((o: Obj, load: LoadContext) => load.integers(fields, o) as E);
  return items<Map<K, E>, E>({
    ...f,
    entries: (m) => m.values(),
    add: (m, item, load) => {
      const e = build(item as Obj, load);
      put(m, f.key(e), e);
      return e;
    },
    size: (m) => m.size,
  });
}

/** A map dumped as its [key, value] pairs in order: each value read by `read` (and written by `write`, by default itself). */
export function pairs<K, V>(f: {
  name: string;
  item: v.GenericSchema;
  description?: string;
  optional?: boolean;
  empty: (undo: UndoLog) => Map<K, V>;
  read: (written: unknown, load: LoadContext) => V;
  write?: (value: V) => unknown;
}): Field<Map<K, V>> {
  const { write, read, ...rest } = f;
  return items<Map<K, V>, readonly [K, V]>({
    ...rest,
    entries: (m) => m.entries(),
    ...(write ? { write: ([k, x]: readonly [K, V]) => [k, write(x)] } : {}),
    add: (m, item, load) => {
      const [k, w] = item as [K, unknown];
      const x = read(w, load);
      put(m, k, x);
      return [k, x];
    },
    size: (m) => m.size,
  });
}

/**
 * A set of ids dumped ascending, as their insertion order is never observable (batches and books take
 * them in id order) and an undone delete cannot restore it cheaply: read back only so.
 */
export function ascendingIds(f: { name: string; item: v.GenericSchema; description: string; empty: (undo: UndoLog) => Set<number> }) {
  return items<Set<number>, number>({
    ...f,
    entries: (s) => [...s].sort((a, b) => a - b),
    add: (s, id, load) => {
      const last = load.lastId(f.name);
      if (!((id as number) > last.id))
        throw new TypeError(`${f.name} must list ids in ascending order, once each (${id} after ${last.id})`);
      last.id = id as number;
      putIn(s, id as number);
      return id as number;
    },
    size: (s) => s.size,
  });
}
