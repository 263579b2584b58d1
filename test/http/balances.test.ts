// /v1/balance, /v1/balances, /v2/balances against the default genesis.
import { describe, expect, it } from 'vitest';
import { DMINT, ETH_ASSET, OFF_CURVE_KEY, RDD20, RDD20_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';

const c = testClient();
const { alice, bob, carol } = c.accounts;
const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2'; // REDDIO721 #1 (reference value)

describe('GET /v1/balance', () => {
  it('shows a fungible balance in quantized units with display strings', async () => {
    const r = await c.get(`/v1/balance?stark_key=${alice.stark_key}&asset_id=${ETH_ASSET}`);
    expect(r.body).toEqual({
      status: 'OK',
      error: '',
      error_code: 0,
      data: {
        asset_id: ETH_ASSET,
        contract_address: 'eth',
        balance_available: 10000000,
        balance_frozen: 0,
        withdraw_frozen: 0,
        type: 'ETH',
        decimals: 18,
        symbol: 'ETH',
        quantum: 1000000000000,
        display_value: '10',
        display_frozen: '0',
        display_withdraw: '0',
        available: '10',
        frozen: '0',
        withdraw: '0',
        token_id: '',
        token_uri: '',
        base_uri: '',
      },
    });
  });

  it('shows an NFT as 1 for its holder and 0 for anyone else, with token_id', async () => {
    const held = await c.get(`/v1/balance?stark_key=${alice.stark_key}&asset_id=${NFT_1}`);
    expect(held.body.data).toMatchObject({
      balance_available: 1,
      type: 'ERC721',
      token_id: '1',
      contract_address: REDDIO721,
      quantum: 1,
      decimals: 0,
    });
    const other = await c.get(`/v1/balance?stark_key=${bob.stark_key}&asset_id=${NFT_1}`);
    expect(other.body.data).toMatchObject({ balance_available: 0, token_id: '1' });
  });

  it('accepts asset ids in upper case and padded', async () => {
    const r = await c.get(`/v1/balance?stark_key=${alice.stark_key}&asset_id=0x0${RDD20_ASSET.slice(2).toUpperCase()}`);
    expect(r.body.data.display_value).toBe('1000');
  });

  it.each([
    ['missing stark_key', `asset_id=${ETH_ASSET}`, 1],
    ['off-curve stark key', `stark_key=${OFF_CURVE_KEY}&asset_id=${ETH_ASSET}`, 18],
    ['missing asset_id', 'stark_key=ALICE', 19],
    ['unknown asset_id', 'stark_key=ALICE&asset_id=0xabc', 6],
    ['malformed asset_id', 'stark_key=ALICE&asset_id=eth', 6],
  ])('%s fails with %s', async (_n, q, code) => {
    expect(failedCode(await c.get(`/v1/balance?${q.replace('ALICE', alice.stark_key)}`))).toBe(code);
  });
});

describe('GET /v1/balances', () => {
  it('lists ETH, then ERC20, then one row per NFT token, with pagination fields', async () => {
    const r = await c.get(`/v1/balances?stark_key=${alice.stark_key}`);
    expect(r.body.error_code).toBe(0);
    const { list, ...meta } = r.body.data;
    expect(meta).toEqual({ total: 7, current_page: 1, page_size: 100, total_page: 1 });
    expect(list.map((x: { contract_address: string; token_id: string }) => `${x.contract_address}#${x.token_id}`)).toEqual([
      'eth#',
      `${RDD20}#`,
      `${DMINT}#1`,
      `${DMINT}#2`,
      `${REDDIO721}#1`,
      `${REDDIO721}#2`,
      `${REDDIO721}#3`,
    ]);
    expect(list[1]).toMatchObject({ balance_available: 1000000000, display_value: '1000', type: 'ERC20', symbol: 'RDD20' });
  });

  it('pages with limit and page (strings, 1-based)', async () => {
    const r = await c.get(`/v1/balances?stark_key=${alice.stark_key}&limit=2&page=2`);
    expect(r.body.data.list.map((x: { token_id: string }) => x.token_id)).toEqual(['1', '2']);
    expect(r.body.data).toMatchObject({ total: 7, current_page: 2, page_size: 2, total_page: 4 });
    const past = await c.get(`/v1/balances?stark_key=${alice.stark_key}&limit=2&page=9`);
    expect(past.body.data.list).toEqual([]);
  });

  it('filters by contract_address (any case), and eth', async () => {
    const nfts = await c.get(`/v1/balances?stark_key=${alice.stark_key}&contract_address=${DMINT.toLowerCase()}`);
    expect(nfts.body.data.total).toBe(2);
    const eth = await c.get(`/v1/balances?stark_key=${alice.stark_key}&contract_address=ETH`);
    expect(eth.body.data.list.map((x: { asset_id: string }) => x.asset_id)).toEqual([ETH_ASSET]);
  });

  it('is empty for a key that holds nothing', async () => {
    const { wallets } = (await testClient().get('/v1/wallets')).body;
    const r = await c.get(`/v1/balances?stark_key=${wallets[0].stark_key}`);
    expect(r.body.data).toEqual({ list: [], total: 0, current_page: 1, page_size: 100, total_page: 0 });
  });

  it.each([
    ['limit=0', 19],
    ['limit=1001', 19],
    ['limit=ten', 19],
    ['page=0', 19],
    ['page=-1', 19],
    ['page=1.5', 19],
    ['contract_address=0x1111111111111111111111111111111111111111', 15],
    ['contract_address=nope', 19],
  ])('%s fails with %s', async (q, code) => {
    expect(failedCode(await c.get(`/v1/balances?stark_key=${alice.stark_key}&${q}`))).toBe(code);
  });

  it('checks the stark key first (1, 18)', async () => {
    expect(failedCode(await c.get('/v1/balances?limit=0'))).toBe(1);
    expect(failedCode(await c.get(`/v1/balances?stark_key=${OFF_CURVE_KEY}`))).toBe(18);
  });

  it('accepts limit up to 1000', async () => {
    expect((await c.get(`/v1/balances?stark_key=${alice.stark_key}&limit=1000`)).body.data.page_size).toBe(1000);
  });
});

describe('GET /v2/balances', () => {
  it('aggregates per contract: fungible rows keep asset_id, NFT rows list token ids and omit asset_id', async () => {
    const r = await c.get(`/v2/balances?stark_key=${alice.stark_key}`);
    expect(r.body.error_code).toBe(0);
    const rows = r.body.data;
    expect(rows.map((x: { contract_address: string }) => x.contract_address)).toEqual(['eth', RDD20, DMINT, REDDIO721]);
    expect(rows[0]).toMatchObject({ asset_id: ETH_ASSET, balance_available: 10000000, display_value: '10' });
    expect(rows[0]).not.toHaveProperty('token_id');
    expect(rows[3]).toEqual({
      contract_address: REDDIO721,
      balance_available: 3,
      balance_frozen: 0,
      withdraw_frozen: 0,
      type: 'ERC721',
      decimals: 0,
      symbol: 'REDDIO721',
      quantum: 1,
      display_value: '3',
      display_frozen: '0',
      display_withdraw: '0',
      available: '3',
      frozen: '0',
      withdraw: '0',
      available_token_ids: ['1', '2', '3'],
      frozen_token_ids: [],
    });
  });

  it("filters by contract and is empty for carol's NFTs", async () => {
    const r = await c.get(`/v2/balances?stark_key=${carol.stark_key}&contract_address=${REDDIO721}`);
    expect(r.body.data).toEqual([]);
  });

  it('fails with 18 for an off-curve key and 15 for an unknown contract', async () => {
    expect(failedCode(await c.get(`/v2/balances?stark_key=${OFF_CURVE_KEY}`))).toBe(18);
    expect(
      failedCode(await c.get(`/v2/balances?stark_key=${alice.stark_key}&contract_address=0x2222222222222222222222222222222222222222`)),
    ).toBe(15);
  });
});
