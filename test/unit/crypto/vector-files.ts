// Test-only access to the shared StarkEx vector files: locating the folder, parsing, counting.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every vector file the crypto tests know how to check; a new file must be added here. */
export const VECTOR_FILES = [
  'signature_test_data.json',
  'rfc6979_signature_test_vector.json',
  'keys_precomputed.json',
  'assets_precomputed.json',
  'starkex-derived.json',
  'transcribed-inline-vectors.json',
] as const;
export type VectorFile = (typeof VECTOR_FILES)[number];

// The shared folder sits next to the repository root (/work/shared beside /work/main).
const FALLBACK_VECTORS_DIR = '/work/shared/vectors';

function locateVectorsDir(): string {
  const candidates = [
    process.env['L2_DEVNET_VECTORS_DIR'],
    fileURLToPath(new URL('../../../../shared/vectors', import.meta.url)),
    path.resolve(process.cwd(), '../shared/vectors'),
    FALLBACK_VECTORS_DIR,
  ].filter((c): c is string => typeof c === 'string' && c.length > 0);
  for (const dir of candidates) {
    if (existsSync(path.join(dir, 'signature_test_data.json'))) return dir;
  }
  throw new Error(`StarkEx vector folder not found; looked in: ${candidates.join(', ')}`);
}

export const VECTORS_DIR: string = locateVectorsDir();

/** Names of the .json files actually present in the vector folder. */
export function listVectorFiles(): string[] {
  return readdirSync(VECTORS_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export function readVectorFile(name: VectorFile): unknown {
  const file = path.join(VECTORS_DIR, name);
  if (!existsSync(file)) throw new Error(`vector file missing: ${file}`);
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

/** Parses a JSON number, decimal string or 0x-hex string (any case) into a bigint. */
export function big(v: unknown): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
  if (typeof v === 'string' && /^(0x[0-9a-f]+|[0-9]+)$/i.test(v)) return BigInt(v);
  throw new TypeError(`not an integer literal: ${JSON.stringify(v)}`);
}

export const hex = (v: bigint): string => '0x' + v.toString(16);

/**
 * Records which vectors a test file actually checked, so a final test can prove that no vector
 * was skipped by an empty or short loop.
 */
export class Ledger {
  readonly #seen = new Set<string>();
  record(id: string): void {
    this.#seen.add(id);
  }
  get ids(): string[] {
    return [...this.#seen].sort();
  }
}
