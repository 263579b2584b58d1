// GET /v1/records (newest first, filters, pagination) and GET /v1/record (one record, flattened).
import { describe, expect, it } from 'vitest';
import { DMINT, ETH_ASSET, OFF_CURVE_KEY, RDD20, RDD20_ASSET, failedCode, testClient } from '../support/client.js';
import { transfer } from '../support/flows.js';

async function setup() {
  const c = testClient();
  const { alice, bob } = c.accounts;
  await transfer(c, alice, bob.stark_key, ETH_ASSET, '100'); // 13
  await transfer(c, bob, alice.stark_key, RDD20_ASSET, '7'); // 14
  await c.post('/v1/mints', { contract_address: DMINT, stark_key: alice.stark_key, amount: 1 }, { 'x-api-key': c.apiKey }); // 15
  return c;
}

describe('GET /v1/records', () => {
  it("lists a key's records newest first, transfers for both parties, with pagination fields", async () => {
    const c = await setup();
    const r = await c.get(`/v1/records?stark_key=${c.accounts.alice.stark_key}`);
    expect(r.body.error_code).toBe(0);
    const seqs = r.body.data.list.map((x: { sequence_id: number }) => x.sequence_id);
    // alice's genesis deposits are 1, 4, 6, 7, 8, 11, 12.
    expect(seqs).toEqual([15, 14, 13, 12, 11, 8, 7, 6, 4, 1]);
    expect(r.body.data).toMatchObject({ total: 10, current_page: 1, page_size: 100, total_page: 1 });
    expect(r.body.data.list[9]).toEqual({
      amount: '10000000',
      asset_id: ETH_ASSET,
      asset_name: 'ETH',
      asset_type: 'ETH',
      contract_address: 'eth',
      display_value: '10',
      record_type: 1,
      sequence_id: 1,
      stark_key: c.accounts.alice.stark_key,
      status: 1,
      time: 1767225600,
      token_id: '',
    });
  });

  it('filters by record_type, contract_address and sequence_ids, and pages', async () => {
    const c = await setup();
    const key = c.accounts.alice.stark_key;
    const seqs = async (q: string) =>
      (await c.get(`/v1/records?stark_key=${key}&${q}`)).body.data.list.map((x: { sequence_id: number }) => x.sequence_id);
    expect(await seqs('record_type=3')).toEqual([14, 13]);
    expect(await seqs('record_type=0')).toHaveLength(10);
    expect(await seqs(`contract_address=${RDD20}`)).toEqual([14, 4]);
    expect(await seqs('contract_address=ETH')).toEqual([13, 1]);
    expect(await seqs('sequence_ids=1,13,14')).toEqual([14, 13, 1]);
    expect(await seqs('limit=3&page=2')).toEqual([12, 11, 8]);
  });

  it.each([
    ['', 1],
    [`stark_key=${OFF_CURVE_KEY}`, 18],
    ['stark_key=K&limit=0', 19],
    ['stark_key=K&record_type=x', 19],
    ['stark_key=K&sequence_ids=1,,2', 19],
    ['stark_key=K&contract_address=0x5555555555555555555555555555555555555555', 15],
  ])('?%s fails with %s', async (q, code) => {
    const c = testClient();
    expect(failedCode(await c.get(`/v1/records?${q.replaceAll('K', c.accounts.alice.stark_key)}`))).toBe(code);
  });
});

describe('GET /v1/record', () => {
  it('returns an array with the one record, flattened, token_id at the top level', async () => {
    const c = await setup();
    const r = await c.get(`/v1/record?stark_key=${c.accounts.alice.stark_key}&sequence_id=15`);
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0]).toMatchObject({ record_type: 2, sequence_id: 15, token_id: '3', asset_type: 'ERC721M' });
  });

  it('is found by either party of a transfer', async () => {
    const c = await setup();
    for (const k of [c.accounts.alice.stark_key, c.accounts.bob.stark_key]) {
      expect((await c.get(`/v1/record?stark_key=${k}&sequence_id=13`)).body.data[0].from).toBe(c.accounts.alice.stark_key);
    }
  });

  it.each([
    ['unknown sequence id', 'stark_key=A&sequence_id=999', 19],
    ["another key's record", 'stark_key=C&sequence_id=13', 19],
    ['missing sequence id', 'stark_key=A', 19],
    ['bad sequence id', 'stark_key=A&sequence_id=-3', 19],
    ['off-curve key', `stark_key=${OFF_CURVE_KEY}&sequence_id=1`, 18],
  ])('%s fails with %s', async (_n, q, code) => {
    const c = await setup();
    expect(
      failedCode(await c.get(`/v1/record?${q.replace('A', c.accounts.alice.stark_key).replace('C', c.accounts.carol.stark_key)}`)),
    ).toBe(code);
  });
});
