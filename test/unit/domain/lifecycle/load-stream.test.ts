// A dump read in pieces (DumpReader) loads exactly what loadState loads, and refuses what it refuses.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkItem } from '../../../../src/domain/lifecycle/dump-shape.js';
import { DumpReader } from '../../../../src/domain/lifecycle/load-stream.js';
import { sha256Text, stateHash } from '../../../../src/domain/lifecycle/dump.js';
import { loadState } from '../../../../src/domain/lifecycle/load.js';
import { DevnetError } from '../../../../src/domain/values/errors.js';
import { JsonSyntaxError, parseExact, stringify } from '../../../../src/domain/values/json.js';
import { listIndexViolations } from '../../../../src/domain/lifecycle/list-indexes.js';
import { RECORD_LISTS_FROM } from '../../../../src/domain/records/record-lists.js';
import { ETH_ASSET, RDD20, testClient } from '../../../support/client.js';
import { order, transfer } from '../../../support/flows.js';

function feed(reader: DumpReader, text: string, sizes: readonly number[]) {
  let at = 0;
  for (let k = 0; at < text.length; k++) {
    const size = sizes[k % sizes.length]!;
    reader.feed(text.slice(at, at + size));
    at += size;
  }
  return reader.end();
}

function read(text: string, sizes: readonly number[]) {
  return feed(new DumpReader(), text, sizes);
}

/** The state read, and the hash the reader took of its text (undefined when the text is not the state's image). */
function readHashed(text: string, sizes: readonly number[]) {
  const reader = new DumpReader(sha256Text);
  const state = feed(reader, text, sizes);
  return { state, textHash: reader.textHash() };
}

async function busyDump(): Promise<{ text: string; hash: string }> {
  const c = testClient();
  for (let i = 0; i < 500; i++) c.dn.devnet.deposit({ starkKey: c.accounts.carol.stark_key, contractAddress: 'eth', amount: BigInt(i + 1) });
  await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 5n);
  await order(c, c.accounts.alice, { contract2: `ERC20:${RDD20}`, direction: 0, quoteAmount: 10_000n, baseAmount: 5_000n, price: '0.5' });
  await order(c, c.accounts.bob, { contract2: `ERC20:${RDD20}`, direction: 1, quoteAmount: 5_000n, baseAmount: 2_500n, price: '0.5' });
  // A name full of what a scanner can trip on: quotes, backslashes, brackets and braces.
  const project = [...c.dn.devnet.state.projects.values()][0]!.uuid;
  c.dn.devnet.createMarketplace(c.apiKey, { name: 'a "quoted" \\ name ]}{[ \u00e9\u4e2d', payee: c.accounts.carol.stark_key, fee: { num: 15n, den: 1000n, text: '0.015' }, projectUuid: project });
  await c.post('/_devnet/batches', { layer: 'l2' });
  return { text: c.dn.devnet.dumpText().join(''), hash: c.dn.devnet.stateHash() };
}

