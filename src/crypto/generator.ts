// Owns the generator's fixed-base table: z·w·G in a verification, and priv·G for derived keys.
import { G } from './curve.js';
import { FixedBaseTable } from './fixed-base.js';
import { Jacobian, toAffineBatch } from './jacobian.js';
import type { Affine } from './jacobian.js';
import { SECTIONS, precomputedTable } from './precomputed.js';

// Scalars mod n are below 2^252.
export const SCALAR_BITS = 252;
// One big table (33·128 = 4224 points): 32 mixed additions per multiple, from the build (precomputed.ts)
// or built once per process.
export const BASE_WINDOW = 8;

let table: FixedBaseTable | undefined;

/** A fresh generator table (the build stores its bytes: scripts/crypto-tables.ts). */
export function buildGeneratorTable(): FixedBaseTable {
  return new FixedBaseTable(G, SCALAR_BITS, BASE_WINDOW);
}

/** The process's generator table: the build's copy, else built on first use. */
export function generatorTable(): FixedBaseTable {
  table ??= precomputedTable(SECTIONS.generator, G, SCALAR_BITS, BASE_WINDOW) ?? buildGeneratorTable();
  return table;
}

/** The table a row at a time when it has to be built (for idle time); at once from the build's copy. */
export function* generatorTableInSlices(): Generator<void, void> {
  if (table !== undefined) return;
  const built =
    precomputedTable(SECTIONS.generator, G, SCALAR_BITS, BASE_WINDOW) ?? (yield* FixedBaseTable.inSlices(G, SCALAR_BITS, BASE_WINDOW));
  table ??= built;
}

/** k·G for 0 < k < n, affine (by the table: 32 additions and one inversion). */
export function generatorMultiple(k: bigint): Affine {
  const acc = Jacobian.infinity();
  generatorTable().addMultiple(acc, k);
  const [point] = toAffineBatch([acc]);
  return point!;
}
