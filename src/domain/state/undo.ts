// The undo log: every state mutation leaves a closure that reverses it. A command that fails half-way
// rolls back to where it began, and a snapshot is only a position in the log (no copy of the state).

// Each step is a few slots of one flat array (its operands) and one byte of a second (its kind): no
// closure and no entry object per step, so a live snapshot costs little more memory per command than
// the command's own data.
const FN = 0; // [fn]
const MAP_SET = 1; // [map, key, value]: Map.prototype.set
const MAP_DELETE = 2; // [map, key]
const SET_ADD = 3; // [set, value]
const SET_DELETE = 4; // [set, value]
const TRUNCATE = 5; // [array, length]
const FIELD = 6; // [object, key, value]
const ASSIGN = 7; // [object, copy]
const CALL = 8; // [fn, a, b]: fn(a, b), a module-level function (no closure per step)
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
  /** Positions that must stay reachable (live snapshots), ascending, with the slot index of each. */
  private readonly holds: number[] = [];
  private readonly holdSlots: number[] = [];

  /** Position of the next step: a snapshot is one of these. */
  get size(): number {
    return this.dropped + this.steps;
  }

  /** Whether steps outlive the command that took them (some snapshot is live). */
  get keeping(): boolean {
    return this.holds.length > 0;
  }

  private kind(kind: number): void {
    if (this.steps === this.kinds.length) {
      const grown = new Uint8Array(this.kinds.length * 2);
      grown.set(this.kinds);
      this.kinds = grown;
    }
    this.kinds[this.steps++] = kind;
  }

  private push2(kind: number, a: unknown): void {
    this.slots.push(a);
    this.kind(kind);
  }

  private push3(kind: number, a: unknown, b: unknown): void {
    this.slots.push(a, b);
    this.kind(kind);
  }

  private push4(kind: number, a: unknown, b: unknown, c: unknown): void {
    this.slots.push(a, b, c);
    this.kind(kind);
  }

  record(undo: () => void, orders = false): void {
    this.push2(FN | (orders ? ORDERS : 0), undo);
  }

  mapSet<K, V>(map: Map<K, V>, key: K, value: V, orders: boolean): void {
    this.push4(MAP_SET | (orders ? ORDERS : 0), map, key, value);
  }

  mapDelete<K>(map: Map<K, unknown>, key: K, orders: boolean): void {
    this.push3(MAP_DELETE | (orders ? ORDERS : 0), map, key);
  }

  setAdd<T>(set: Set<T>, value: T, orders: boolean): void {
    this.push3(SET_ADD | (orders ? ORDERS : 0), set, value);
  }

  setDelete<T>(set: Set<T>, value: T, orders: boolean): void {
    this.push3(SET_DELETE | (orders ? ORDERS : 0), set, value);
  }

  truncate(array: unknown[], length: number, orders: boolean): void {
    this.push3(TRUNCATE | (orders ? ORDERS : 0), array, length);
  }

  /**
   * One step that undoes several edits made without tracking: `undo(a, b)` must reverse exactly
   * those edits (the steps recorded after this one are undone before it).
   */
  call<A, B>(undo: (a: A, b: B) => void, a: A, b: B, orders = false): void {
    this.push4(CALL | (orders ? ORDERS : 0), undo, a, b);
  }

  field<T extends object, K extends keyof T>(obj: T, key: K, value: T[K], orders = false): void {
    this.push4(FIELD | (orders ? ORDERS : 0), obj, key, value);
  }

  assign<T extends object>(obj: T, copy: Partial<T>, orders: boolean): void {
    this.push3(ASSIGN | (orders ? ORDERS : 0), obj, copy);
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
      switch (kind & 15) {
        case FN:
          (slots[--i] as () => void)();
          break;
        case MAP_SET:
          i -= 3;
          Map.prototype.set.call(slots[i] as Map<unknown, unknown>, slots[i + 1], slots[i + 2]);
          break;
        case MAP_DELETE:
          i -= 2;
          Map.prototype.delete.call(slots[i] as Map<unknown, unknown>, slots[i + 1]);
          break;
        case SET_ADD:
          i -= 2;
          Set.prototype.add.call(slots[i] as Set<unknown>, slots[i + 1]);
          break;
        case SET_DELETE:
          i -= 2;
          Set.prototype.delete.call(slots[i] as Set<unknown>, slots[i + 1]);
          break;
        case TRUNCATE:
          i -= 2;
          (slots[i] as unknown[]).length = slots[i + 1] as number;
          break;
        case FIELD:
          i -= 3;
          (slots[i] as Record<PropertyKey, unknown>)[slots[i + 1] as PropertyKey] = slots[i + 2];
          break;
        case CALL:
          i -= 3;
          (slots[i] as (a: unknown, b: unknown) => void)(slots[i + 1], slots[i + 2]);
          break;
        default:
          i -= 2;
          Object.assign(slots[i] as object, slots[i + 1]);
      }
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
    const oldest = this.holds[0]!;
    if (oldest > this.dropped) {
      const cut = this.holdSlots[0]! - this.droppedSlots;
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
    this.holds.push(position);
    this.holdSlots.push(this.droppedSlots + this.slots.length);
  }

  /** Drops one hold at `position` (a deleted snapshot, or one whose taking is undone). */
  unhold(position: number): void {
    const at = this.holds.lastIndexOf(position);
    if (at === -1) return;
    this.holds.splice(at, 1);
    this.holdSlots.splice(at, 1);
  }

  /** Drops the holds above `position` (snapshots taken after the one reverted to). */
  release(fromPosition: number): void {
    while (this.holds.length > 0 && this.holds[this.holds.length - 1]! > fromPosition) {
      this.holds.pop();
      this.holdSlots.pop();
    }
  }

  releaseAll(): void {
    this.holds.length = 0;
    this.holdSlots.length = 0;
    this.settle();
  }

  /** Slots held, for memory tests and benchmarks. */
  get slotCount(): number {
    return this.slots.length;
  }
}

