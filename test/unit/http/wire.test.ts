// Wire helpers: exact JSON integers, number parsing rules, display amounts, timestamps.
import { describe, expect, it } from 'vitest';
import { displayAmount } from '../../../src/domain/values/money.js';
import { isoMicros, parseIsoMicros } from '../../../src/domain/state/clock.js';
import { DevnetError } from '../../../src/domain/values/errors.js';
import { readField } from '../../../src/http/fields/field.js';
import { uint } from '../../../src/http/fields/kinds.js';
import type { UintOptions } from '../../../src/http/fields/kinds.js';

/** A body field of the uint kind, read from one value. */
const uintField = (value: unknown, name: string, o: UintOptions = {}): bigint => readField(uint(o), 'json', value, name);
import { stringify } from '../../../src/domain/values/json.js';
import { VERSION } from '../../../src/core/version.js';
import { readFileSync } from 'node:fs';

describe('stringify', () => {
  it('writes bigints as exact number text and skips undefined properties', () => {
    expect(stringify({ a: 2n ** 63n - 1n, b: undefined, c: ['x', null, 1.5], d: { e: true } })).toBe(
      '{"a":9223372036854775807,"c":["x",null,1.5],"d":{"e":true}}',
    );
  });
});

describe('the uint field kind', () => {
  it('accepts JSON numbers and decimal strings', () => {
    expect(uintField(42, 'n')).toBe(42n);
    expect(uintField('9223372036854775807', 'n')).toBe(2n ** 63n - 1n);
  });
  it('floors a fractional fee_limit only when asked (the JS SDK sends 61.5)', () => {
    expect(uintField(61.5, 'fee_limit', { floorFraction: true })).toBe(61n);
    expect(uintField('61.5', 'fee_limit', { floorFraction: true })).toBe(61n);
    expect(() => uintField(61.5, 'amount')).toThrow(DevnetError);
  });
  it.each([[-1], ['-1'], ['1e3'], ['0x10'], [''], [null], [{}], [2 ** 60], [Number.NaN]])(
    'refuses %s with a message naming the field',
    (v) => {
      expect(() => uintField(v, 'amount', { code: 2 })).toThrow(/amount/);
    },
  );
  it('applies bounds', () => {
    expect(() => uintField('0', 'amount', { min: 1n })).toThrow(/positive/);
    expect(() => uintField('2147483648', 'nonce', { below: 2n ** 31n })).toThrow(/below/);
  });
});

describe('displayAmount', () => {
  it.each([
    [291702n, 10n ** 12n, 18, '0.291702'],
    [8966000n, 10n ** 12n, 18, '8.966'],
    [100000000n, 10n ** 12n, 18, '100'],
    [1000n, 10n ** 12n, 18, '0.001'],
    [1n, 1n, 0, '1'],
    [0n, 10n ** 12n, 18, '0'],
  ])('%s x %s / 10^%s = %s', (q, quantum, dec, text) => {
    expect(displayAmount(q, quantum, dec)).toBe(text);
  });
});

describe('timestamps', () => {
  it('round-trips ISO 8601 with microseconds', () => {
    const t = parseIsoMicros('2022-11-10T12:14:08.123456Z')!;
    expect(isoMicros(t)).toBe('2022-11-10T12:14:08.123456Z');
    expect(parseIsoMicros('2022-11-10 12:14:08')).toBeUndefined();
  });
});

describe('version', () => {
  it('matches package.json', () => {
    expect(JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version).toBe(VERSION);
  });
});
