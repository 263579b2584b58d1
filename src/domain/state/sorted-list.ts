// A sorted list of distinct values as a counted B+tree: add, delete, rank and select in O(log n), a
// slice of k values in O(log n + k). The read side's list indexes (ListIndexes, state.ts) are built of these.

/** Negative when a sorts before b, 0 when they are the same value. */
export type Compare<T> = (a: T, b: T) => number;

const LEAF_MAX = 64;
const INNER_MAX = 32;
/** Below these a node is merged into a neighbour that has room (deletions never leave the tree sparse). */
const LEAF_LOW = LEAF_MAX / 4;
const INNER_LOW = INNER_MAX / 4;
/** How full fromSorted packs its nodes: room for inserts without an immediate split. */
const LEAF_FILL = (LEAF_MAX * 3) / 4;
const INNER_FILL = (INNER_MAX * 3) / 4;

interface Leaf<T> {
  leaf: true;
  values: T[];
}

interface Inner<T> {
  leaf: false;
  children: Node<T>[];
  /**
   * mins[i] separates child i-1 from child i: above every value of child i-1, at most every value of
   * child i (it may lag behind deletions, which keeps it a separator). mins[0] is never read.
   */
  mins: T[];
  size: number;
}

type Node<T> = Leaf<T> | Inner<T>;

function sizeOf<T>(n: Node<T>): number {
  return n.leaf ? n.values.length : n.size;
}

export class SortedList<T> {
  private root: Node<T> = { leaf: true, values: [] };

  constructor(private readonly compare: Compare<T>) {}

  /** A list of `values`, which must be sorted and distinct (not checked beyond a cheap assert). */
  static fromSorted<T>(compare: Compare<T>, values: readonly T[]): SortedList<T> {
    const list = new SortedList(compare);
    if (values.length === 0) return list;
    let level: Node<T>[] = [];
    for (let i = 0; i < values.length; i += LEAF_FILL) level.push({ leaf: true, values: values.slice(i, i + LEAF_FILL) });
    let mins: T[] = level.map((l) => (l as Leaf<T>).values[0]!);
    while (level.length > 1) {
      const up: Node<T>[] = [];
      const upMins: T[] = [];
      for (let i = 0; i < level.length; i += INNER_FILL) {
        const children = level.slice(i, i + INNER_FILL);
        up.push({ leaf: false, children, mins: mins.slice(i, i + INNER_FILL), size: children.reduce((s, c) => s + sizeOf(c), 0) });
        upMins.push(mins[i]!);
      }
      level = up;
      mins = upMins;
    }
    list.root = level[0]!;
    return list;
  }

  get size(): number {
    return sizeOf(this.root);
  }

  /** Adds `value`; false when an equal value is already there (nothing changes). */
  add(value: T): boolean {
    const split = this.insert(this.root, value);
    if (split === false) return false;
    if (split !== null) {
      const old = this.root;
      this.root = { leaf: false, children: [old, split.node], mins: [split.min, split.min], size: sizeOf(old) + sizeOf(split.node) };
    }
    return true;
  }

  /** Removes the value equal to `value`; false when there is none. */
  delete(value: T): boolean {
    if (!this.remove(this.root, value)) return false;
    while (!this.root.leaf && this.root.children.length === 1) this.root = this.root.children[0]!;
    if (!this.root.leaf && this.root.children.length === 0) this.root = { leaf: true, values: [] };
    return true;
  }

  has(value: T): boolean {
    let node = this.root;
    while (!node.leaf) node = node.children[this.childIndex(node, value)]!;
    const i = this.lowerBound(node.values, value);
    return i < node.values.length && this.compare(node.values[i]!, value) === 0;
  }

  /** How many values sort before `value`. */
  rank(value: T): number {
    let node = this.root;
    let r = 0;
    while (!node.leaf) {
      const i = this.childIndex(node, value);
      for (let j = 0; j < i; j++) r += sizeOf(node.children[j]!);
      node = node.children[i]!;
    }
    return r + this.lowerBound(node.values, value);
  }

  /** The value at `index` (0 = smallest), undefined out of range. */
  at(index: number): T | undefined {
    if (index < 0 || index >= this.size) return undefined;
    let node = this.root;
    while (!node.leaf) {
      let i = 0;
      for (;;) {
        const s = sizeOf(node.children[i]!);
        if (index < s) break;
        index -= s;
        i++;
      }
      node = node.children[i]!;
    }
    return node.values[index];
  }