/** Saves a shallow copy of `obj` so the undo restores every own field. Array fields must be replaced, never edited in place. */
export function touch<T extends object>(log: UndoLog, obj: T, orders = false): void {
  log.assign(obj, { ...obj }, orders);
}

/** Saves one field of `obj` before it changes (cheaper than touch when only that field changes). */
export function touchField<T extends object, K extends keyof T>(log: UndoLog, obj: T, key: K, orders = false): void {
  log.field(obj, key, obj[key], orders);
}

/** Appends to an array that is only ever appended to; the undo truncates it back. */
export function append<T>(log: UndoLog, arr: T[], value: T, orders = false): number {
  log.truncate(arr, arr.length, orders);
  return arr.push(value);
}

/**
 * A Map whose set/delete are undoable. `ordered` maps also restore a deleted key at its old position
 * (listings and the state image depend on insertion order); that costs O(n) per delete, so only small,
 * rarely-deleted maps (projects, contracts) are ordered. Unordered maps are dumped sorted.
 */
export class TrackedMap<K, V> extends Map<K, V> {
  private log: UndoLog | undefined;
  private ordered = true;
  private orders = false;

  static create<K, V>(
    log: UndoLog,
    options: { ordered?: boolean; orders?: boolean } = {},
    entries?: Iterable<readonly [K, V]>,
  ): TrackedMap<K, V> {
    const m = new TrackedMap<K, V>();
    if (entries) for (const [k, v] of entries) Map.prototype.set.call(m, k, v);
    m.log = log;
    m.ordered = options.ordered ?? true;
    m.orders = options.orders ?? false;
    return m;
  }

  override set(key: K, value: V): this {
    const log = this.log;
    if (log) {
      if (super.has(key)) log.mapSet(this, key, super.get(key) as V, this.orders);
      else log.mapDelete(this, key, this.orders);
    }
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    const log = this.log;
    if (log && super.has(key)) {
      const prev = super.get(key) as V;
      if (this.ordered) {
        let index = 0;
        for (const k of super.keys()) {
          if (k === key) break;
          index++;
        }
        log.record(() => this.reinsert(index, key, prev), this.orders);
      } else {
        log.mapSet(this, key, prev, this.orders);
      }
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
    if (this.log && !super.has(value)) this.log.setDelete(this, value, this.orders);
    return super.add(value);
  }

  override delete(value: T): boolean {
    if (this.log && super.has(value)) this.log.setAdd(this, value, this.orders);
    return super.delete(value);
  }

  override clear(): void {
    throw new Error('TrackedSet.clear is not undoable; delete values one by one');
  }
}
