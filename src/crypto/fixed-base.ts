// Owns fixed-window tables of one constant point's multiples, and scalar multiplication by table lookups.
import { Jacobian, addAffineInPlace, doubleInPlace, toAffineBatch } from './jacobian.js';
import type { Affine } from './jacobian.js';

/**
 * Signed fixed windows: the scalar is recoded into digits d_i in [-2^(w-1), 2^(w-1)] with
 * k = sum d_i·2^(w·i), and the table holds d·2^(w·i)·B for 1 <= d <= 2^(w-1), stored affine.
 * Then k·B is at most one mixed addition per window and no doubling; a negative digit adds the
 * negated point, which costs nothing (y -> -y). Signed digits halve the table for a given window.
 */
export class FixedBaseTable {
  readonly window: number;
  readonly windows: number;
  readonly bits: number;
  // Flat x/y arrays, index i·2^(w-1) + (|d| - 1): smaller and faster to index than point objects.
  readonly #xs: bigint[];
  readonly #ys: bigint[];
  readonly #half: number;
  readonly #full: number;
  readonly #mask: bigint;
  readonly #shift: bigint;

  /** Table for scalars 0 <= k < 2^bits, in windows of `window` bits (2..16). */
  constructor(base: Affine, bits: number, window: number, rows?: { xs: bigint[]; ys: bigint[] }) {
    if (!Number.isSafeInteger(bits) || bits < 1) throw new RangeError(`bits must be a positive integer, got ${bits}`);
    if (!Number.isSafeInteger(window) || window < 2 || window > 16) {
      throw new RangeError(`window must be an integer in [2, 16], got ${window}`);
    }
    this.bits = bits;
    this.window = window;
    // One bit more than the scalar: the top window's digit plus an incoming carry still fits.
    this.windows = Math.ceil((bits + 1) / window);
    this.#full = 2 ** window;
    this.#half = this.#full / 2;
    this.#mask = BigInt(this.#full - 1);
    this.#shift = BigInt(window);
    if (rows === undefined) {
      const steps = buildRows(base, this.windows, window);
      let step = steps.next();
      while (!step.done) step = steps.next();
      rows = step.value;
    }
    this.#xs = rows.xs;
    this.#ys = rows.ys;
  }

  /**
   * The same table, built a few windows at a time: each `yield` is a pause of a millisecond or two of
   * work, so a caller can build it in idle time between requests (see crypto/warm.ts).
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
      const y = this.#ys[at]!;
      addAffineInPlace(acc, this.#xs[at]!, d > 0 ? y : -y);
    }
  }

  /** Number of affine points held, for memory estimates. */
  get size(): number {
    return this.#xs.length;
  }
}

/**
 * Window bases 2^(w·i)·B by doubling, normalised together (one inversion for all of them); then each
 * window's row d·2^(w·i)·B (1 <= d <= 2^(w-1)) by mixed additions, normalised per row (one inversion
 * per row, Montgomery's trick), with a pause after each row.
 */
function* buildRows(base: Affine, windows: number, window: number): Generator<void, { xs: bigint[]; ys: bigint[] }> {
  const half = 2 ** (window - 1);
  const bases: Jacobian[] = [];
  const running = Jacobian.fromAffine(base);
  for (let i = 0; i < windows; i++) {
    bases.push(running.copy());
    for (let j = 0; j < window; j++) doubleInPlace(running);
  }
  const xs: bigint[] = [];
  const ys: bigint[] = [];
  for (const b of toAffineBatch(bases)) {
    const multiple = Jacobian.fromAffine(b);
    const row: Jacobian[] = [multiple.copy()];
    for (let d = 2; d <= half; d++) {
      addAffineInPlace(multiple, b.x, b.y);
      row.push(multiple.copy());
    }
    for (const p of toAffineBatch(row)) {
      xs.push(p.x);
      ys.push(p.y);
    }
    yield;
  }
  return { xs, ys };
}
