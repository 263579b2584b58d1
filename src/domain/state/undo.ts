// The undo log: every state mutation leaves a step that reverses it. A command that fails half-way
// rolls back to where it began, and a snapshot is only a position in the log (no copy of the state).

// Each step is a few slots of one flat array (its operands) and one byte of a second (its kind): no
// closure and no entry object per step, so a live snapshot costs little more memory per command than
// the command's own data. A kind indexes UNDO: how many operands it takes, and how it is undone.
const UNDO: ReadonlyArray<readonly [number, (s: unknown[], i: number) => unknown]> = [
  [1, (s, i) => (s[i] as () => void)()], // FN: [fn]
  [3, (s, i) => Map.prototype.set.call(s[i] as Map<unknown, unknown>, s[i + 1], s[i + 2])], // MAP_SET: [map, key, value]
  [2, (s, i) => Map.prototype.delete.call(s[i] as Map<unknown, unknown>, s[i + 1])], // MAP_DELETE: [map, key]
  [2, (s, i) => Set.prototype.add.call(s[i] as Set<unknown>, s[i + 1])], // SET_ADD: [set, value]
  [2, (s, i) => Set.prototype.delete.call(s[i] as Set<unknown>, s[i + 1])], // SET_DELETE: [set, value]
  [2, (s, i) => ((s[i] as unknown[]).length = s[i + 1] as number)], // TRUNCATE: [array, length]
  [3, (s, i) => ((s[i] as Record<PropertyKey, unknown>)[s[i + 1] as PropertyKey] = s[i + 2])], // FIELD: [object, key, value]
  [2, (s, i) => Object.assign(s[i] as object, s[i + 1])], // ASSIGN: [object, copy]
  [3, (s, i) => (s[i] as (a: unknown, b: unknown) => void)(s[i + 1], s[i + 2])], // CALL: [fn, a, b], fn module-level
];
const [FN, MAP_SET, MAP_DELETE, SET_ADD, SET_DELETE, TRUNCATE, FIELD, ASSIGN, CALL] = [0, 1, 2, 3, 4, 5, 6, 7, 8] as const;
/** Flag on a kind: undoing the step invalidates the derived order-book indexes. */
const ORDERS = 16;

export class UndoLog {
  private slots: unknown[] = [];
  /** The kind of each step in `slots`, oldest first (kinds[0] is the step at `dropped`). */
  private kinds = new Uint8Array(64);
  /** Steps in `slots`, and steps dropped from the front because no live snapshot needed them. */
  private steps = 0;
  private dropped = 0;
  /** Slots dropped from the front, so a hold's slot index stays absolute. */
  private droppedSlots = 0;
  /** Positions that must stay reachable (live snapshots), ascending, each with its slot index. */
  private readonly holds: Array<[position: number, slot: number]> = [];

  /** Position of the next step: a snapshot is one of these. */
  get size(): number {
    return this.dropped + this.steps;
  }

  /** Whether steps outlive the command that took them (some snapshot is live). */
  get keeping(): boolean {
    return this.holds.length > 0;
  }

  /** Logs one step of `kind` with its operands (UNDO says how many are read). */
  step(kind: number, orders: boolean, a: unknown, b?: unknown, c?: unknown): void {
    const n = UNDO[kind]![0];
    if (n === 1) this.slots.push(a);
    else if (n === 2) this.slots.push(a, b);
    else this.slots.push(a, b, c);
    if (this.steps === this.kinds.length) {
      const grown = new Uint8Array(this.kinds.length * 2);
      grown.set(this.kinds);
      this.kinds = grown;
    }
    this.kinds[this.steps++] = kind | (orders ? ORDERS : 0);
  }

  record(undo: () => void, orders = false): void {
    this.step(FN, orders, undo);
  }

  /**
   * One step that undoes several edits made without tracking: `undo(a, b)` must reverse exactly
   * those edits (the steps recorded after this one are undone before it).
   */
  call<A, B>(undo: (a: A, b: B) => void, a: A, b: B, orders = false): void {
    this.step(CALL, orders, undo, a, b);
  }

  /** Undoes every step after `position`, newest first. Returns whether any undone step touched orders. */
  rollbackTo(position: number): boolean {
    if (position < this.dropped) throw new RangeError(`undo position ${position} was dropped (no snapshot held it)`);
    const slots = this.slots;
    let orders = false;
    let i = slots.length;
    while (this.dropped + this.steps > position) {
      const kind = this.kinds[this.steps - 1]!;
      if (kind & ORDERS) orders = true;
      const [n, undo] = UNDO[kind & 15]!;
      i -= n;
      undo(slots, i);
      // Cut as it goes: an FN step may itself look at the log (a snapshot's undo releases its hold).
      slots.length = i;
      this.steps--;
    }
    return orders;
  }

