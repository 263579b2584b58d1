// A dump read in pieces (DumpReader) loads exactly what loadState loads, and refuses what it refuses.
import { describe, expect, it } from 'vitest';
import { DumpReader } from '../../../../src/domain/lifecycle/load-stream.js';
import { stateHash } from '../../../../src/domain/lifecycle/dump.js';
import { DevnetError } from '../../../../src/domain/values/errors.js';
import { JsonSyntaxError, parseExact, stringify } from '../../../../src/domain/values/json.js';
import { listIndexViolations } from '../../../../src/domain/lifecycle/list-indexes.js';
import { RECORD_LISTS_FROM } from '../../../../src/domain/records/record-lists.js';
import { ETH_ASSET, RDD20, testClient } from '../../../support/client.js';
import { order, transfer } from '../../../support/flows.js';

function read(text: string, sizes: readonly number[]) {
  const reader = new DumpReader();
  let at = 0;
  for (let k = 0; at < text.length; k++) {
    const size = sizes[k % sizes.length]!;
    reader.feed(text.slice(at, at + size));
    at += size;
  }
  return reader.end();
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
