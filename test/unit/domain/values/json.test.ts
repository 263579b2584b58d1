// The exact-integer JSON parser: JSON.parse's answers (and refusals) without its cliffs on long or deep input.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseExact, parseJson, sameWritten, stringify } from '../../../../src/domain/values/json.js';

/** JSON.parse's verdict on `text`: the value, or the fact that it refused. */
function native(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function ours(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJson(text, { bigIntegers: false }) };
  } catch (e) {
    expect(e).toBeInstanceOf(SyntaxError);
    return { ok: false };
  }
}

/** Counts the characters a parse reads: the parser reads only through charCodeAt. */
function readsOf(text: string): number {
  let reads = 0;
  const counted = new String(text) as String & { charCodeAt(i: number): number };
  counted.charCodeAt = function (i: number) {
    reads++;
    return String.prototype.charCodeAt.call(this, i);
  };
  try {
    parseExact(counted as unknown as string);
  } catch {
    // the unterminated inputs are refused; only the work done counts here
  }
  return reads;
}

describe('parseJson agrees with JSON.parse', () => {
  it('on every JSON value fast-check writes, in any whitespace', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        expect(ours(text)).toEqual(native(text));
      }),
      { numRuns: 500 },
    );
  });

  it('on arbitrary text: both accept the same texts with the same values, and refuse the rest', () => {
    const pieces = fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', 'a', 'u', '0', '1', '-', '.', 'e', '+', ' ', '\n', 'true', 'null', 'false', 'tru', '\\u00', '\\uD83D', 'é', '\u0001', '__proto__');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 14 }), (parts) => {
        const text = parts.join('');
        expect(ours(text)).toEqual(native(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps "__proto__" as an own key, as JSON.parse does, never as the prototype', () => {
    const v = parseExact('{"__proto__":{"polluted":1},"a":1}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the position of the first character that is not JSON', () => {
    expect(() => parseExact('{"a":1,}')).toThrow(/Unexpected character "}" at position 7/);
    expect(() => parseExact('[1,2')).toThrow(/Unexpected end of JSON input at position 4/);
    expect(() => parseExact('"ab\u0001"')).toThrow(/Bad control character in string at position 3/);
  });
});

describe('parseExact', () => {
  it('keeps integers of 16+ digits exact as bigint, and only those', () => {
    const v = parseExact('{"a":123456789012345678901234567890,"b":-1234567890123456,"c":123456789012345,"d":1234567890123456.5,"e":"1234567890123456789","f":1e20}');
    expect(v).toEqual({ a: 123456789012345678901234567890n, b: -1234567890123456n, c: 123456789012345, d: 1234567890123456.5, e: '1234567890123456789', f: 1e20 });
  });

  it('round-trips stringify of bigints beyond 2^53', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -(1n << 200n), max: 1n << 200n }), { maxLength: 20 }), (xs) => {
        const big = xs.map((x) => (x <= -(10n ** 15n) || x >= 10n ** 15n ? x : Number(x)));
        expect(parseExact(stringify({ xs: big }))).toEqual({ xs: big });
      }),
    );
  });

  it('parses a 12,000,000-character string (the regex it replaces overflowed the stack)', () => {
    const name = 'm'.repeat(12_000_000);
    const v = parseExact(`{"marketplace":{"name":"${name}","fee":"0.015"}}`) as { marketplace: { name: string } };
    expect(v.marketplace.name.length).toBe(12_000_000);
    const escaped = parseExact('"' + '\\"'.repeat(1_000_000) + '"') as string;
    expect(escaped).toBe('"'.repeat(1_000_000));
  });

  it('parses 200,000 levels of nesting without recursion, objects and arrays alike', () => {
    const depth = 200_000;
    let v = parseExact('['.repeat(depth) + '7' + ']'.repeat(depth));
    let levels = 0;
    while (Array.isArray(v)) {
      v = v[0];
      levels++;
    }
    expect([levels, v]).toEqual([depth, 7]);
    const objects = parseExact('{"a":'.repeat(depth) + 'null' + '}'.repeat(depth));
    expect(objects).toBeTypeOf('object');
    expect(() => parseExact('['.repeat(depth))).toThrow(/Unexpected end of JSON input/);
  });

  it('reads each character of `"` + n x `\\"` a bounded number of times: twice the input, twice the reads', () => {
    // The old parser's regex backtracked over this (quadratic: 10 s at 160 KB). Reads are counted, not timed.
    for (const close of ['', '"']) {
      const small = '"' + '\\"'.repeat(20_000) + close;
      const large = '"' + '\\"'.repeat(40_000) + close;
      const a = readsOf(small);
      const b = readsOf(large);
      expect(a).toBeGreaterThanOrEqual(small.length);
      expect(a).toBeLessThanOrEqual(2 * small.length);
      expect(b / a).toBeGreaterThan(1.9);
      expect(b / a).toBeLessThan(2.1);
    }
  });

  it('runs an object hook innermost first, without recursion', () => {
    const seen: string[] = [];
    const v = parseJson('{"x":{"$big":"5"},"y":[{"$big":"6"}],"z":{"k":{"$big":"7"}}}', {
      object: (o) => {
        seen.push(Object.keys(o).join(','));
        return '$big' in o ? BigInt(o.$big as string) : o;
      },
    });
    expect(v).toEqual({ x: 5n, y: [6n], z: { k: 7n } });
    expect(seen).toEqual(['$big', '$big', '$big', 'k', 'x,y,z']);
  });
});