  /** The values at positions [from, to), ascending. */
  slice(from = 0, to = this.size): T[] {
    const out: T[] = [];
    from = Math.max(0, from);
    to = Math.min(this.size, to);
    if (from < to) this.collect(this.root, from, to, out);
    return out;
  }

  /** Every value, ascending. */
  values(): T[] {
    return this.slice();
  }

  private collect(node: Node<T>, from: number, to: number, out: T[]): void {
    if (node.leaf) {
      for (let i = from; i < to; i++) out.push(node.values[i]!);
      return;
    }
    for (const child of node.children) {
      const s = sizeOf(child);
      if (to <= 0) return;
      if (from < s) this.collect(child, Math.max(0, from), Math.min(to, s), out);
      from -= s;
      to -= s;
    }
  }

  private lowerBound(values: readonly T[], value: T): number {
    let lo = 0;
    let hi = values.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(values[mid]!, value) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The child whose range holds `value`: the last one whose separator is at most `value` (child 0 below all). */
  private childIndex(node: Inner<T>, value: T): number {
    let lo = 1;
    let hi = node.mins.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(node.mins[mid]!, value) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** false: already there; null: added; otherwise the new right sibling of `node` and its separator. */
  private insert(node: Node<T>, value: T): false | null | { node: Node<T>; min: T } {
    if (node.leaf) {
      const v = node.values;
      const i = this.lowerBound(v, value);
      if (i < v.length && this.compare(v[i]!, value) === 0) return false;
      v.splice(i, 0, value);
      if (v.length <= LEAF_MAX) return null;
      const right = v.splice(LEAF_MAX / 2);
      return { node: { leaf: true, values: right }, min: right[0]! };
    }
    const i = this.childIndex(node, value);
    const split = this.insert(node.children[i]!, value);
    if (split === false) return false;
    node.size++;
    if (split === null) return null;
    node.children.splice(i + 1, 0, split.node);
    node.mins.splice(i + 1, 0, split.min);
    if (node.children.length <= INNER_MAX) return null;
    const children = node.children.splice(INNER_MAX / 2);
    const mins = node.mins.splice(INNER_MAX / 2);
    const size = children.reduce((s, c) => s + sizeOf(c), 0);
    node.size -= size;
    return { node: { leaf: false, children, mins, size }, min: mins[0]! };
  }

  private remove(node: Node<T>, value: T): boolean {
    if (node.leaf) {
      const v = node.values;
      const i = this.lowerBound(v, value);
      if (i >= v.length || this.compare(v[i]!, value) !== 0) return false;
      v.splice(i, 1);
      return true;
    }
    const i = this.childIndex(node, value);
    if (!this.remove(node.children[i]!, value)) return false;
    node.size--;
    this.rebalance(node, i);
    return true;
  }

  /** Drops child i when empty, or merges it with a neighbour when it has become small and they fit in one node. */
  private rebalance(node: Inner<T>, i: number): void {
    const child = node.children[i]!;
    if (sizeOf(child) === 0) {
      node.children.splice(i, 1);
      node.mins.splice(i, 1);
      return;
    }
    const small = child.leaf ? child.values.length < LEAF_LOW : child.children.length < INNER_LOW;
    if (!small) return;
    const width = (n: Node<T>) => (n.leaf ? n.values.length : n.children.length);
    const max = child.leaf ? LEAF_MAX : INNER_MAX;
    if (i > 0 && width(node.children[i - 1]!) + width(child) <= max) this.merge(node, i - 1);
    else if (i + 1 < node.children.length && width(child) + width(node.children[i + 1]!) <= max) this.merge(node, i);
  }

  /** Moves child i+1 into child i (both of one kind, together within a node's capacity). */
  private merge(node: Inner<T>, i: number): void {
    const left = node.children[i]!;
    const right = node.children[i + 1]!;
    if (left.leaf && right.leaf) {
      left.values.push(...right.values);
    } else if (!left.leaf && !right.leaf) {
      // The parent's separator of `right` is a valid separator inside the merged node; right.mins[0] is not.
      left.mins.push(node.mins[i + 1]!, ...right.mins.slice(1));
      left.children.push(...right.children);
      left.size += right.size;
    }
    node.children.splice(i + 1, 1);
    node.mins.splice(i + 1, 1);
  }
}

/** Numbers ascending. */
export const byNumber: Compare<number> = (a, b) => a - b;
