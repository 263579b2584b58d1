// Reads the crypto tables the build wrote (dist/crypto/tables.bin) for src/crypto, on its first need.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPrecomputedSource } from '../crypto/precomputed.js';

/**
 * The table file's path, through the package's own name ("exports" in package.json): found the same
 * from dist/, from a bundle or from src/ under tsx (once built). Throws when it cannot be resolved.
 */
export function cryptoTablesPath(): string {
  return createRequire(import.meta.url).resolve('l2-devnet/crypto-tables');
}

let registered = false;

/** Lets src/crypto read the build's tables (once, when first needed; nothing is read here). Idempotent. */
export function useBuiltCryptoTables(): void {
  if (registered) return;
  registered = true;
  setPrecomputedSource(() => readFileSync(cryptoTablesPath()));
}
