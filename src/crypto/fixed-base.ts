// Owns fixed-window tables of one constant point's multiples, and scalar multiplication by table lookups.
import { numberToBytesBE } from '@noble/curves/utils.js';
import { A, P } from './curve.js';
import { Jacobian, addAffineInPlace, doubleInPlace, invertAll, modP, toAffineBatch } from './jacobian.js';
import type { Affine } from './jacobian.js';

/** Bytes per stored point: x then y, 32 bytes each, big-endian. */
const POINT_BYTES = 64;

/** A table's points as built (x and y arrays). */
type Rows = { xs: bigint[]; ys: bigint[] };

/**
 * Signed fixed windows: the scalar is recoded into digits d_i in [-2^(w-1), 2^(w-1)] with
 * k = sum d_i·2^(w·i), and the table holds d·2^(w·i)·B for 1 <= d <= 2^(w-1), stored affine.
 * Then k·B is at most one mixed addition per window and no doubling; a negative digit adds the
 * negated point, which costs nothing (y -> -y). Signed digits halve the table for a given window.
 */
export class FixedBaseTable {
  readonly window: number;
  readonly windows: number;
  // Flat x/y arrays, index i·2^(w-1) + (|d| - 1): smaller and faster to index than point objects.
  // A table read from bytes fills them on first use of each point (holes until then).
  readonly #xs: (bigint | undefined)[];
  readonly #ys: (bigint | undefined)[];
  readonly #bytes: DataView | undefined;
  readonly #half: number;
  readonly #full: number;
  readonly #mask: bigint;
  readonly #shift: bigint;

