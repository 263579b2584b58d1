// POST /v1/mints: API key, ownership, amounts and explicit token ids; one type-2 record per token.
import { describe, expect, it } from 'vitest';
import { DMINT, RDD20, REDDIO721, OFF_CURVE_KEY, failedCode, testClient } from '../support/client.js';
import { recordOf, snapshotOf } from '../support/flows.js';

function twoTenants() {
  return testClient({
    genesis: {
      accounts: [{ name: 'alice' }, { name: 'bob' }, { name: 'carol' }, { name: 'operator' }],
      api_keys: [{ name: 'one' }, { name: 'two' }],
      projects: [
        { name: 'p1', api_key: 'one', contracts: [{ type: 'ERC721M', address: DMINT }] },
        {
          name: 'p2',
          api_key: 'two',
          contracts: [
            { type: 'ERC721', address: REDDIO721 },
            { type: 'ERC20', address: RDD20 },
          ],
        },
      ],
    },
  });
}

describe('POST /v1/mints', () => {
  it('mints amount tokens continuing from the highest id, one record each', async () => {
    const c = testClient();
    const carol = c.accounts.carol;
    const r = await c.post('/v1/mints', { contract_address: DMINT, stark_key: carol.stark_key, amount: '3' }, { 'x-api-key': c.apiKey });
    expect(r.body).toEqual({ status: 'OK', data: { sequence_ids: [13, 14, 15] }, error: '' });
    const v2 = (await c.get(`/v2/balances?stark_key=${carol.stark_key}&contract_address=${DMINT}`)).body.data;
    expect(v2[0].available_token_ids).toEqual(['3', '4', '5']);
    expect(await recordOf(c, carol.stark_key, 14)).toMatchObject({
      record_type: 2,
      status: 1,
      token_id: '4',
      amount: '1',
      asset_type: 'ERC721M',
    });
    const info = (await c.get(`/v1/contract_info?contract_address=${DMINT}`)).body.data;
    expect(info.total_supply).toBe('5');
  });

  it('mints explicit token_ids ("1,2" or an array) on an ERC721 too', async () => {
    const c = testClient();
    const key = c.accounts.carol.stark_key;
    expect(
      (await c.post('/v1/mints', { contract_address: REDDIO721, stark_key: key, token_ids: '100,101' }, { 'X-API-Key': c.apiKey })).body
        .data.sequence_ids,
    ).toHaveLength(2);
    expect(
      (await c.post('/v1/mints', { contract_address: REDDIO721, stark_key: key, amount: '1', token_ids: [7] }, { 'x-api-key': c.apiKey }))
        .body.status,
    ).toBe('OK');
    // Ids continue after the highest, including explicit ones.
    const next = await c.post('/v1/mints', { contract_address: REDDIO721, stark_key: key, amount: 1 }, { 'x-api-key': c.apiKey });
    expect(await recordOf(c, key, next.body.data.sequence_ids[0])).toMatchObject({ token_id: '102' });
  });

  it('refuses a missing, empty or unknown API key with HTTP 401 and code 32', async () => {
    const c = testClient();
    const body = { contract_address: DMINT, stark_key: c.accounts.carol.stark_key, amount: '1' };
    for (const headers of [{}, { 'x-api-key': '' }, { 'x-api-key': 'not a real api key' }] as Array<Record<string, string>>) {
      const r = await c.post('/v1/mints', body, headers);
      expect(r.status).toBe(401);
      expect(failedCode(r)).toBe(32);
    }
  });

  it("refuses minting on another key's contract with 33", async () => {
    const c = twoTenants();
    const [one, two] = c.dn.devnet.accounts().api_keys;
    const body = { contract_address: REDDIO721, stark_key: c.accounts.carol.stark_key, amount: '1' };
    expect(failedCode(await c.post('/v1/mints', body, { 'x-api-key': one! }))).toBe(33);
    expect((await c.post('/v1/mints', body, { 'x-api-key': two! })).body.status).toBe('OK');
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['amount 0', { amount: '0' }, 23],
    ['amount 101', { amount: '101' }, 23],
    ['amount -1', { amount: '-1' }, 23],
    ['amount "many"', { amount: 'many' }, 23],
    ['neither amount nor token_ids', { amount: undefined }, 23],
    ['existing token id', { amount: undefined, token_ids: '2' }, 22],
    ['token id listed twice', { amount: undefined, token_ids: '50,50' }, 22],
    ['amount not matching token_ids', { amount: '3', token_ids: '60,61' }, 23],
    ['unparsable token id', { amount: undefined, token_ids: '1,x' }, 4],
    ['ERC20 contract', { contract_address: RDD20 }, 7],
    ['unknown contract', { contract_address: '0x4444444444444444444444444444444444444444' }, 15],
    ['missing contract', { contract_address: undefined }, 27],
    ['off-curve stark key', { stark_key: OFF_CURVE_KEY }, 18],
    ['missing stark key', { stark_key: undefined }, 1],
  ])('%s fails with %s and changes nothing', async (_n, override, code) => {
    const c = testClient();
    const key = c.accounts.carol.stark_key;
    const before = await snapshotOf(c, [key]);
    const r = await c.post('/v1/mints', { contract_address: DMINT, stark_key: key, amount: '1', ...override }, { 'x-api-key': c.apiKey });
    expect(failedCode(r)).toBe(code);
    expect(await snapshotOf(c, [key])).toEqual(before);
  });

  it.each<[string, unknown, string]>([
    ['an empty item in the text form', '1,,2', 'token_ids[1] must be a non-negative integer, got ""'],
    ['a blank text', '  ', 'token_ids[0] must be a non-negative integer, got ""'],
    ['hex in the text form', '7,0x10', 'token_ids[1] must be a non-negative integer, got "0x10"'],
    ['a nested array', [['1']], 'token_ids[0] must be a non-negative integer, got ["1"]'],
    ['a negative number in the array form', [5, -1], 'token_ids[1] must be a non-negative integer, got -1'],
    ['neither text nor array', 12, 'token_ids must be "1,2,3" or an array of ids'],
  ])('token_ids: %s is refused with 4, naming the item that failed', async (_n, tokenIds, message) => {
    const c = testClient();
    const r = await c.post(
      '/v1/mints',
      { contract_address: DMINT, stark_key: c.accounts.carol.stark_key, token_ids: tokenIds },
      { 'x-api-key': c.apiKey },
    );
    expect(failedCode(r)).toBe(4);
    expect(r.body.error).toBe(message);
  });
});
