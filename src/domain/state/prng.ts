// Seeded, counter-based randomness: the only source of "random" values (UUIDs, keys, API keys).
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes, bytesToHex, concatBytes } from '@noble/hashes/utils.js';

/** Serializable PRNG state: the seed text and how many blocks have been drawn. */
export interface PrngState {
  seed: string;
  counter: number;
}

export function createPrng(seed: string): PrngState {
  return { seed, counter: 0 };
}

/** Domain-separated bytes that do not advance the counter: stable per (seed, label). */
export function derivedBytes(seed: string, label: string): Uint8Array {
  return sha256(concatBytes(utf8ToBytes('l2-devnet/v1/'), utf8ToBytes(label), new Uint8Array([0]), utf8ToBytes(seed)));
}

/** Next 32 pseudo-random bytes; advances the state (a command, not a query). */
export function nextBlock(prng: PrngState): Uint8Array {
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setBigUint64(0, BigInt(prng.counter));
  prng.counter += 1;
  return sha256(concatBytes(utf8ToBytes('l2-devnet/prng/'), utf8ToBytes(prng.seed), new Uint8Array([0]), counter));
}

/** RFC 4122 version-4 layout over PRNG bytes, so ids look like the real service's UUIDs. */
export function nextUuid(prng: PrngState): string {
  return formatUuid(nextBlock(prng));
}

export function formatUuid(bytes: Uint8Array): string {
  const b = Uint8Array.from(bytes.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = bytesToHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
