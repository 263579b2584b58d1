// Owns the crypto tables computed at build time: their byte layout, and where they come from at run time.
// `npm run build` writes dist/crypto/tables.bin (scripts/crypto-tables.ts), the fixed-base tables of the
// Pedersen points and the generator, and the wallets of the default seed's genesis accounts (their
// secp256k1 signature costs ~90 ms on a cold start, past the start-up goal: eth-wallet.ts); the edge registers a reader here (crypto does no I/O), used once on
// the first need. Without a usable file the tables are built at run time: slower, never wrong.
import { FixedBaseTable } from './fixed-base.js';
import type { Affine } from './jacobian.js';

/** The sections, in file order. */
export const SECTIONS = { aLow: 0, bLow: 1, pedersenStart: 2, generator: 3, wallets: 4 } as const;
const SECTION_COUNT = 5;

// "L2CT" and a layout version: a file of another layout is not read.
const MAGIC = 0x4c324354;
const VERSION = 2;
const HEADER_WORDS = 3;

/** The sections as one byte string: magic, version, count, each section's length (u32 BE), then the sections. */
export function encodeSections(sections: readonly Uint8Array[]): Uint8Array {
  const head = (HEADER_WORDS + sections.length) * 4;
  const out = new Uint8Array(head + sections.reduce((n, s) => n + s.length, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC);
  view.setUint32(4, VERSION);
  view.setUint32(8, sections.length);
  let at = head;
  sections.forEach((s, i) => {
    view.setUint32((HEADER_WORDS + i) * 4, s.length);
    out.set(s, at);
    at += s.length;
  });
  return out;
}

/** The sections of `bytes` (views, not copies); throws on another layout or a truncated file. */
export function decodeSections(bytes: Uint8Array): Uint8Array[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER_WORDS * 4 || view.getUint32(0) !== MAGIC || view.getUint32(4) !== VERSION) {
    throw new RangeError('not a crypto table file of this version');
  }
  const count = view.getUint32(8);
  if (count !== SECTION_COUNT || bytes.length < (HEADER_WORDS + count) * 4) throw new RangeError(`expected ${SECTION_COUNT} sections`);
  let at = (HEADER_WORDS + count) * 4;
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const length = view.getUint32((HEADER_WORDS + i) * 4);
    if (at + length > bytes.length) throw new RangeError('the crypto table file is truncated');
    out.push(bytes.subarray(at, at + length));
    at += length;
  }
  if (at !== bytes.length) throw new RangeError('the crypto table file has trailing bytes');
  return out;
}

let source: (() => Uint8Array) | undefined;
let sections: Uint8Array[] | null | undefined;

/**
 * Where the build's tables come from: `read` is called once, on the first need, and may throw (no
 * file: the tables are built instead). Set by the edge before any table is needed.
 */
export function setPrecomputedSource(read: () => Uint8Array): void {
  source = read;
  if (sections === null) sections = undefined;
}

/** Section `i` of the build-time tables, or undefined when there is no usable copy (read once). */
export function precomputedSection(i: number): Uint8Array | undefined {
  if (sections === undefined && source !== undefined) {
    try {
      sections = decodeSections(source());
    } catch {
      sections = null;
    }
  }
  return sections?.[i] ?? undefined;
}

/** The table of `base` stored in section `i`, or undefined when there is no usable copy. */
export function precomputedTable(i: number, base: Affine, bits: number, window: number): FixedBaseTable | undefined {
  const bytes = precomputedSection(i);
  try {
    return bytes && FixedBaseTable.fromBytes(base, bits, window, bytes);
  } catch {
    return undefined;
  }
}
