// Control plane for whole states: snapshots and reverts, reset, dump and load, and what bad input gets.
import { describe, expect, it } from 'vitest';
import { parseExact, stringify } from '../../src/domain/values/json.js';
import { ETH_ASSET, failedCode, testClient } from '../support/client.js';
import { balance, order, transfer } from '../support/flows.js';

async function hash(c: ReturnType<typeof testClient>): Promise<string> {
  return (await c.get('/_devnet/invariants')).body.state_hash;
}

describe('snapshots', () => {
  it('DELETE forgets one snapshot: reverting to it then gets 19, the others stay usable, unknown ids get 19', async () => {
    const c = testClient();
    const first = (await c.post('/_devnet/snapshots', {})).body.id;
    const atFirst = await hash(c);
    await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: 5 });
    const second = (await c.post('/_devnet/snapshots', {})).body.id;
    const atSecond = await hash(c);
    await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: 7 });

    const deleted = await c.delete(`/_devnet/snapshots/${first}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deleted: first });
    const gone = await c.post(`/_devnet/snapshots/${first}/revert`, {});
    expect(failedCode(gone)).toBe(19);
    expect(gone.body.error).toMatch(/no snapshot with id "0x1"/);
    expect(failedCode(await c.delete(`/_devnet/snapshots/${first}`))).toBe(19);
    expect(failedCode(await c.delete('/_devnet/snapshots/nonsense'))).toBe(19);

    // The later snapshot still reverts exactly, although the steps before it were released.
    expect((await c.post(`/_devnet/snapshots/${second}/revert`, {})).status).toBe(200);
    expect(await hash(c)).toBe(atSecond);
    expect(atSecond).not.toBe(atFirst);
  });

  it('keeps undo steps only while a live snapshot needs them', async () => {
    const c = testClient();
    const undo = c.dn.devnet.state.undo;
    const deposit = () => c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: 1 });
    await deposit();
    expect(undo.slotCount).toBe(0);
    const first = (await c.post('/_devnet/snapshots', {})).body.id;
    for (let i = 0; i < 10; i++) await deposit();
    const afterTen = undo.slotCount;
    expect(afterTen).toBeGreaterThan(0);
    const second = (await c.post('/_devnet/snapshots', {})).body.id;
    await deposit();
    const withBoth = undo.slotCount;
    // Deleting the older snapshot releases the ten deposits' steps; the newer one keeps its own.
    await c.delete(`/_devnet/snapshots/${first}`);
    expect(undo.slotCount).toBeLessThan(withBoth - afterTen / 2);
    expect(undo.slotCount).toBeGreaterThan(0);
    // A revert keeps the snapshot reverted to (this project's rule), so its steps are kept after it...
    await c.post(`/_devnet/snapshots/${second}/revert`, {});
    await deposit();
    expect(undo.slotCount).toBeGreaterThan(0);
    // ...until it is deleted: then nothing is kept.
    await c.delete(`/_devnet/snapshots/${second}`);
    expect(undo.slotCount).toBe(0);
    await deposit();
    expect(undo.slotCount).toBe(0);
  });

  it('revert restores balances, nonces, sequence ids and the clock exactly; the snapshot stays usable', async () => {
    const c = testClient();
    const before = await hash(c);
    const snap = await c.post('/_devnet/snapshots', {});
    expect(snap.status).toBe(200);
    expect(snap.body.id).toBe('0x1');

    const sent = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n);
    expect(sent.body.status).toBe('OK');
    await c.post('/_devnet/clock', { advance_seconds: 60 });
    expect(await balance(c, c.accounts.bob.stark_key, ETH_ASSET)).toMatchObject({ available: 10_001_000 });

    const r = await c.post(`/_devnet/snapshots/${snap.body.id}/revert`, {});
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ reverted: '0x1' });
    expect(await hash(c)).toBe(before);
    expect(await balance(c, c.accounts.bob.stark_key, ETH_ASSET)).toMatchObject({ available: 10_000_000 });
    // The same nonce and sequence id are handed out again, as if the transfer never happened.
    const again = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n);
    expect(again.body.data.sequence_id).toBe(sent.body.data.sequence_id);
    await c.post(`/_devnet/snapshots/${snap.body.id}/revert`, {});
    expect(await hash(c)).toBe(before);
  });

  it('reverting to an earlier snapshot drops the later ones; unknown ids get 19 and change nothing', async () => {
    const c = testClient();
    const first = (await c.post('/_devnet/snapshots', {})).body.id;
    await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: 5 });
    const second = (await c.post('/_devnet/snapshots', {})).body.id;
    expect(second).toBe('0x2');
    expect((await c.post(`/_devnet/snapshots/${first}/revert`, {})).status).toBe(200);
    const h = await hash(c);
    const gone = await c.post(`/_devnet/snapshots/${second}/revert`, {});
    expect(failedCode(gone)).toBe(19);
    expect(gone.body.error).toMatch(/no snapshot with id "0x2"/);
    expect(failedCode(await c.post('/_devnet/snapshots/nonsense/revert', {}))).toBe(19);
    expect(await hash(c)).toBe(h);
  });
});

describe('reset', () => {
  it('goes back to the genesis state and drops snapshots', async () => {
    const c = testClient();
    const genesis = await hash(c);
    const snap = (await c.post('/_devnet/snapshots', {})).body.id;
    await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: 'eth', amount: 5 });
    expect(await hash(c)).not.toBe(genesis);
    const r = await c.post('/_devnet/reset', {});
    expect(r.body.state_hash).toBe(genesis);
    expect(failedCode(await c.post(`/_devnet/snapshots/${snap}/revert`, {}))).toBe(19);
  });
});

describe('state dump and load', () => {
  it('GET /_devnet/state is versioned; loading it into a fresh emulator reproduces the state hash and behaviour', async () => {
    const a = testClient();
    await transfer(a, a.accounts.alice, a.accounts.bob.stark_key, ETH_ASSET, 1234n);
    const text = (await a.get('/_devnet/state')).text;
    expect(JSON.parse(text).format).toBe('l2-devnet/state@3');

    const b = testClient();
    const loaded = await b.postRaw('/_devnet/state', text);
    expect(loaded.body.state_hash).toBe(await hash(a));
    // Both now hand out the same next sequence id for the same command.
    const x = await transfer(a, a.accounts.bob, a.accounts.carol.stark_key, ETH_ASSET, 1n);
    const y = await transfer(b, b.accounts.bob, b.accounts.carol.stark_key, ETH_ASSET, 1n);
    expect(y.body).toEqual(x.body);
    expect(await hash(b)).toBe(await hash(a));
  });

  it('GET answers in pieces, and POST takes a body that arrives in pieces of 333 bytes', async () => {
    const a = testClient();
    const project = [...a.dn.devnet.state.projects.values()][0]!.uuid;
    a.dn.devnet.createMarketplace(a.apiKey, {
      name: 'caf\u00e9 \u4e2d "x"',
      payee: a.accounts.carol.stark_key,
      fee: { num: 1n, den: 100n, text: '0.01' },
      projectUuid: project,
    });
    // A history long enough for carol to keep record lists (the load must rebuild them).
    for (let i = 0; i < 100; i++)
      a.dn.devnet.deposit({ starkKey: a.accounts.carol.stark_key, contractAddress: 'eth', amount: BigInt(i + 1) });
    const res = await a.dn.fetch('http://devnet.test/_devnet/state');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const b = testClient();
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(at, at + 333));
        at += 333;
      },
    });
    const reply = await b.dn.fetch('http://devnet.test/_devnet/state', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(await reply.json()).toEqual({ state_hash: await hash(a) });
    expect(await hash(b)).toBe(await hash(a));
    expect(b.dn.devnet.state.lists.records.has(a.accounts.carol.stark_key)).toBe(true);
    const invariants = await b.get('/_devnet/invariants');
    expect(invariants.body).toMatchObject({ ok: true, violations: [] });
    const page = await b.get(`/v1/records?stark_key=${a.accounts.carol.stark_key}&contract_address=eth&record_type=1&limit=5&page=3`);
    const want = await a.get(`/v1/records?stark_key=${a.accounts.carol.stark_key}&contract_address=eth&record_type=1&limit=5&page=3`);
    expect(page.body.data.list.length).toBe(5);
    expect(page.body).toEqual(want.body);
  });

  it('loads a dump of the previous format (@2: one line, integers past 2^53 as numbers) whole, and dumps it in the current layout', async () => {
    const a = testClient();
    await transfer(a, a.accounts.alice, a.accounts.bob.stark_key, ETH_ASSET, 1234n);
    await order(a, a.accounts.alice, {
      contract2: 'ERC721:0x941661bd1134dc7cc3d107bf006b8631f6e65ad5:1',
      direction: 0,
      quoteAmount: '1',
      baseAmount: '1000',
      price: '1000',
    });
    const text = (await a.get('/_devnet/state')).text;
    // Parsed exactly (asset types pass 2^53), written as @2 wrote them: on one line, every integer a number.
    const now = parseExact(text.replace(/"(\d{16,})"/g, '$1')) as Record<string, unknown>;
    const old = stringify({ ...now, format: 'l2-devnet/state@2' });
    expect(old).not.toContain('\n');
    const b = testClient();
    expect((await b.postRaw('/_devnet/state', old)).body.state_hash).toBe(await hash(a));
    expect((await b.get('/_devnet/state')).text).toBe(text);
    // A dump of the format before it (@1) is refused, saying which formats this build reads.
    const r = await b.postRaw('/_devnet/state', stringify({ ...now, format: 'l2-devnet/state@1' }));
    expect(failedCode(r)).toBe(19);
    expect(r.body.error).toMatch(
      /^state dump format "l2-devnet\/state@1" cannot be read by this build, which reads "l2-devnet\/state@3", "l2-devnet\/state@2"/,
    );
  });

  it('refuses malformed, foreign, older-format and inconsistent dumps with 19 (401 for bad JSON), leaving the state alone', async () => {
    const c = testClient();
    // Parsed exactly: JSON.parse would round the asset ids, and such a dump no longer loads as written.
    const good = parseExact((await c.get('/_devnet/state')).text) as Record<string, any>;
    const h = await hash(c);
    const cases: Array<[string, string, number, RegExp]> = [
      ['not JSON', '{"format":', 401, /not valid JSON/],
      ['an array', '[]', 401, /must be a JSON object/],
      ['a foreign document', '{"hello":"world"}', 19, /not an l2-devnet state dump/],
      [
        'an older format',
        stringify({ ...good, format: 'l2-devnet/state@0' }),
        19,
        /format "l2-devnet\/state@0" cannot be read by this build/,
      ],
      ['a missing section', stringify({ ...good, records: undefined }), 19, /malformed state dump/],
      ['an extra field', stringify({ ...good, surprise: 1 }), 19, /unexpected field surprise/],
      ['a mistyped value', stringify({ ...good, next_vault_id: 'ten' }), 19, /malformed state dump/],
      [
        'money from nowhere',
        stringify({ ...good, issued: good.issued.map(([k, v]: [string, number | bigint]) => [k, BigInt(v) + 1n]) }),
        19,
        /inconsistent state dump: conservation/,
      ],
      // Found by hand: each of these once loaded (and broke the overview afterwards).
      [
        'a negative clock',
        stringify({ ...good, clock: { now_micros: -1 } }),
        19,
        /^malformed state dump: clock\.now_micros must be microseconds from 0 to \d+ \(9999-12-31\), got -1$/,
      ],
      [
        'a string next_sequence_id',
        stringify({ ...good, next_sequence_id: String(good.next_sequence_id) }),
        19,
        /^malformed state dump: next_sequence_id must be an integer from 1 to 2\^53-1, got "\d+"$/,
      ],
      [
        'next_sequence_id at 2^53',
        stringify({ ...good, next_sequence_id: 2n ** 53n }),
        19,
        /^malformed state dump: next_sequence_id must be an integer from 1 to 2\^53-1, got "9007199254740992"$/,
      ],
      [
        'next_sequence_id far past 2^53',
        stringify({ ...good, next_sequence_id: 2n ** 64n }),
        19,
        /^malformed state dump: next_sequence_id must be an integer from 1 to 2\^53-1, got "18446744073709551616"$/,
      ],
      [
        'next_sequence_id not above the records',
        stringify({ ...good, next_sequence_id: 1 }),
        19,
        /^malformed state dump: next_sequence_id 1 must be above every record's sequence id/,
      ],
      [
        'a fractional prng counter',
        stringify({ ...good, prng: { ...good.prng, counter: 1.5 } }),
        19,
        /^malformed state dump: prng\.counter must be an integer from 0 to 2\^53-1, got 1\.5$/,
      ],
      [
        'a record id as text',
        stringify({
          ...good,
          records: good.records.map((r: any, i: number) => (i === 0 ? { ...r, sequenceId: String(r.sequenceId) } : r)),
        }),
        19,
        /^malformed state dump: records\[0\]\.sequenceId must be an integer from 1 to 2\^53-1, got "1"$/,
      ],
      [
        'a negative amount',
        stringify({ ...good, records: good.records.map((r: any, i: number) => (i === 0 ? { ...r, amount: -5 } : r)) }),
        19,
        /^malformed state dump: records\[0\]\.amount must be an integer >= 0, got -5$/,
      ],
      [
        'a numeric stark key',
        stringify({ ...good, records: good.records.map((r: any, i: number) => (i === 0 ? { ...r, starkKey: 7 } : r)) }),
        19,
        /^malformed state dump: records\[0\]\.starkKey must be a string, got 7$/,
      ],
      [
        'an unknown record type',
        stringify({ ...good, records: good.records.map((r: any, i: number) => (i === 0 ? { ...r, type: 99 } : r)) }),
        19,
        /^malformed state dump: records\[0\]\.type must be one of/,
      ],
      [
        'records out of order',
        stringify({ ...good, records: [...good.records].reverse() }),
        19,
        /^malformed state dump: records must come in ascending sequence id order/,
      ],
      [
        'a settlement mode nobody knows',
        stringify({ ...good, settlement: { ...good.settlement, mode: 'sometimes' } }),
        19,
        /^malformed state dump: settlement\.mode must be one of "auto", "manual", "interval", got "sometimes"$/,
      ],
    ];
    for (const [what, body, code, message] of cases) {
      const r = await c.postRaw('/_devnet/state', body);
      expect(r.status, what).toBe(200);
      expect(failedCode(r), what).toBe(code);
      expect(r.body.error, what).toMatch(message);
    }
    expect(await hash(c)).toBe(h);
    // The same checks on the in-memory path (a POST is read as a stream; load() takes an object).
    expect(() => c.dn.devnet.load({ ...good, next_sequence_id: String(good.next_sequence_id) })).toThrow(
      /next_sequence_id must be an integer from 1 to 2\^53-1/,
    );
    expect(() => c.dn.devnet.load({ ...good, clock: { now_micros: -1n } })).toThrow(/clock\.now_micros must be microseconds/);
    expect(await hash(c)).toBe(h);
    // And the overview still answers at once.
    expect((await c.get('/_devnet/overview')).status).toBe(200);
  });

  it('a counter far above the records (2^53-1) loads, and the overview lists the newest records without walking the gap', async () => {
    const c = testClient();
    await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 5n);
    const good = parseExact((await c.get('/_devnet/state')).text) as Record<string, any>;
    const before = (await c.get('/_devnet/overview')).body.records.map((r: any) => r.sequence_id);
    expect(before.length).toBeGreaterThan(1);
    const r = await c.postRaw('/_devnet/state', stringify({ ...good, next_sequence_id: Number.MAX_SAFE_INTEGER }));
    expect(r.body.state_hash).toMatch(/^0x/);
    // Walking the 2^53 ids of the gap would never finish (the test's own timeout would end it).
    const after = (await c.get('/_devnet/overview')).body.records.map((x: any) => x.sequence_id);
    expect(after).toEqual(before);
    expect(after).toEqual([...after].sort((x: number, y: number) => y - x));
  });
});
