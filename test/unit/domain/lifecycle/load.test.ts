// A dump read in pieces (StateReader): line by line in the layout GET /_devnet/state writes, whole in
// any other (bounded); it loads what was dumped, byte for byte, and refuses anything else by name.
import { describe, expect, it } from 'vitest';
import { sha256Text, stateHash } from '../../../../src/domain/lifecycle/dump.js';
import { loadState, StateReader } from '../../../../src/domain/lifecycle/load.js';
import { checkItem, ITEMS_MEMBERS } from '../../../../src/domain/lifecycle/dump-schema.js';
import type { LoadLimits } from '../../../../src/domain/lifecycle/load.js';
import { DevnetError } from '../../../../src/domain/values/errors.js';
import { JsonSyntaxError, parseExact, parseQuotingBigIntegers, stringify } from '../../../../src/domain/values/json.js';
import { listIndexViolations } from '../../../../src/domain/lifecycle/list-indexes.js';
import { RECORD_LISTS_FROM } from '../../../../src/domain/ledger/record-lists.js';
import { ETH_ASSET, RDD20, testClient } from '../../../support/client.js';
import { order, transfer, withdraw } from '../../../support/flows.js';

function feed(reader: StateReader, text: string, sizes: readonly number[]) {
  let at = 0;
  for (let k = 0; at < text.length; k++) {
    const size = sizes[k % sizes.length]!;
    reader.feed(text.slice(at, at + size));
    at += size;
  }
  return reader.end();
}

const read = (text: string, sizes: readonly number[] = [4096], limits?: LoadLimits) => feed(new StateReader(limits), text, sizes);

/** The state read, and the hash the reader took of its text (undefined when the text is not the state's dump). */
function readHashed(text: string, sizes: readonly number[]) {
  const reader = new StateReader(undefined, sha256Text);
  const state = feed(reader, text, sizes);
  return { state, textHash: reader.textHash() };
}

/** "19 message" for a refusal, "401 message" for text that is not JSON, else "loaded". */
function refused(body: string, limits?: LoadLimits, sizes: readonly number[] = [1000]): string {
  try {
    read(body, sizes, limits);
  } catch (e) {
    if (e instanceof DevnetError) return `${e.code} ${e.message}`;
    if (e instanceof JsonSyntaxError) return `401 ${e.message}`;
    throw e;
  }
  return 'loaded';
}

async function busyDump(): Promise<{ text: string; hash: string }> {
  const c = testClient();
  for (let i = 0; i < 500; i++)
    c.dn.devnet.deposit({ starkKey: c.accounts.carol.stark_key, contractAddress: 'eth', amount: BigInt(i + 1) });
  await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 5n);
  await order(c, c.accounts.alice, { contract2: `ERC20:${RDD20}`, direction: 0, quoteAmount: 10_000n, baseAmount: 5_000n, price: '0.5' });
  await order(c, c.accounts.bob, { contract2: `ERC20:${RDD20}`, direction: 1, quoteAmount: 5_000n, baseAmount: 2_500n, price: '0.5' });
  // A name full of what a line splitter can trip on: quotes, backslashes, brackets, braces, an escaped newline.
  const project = [...c.dn.devnet.state.projects.values()][0]!.uuid;
  c.dn.devnet.createMarketplace(c.apiKey, {
    name: 'a "quoted" \\ name ]}{[\n, \u00e9\u4e2d',
    payee: c.accounts.carol.stark_key,
    fee: { num: 15n, den: 1000n, text: '0.015' },
    projectUuid: project,
  });
  await c.post('/_devnet/batches', { layer: 'l2' });
  return { text: c.dn.devnet.dumpText().join(''), hash: c.dn.devnet.stateHash() };
}

/** The lines of `text` with the one that starts with `start` replaced by `f(line)`. */
const editLine = (text: string, start: string, f: (line: string) => string) =>
  text
    .split('\n')
    .map((l) => (l.startsWith(start) ? f(l) : l))
    .join('\n');

