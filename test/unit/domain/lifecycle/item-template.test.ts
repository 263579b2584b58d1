// The flat-item template reads exactly the texts stringify writes of items passing checkItem, to the
// values the general path reads (JSON.parse below 2^53, bigints past it), and leaves any other text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IdTemplate, ItemTemplate } from '../../../../src/domain/lifecycle/item-template.js';
import { FLAT_ITEMS, checkItem } from '../../../../src/domain/lifecycle/dump-shape.js';
import { parseExact, stringify } from '../../../../src/domain/values/json.js';
import { RECORD_KEYS } from '../../../../src/domain/lifecycle/state-builder.js';
import { ETH_ASSET, RDD20, testClient } from '../../../support/client.js';
import { order, transfer } from '../../../support/flows.js';

const fields = FLAT_ITEMS.records!;
const keys = [...fields.keys()];
const template = ItemTemplate.of(keys, fields, (item) => item)!;

/** What the general path reads of a plain text: JSON.parse, or the exact parser when an integer passes 2^53. */
const general = (text: string): unknown => ([...text.matchAll(/\d{16,}/g)].some((m) => m[0].length > 16 || m[0] > String(Number.MAX_SAFE_INTEGER)) ? parseExact(text) : JSON.parse(text));

const passes = (v: unknown): boolean => {
  try {
    checkItem('records', v, 'records[0]');
    return true;
  } catch {
    return false;
  }
};

const record = fc.record({
  sequenceId: fc.oneof(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(0, Number.MAX_SAFE_INTEGER, 2 ** 53)),
  type: fc.constantFrom(1, 2, 3, 4, 7, 8, 5, 0),
  starkKey: fc.oneof(fc.constantFrom('0x62b273b89a1cb03aea2f3b38952f5aa426fa1a04d71d61da52b26b3a26409ac', ''), fc.string({ maxLength: 6 }), fc.string({ unit: 'binary', maxLength: 3 })),
  status: fc.integer({ min: 0, max: 7 }),
  timeMicros: fc.oneof(fc.constantFrom(1767225600000000n, 9007199254740991n, 9007199254740992n, 10n ** 20n), fc.bigInt({ min: 0n, max: 2n ** 70n })),
  assetHex: fc.constantFrom('0x352f', 'a"b', 'a\\b', '\u0001', '\ud800', '\u00e9'),
  amount: fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 64n }), fc.constantFrom(-1n)),
  to: fc.constantFrom(null, 'x', 5),
  reason: fc.constantFrom(null, 'r'),
  orderId: fc.constantFrom(null, 1, 0, 1.5),
});