  /**
   * Called when a command has committed: without live snapshots nothing needs to stay undoable, and
   * the steps before the oldest live snapshot are needed by none.
   */
  settle(): void {
    if (this.holds.length === 0) {
      this.slots = [];
      if (this.kinds.length > 64) this.kinds = new Uint8Array(64);
      this.steps = 0;
      this.dropped = 0;
      this.droppedSlots = 0;
      return;
    }
    const [oldest, slot] = this.holds[0]!;
    if (oldest > this.dropped) {
      const cut = slot - this.droppedSlots;
      this.slots = this.slots.slice(cut);
      this.kinds.copyWithin(0, oldest - this.dropped, this.steps);
      this.steps -= oldest - this.dropped;
      this.dropped = oldest;
      this.droppedSlots += cut;
    }
  }

  /** Keeps the log reachable back to `position` (the current size: a snapshot being taken). */
  hold(position: number): void {
    if (position !== this.size) throw new RangeError('a hold is taken at the current position');
    this.holds.push([position, this.droppedSlots + this.slots.length]);
  }

  /** Drops one hold at `position` (a deleted snapshot, or one whose taking is undone). */
  unhold(position: number): void {
    const at = this.holds.map(([p]) => p).lastIndexOf(position);
    if (at !== -1) this.holds.splice(at, 1);
  }

  /** Drops the holds above `position` (snapshots taken after the one reverted to). */
  release(fromPosition: number): void {
    while (this.holds.length > 0 && this.holds[this.holds.length - 1]![0] > fromPosition) this.holds.pop();
  }

  releaseAll(): void {
    this.holds.length = 0;
    this.settle();
  }

  /** Slots held, for memory tests and benchmarks. */
  get slotCount(): number {
    return this.slots.length;
  }
}

/** Saves a shallow copy of `obj` so the undo restores every own field. Array fields must be replaced, never edited in place. */
export function touch<T extends object>(log: UndoLog, obj: T, orders = false): void {
  log.step(ASSIGN, orders, obj, { ...obj });
}

/** Saves one field of `obj` before it changes (cheaper than touch when only that field changes), or the `value` it had. */
export function touchField<T extends object, K extends keyof T>(log: UndoLog, obj: T, key: K, orders = false, value = obj[key]): void {
  log.step(FIELD, orders, obj, key, value);
}

/** Appends to an array that is only ever appended to; the undo truncates it back. */
export function append<T>(log: UndoLog, arr: T[], value: T, orders = false): number {
  log.step(TRUNCATE, orders, arr, arr.length);
  return arr.push(value);
}

/**
 * A Map whose set/delete are undoable. An undone delete restores the key at its old position (listings
 * and the state image depend on insertion order): O(n), so the maps deleted from are small ones.
 */
export class TrackedMap<K, V> extends Map<K, V> {
  private log: UndoLog | undefined;
  private orders = false;

  static create<K, V>(log: UndoLog, options: { orders?: boolean } = {}, entries?: Iterable<readonly [K, V]>): TrackedMap<K, V> {
    const m = new TrackedMap<K, V>();
    if (entries) for (const [k, v] of entries) Map.prototype.set.call(m, k, v);
    m.log = log;
    m.orders = options.orders ?? false;
    return m;
  }

  override set(key: K, value: V): this {
    const log = this.log;
    if (log) {
      if (super.has(key)) log.step(MAP_SET, this.orders, this, key, super.get(key));
      else log.step(MAP_DELETE, this.orders, this, key);
    }
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    const log = this.log;
    if (log && super.has(key)) {
      const prev = super.get(key) as V;
      let index = 0;
      for (const k of super.keys()) {
        if (k === key) break;
        index++;
      }
      log.record(() => this.reinsert(index, key, prev), this.orders);
    }
    return super.delete(key);
  }

  override clear(): void {
    throw new Error('TrackedMap.clear is not undoable; delete keys one by one');
  }

  private reinsert(index: number, key: K, value: V): void {
    const all = [...super.entries()];
    all.splice(index, 0, [key, value]);
    Map.prototype.clear.call(this);
    for (const [k, v] of all) Map.prototype.set.call(this, k, v);
  }
}

/** A Set whose add/delete are undoable. Its iteration order is not restored after a delete: dump it sorted. */
export class TrackedSet<T> extends Set<T> {
  private log: UndoLog | undefined;
  private orders = false;

  static create<T>(log: UndoLog, options: { orders?: boolean } = {}, values?: Iterable<T>): TrackedSet<T> {
    const s = new TrackedSet<T>();
    if (values) for (const v of values) Set.prototype.add.call(s, v);
    s.log = log;
    s.orders = options.orders ?? false;
    return s;
  }

  override add(value: T): this {
    if (this.log && !super.has(value)) this.log.step(SET_DELETE, this.orders, this, value);
    return super.add(value);
  }

  override delete(value: T): boolean {
    if (this.log && super.has(value)) this.log.step(SET_ADD, this.orders, this, value);
    return super.delete(value);
  }

  override clear(): void {
    throw new Error('TrackedSet.clear is not undoable; delete values one by one');
  }
}
