// Text encodings of persisted values: journal lines keep bigints tagged so every argument comes back with
// its type, and every line and image carries a checksum that chains it to what came before.
import { createHash } from 'node:crypto';

/** One journal line's value: bigints become {"$big":"digits"}, everything else is plain JSON. */
export function encodeLine(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? { $big: v.toString() } : v));
}

/** The inverse of encodeLine (V8's JSON.parse is linear, with no nesting limit). */
export function decodeLine(text: string): unknown {
  return JSON.parse(text, (_k, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    return keys.length === 1 && keys[0] === '$big' && typeof o.$big === 'string' && /^-?\d+$/.test(o.$big) ? BigInt(o.$big) : o;
  });
}

/** Hex digits of a line checksum (128 bits of sha256: detection of damage, not a signature). */
export const SUM_LENGTH = 32;
/** The chain value before the first command: every journal starts from it or from an image's value. */
export const CHAIN_START = '0'.repeat(SUM_LENGTH);

const SUM_PREFIX = ',"sum":"';
const SUM_SUFFIX = '"}';

/** The checksum of a line body after `previous` (the chain value so far). */
export function lineSum(previous: string, body: string): string {
  return createHash('sha256').update(previous, 'utf8').update(body, 'utf8').digest('hex').slice(0, SUM_LENGTH);
}

/** `{...}` -> `{...,"sum":"<hex>"}`: the line stays one JSON object, its checksum as the last field. */
export function sealLine(body: string, sum: string): string {
  return body.slice(0, -1) + SUM_PREFIX + sum + SUM_SUFFIX;
}

/** Splits a sealed line into its body and checksum; undefined when it does not end in a checksum field. */
export function unsealLine(line: string, sumLength = SUM_LENGTH): { body: string; sum: string } | undefined {
  const tail = SUM_PREFIX.length + sumLength + SUM_SUFFIX.length;
  if (line.length <= tail || !line.endsWith(SUM_SUFFIX)) return undefined;
  const at = line.length - tail;
  if (line.slice(at, at + SUM_PREFIX.length) !== SUM_PREFIX) return undefined;
  const sum = line.slice(at + SUM_PREFIX.length, line.length - SUM_SUFFIX.length);
  return /^[0-9a-f]*$/.test(sum) ? { body: line.slice(0, at) + '}', sum } : undefined;
}
