// Owns the argument checks shared by the crypto modules (type and range, with the argument named).

/** Throws a TypeError unless `value` is a bigint. */
export function assertBigInt(name: string, value: unknown): asserts value is bigint {
  if (typeof value !== 'bigint') {
    throw new TypeError(`${name} must be a bigint, got ${typeof value}`);
  }
}

/** Throws unless `value` is a bigint with min <= value < maxExclusive. */
export function assertInRange(name: string, value: unknown, min: bigint, maxExclusive: bigint): asserts value is bigint {
  assertBigInt(name, value);
  if (value < min || value >= maxExclusive) {
    throw new RangeError(`${name} must be in [${hex(min)}, ${hex(maxExclusive)}), got ${hex(value)}`);
  }
}

// Hex keeps 2^k bounds readable in error messages; negatives keep their sign.
function hex(v: bigint): string {
  return v < 0n ? `-0x${(-v).toString(16)}` : `0x${v.toString(16)}`;
}