describe('the dump layout', () => {
  it('is one JSON object, one member or item per line, integers past 2^53 as strings', async () => {
    const { text } = await busyDump();
    const lines = text.split('\n');
    expect(lines[0]).toBe('{"format":"l2-devnet/state@3",');
    expect(lines.at(-1)).toBe('}');
    expect(lines).toContain('"records":[');
    expect(lines.filter((l) => l.startsWith('{"sequenceId":')).length).toBeGreaterThan(500);
    const d = JSON.parse(text) as { assets: Array<{ id: unknown }> };
    expect(typeof d.assets[0]!.id).toBe('string');
    expect(parseQuotingBigIntegers(text)).toEqual(d);
  });

  it("writes each item's keys in the schema's order (the loader's cheap exactness check relies on it)", async () => {
    const { text } = await busyDump();
    const d = JSON.parse(text) as Record<string, unknown[]>;
    const seen = new Set<string>();
    for (const key of ITEMS_MEMBERS) {
      // An optional member is left out while empty.
      (d[key] ?? []).forEach((item, i) => {
        expect(JSON.stringify(checkItem(key, item, i)), `${key}[${i}]`).toBe(JSON.stringify(item));
        seen.add(key);
      });
    }
    for (const key of ['accounts', 'assets', 'contracts', 'marketplaces', 'orders', 'projects', 'records', 'vaults'])
      expect(seen.has(key), key).toBe(true);
  });
});

