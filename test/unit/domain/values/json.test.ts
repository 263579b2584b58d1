// Exact-integer JSON on top of JSON.parse: integers past 2^53 kept exact (as bigint, or as the
// strings of digits a state dump writes), everything else as JSON.parse reads it.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JsonSyntaxError, parseExact, parseQuotingBigIntegers, stringify } from '../../../../src/domain/values/json.js';

/** parseExact's answer with every bigint turned back into a number, as JSON.parse would read it. */
const rounded = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x)));

describe('parseExact', () => {
  it('agrees with JSON.parse on every JSON value fast-check writes, strings with NULs and digits included', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(rounded(parseExact(text))).toEqual(JSON.parse(text));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('\u0000', '1', '-', '\\', '"', 'a') })), (xs) => {
        expect(parseExact(JSON.stringify(xs))).toEqual(xs);
      }),
    );
  });

  it('refuses what JSON.parse refuses, with a JsonSyntaxError', () => {
    for (const text of ['{"a":1,}', '[1,2', '"ab\u0001"', '', '{"format":']) expect(() => parseExact(text)).toThrow(JsonSyntaxError);
  });

  it('keeps "__proto__" as an own key, as JSON.parse does, never as the prototype', () => {
    const v = parseExact('{"__proto__":{"polluted":1},"a":12345678901234567890}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps integers of 16+ digits exact as bigint, and only those; a string that looks like a mark stays a string', () => {
    const v = parseExact(
      '{"a":123456789012345678901234567890,"b":-1234567890123456,"c":123456789012345,"d":1234567890123456.5,"e":"1234567890123456789","f":1e20,"g":"\\u00001234567890123456789","h":"\\\\u0000"}',
    );
    expect(v).toEqual({
      a: 123456789012345678901234567890n,
      b: -1234567890123456n,
      c: 123456789012345,
      d: 1234567890123456.5,
      e: '1234567890123456789',
      f: 1e20,
      g: '\u00001234567890123456789',
      h: '\\u0000',
    });
  });

  it('round-trips stringify of bigints beyond 2^53', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(1n << 200n), max: 1n << 200n }), { maxLength: 20 }), (xs) => {
        const big = xs.map((x) => (x <= -(10n ** 15n) || x >= 10n ** 15n ? x : Number(x)));
        expect(parseExact(stringify({ xs: big }))).toEqual({ xs: big });
      }),
    );
  });

  it('parses a 12,000,000-character string, a run of escapes and 200,000 levels of nesting', () => {
    const v = parseExact(`{"name":"${'m'.repeat(12_000_000)}","n":12345678901234567890}`) as { name: string; n: bigint };
    expect([v.name.length, v.n]).toEqual([12_000_000, 12345678901234567890n]);
    expect(parseExact('"' + '\\"'.repeat(1_000_000) + '"')).toBe('"'.repeat(1_000_000));
    const depth = 200_000;
    let nested = parseExact('['.repeat(depth) + ']'.repeat(depth)) as unknown[];
    for (let i = 1; i < depth; i++) nested = nested[0] as unknown[];
    expect(nested).toEqual([]);
  });
});

describe('parseQuotingBigIntegers and stringify(_, true): the state dump spelling', () => {
  it('reads integers past 2^53 as strings of their digits, and 2^53-1 and below as numbers', () => {
    const text = '{"a":12345678901234567890,"b":"12345678901234567890","c":9007199254740991,"d":9007199254740992,"e":[-99999999999999999]}';
    expect(parseQuotingBigIntegers(text)).toEqual({
      a: '12345678901234567890',
      b: '12345678901234567890',
      c: 9007199254740991,
      d: '9007199254740992',
      e: ['-99999999999999999'],
    });
  });

  it('writes a bigint past 2^53 as a string, any other as a number, and reads back what it wrote', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(1n << 80n), max: 1n << 80n })), (xs) => {
        const text = stringify(xs, true);
        const back = parseQuotingBigIntegers(text) as Array<number | string>;
        expect(back.map((x) => BigInt(x))).toEqual(xs);
        back.forEach((x, i) =>
          expect(typeof x).toBe(
            xs[i]! > BigInt(Number.MAX_SAFE_INTEGER) || xs[i]! < -BigInt(Number.MAX_SAFE_INTEGER) ? 'string' : 'number',
          ),
        );
        expect(stringify(back)).toBe(text);
      }),
    );
  });
});
