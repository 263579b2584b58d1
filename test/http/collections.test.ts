// GET /v1/collection without a collection (JS 0.8 getCollections) and GET /v1/contracts/{address}/tokens
// (Python get_token_owners), through HTTP.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TOKEN_OWNER } from '../../src/domain/catalog/nfts.js';
import { COLLECTION_SUMMARY } from '../../src/domain/catalog/views.js';
import { DMINT, RDD20, REDDIO721, failedCode, testClient } from '../support/client.js';
import { order, transfer } from '../support/flows.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';

describe('GET /v1/collection without parameters', () => {
  it('lists every registered collection as the JS 0.8 type declares it (an array), ETH left out', async () => {
    const c = testClient();
    const r = (await c.get('/v1/collection')).body;
    expect(r.status).toBe('OK');
    // The interface spec gives the collection family no error_code (its envelope rule names who has one).
    expect(r).not.toHaveProperty('error_code');
    expect(r.data.map((x: { symbol: string }) => x.symbol)).toEqual(['RDD20', 'REDDIO721', 'DMINT', 'RED20', 'USDR', 'MKT721M', 'DMC']);
    expect(r.data.slice(0, 3).map((x: { contract_address: string }) => x.contract_address)).toEqual([RDD20, REDDIO721, DMINT]);
    expect(r.data[1]).toEqual({
      contract_address: REDDIO721,
      symbol: 'REDDIO721',
      type: 'ERC721',
      total_supply: '5',
      asset_type: expect.stringMatching(/^0x[0-9a-f]+$/),
      base_uri: 'https://metadata.example.invalid/reddio721/',
    });
    expect(r.data[0]).toMatchObject({ type: 'ERC20', total_supply: '2000000000', base_uri: '' });
    // The marketplace app compares addresses with ===: they come back as the genesis wrote them.
    expect(r.data[3]).toMatchObject({ contract_address: '0xba95D91ba3f49c3e2911A85D06725db9DD19B3C1', total_supply: '1000000000000' });
    for (const item of r.data) expect(v.is(COLLECTION_SUMMARY, item)).toBe(true);
    // asset_type agrees with contract_info (a second path).
    expect(r.data[1].asset_type).toBe((await c.get(`/v1/contract_info?contract_address=${REDDIO721}`)).body.data.asset_type);
  });

  it('follows mints and new contracts', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    await c.post('/v1/mints', { contract_address: DMINT, stark_key: c.accounts.bob.stark_key, amount: '3' }, h);
    const project = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    await c.post(
      '/v1/project/contract',
      { project_uuid: project, contract_type: 'ERC721', contract_address: '0x1111111111111111111111111111111111111111', symbol: 'NEW' },
      h,
    );
    const list = (await c.get('/v1/collection')).body.data;
    expect(list.find((x: { symbol: string }) => x.symbol === 'DMINT').total_supply).toBe('5');
    expect(list.at(-1)).toMatchObject({ symbol: 'NEW', total_supply: '0' });
  });

  it('with quote_contract_address it still answers what is for sale, as {list, total}', async () => {
    const c = testClient();
    await order(c, c.accounts.alice, {
      contract2: `ERC721:${REDDIO721}:1`,
      direction: 0,
      quoteAmount: '1',
      baseAmount: '1000',
      price: '1000',
    });
    const r = (await c.get(`/v1/collection?quote_contract_address=${REDDIO721}&token_ids=1,2&base_contract_address=eth`)).body.data;
    expect(r.total).toBe(1);
    expect(r.list[0]).toMatchObject({ token_id: '1', price: '1000' });
  });

  it('refuses token_ids or base_contract_address without a collection (27)', async () => {
    const c = testClient();
    expect(failedCode(await c.get('/v1/collection?token_ids=1'))).toBe(27);
    expect(failedCode(await c.get('/v1/collection?base_contract_address=eth'))).toBe(27);
    expect((await c.get('/v1/collection?quote_contract_address=')).body.data).toHaveLength(7);
  });
});

describe('GET /v1/contracts/{address}/tokens', () => {
  it('lists the tokens with their owners in data.list, as Python reads it', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await transfer(c, alice, bob.stark_key, NFT_1, 1n);
    const r = (await c.get(`/v1/contracts/${REDDIO721}/tokens`)).body;
    expect(r).toMatchObject({ status: 'OK', error_code: 0 });
    expect(r.data.total).toBe(5);
    expect(r.data.list[0]).toEqual({
      token_id: '1',
      contract_address: REDDIO721,
      owner: bob.stark_key,
      symbol: 'REDDIO721',
      asset_id: NFT_1,
    });
    for (const item of r.data.list) expect(v.is(TOKEN_OWNER, item)).toBe(true);
    // The same owners as /v1/nfts (a second path).
    const nfts = (await c.get(`/v1/nfts/${REDDIO721}`)).body.data.list.map((n: { token_id: string; owner: string }) => [
      n.token_id,
      n.owner,
    ]);
    expect(r.data.list.map((n: { token_id: string; owner: string }) => [n.token_id, n.owner])).toEqual(nfts);
  });

  it('keeps only token_ids when given (Python joins them with commas); unknown ids are skipped', async () => {
    const c = testClient();
    const r = (await c.get(`/v1/contracts/${REDDIO721.toUpperCase().replace('0X', '0x')}/tokens?token_ids=4,2,99`)).body.data;
    expect(r.list.map((t: { token_id: string }) => t.token_id)).toEqual(['2', '4']);
    expect(r.total).toBe(2);
  });

  it.each([
    ['an unknown contract', '0x2222222222222222222222222222222222222222', '', 15],
    ['a malformed address', 'nope', '', 19],
    ['a fungible contract', RDD20, '', 19],
    ['a malformed token id', REDDIO721, '?token_ids=x', 4],
    ['an empty token id', REDDIO721, '?token_ids=1,,2', 19],
  ])('refuses %s with its code', async (_what, address, query, code) => {
    const c = testClient();
    expect(failedCode(await c.get(`/v1/contracts/${address}/tokens${query}`))).toBe(code);
  });
});