describe('DumpReader', () => {
  it('loads the same state whatever the pieces: one, single characters, odd sizes', async () => {
    const { text, hash } = await busyDump();
    for (const sizes of [[text.length], [1], [7, 13, 1, 64], [65_536], [3, 100_000]]) {
      expect(stateHash(read(text, sizes))).toBe(hash);
    }
    // Whitespace between and inside items is fine: only the values count.
    const pretty = text.replaceAll(',"', ',\n  "').replaceAll('":', '" : ');
    expect(stateHash(read(pretty, [4096]))).toBe(hash);
  });

  it("hashes the text as it reads it: the loaded state's hash when the text is its image, else nothing", async () => {
    const { text, hash } = await busyDump();
    for (const sizes of [[text.length], [1], [7, 13, 1, 64], [65_536]]) {
      const { state, textHash } = readHashed(text, sizes);
      expect(textHash).toBe(hash);
      expect(stateHash(state)).toBe(hash);
    }
    const good = parseExact(text) as Record<string, any>;
    // Texts of the same state that are not its image: the reader does not know the hash.
    const others = [
      text.replaceAll(',"', ', "'),
      ' ' + text,
      text + '\n',
      text.replace('"format":"l2-devnet/state@2"', '"format":"l2-devnet\\/state@2"'),
      text.replace('"clock"', '"\\u0063lock"'),
      stringify({ format: good.format, prng: good.prng, ...good }),
      text.replace(stringify(good.marketplaces[0]), stringify(good.marketplaces[0]).replace('{', '{ ')),
      text.replace(stringify(good.starkex_contracts), JSON.stringify(good.starkex_contracts, null, 1)),
    ];
    for (const other of others) {
      const { state, textHash } = readHashed(other, [4096]);
      expect(stateHash(state)).toBe(hash);
      expect(textHash).toBeUndefined();
    }
  });

  it('refuses what loadState refuses, with code 19, and names JSON errors by their position in the whole text', async () => {
    const { text } = await busyDump();
    const good = parseExact(text) as Record<string, any>;
    const refused = (body: string): string => {
      try {
        read(body, [1000]);
      } catch (e) {
        if (e instanceof DevnetError) return `19 ${e.message}`;
        if (e instanceof JsonSyntaxError) return `401 ${e.message}`;
        throw e;
      }
      return 'loaded';
    };
    expect(refused('[]')).toMatch(/^19 a state dump must be a JSON object/);
    expect(refused('{"hello":"world"}')).toMatch(/^19 not an l2-devnet state dump/);
    expect(refused(stringify({ ...good, format: 'l2-devnet/state@0' }))).toMatch(/^19 state dump format "l2-devnet\/state@0" cannot be read/);
    expect(refused(stringify({ ...good, records: undefined }))).toMatch(/^19 malformed state dump: missing field records/);
    expect(refused(stringify({ ...good, surprise: 1 }))).toMatch(/^19 malformed state dump: unexpected field surprise/);
    expect(refused(stringify({ ...good, next_vault_id: 'ten' }))).toMatch(/^19 malformed state dump/);
    expect(refused(stringify({ ...good, records: good.records.map((r: any, i: number) => (i === 3 ? { ...r, extra: true } : r)) }))).toBe('19 malformed state dump: records[3] does not load as written (a value of the wrong type, or a field too many or too few)');
    expect(refused(stringify({ ...good, records: [...good.records, good.records[0]] }))).toMatch(/^19 malformed state dump: records must come in ascending sequence id order, once each \(1 after \d+\)$/);
    // A file listed twice for its project: the index keeps one (the whole-object load refused it, the stream loaded it).
    const file = { projectUuid: good.projects[0].uuid, cid: 'bafkreidup', filename: 'a.txt', size: 5, createdAtMicros: 1767225600000000, removed: false };
    expect(refused(stringify({ ...good, storage: [file, { ...file, filename: 'b.txt' }] }))).toBe('19 malformed state dump: storage has 2 entries, 1 of them distinct');
    expect(() => loadState({ ...good, storage: [file, { ...file, filename: 'b.txt' }] })).toThrow(/^malformed state dump: /);
    // An id in a batch queue that is no record: refused (it answered 500, reading the type of no record).
    const queued = [...good.pending_l2, good.next_sequence_id + 7];
    expect(refused(stringify({ ...good, pending_l2: queued }))).toBe(`19 inconsistent state dump: the batch queues hold ${good.pending_l2.length + good.pending_l1.length + 1} ids but ${good.pending_l2.length + good.pending_l1.length} records are queued (an id that is no record, or one in both queues)`);
    expect(() => loadState({ ...good, pending_l2: queued })).toThrow(/^inconsistent state dump: the batch queues hold/);
    expect(refused(stringify({ ...good, pending_l1: [...good.pending_l1].reverse() }))).toMatch(/^19 malformed state dump: pending_l1 must list ids in ascending order, once each/);
    expect(refused(stringify({ ...good, issued: good.issued.map(([k, v]: [string, number]) => [k, v + 1]) }))).toMatch(/^19 inconsistent state dump: conservation/);
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    expect(refused(text.replace('"named_accounts":[', `"named_accounts":[${deep},`))).toBe('19 malformed state dump: field named_accounts nests deeper than 64 levels (a whole dump nests about a dozen)');
    expect(refused(text.replace('],"records":[', `],"records":[${deep},`))).toBe('19 malformed state dump: field records nests deeper than 64 levels (a whole dump nests about a dozen)');
    const cut = text.indexOf('],"records":[') + 200;
    expect(refused(text.slice(0, cut))).toBe(`401 Unexpected end of JSON input at position ${cut}`);
    // A comma between two records turned into '#': named where it is in the whole text.
    const comma = text.indexOf('},{', cut) + 1;
    const broken = text.slice(0, comma) + '#' + text.slice(comma + 1);
    expect(refused(broken)).toBe(`401 Unexpected character "#" at position ${comma}`);
    expect(refused(text + ' x')).toBe(`401 Unexpected character "x" at position ${text.length + 1}`);
  });

  it('refuses an item written otherwise than the dump writes it: an extra, repeated or index-like field, a number or string spelled differently', async () => {
    const { text, hash } = await busyDump();
    const good = parseExact(text) as Record<string, any>;
    // The text of records[3] (a deposit) and variants of it, each spliced into the dump in its place.
    const record = stringify(good.records[3]);
    const at = text.indexOf(record);
    expect(at).toBeGreaterThan(0);
    const amount = `"amount":${good.records[3].amount}`;
    const starkKey = `"starkKey":"${good.records[3].starkKey}"`;
    expect(record).toContain(amount);
    const variant = (f: (r: string) => string) => text.slice(0, at) + f(record) + text.slice(at + record.length);
    const outcome = (body: string): string => {
      try {
        return stateHash(read(body, [4096])) === hash ? 'loaded' : 'loaded another state';
      } catch (e) {
        if (e instanceof DevnetError) return `19 ${e.message}`;
        if (e instanceof JsonSyntaxError) return `401 ${e.message}`;
        throw e;
      }
    };
    const notAsWritten = '19 malformed state dump: records[3] does not load as written (a value of the wrong type, or a field too many or too few)';
    const hostile: Array<[string, (r: string) => string]> = [
      ['an extra field', (r) => r.replace('}', ',"extra":1}')],
      ['an extra field whose name is an array index, first', (r) => r.replace('{', '{"1":0,')],
      ['a field twice, same value', (r) => r.replace(amount, `${amount},${amount}`)],
      ['a field twice, the first one wrong', (r) => r.replace(amount, `"amount":"x",${amount}`)],
      // Compared by value (whitespace between tokens), JSON.parse keeps the last: loaded until this check.
      ['a field twice in a pretty-printed item', (r) => r.replace(amount, `"amount":"x", ${amount}`)],
      ['an integer with a fraction', (r) => r.replace(amount, `${amount}.0`)],
      ['an integer with an exponent', (r) => r.replace(amount, `${amount}e0`)],
      ['an integer with a capital exponent', (r) => r.replace(amount, `${amount}0E-1`)],
      ['minus zero', (r) => r.replace(amount, '"amount":-0')],
      ['a string with an escape', (r) => r.replace(starkKey, starkKey.replace('"0x', '"\\u0030x'))],
      ['a key with an escape', (r) => r.replace('"starkKey"', '"st\\u0061rkKey"')],
      ['a lone surrogate', (r) => r.replace('"to":null', '"to":"\ud800"')],
      ['fields in another order', (r) => r.replace(`,${amount}`, '').replace('}', `,${amount}}`)],
    ];
    for (const [what, f] of hostile) expect(outcome(variant(f)), what).toBe(notAsWritten);
    expect(outcome(variant((r) => r.replace(amount, '"amount":"5"'))), 'a wrong type').toBe('19 malformed state dump: records[3].amount must be an integer >= 0, got "5"');
    expect(outcome(variant((r) => r.replace(`,${amount}`, ''))), 'a field missing').toBe('19 malformed state dump: records[3].amount must be an integer >= 0, got undefined');
    // Items built by copying the fields they are given: an extra field named like an array index (which
    // an object puts first, so written first it came back in its place) loaded until this check.
    const contract = stringify(good.contracts[0]);
    expect(outcome(text.replace(contract, contract.replace('{', '{"1":0,')))).toBe('19 malformed state dump: contracts[0] does not load as written (a value of the wrong type, or a field too many or too few)');
    // Leading zeros are not JSON.
    expect(outcome(variant((r) => r.replace(amount, `"amount":0${good.records[3].amount}`)))).toMatch(/^401 /);
    // A single value spelled otherwise is refused as well (those are compared once the state is built).
    expect(outcome(text.replace(`"next_vault_id":${good.next_vault_id}`, `"next_vault_id":${good.next_vault_id}.0`))).toBe('19 malformed state dump: field next_vault_id does not load as written (a value of the wrong type, or a field too many or too few)');
    // Whitespace is not a difference: a pretty-printed item loads, and so does a string holding spaces.
    expect(outcome(variant((r) => r.replace(amount, amount.replace(':', ' : ')).replace('{', '{ ')))).toBe('loaded');
  });

  it('on an item with random characters spliced in, refuses as not written exactly what the rule refuses', () => {
    const c = testClient();
    for (let i = 0; i < 5; i++) c.dn.devnet.deposit({ starkKey: c.accounts.carol.stark_key, contractAddress: 'eth', amount: BigInt(1_000_000 * (i + 1)) });
    const text = c.dn.devnet.dumpText().join('');
    const good = parseExact(text) as Record<string, any>;
    const index = good.records.length - 2;
    const record = stringify(good.records[index]);
    const at = text.indexOf(record);
    const notAsWritten = `malformed state dump: records[${index}] does not load as written (a value of the wrong type, or a field too many or too few)`;
    /**
     * The rule, written plainly: the record built from the parsed item, as the dump writes it, against the
     * item's text; against the parsed item written anew when whitespace stands between its tokens
     * (pretty-printed: only values count). Either way no key may appear twice, nor be an array index.
     */
    let oracle = '';
    const asWritten = (t: string): boolean | undefined => {
      let parsed: Record<string, unknown>;
      try {
        // Parsed as the reader did: JSON.parse unless an integer may pass 2^53.
        parsed = ([...t.matchAll(/\d{16,}/g)].some((m) => m[0].length > 16 || m[0] > String(Number.MAX_SAFE_INTEGER)) ? parseExact(t) : JSON.parse(t)) as Record<string, unknown>;
        checkItem('records', parsed, 'records[0]');
      } catch (e) {
        oracle = String(e);
        return undefined;
      }
      const fields = ['sequenceId', 'type', 'starkKey', 'status', 'timeMicros', 'assetHex', 'amount', 'to', 'reason', 'orderId'];
      const built = Object.fromEntries(fields.map((f) => [f, typeof parsed[f] === 'number' && f !== 'sequenceId' && f !== 'type' && f !== 'status' && f !== 'orderId' ? BigInt(parsed[f] as number) : parsed[f]]));
      // Whitespace around the item is not part of it.
      const item = t.replace(/^[ \n\r\t]+|[ \n\r\t]+$/g, '');
      const outside = item.replace(/"(?:[^"\\]|\\.)*"/g, '""');
      if (outside.split(':').length - 1 !== Object.keys(parsed).length || Object.keys(parsed).some((k) => /^[0-9]/.test(k))) return false;
      return stringify(built) === (/[ \n\r\t]/.test(outside) ? stringify(parsed) : item);
    };
    // Splices where a token starts or ends (after { , : and before , }), and values written anew.
    const boundaries = [...record.matchAll(/[{,:]|(?=[,}])/g)].map((m) => m.index! + m[0].length);
    const pieces = fc.constantFrom(' ', '\n', '.0', 'e0', 'E0', '0', '-', '\\', '"', ',', ':', '"amount":1,', ',"amount":1', '"to":null,', ',"to":null', '"1":0,', ',"extra":0', '\ud800');
    const values = fc.constantFrom('1', '1.0', '1e0', '10E-1', '-0', '0', '-1', '1767225600000000', '1767225600000000.0', '9007199254740993', '"1"', '"\\u0031"', '"0x1"', '"\\/"', 'null', 'true', '[]', '{}', '" "');
    const splice = fc.oneof(fc.tuple(fc.constant('insert'), fc.constantFrom(...boundaries), pieces), fc.tuple(fc.constant('value'), fc.constantFrom(...Object.keys(good.records[index])), values));
    const apply = (t: string, [how, where, what]: ['insert', number, string] | ['value', string, string]): string =>
      how === 'insert' ? t.slice(0, where) + what + t.slice(where) : t.replace(new RegExp(`"${where}":("[^"]*"|[^,}]*)`), `"${where}":${what}`);
    const seen: Record<string, number> = {};
    fc.assert(
      fc.property(fc.array(splice, { minLength: 1, maxLength: 2 }), (splices) => {
        // Insertions first, the last position first (so each lands where it was drawn), then the new values.
        const order = (f: (typeof splices)[number]) => (f[0] === 'insert' ? -f[1] : 1);
        let t = record;
        for (const f of [...splices].sort((x, y) => order(x) - order(y))) t = apply(t, f);
        const expected = asWritten(t);
        seen[String(expected)] = (seen[String(expected)] ?? 0) + 1;
        let got: string;
        try {
          read(text.slice(0, at) + t + text.slice(at + record.length), [4096]);
          got = 'loaded';
        } catch (e) {
          got = (e as Error).message;
        }
        // Refused whenever the rule refuses (the builder's own checks may speak first), and refused as
        // not written only then.
        if (expected === false) expect(got).not.toBe('loaded');
        if (got === notAsWritten) expect([expected, oracle, t]).toEqual([false, oracle, t]);
      }),
      { numRuns: 400 },
    );
    // Both verdicts came up, not only text that is not JSON.
    expect(seen.true).toBeGreaterThan(20);
    expect(seen.false).toBeGreaterThan(20);
  });

  it('keeps integers past 2^53 exact wherever they sit in an item', async () => {
    const c = testClient();
    for (const amount of [2n ** 53n - 1n, 2n ** 53n + 1n, 2n ** 62n + 3n, 9_999_999_999_999_999n, 1_000_000_000_000_000n]) {
      c.dn.devnet.deposit({ starkKey: c.accounts.carol.stark_key, contractAddress: 'eth', amount });
    }
    const text = c.dn.devnet.dumpText().join('');
    expect(text).toContain(`"amount":${2n ** 53n + 1n}`);
    for (const sizes of [[text.length], [7, 13, 1, 64]]) expect(stateHash(read(text, sizes))).toBe(c.dn.devnet.stateHash());
  });

  it('rebuilds the list indexes: a long history keeps its record lists, and every index agrees with the plain state', async () => {
    const { text } = await busyDump();
    const carol = (parseExact(text) as { accounts: Array<{ key: string; records: number[] }> }).accounts.find((a) => a.records.length > RECORD_LISTS_FROM)!;
    const state = read(text, [7, 13, 1, 64]);
    expect(state.lists.records.get(carol.key)?.byType.size).toBeGreaterThan(0);
    expect(state.lists.depth.size).toBeGreaterThan(0);
    expect(listIndexViolations(state)).toEqual([]);
  });

  it("refuses an account that lists a record that does not exist, or its records out of order (the index rebuild's checks)", async () => {
    const { text } = await busyDump();
    const good = parseExact(text) as Record<string, any>;
    const long = good.accounts.findIndex((a: any) => a.records.length > RECORD_LISTS_FROM);
    const withRecords = (f: (ids: number[]) => number[]) => stringify({ ...good, accounts: good.accounts.map((a: any, i: number) => (i === long ? { ...a, records: f(a.records) } : a)) });
    const refused = (body: string): string => {
      try {
        read(body, [4096]);
      } catch (e) {
        if (e instanceof DevnetError) return `19 ${e.message}`;
        throw e;
      }
      return 'loaded';
    };
    const key = good.accounts[long].key;
    expect(refused(withRecords((ids) => [...ids, good.next_sequence_id + 5]))).toBe(`19 malformed state dump: account ${key} lists record ${good.next_sequence_id + 5}, which is not a record`);
    expect(refused(withRecords((ids) => [ids[1]!, ids[0]!, ...ids.slice(2)]))).toMatch(new RegExp(`^19 malformed state dump: account ${key} lists record \\d+, which is out of ascending order$`));
  });
});