describe('StateReader', () => {
  it('loads the same state whatever the pieces, and dumps it again byte for byte', async () => {
    const { text, hash } = await busyDump();
    for (const sizes of [[text.length], [1], [7, 13, 1, 64], [65_536], [3, 100_000]]) {
      const state = read(text, sizes);
      expect(stateHash(state)).toBe(hash);
    }
    const c = testClient();
    c.dn.devnet.loadPieces([text]);
    expect(c.dn.devnet.dumpText().join('')).toBe(text);
  });

  it('reads any other layout whole: one line, pretty-printed, members reordered', async () => {
    const { text, hash } = await busyDump();
    const d = JSON.parse(text) as Record<string, unknown>;
    for (const other of [JSON.stringify(d), JSON.stringify(d, null, 2), JSON.stringify({ format: d.format, prng: d.prng, ...d })]) {
      expect(stateHash(read(other, [999]))).toBe(hash);
    }
  });

  it('loads a dump of format @2 (one line, integers past 2^53 as numbers) whole, integers exact', async () => {
    const { text, hash } = await busyDump();
    const d = parseExact(text.replace(/"(\d{16,})"/g, '$1')) as Record<string, unknown>;
    const old = stringify({ ...d, format: 'l2-devnet/state@2' });
    expect(old).toMatch(/"id":\d{70,}/);
    expect(stateHash(read(old))).toBe(hash);
    expect(refused(old, { maxLine: Infinity, maxWhole: old.length - 1 })).toMatch(
      new RegExp(
        `^19 this state dump is not laid out one item per line .* larger than ${old.length - 1} characters, the most read whole\\. An older dump \\("l2-devnet/state@2"\\) that large: load it into an l2-devnet started with --max-body-bytes above its size`,
      ),
    );
  });

  it("hashes the text as it reads it: the loaded state's hash when the text is its dump, else nothing", async () => {
    const { text, hash } = await busyDump();
    for (const sizes of [[text.length], [1], [7, 13, 1, 64]]) {
      const { state, textHash } = readHashed(text, sizes);
      expect(textHash).toBe(hash);
      expect(stateHash(state)).toBe(hash);
    }
    for (const other of [' ' + text, text + '\n', JSON.stringify(JSON.parse(text))]) {
      const { state, textHash } = readHashed(other, [4096]);
      expect(stateHash(state)).toBe(hash);
      expect(textHash).toBeUndefined();
    }
  });

  it('refuses a body that is not a dump from its first bytes, before holding the rest', () => {
    const pulled = (first: string): { result: string; fed: number } => {
      const reader = new StateReader({ maxLine: 1 << 20, maxWhole: 1 << 20 });
      let fed = 0;
      try {
        reader.feed(first);
        fed += first.length;
        for (let i = 0; i < 1000; i++) {
          reader.feed('[],'.repeat(1000));
          fed += 3000;
        }
      } catch (e) {
        return { result: `${(e as DevnetError).code} ${(e as Error).message}`, fed };
      }
      return { result: 'held', fed };
    };
    expect(pulled('[[],')).toEqual({
      result: expect.stringMatching(/^401 a state dump must be a JSON object whose first member is "format"/),
      fed: 0,
    });
    expect(pulled('  \n {"hello":')).toEqual({
      result: expect.stringMatching(/^19 not an l2-devnet state dump: a state dump is a JSON object whose first member is "format"/),
      fed: 13,
    });
    // An object opening with "format" but in another layout is held whole, up to its limit.
    expect(pulled('{"format":"l2-devnet/state@2","x":[').result).toMatch(/^19 this state dump is not laid out one item per line/);
    expect(refused('')).toMatch(/^401 state dump is empty/);
  });

  it('refuses a line longer than its limit as it arrives', async () => {
    const { text } = await busyDump();
    const long = text.replace('"named_accounts":[', `"named_accounts":[${'[],'.repeat(400_000)}`);
    expect(refused(long, { maxLine: 1 << 20, maxWhole: 1 << 20 })).toBe(
      `19 malformed state dump: line 8 is longer than ${1 << 20} characters, the most read as one line`,
    );
    const reader = new StateReader({ maxLine: 1000, maxWhole: 1000 });
    reader.feed(text.slice(0, text.indexOf('"named_accounts"')));
    expect(() => {
      for (let i = 0; i < 10_000; i++) reader.feed('x'.repeat(100));
    }).toThrow(/line 8 is longer than 1000 characters/);
  });

  it('refuses what loadState refuses, naming the field or item; text that is not JSON by line', async () => {
    const { text } = await busyDump();
    const good = parseQuotingBigIntegers(text) as Record<string, any>;
    expect(refused(stringify({ ...good, format: 'l2-devnet/state@0' }))).toMatch(
      /^19 state dump format "l2-devnet\/state@0" cannot be read/,
    );
    expect(refused(stringify({ ...good, format: 'l2-devnet/state@1' }))).toMatch(
      /^19 state dump format "l2-devnet\/state@1" cannot be read by this build, which reads "l2-devnet\/state@3", "l2-devnet\/state@2"/,
    );
    expect(refused(stringify({ ...good, records: undefined }))).toBe('19 malformed state dump: missing field records');
    expect(refused(stringify({ ...good, surprise: 1 }))).toBe('19 malformed state dump: unexpected field surprise');
    expect(refused(stringify({ ...good, next_vault_id: 'ten' }))).toBe(
      '19 malformed state dump: next_vault_id must be an integer >= 0, got "ten"',
    );
    expect(refused(stringify({ ...good, records: [...good.records, good.records[0]] }))).toMatch(
      /^19 malformed state dump: records must come in ascending sequence id order, once each \(1 after \d+\)$/,
    );
    const file = {
      projectUuid: good.projects[0].uuid,
      cid: 'bafkreidup',
      filename: 'a.txt',
      size: 5,
      createdAtMicros: 1767225600000000,
      removed: false,
    };
    expect(refused(stringify({ ...good, storage: [file, { ...file, filename: 'b.txt' }] }))).toBe(
      '19 malformed state dump: storage has 2 entries, 1 of them distinct',
    );
    expect(() => loadState({ ...good, storage: [file, { ...file, filename: 'b.txt' }] })).toThrow(/^malformed state dump: /);
    const queued = [...good.pending_l2, good.next_sequence_id + 7];
    expect(refused(stringify({ ...good, pending_l2: queued }))).toBe(
      `19 inconsistent state dump: the batch queues hold ${good.pending_l2.length + good.pending_l1.length + 1} ids but ${good.pending_l2.length + good.pending_l1.length} records are queued (an id that is no record, or one in both queues)`,
    );
    expect(refused(stringify({ ...good, issued: good.issued.map(([k, v]: [string, number]) => [k, v + 1]) }))).toMatch(
      /^19 inconsistent state dump: conservation/,
    );
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    expect(refused(stringify(good).replace('"named_accounts":[', `"named_accounts":[${deep},`))).toBe(
      '19 malformed state dump: field named_accounts nests deeper than 64 levels (a whole dump nests about a dozen)',
    );
    // In the line layout, deep nesting inside an item is refused by the item's schema.
    expect(refused(text.replace('"records":[\n', `"records":[\n${deep},\n`))).toBe(
      '19 malformed state dump: records[0] must be an object, got an array of 1',
    );
    // Text that is not JSON: named by its line.
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"sequenceId":3,'));
    expect(refused(editLine(text, '{"sequenceId":3,', (l) => l.replace('},', '#,')))).toMatch(new RegExp(`^401 line ${at + 1}: `));
    expect(refused(text.slice(0, text.indexOf('{"sequenceId":3,') + 20))).toMatch(new RegExp(`^401 line ${at + 1}: `));
    expect(refused(text + '\nx')).toBe(
      '19 malformed state dump: line ' +
        (lines.length + 1) +
        ' is not laid out as GET /_devnet/state writes it (one member or item per line): "x"',
    );
  });

  it('refuses a tampered item, naming it: a value of the wrong type or range, a field extra, repeated, reordered or spelled otherwise', async () => {
    const { text } = await busyDump();
    const record3 = (f: (line: string) => string) => refused(editLine(text, '{"sequenceId":4,', f));
    expect(record3((l) => l.replace(/"amount":\d+/, '"amount":-4'))).toBe(
      '19 malformed state dump: records[3].amount must be an integer >= 0, got -4',
    );
    expect(record3((l) => l.replace(/"amount":\d+/, '"amount":"4"'))).toBe(
      '19 malformed state dump: records[3].amount must be an integer >= 0, got "4"',
    );
    expect(record3((l) => l.replace('"sequenceId":4', '"sequenceId":"4"'))).toBe(
      '19 malformed state dump: records[3].sequenceId must be an integer from 1 to 2^53-1, got "4"',
    );
    expect(record3((l) => l.replace('"type":1', '"type":99'))).toMatch(
      /^19 malformed state dump: records\[3\]\.type must be one of 1, 2, 3, 4, 7, 8, got 99$/,
    );
    expect(record3((l) => l.replace('{', '{"extra":true,'))).toBe('19 malformed state dump: unexpected field records[3].extra');
    expect(record3((l) => l.replace(',"to":null', ''))).toBe('19 malformed state dump: missing field records[3].to');
    for (const spelled of [
      (l: string) => l.replace(/"amount":(\d+)/, '"amount":$1.0'),
      (l: string) => l.replace(/"amount":(\d+)/, '"amount":$1,"amount":$1'),
      (l: string) => l.replace('"to":null,"reason":null', '"reason":null,"to":null'),
      (l: string) => l.replace('"starkKey":"0x', '"starkKey":"\\u0030x'),
      (l: string) => l.replace('{"sequenceId"', '{ "sequenceId"'),
    ]) {
      expect(record3(spelled)).toMatch(
        /^19 malformed state dump: records\[3\] is not written as GET \/_devnet\/state writes the entry it loads as \(a field repeated, reordered, or spelled otherwise\): \{/,
      );
    }
    expect(refused(editLine(text, '"clock":', (l) => l.replace(':{', ':{ ')))).toBe(
      '19 malformed state dump: field clock is not written as GET /_devnet/state writes the value it loads as',
    );
    expect(refused(editLine(text, '"prng":', () => '"prng":{"seed":"x","counter":1.5},'))).toBe(
      '19 malformed state dump: prng.counter must be an integer from 0 to 2^53-1, got 1.5',
    );
    // Out of the layout: a member out of order, a missing one, a comma too many.
    expect(refused(editLine(text, '"prng":', () => ''))).toMatch(/^19 malformed state dump: line 3 is not laid out/);
    expect(refused(text.replace(/\n"prng":[^\n]*/, ''))).toBe(
      '19 malformed state dump: line 3 holds field next_sequence_id where prng is written (missing, or out of order)',
    );
    expect(refused(text.replace('\n]', ',\n]'))).toMatch(/^19 malformed state dump: line \d+ is not laid out/);
  });

  it('refuses an item spelled otherwise in as many characters, or lines split otherwise (what the fast check of items must see)', async () => {
    const { text } = await busyDump();
    // Read in small pieces and in one (the items of a piece are read together).
    const refusedAnyhow = (body: string) => {
      const answer = refused(body);
      expect(refused(body, undefined, [body.length])).toBe(answer);
      return answer;
    };
    const notWritten = /^19 malformed state dump: records\[\d+\] is not written as GET \/_devnet\/state writes the entry it loads as/;
    // An amount in exponent form, padded back to its length with spaces.
    const line = text.split('\n').find((l) => /"amount":\d{3,}0,/.test(l))!;
    const padded = line.replace(/"amount":(\d+?)(0+),/, (_m, d: string, zeros: string) => {
      const short = `${d}e${zeros.length}`;
      return `"amount":${short}${' '.repeat(d.length + zeros.length - short.length)},`;
    });
    expect(padded.length).toBe(line.length);
    expect(refusedAnyhow(text.replace(line, padded))).toMatch(notWritten);
    // A lone surrogate written raw (the dump escapes it), padded with spaces.
    expect(refusedAnyhow(editLine(text, '{"sequenceId":4,', (l) => l.replace(/"reason":null/, '"reason":"\ud800"     ')))).toMatch(
      notWritten,
    );
    // One record over two lines (a key repeated so the first line is as long as the record's text), two records on one line.
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('{"sequenceId":4,'));
    const record = lines[at]!;
    lines.splice(at, 1, record.replace('"orderId":null},', '"orderId":12345'), '"orderId":null},');
    lines.splice(at + 3, 2, lines[at + 3]! + lines[at + 4]!);
    expect(lines[at]!.length).toBe(record.length - 1);
    expect(refusedAnyhow(lines.join('\n'))).toMatch(new RegExp(`^401 line ${at + 1}: `));
  });

  it("refuses a described field's own bounds on the fast path too (a schema piped twice keeps its inner checks)", async () => {
    const { text } = await busyDump();
    // recordCount and a record list's ids carry a description over their bounds: a pipe inside a pipe.
    const line = text.split('\n').find((l) => l.startsWith('{"id":1,'))!;
    const negative = line.replace(/"recordCount":\d+/, '"recordCount":-1');
    expect(negative).not.toBe(line);
    const answer = 'malformed state dump: contracts[0].recordCount must be an integer from 0 to 2^53-1, got -1';
    expect(refused(text.replace(line, negative))).toBe(`19 ${answer}`);
    expect(refused(text.replace(line, negative), undefined, [text.length])).toBe(`19 ${answer}`);
  });

  it('keeps integers past 2^53 exact wherever they sit in an item', async () => {
    const c = testClient();
    for (const amount of [2n ** 53n - 1n, 2n ** 53n + 1n, 2n ** 62n + 3n, 9_999_999_999_999_999n, 1_000_000_000_000_000n]) {
      c.dn.devnet.deposit({ starkKey: c.accounts.carol.stark_key, contractAddress: 'eth', amount });
    }
    const text = c.dn.devnet.dumpText().join('');
    expect(text).toContain(`"amount":"${2n ** 53n + 1n}"`);
    expect(text).toContain(`"amount":${2n ** 53n - 1n}`);
    for (const sizes of [[text.length], [7, 13, 1, 64]]) expect(stateHash(read(text, sizes))).toBe(c.dn.devnet.stateHash());
    // One spelling each: a safe integer written as a string, or a big one with a leading zero, is refused.
    expect(refused(text.replace(`"amount":${2n ** 53n - 1n}`, `"amount":"${2n ** 53n - 1n}"`))).toMatch(
      /amount must be an integer >= 0, got "9007199254740991"$/,
    );
    expect(refused(text.replace(`"amount":"${2n ** 53n + 1n}"`, `"amount":"0${2n ** 53n + 1n}"`))).toMatch(
      /amount must be an integer >= 0, got "09007199254740993"$/,
    );
  });

  it('rebuilds the list indexes: a long history keeps its record lists, and every index agrees with the plain state', async () => {
    const { text } = await busyDump();
    const carol = (JSON.parse(text) as { accounts: Array<{ key: string; records: number[] }> }).accounts.find(
      (a) => a.records.length > RECORD_LISTS_FROM,
    )!;
    const state = read(text, [7, 13, 1, 64]);
    expect(state.lists.records.get(carol.key)?.byType.size).toBeGreaterThan(0);
    expect(state.lists.depth.size).toBeGreaterThan(0);
    expect(listIndexViolations(state)).toEqual([]);
  });

  it("refuses an account that lists a record that does not exist, or its records out of order (the index rebuild's checks)", async () => {
    const { text } = await busyDump();
    const good = parseQuotingBigIntegers(text) as Record<string, any>;
    const long = good.accounts.findIndex((a: any) => a.records.length > RECORD_LISTS_FROM);
    const withRecords = (f: (ids: number[]) => number[]) =>
      stringify({ ...good, accounts: good.accounts.map((a: any, i: number) => (i === long ? { ...a, records: f(a.records) } : a)) });
    const key = good.accounts[long].key;
    expect(refused(withRecords((ids) => [...ids, good.next_sequence_id + 5]))).toBe(
      `19 malformed state dump: account ${key} lists record ${good.next_sequence_id + 5}, which is not a record`,
    );
    expect(refused(withRecords((ids) => [ids[1]!, ids[0]!, ...ids.slice(2)]))).toMatch(
      new RegExp(`^19 malformed state dump: account ${key} lists record \\d+, which is out of ascending order$`),
    );
    const other = good.records.find((r: any) => r.starkKey !== key && r.to !== key).sequenceId as number;
    expect(refused(withRecords((ids) => [...ids, other].sort((a, b) => a - b)))).toBe(
      `19 malformed state dump: account ${key} lists record ${other}, which is neither sent nor received by it`,
    );
  });
});