describe('sameWritten', () => {
  /** Object members in all, at any depth. */
  const members = (v: unknown): number =>
    v === null || typeof v !== 'object' ? 0 : Array.isArray(v) ? v.reduce((n: number, x) => n + members(x), 0) : Object.values(v).reduce((n: number, x) => n + 1 + members(x), 0);
  const indexLike = (v: unknown): boolean =>
    v !== null && typeof v === 'object' && (Array.isArray(v) ? v.some(indexLike) : Object.entries(v).some(([k, x]) => /^[0-9]/.test(k) || indexLike(x)));
  /** The value with its integers as bigints (as a loaded state holds them), each with probability 1/2. */
  const bigints = (v: unknown, flip: () => boolean): unknown =>
    typeof v === 'number' && Number.isInteger(v) && flip() ? BigInt(v) : Array.isArray(v) ? v.map((x) => bigints(x, flip)) : v !== null && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bigints(x, flip)])) : v;

  it('agrees with comparing the two texts stringify writes, and counts the parsed value\'s members', () => {
    const value = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(0, -0, 1e21, 2 ** 53, 2 ** 53 + 2, 0.5, 'a', '', null, true, false, [], {}, [null], { a: 1 }, { a: [1, 2] }, { b: 1, a: 1 }));
    const pair = fc.oneof(
      fc.tuple(value, value),
      value.map((v) => [v, JSON.parse(JSON.stringify(v)) as unknown] as const),
    );
    fc.assert(
      fc.property(pair, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), ([a, b], flips) => {
        let k = 0;
        const written = bigints(a, () => flips[k++ % flips.length]!);
        const same = stringify(written) === stringify(b);
        const m = sameWritten(written, b);
        if (indexLike(b)) expect(m === -1 || same).toBe(true);
        else expect(m).toBe(same ? members(b) : -1);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes numbers and bigints alike only when stringify does, and undefined fields not at all', () => {
    expect(sameWritten({ a: 5n, b: [1n, 2] }, { a: 5, b: [1, 2n] })).toBe(2);
    expect(sameWritten(10n ** 21n, 1e21)).toBe(-1);
    expect(sameWritten(2n ** 53n + 1n, 2 ** 53)).toBe(-1);
    expect(sameWritten(0n, -0)).toBe(0);
    expect(sameWritten({ a: 1, skip: undefined, f: () => 1 }, { a: 1 })).toBe(1);
    expect(sameWritten([undefined, Number.NaN], [null, null])).toBe(0);
    expect(sameWritten({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(-1);
    expect(sameWritten({ 1: 0, a: 1 }, JSON.parse('{"a":1,"1":0}'))).toBe(-1);
  });
});