describe('ItemTemplate', () => {
  it('reads what stringify writes of an item that passes the checks, as the general path reads it; nothing else', () => {
    fc.assert(
      fc.property(record, (r) => {
        const text = stringify(r);
        const read = template.read(text, 0);
        if (read === undefined) {
          // Left to the general path: a value it refuses, or text it must read itself (escapes, surrogates).
          expect(passes(general(text)) && !/[\\\ud800-\udfff]/.test(text)).toBe(false);
        } else {
          expect(template.end).toBe(text.length);
          expect(read).toEqual(general(text));
          expect(stringify(read)).toBe(text);
          expect(passes(read)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves a text written any other way: spaces, spellings of numbers and strings, keys missing, repeated or reordered', () => {
    const r = { sequenceId: 5, type: 1, starkKey: '0xab', status: 1, timeMicros: 1767225600000000, assetHex: '0xcd', amount: 7, to: null, reason: null, orderId: null };
    const text = stringify(r);
    expect(template.read(text, 0)).toEqual(r);
    // Found inside a bigger text, from where it starts.
    expect(template.read(`[${text},`, 1)).toEqual(r);
    expect(template.end).toBe(text.length + 1);
    for (const other of [
      text.replace(':5,', ': 5,'),
      text.replace('"amount":7', '"amount":7.0'),
      text.replace('"amount":7', '"amount":7e0'),
      text.replace('"amount":7', '"amount":07'),
      text.replace('"amount":7', '"amount":-0'),
      text.replace('"0xab"', '"0x\\u0061b"'),
      text.replace('"starkKey"', '"st\\u0061rkKey"'),
      text.replace(',"amount":7', ''),
      text.replace(',"amount":7', ',"amount":7,"amount":7'),
      text.replace('}', ',"extra":1}'),
      text.replace('"to":null', '"to":"\ud800"'),
      text.replace('"to":null', '"to":"a\nb"'),
      text.replace('"to":null', '"to":nul'),
      text.slice(0, -1),
      text.replace(',"type":1', '').replace('{', '{"type":1,'),
    ]) {
      expect(template.read(other, 0), other).toBeUndefined();
    }
  });

  it('is made only for the keys of its spec, each once, in any order', () => {
    expect(ItemTemplate.of([...keys].reverse(), fields, (item) => item)).not.toBeNull();
    expect(ItemTemplate.of(keys.slice(1), fields, (item) => item)).toBeNull();
    expect(ItemTemplate.of([...keys, 'extra'], fields, (item) => item)).toBeNull();
    expect(ItemTemplate.of([...keys.slice(1), keys[2]!], fields, (item) => item)).toBeNull();
  });
});

describe('ItemTemplate, direct', () => {
  it('hands a record its values in the order records are built, and a record built by a command has that order', () => {
    const c = testClient();
    c.dn.devnet.deposit({ starkKey: c.accounts.carol.stark_key, contractAddress: 'eth', amount: 5n });
    const built = [...c.dn.devnet.state.records.values()].at(-1)!;
    // The order a dump writes a record in is the order the builder takes values in: records take the direct path.
    expect(Object.keys(built)).toEqual([...RECORD_KEYS]);
    const given: unknown[][] = [];
    const direct = { keys: RECORD_KEYS, add: (values: readonly unknown[]) => (given.push([...values]), Object.fromEntries(RECORD_KEYS.map((k, i) => [k, values[i]]))) };
    const t = ItemTemplate.of(RECORD_KEYS, fields, () => expect.unreachable(), (s) => s, direct)!;
    expect(t.isDirect).toBe(true);
    const text = stringify(built);
    const values = t.read(text, 0)!;
    expect(Array.isArray(values)).toBe(true);
    const entry = t.build(values);
    expect(given).toEqual([RECORD_KEYS.map((k) => (typeof (built as any)[k] === 'bigint' ? Number((built as any)[k]) : (built as any)[k]))]);
    expect(t.written(entry, values)).toBe(true);
    // An entry written otherwise: a value changed, a key more.
    expect(t.written({ ...(entry as object), amount: 6 }, values)).toBe(false);
    expect(t.written({ ...(entry as object), extra: 1 }, values)).toBe(false);
    // Keys in another order than the builder's: values go in an object, as for any other member.
    expect(ItemTemplate.of([...RECORD_KEYS].reverse(), fields, (item) => item, (s) => s, direct)!.isDirect).toBe(false);
  });
});

describe('IdTemplate', () => {
  it('reads an id as a list writes it, ending where the general path ends a number; leaves any other', () => {
    const ids = new IdTemplate((id) => id);
    expect(ids.read('[17,18]', 1)).toBe(17);
    expect(ids.end).toBe(3);
    expect(ids.read('[17,18]', 4)).toBe(18);
    expect(ids.read('[999999999999999 ]', 1)).toBe(999_999_999_999_999);
    for (const text of ['[0,', '[017,', '[1.5,', '[1e3,', '[-1,', '[1234567890123456,', '[17', '[17}', '[17x', '["17",', '[null,']) {
      expect(ids.read(text, 1), text).toBeUndefined();
    }
    expect(ids.written(17, 17)).toBe(true);
    expect(ids.written(17n, 17)).toBe(false);
  });
});

describe('templates of a busy dump', () => {
  it('are made for every flat member as the dump writes it (records, orders, trades, assets, files)', async () => {
    const c = testClient();
    await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 5n);
    await order(c, c.accounts.alice, { contract2: `ERC20:${RDD20}`, direction: 0, quoteAmount: 10_000n, baseAmount: 5_000n, price: '0.5' });
    await order(c, c.accounts.bob, { contract2: `ERC20:${RDD20}`, direction: 1, quoteAmount: 5_000n, baseAmount: 2_500n, price: '0.5' });
    const project = [...c.dn.devnet.state.projects.values()][0]!;
    c.dn.devnet.recordUpload(c.apiKey, project.uuid, { cid: 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy', filename: 'a.txt', size: 5n });
    const dump = parseExact(c.dn.devnet.dumpText().join('')) as Record<string, Record<string, unknown>[]>;
    for (const member of ['records', 'orders', 'trades', 'assets', 'storage']) {
      const items = dump[member]!;
      expect(items.length, member).toBeGreaterThan(0);
      const t = ItemTemplate.of(Object.keys(items[0]!), FLAT_ITEMS[member]!, (item) => item);
      expect(t, member).not.toBeNull();
      // Each item of the member, as written, is read by it to the values parsed.
      for (const item of items) {
        const text = stringify(item);
        if (member === 'orders' && item.payment !== null) expect(t!.read(text, 0)).toBeUndefined();
        else expect(t!.read(text, 0), `${member} ${text}`).toEqual(general(text));
      }
    }
  });
});