describe('members added to @3 (written only when not empty)', () => {
  async function withdrawnDump(): Promise<{ text: string; hash: string }> {
    const c = testClient();
    await withdraw(c, c.accounts.alice, '0x76f2Fc7ed90039d986e3eb4DB294f05E160c8F03', ETH_ASSET, '1000');
    await c.post('/_devnet/batches', { layer: 'both' });
    return { text: c.dn.devnet.dumpText().join(''), hash: c.dn.devnet.stateHash() };
  }

  it('a state holding one writes it last; read line by line it loads and dumps again byte for byte', async () => {
    const { text, hash } = await withdrawnDump();
    const lines = text.split('\n');
    expect(lines.at(-4)).toMatch(/^"withdraw_area_records":\[$/);
    const { state, textHash } = readHashed(text, [7, 4096]);
    expect(stateHash(state)).toBe(hash);
    expect(textHash).toBe(hash);
  });

  it('a dump without it (as written before) loads with it empty; one written out empty loads, but its text hash is not the state’s', async () => {
    const { text } = await withdrawnDump();
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('"withdraw_area_records"'));
    // Drop the member and the comma before it: the storage line ends the dump.
    const before = [...lines.slice(0, at - 1), lines[at - 1]!.replace(/,$/, ''), '}'].join('\n');
    const old = readHashed(before, [4096]);
    expect(old.state.withdrawAreaRecords.size).toBe(0);
    expect(old.state.withdrawArea.size).toBe(1);
    const emptyOut = [...lines.slice(0, at), '"withdraw_area_records":[]', '}'].join('\n');
    const empty = readHashed(emptyOut, [4096]);
    expect(empty.state.withdrawAreaRecords.size).toBe(0);
    expect(empty.textHash).toBeUndefined();
    expect(
      refused(
        lines
          .slice(0, at - 3)
          .join('\n')
          .replace(/,$/, '') + '\n}',
      ),
    ).toMatch(/^19 malformed state dump: missing field/);
  });
});