  /** Table for scalars 0 <= k < 2^bits, in windows of `window` bits (2..16). */
  constructor(base: Affine, bits: number, window: number, rows?: Rows | DataView) {
    if (!Number.isSafeInteger(bits) || bits < 1) throw new RangeError(`bits must be a positive integer, got ${bits}`);
    if (!Number.isSafeInteger(window) || window < 2 || window > 16) {
      throw new RangeError(`window must be an integer in [2, 16], got ${window}`);
    }
    this.window = window;
    // One bit more than the scalar: the top window's digit plus an incoming carry still fits.
    this.windows = Math.ceil((bits + 1) / window);
    this.#full = 2 ** window;
    this.#half = this.#full / 2;
    this.#mask = BigInt(this.#full - 1);
    this.#shift = BigInt(window);
    if (rows instanceof DataView) {
      if (rows.byteLength !== this.size * POINT_BYTES)
        throw new RangeError(`a table of ${this.size} points takes ${this.size * POINT_BYTES} bytes, got ${rows.byteLength}`);
      this.#bytes = rows;
      this.#xs = new Array<bigint | undefined>(this.size);
      this.#ys = new Array<bigint | undefined>(this.size);
      // The first point is the base itself: a table of some other point is refused here.
      if (this.#fill(0) !== base.x || this.#ys[0] !== base.y) throw new RangeError('the table is not of this base point');
      return;
    }
    rows ??= finish(buildRows(base, this.windows, window));
    this.#bytes = undefined;
    this.#xs = rows.xs;
    this.#ys = rows.ys;
  }

  /**
   * The same table from the bytes toBytes() wrote (a build-time copy): nothing is converted until a
   * point is first used, so loading costs no more than the bytes. Throws on bytes of another shape or base.
   */
  static fromBytes(base: Affine, bits: number, window: number, bytes: Uint8Array): FixedBaseTable {
    return new FixedBaseTable(base, bits, window, new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }

  /** Every point, x then y, 32 bytes each, big-endian (what fromBytes reads). */
  toBytes(): Uint8Array {
    return encodePoints(Array.from({ length: this.size }, (_, i) => ({ x: this.#xs[i] ?? this.#fill(i), y: this.#ys[i]! })));
  }

  /** Converts point i from the bytes (both coordinates); returns its x. */
  #fill(i: number): bigint {
    const view = this.#bytes!;
    const x = readWord(view, i * POINT_BYTES);
    this.#ys[i] = readWord(view, i * POINT_BYTES + 32);
    this.#xs[i] = x;
    return x;
  }

  /**
   * The same table, built a few windows at a time: each `yield` is a pause of a millisecond or two of
   * work, so a caller can build it in idle time between requests (see cryptoWarmUp in verify.ts).
   */
  static *inSlices(base: Affine, bits: number, window: number): Generator<void, FixedBaseTable> {
    const windows = Math.ceil((bits + 1) / window);
    const rows = yield* buildRows(base, windows, window);
    return new FixedBaseTable(base, bits, window, rows);
  }

  /** acc = acc + k·base for 0 <= k < 2^bits (the caller checks the range). */
  addMultiple(acc: Jacobian, k: bigint): void {
    let rest = k;
    let carry = 0;
    for (let i = 0; i < this.windows && (rest !== 0n || carry !== 0); i++) {
      let d = Number(rest & this.#mask) + carry;
      rest >>= this.#shift;
      if (d > this.#half) {
        d -= this.#full;
        carry = 1;
      } else {
        carry = 0;
      }
      if (d === 0) continue;
      const at = i * this.#half + Math.abs(d) - 1;
      const x = this.#xs[at] ?? this.#fill(at);
      const y = this.#ys[at]!;
      addAffineInPlace(acc, x, d > 0 ? y : -y);
    }
  }

  /** Number of affine points held, for memory estimates. */
  get size(): number {
    return this.windows * this.#half;
  }
}

/** The result of a generator run to its end (a build in slices, at once). */
export function finish<T>(steps: Generator<void, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** The 32 big-endian bytes at `at` as a number (converting a stored point on its first use). */
function readWord(view: DataView, at: number): bigint {
  return (
    (view.getBigUint64(at) << 192n) | (view.getBigUint64(at + 8) << 128n) | (view.getBigUint64(at + 16) << 64n) | view.getBigUint64(at + 24)
  );
}

/**
 * Window bases 2^(w·i)·B by doubling, normalised together; then the table a column at a time,
 * d·2^(w·i)·B = (d-1)·2^(w·i)·B + 2^(w·i)·B for every window i at once, in affine coordinates with the
 * windows' inversions shared (cheaper than mixed additions normalised afterwards), a pause after each column.
 */
function* buildRows(base: Affine, windows: number, window: number): Generator<void, Rows> {
  const half = 2 ** (window - 1);
  const bases: Jacobian[] = [];
  const running = Jacobian.fromAffine(base);
  for (let i = 0; i < windows; i++) {
    bases.push(running.copy());
    for (let j = 0; j < window; j++) doubleInPlace(running);
  }
  const b = toAffineBatch(bases);
  const xs = new Array<bigint>(windows * half);
  const ys = new Array<bigint>(windows * half);
  for (let i = 0; i < windows; i++) {
    xs[i * half] = b[i]!.x;
    ys[i * half] = b[i]!.y;
  }
  // No sum below meets infinity or a doubling past d = 2: d·B for 1 < d <= 2^15 is never ±B (B has odd prime order).
  const dens = new Array<bigint>(windows);
  for (let d = 2; d <= half; d++) {
    for (let i = 0; i < windows; i++) {
      const at = i * half + d - 2;
      dens[i] = d === 2 ? 2n * ys[at]! : xs[at]! - b[i]!.x;
    }
    const invs = invertAll(dens);
    for (let i = 0; i < windows; i++) {
      const at = i * half + d - 2;
      const x1 = xs[at]!;
      const y1 = ys[at]!;
      const num = d === 2 ? 3n * ((x1 * x1) % P) + A : y1 - b[i]!.y;
      const l = (num * invs[i]!) % P;
      const x3 = modP(l * l - x1 - b[i]!.x);
      xs[at + 1] = x3;
      ys[at + 1] = modP(l * (x1 - x3) - y1);
    }
    yield;
  }
  return { xs, ys };
}

/** Affine points as bytes, in the layout of toBytes(). */
export function encodePoints(points: readonly Affine[]): Uint8Array {
  const out = new Uint8Array(points.length * POINT_BYTES);
  points.forEach((p, i) => {
    out.set(numberToBytesBE(p.x, 32), i * POINT_BYTES);
    out.set(numberToBytesBE(p.y, 32), i * POINT_BYTES + 32);
  });
  return out;
}

/** The points encodePoints() wrote; throws unless there are exactly `count` of them. */
export function decodePoints(bytes: Uint8Array, count: number): Affine[] {
  if (bytes.length !== count * POINT_BYTES) throw new RangeError(`${count} points take ${count * POINT_BYTES} bytes, got ${bytes.length}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: count }, (_, i) => ({ x: readWord(view, i * POINT_BYTES), y: readWord(view, i * POINT_BYTES + 32) }));
}
