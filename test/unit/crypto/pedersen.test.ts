// Unit tests for src/crypto/pedersen.ts: constants, input checks, known values.
import { describe, expect, it } from 'vitest';
import { pedersen as scurePedersen } from '@scure/starknet';
import { CURVE_ORDER, FIELD_PRIME, pedersen } from '../../../src/crypto/pedersen.js';

describe('pedersen constants', () => {
  it('FIELD_PRIME is 2^251 + 17·2^192 + 1', () => {
    expect(FIELD_PRIME).toBe(2n ** 251n + 17n * 2n ** 192n + 1n);
    expect(FIELD_PRIME).toBe(0x800000000000011000000000000000000000000000000000000000000000001n);
  });

  it('CURVE_ORDER is the Stark curve group order n', () => {
    expect(CURVE_ORDER).toBe(0x800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2fn);
  });
});

describe('pedersen', () => {
  it('returns a bigint field element equal to scure pedersen', () => {
    const h = pedersen(1n, 2n);
    expect(typeof h).toBe('bigint');
    expect(h).toBe(BigInt(scurePedersen(1n, 2n)));
    expect(h).toBe(0x5bb9440e27889a364bcb678b1f679ecd1347acdedcbf36e83494f857cc58026n);
  });

  it('accepts the largest field element, which is above 2^251', () => {
    expect(FIELD_PRIME - 1n).toBeGreaterThan(2n ** 251n);
    expect(pedersen(FIELD_PRIME - 1n, FIELD_PRIME - 1n)).toBeLessThan(FIELD_PRIME);
  });

  it('H(233, 0) is Reddio cancel-order 233 (real-service §2.8)', () => {
    expect(pedersen(233n, 0n)).toBe(0x2d97ce4376a8cec568b243857eafd329fd90afca2437a3368f34884eed53fd3n);
  });

  it.each([
    ['a = p', FIELD_PRIME, 0n, /a must be/],
    ['b = p', 0n, FIELD_PRIME, /b must be/],
    ['a = -1', -1n, 0n, /a must be/],
    ['b = 2^256', 0n, 2n ** 256n, /b must be/],
  ])('throws RangeError for %s', (_name, a, b, message) => {
    expect(() => pedersen(a, b)).toThrow(RangeError);
    expect(() => pedersen(a, b)).toThrow(message);
  });

  it('throws TypeError for non-bigint input', () => {
    expect(() => pedersen(1 as unknown as bigint, 2n)).toThrow(TypeError);
    expect(() => pedersen(1n, '0x2' as unknown as bigint)).toThrow(TypeError);
  });
});
