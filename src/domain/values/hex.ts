// Canonical text forms of field elements, addresses and integers.

/** `0x` + lowercase hex without padding: how the real service prints ids, keys and signatures. */
export function toHex(value: bigint): string {
  return '0x' + value.toString(16);
}

/** `0x` + lowercase hex left-padded to `bytes` bytes (Ethereum addresses). */
export function toPaddedHex(value: bigint, bytes: number): string {
  return '0x' + value.toString(16).padStart(bytes * 2, '0');
}

const HEX_RE = /^0x[0-9a-f]+$/i;
const BARE_HEX_RE = /^[0-9a-f]+$/i;

/** Reads `0x`-prefixed hex (any case, any padding); also bare hex when `allowBare`. Undefined when not hex. */
export function readHex(text: string, allowBare = false): bigint | undefined {
  if (HEX_RE.test(text)) return BigInt(text.toLowerCase());
  if (allowBare && BARE_HEX_RE.test(text)) return BigInt('0x' + text);
  return undefined;
}

/**
 * An Ethereum address: 0x hex whose value fits 160 bits, with or without leading zeros. A stark key
 * below 2^160 would be a 2^-91 accident, so the value decides which kind of owner a text names.
 */
export function isEthAddressText(text: string): boolean {
  const v = readHex(text);
  return v !== undefined && v < 1n << 160n;
}
