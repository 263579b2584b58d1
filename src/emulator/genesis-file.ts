// Reads a genesis document from disk (the embedded default or --genesis FILE).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { GenesisError } from '../domain/lifecycle/genesis.js';

/**
 * The embedded default genesis, shipped in the package's fixtures folder: found through the package's
 * own name ("exports"), the same from src/, from dist/ and from the CLI's bundle.
 */
export const DEFAULT_GENESIS_PATH = createRequire(import.meta.url).resolve('l2-devnet/fixtures/default.json');

export function readGenesisFile(path: string = DEFAULT_GENESIS_PATH): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new GenesisError(`genesis file ${path}`, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new GenesisError(`genesis file ${path}`, `is not valid JSON (${(e as Error).message})`);
  }
}
