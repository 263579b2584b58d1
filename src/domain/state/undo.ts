// The undo log: every state mutation leaves a closure that reverses it. A command that fails half-way
// rolls back to where it began, and a snapshot is only a position in the log (no copy of the state).

/** One reversible step; `orders` marks steps that invalidate the derived order-book indexes. */
interface Entry {
  undo: () => void;
  orders: boolean;
}

export class UndoLog {
  private readonly entries: Entry[] = [];
  /** Positions that must stay reachable (live snapshots); while none, the log empties after each command. */
  private readonly holds: number[] = [];

  get size(): number {
    return this.entries.length;
  }

  record(undo: () => void, orders = false): void {
    this.entries.push({ undo, orders });
  }

  /** Undoes every step after `position`, newest first. Returns whether any undone step touched orders. */
  rollbackTo(position: number): boolean {
    let orders = false;
    while (this.entries.length > position) {
      const e = this.entries.pop()!;
      e.undo();
      orders ||= e.orders;
    }
    return orders;
  }

  /** Called when a command has committed: without live snapshots nothing needs to stay undoable. */
  settle(): void {
    if (this.holds.length === 0) this.entries.length = 0;
  }

  hold(position: number): void {
    this.holds.push(position);
  }

  /** Drops the holds above `position` (snapshots taken after the one reverted to, or all of them). */
  release(fromPosition: number): void {
    while (this.holds.length > 0 && this.holds[this.holds.length - 1]! > fromPosition) this.holds.pop();
  }

  releaseAll(): void {
    this.holds.length = 0;
    this.entries.length = 0;
  }
}

/** Saves a shallow copy of `obj` so the undo restores every own field. Array fields must be replaced, never edited in place. */
export function touch<T extends object>(log: UndoLog, obj: T, orders = false): void {
  const copy = { ...obj };
  log.record(() => Object.assign(obj, copy), orders);
}

/** Appends to an array that is only ever appended to; the undo truncates it back. */
export function append<T>(log: UndoLog, arr: T[], value: T, orders = false): number {
  const length = arr.length;
  log.record(() => {
    arr.length = length;
  }, orders);
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

  static create<K, V>(log: UndoLog, options: { ordered?: boolean; orders?: boolean } = {}, entries?: Iterable<readonly [K, V]>): TrackedMap<K, V> {
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
      if (super.has(key)) {
        const prev = super.get(key) as V;
        log.record(() => void Map.prototype.set.call(this, key, prev), this.orders);
      } else {
        log.record(() => void Map.prototype.delete.call(this, key), this.orders);
      }
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
        log.record(() => void Map.prototype.set.call(this, key, prev), this.orders);
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
    if (this.log && !super.has(value)) this.log.record(() => void Set.prototype.delete.call(this, value), this.orders);
    return super.add(value);
  }

  override delete(value: T): boolean {
    if (this.log && super.has(value)) this.log.record(() => void Set.prototype.add.call(this, value), this.orders);
    return super.delete(value);
  }

  override clear(): void {
    throw new Error('TrackedSet.clear is not undoable; delete values one by one');
  }
}
