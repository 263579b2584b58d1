// Every refusal of POST /v1/order and POST /v1/orders/{id}/cancel, with its code; nothing changes.
import { describe, expect, it } from 'vitest';
import { signedCancelBody } from '../../src/testing.js';
import { ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { balance, order, recordOf, snapshotOf } from '../support/flows.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
const ask = { contract2: `ERC721:${REDDIO721}:1`, direction: 0 as const, quoteAmount: '1', baseAmount: '1000', price: '1000' };

async function keysOf(c: TestClient): Promise<string[]> {
  const keys = [c.accounts.alice.stark_key, c.accounts.bob.stark_key];
  // Allocate the vaults order/info would allocate, so snapshots compare like with like.
  for (const k of keys) await c.get(`/v1/order/info?stark_key=${k}&contract1=ETH:ETH&contract2=ERC721:${REDDIO721}:1`);
  return keys;
}

describe('POST /v1/order refusals', () => {
  it.each<[string, (c: TestClient) => Promise<import('../support/client.js').Reply>, number]>([
    [
      'token pair that is not quote/base for an ASK',
      (c) => order(c, c.accounts.alice, { ...ask, override: { token_sell: ETH_ASSET, token_buy: NFT_1 } }),
      12,
    ],
    [
      'base token that is an NFT',
      (c) => order(c, c.accounts.alice, { ...ask, override: { base_token: NFT_1, quote_token: ETH_ASSET } }),
      12,
    ],
    ['price inconsistent with the signed amounts', (c) => order(c, c.accounts.alice, { ...ask, price: '999' }), 12],
    ['NFT amount 2', (c) => order(c, c.accounts.alice, { ...ask, override: { amount: '2' } }), 2],
    ['amount_buy 0', (c) => order(c, c.accounts.alice, { ...ask, override: { amount_buy: '0' } }), 2],
    ['direction 2', (c) => order(c, c.accounts.alice, { ...ask, override: { direction: 2 } }), 12],
    [
      'wrong fee token',
      (c) =>
        order(c, c.accounts.alice, { ...ask, override: { fee_info: { fee_limit: 5, token_id: RDD20_ASSET, source_vault_id: 10000000 } } }),
      12,
    ],
    ['missing fee_info', (c) => order(c, c.accounts.alice, { ...ask, override: { fee_info: undefined } }), 12],
    [
      'a foreign vault',
      async (c) => {
        const bobVault = (await c.get(`/v1/vaults?stark_keys=${c.accounts.bob.stark_key}&asset_id=${ETH_ASSET}`)).body.data.vault_ids[0];
        return order(c, c.accounts.alice, { ...ask, override: { vault_id_buy: bobVault } });
      },
      19,
    ],
    [
      'a vault id in the gap between the two ranges',
      (c) => order(c, c.accounts.alice, { ...ask, override: { vault_id_sell: String(2n ** 62n) } }),
      19,
    ],
    ['an unknown marketplace', (c) => order(c, c.accounts.alice, { ...ask, marketplaceUuid: '00000000-0000-4000-8000-000000000000' }), 19],
    ['a bad signature', (c) => order(c, c.accounts.alice, { ...ask, signWith: c.accounts.bob.private_key }), 34],
    [
      'a tampered fee_limit',
      async (c) => {
        const vault = (await c.get(`/v1/vaults?stark_keys=${c.accounts.alice.stark_key}&asset_id=${ETH_ASSET}`)).body.data.vault_ids[0];
        return order(c, c.accounts.alice, {
          ...ask,
          feeLimit: 5,
          override: { fee_info: { fee_limit: 6, token_id: ETH_ASSET, source_vault_id: Number(vault) } },
        });
      },
      34,
    ],
    [
      "a fee vault that is not the signer's base vault",
      (c) => order(c, c.accounts.alice, { ...ask, override: { fee_info: { fee_limit: 5, token_id: ETH_ASSET, source_vault_id: 1 } } }),
      19,
    ],
    ['an unknown quote asset', (c) => order(c, c.accounts.alice, { ...ask, override: { quote_token: '0x1234', token_sell: '0x1234' } }), 6],
    [
      'an off-curve stark key',
      (c) => order(c, c.accounts.alice, { ...ask, override: { stark_key: '0x100000000000000000000000000000000000000000000000001' } }),
      18,
    ],
  ])('%s fails with %s and changes nothing', async (_n, run, code) => {
    const c = testClient();
    const keys = await keysOf(c);
    const before = await snapshotOf(c, keys);
    expect(failedCode(await run(c))).toBe(code);
    expect(await snapshotOf(c, keys)).toEqual(before);
  });

  it('a reused nonce fails with 24', async () => {
    const c = testClient();
    await order(c, c.accounts.alice, ask);
    const r = await order(c, c.accounts.alice, {
      contract2: `ERC721:${REDDIO721}:2`,
      direction: 0,
      quoteAmount: '1',
      baseAmount: '1000',
      price: '1000',
      nonce: 0,
    });
    expect(failedCode(r)).toBe(24);
  });

  it('an order on an NFT the seller does not hold: sequence id returned, order cancelled, record status 2, nothing frozen', async () => {
    const c = testClient();
    const r = await order(c, c.accounts.bob, ask); // token 1 is alice's
    expect(r.body.status).toBe('OK');
    const id = r.body.data.sequence_id;
    expect((await c.get(`/v1/order?order_id=${id}`)).body.data.order_state).toBe(1);
    expect(await recordOf(c, c.accounts.bob.stark_key, id)).toMatchObject({
      status: 2,
      reason: expect.stringMatching(/does not hold token 1/),
    });
    expect(await balance(c, c.accounts.bob.stark_key, NFT_1)).toEqual({ available: 0, frozen: 0 });
    expect((await c.get('/v1/orders')).body.data.total).toBe(0);
  });

  it('a BID without the funds is cancelled the same way', async () => {
    const c = testClient();
    const r = await order(c, c.accounts.carol, {
      contract2: `ERC20:${RDD20}`,
      direction: 1,
      quoteAmount: '1000000',
      baseAmount: '20000000',
      price: '20',
    });
    expect((await c.get(`/v1/order?order_id=${r.body.data.sequence_id}`)).body.data.order_state).toBe(1);
    expect(await balance(c, c.accounts.carol.stark_key, ETH_ASSET)).toEqual({ available: 10_000_000, frozen: 0 });
  });
});

describe('POST /v1/orders/{id}/cancel refusals', () => {
  it('by a non-owner: 17; bad signature: 34; unknown order: 19; already filled: 26', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const id = (await order(c, alice, ask)).body.data.sequence_id;
    expect(failedCode(await c.post(`/v1/orders/${id}/cancel`, signedCancelBody(bob.stark_key, bob.private_key, id)))).toBe(17);
    expect(failedCode(await c.post(`/v1/orders/${id}/cancel`, signedCancelBody(alice.stark_key, bob.private_key, id)))).toBe(34);
    expect(failedCode(await c.post('/v1/orders/999/cancel', signedCancelBody(alice.stark_key, alice.private_key, 999)))).toBe(19);
    expect(await balance(c, alice.stark_key, NFT_1)).toEqual({ available: 0, frozen: 1 });
    await order(c, bob, { ...ask, direction: 1 });
    expect(failedCode(await c.post(`/v1/orders/${id}/cancel`, signedCancelBody(alice.stark_key, alice.private_key, id)))).toBe(26);
  });
});

describe('GET /v1/order/info', () => {
  it('returns what the SDK signs with and allocates the vaults', async () => {
    const c = testClient();
    const r = await c.get(`/v1/order/info?stark_key=${c.accounts.bob.stark_key}&contract1=ETH:ETH&contract2=ERC721:${REDDIO721}:1`);
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toMatchObject({
      fee_rate: '0.005',
      base_token: ETH_ASSET,
      fee_token: ETH_ASSET,
      nonce: 0,
      asset_ids: [ETH_ASSET, NFT_1],
      lower_limit: 1,
    });
    expect(r.body.data.vault_ids).toHaveLength(2);
    expect(r.body.data.contracts[1]).toMatchObject({
      contract_address: REDDIO721,
      type: 'ERC721',
      quantum: 1,
      decimals: 0,
      symbol: 'REDDIO721',
    });
    const py = await c.get(`/v1/order/info?stark_key=${c.accounts.bob.stark_key}&contract1=ETH:eth:1&contract2=ERC20:${RDD20}:1`);
    expect(py.body.data.asset_ids).toEqual([ETH_ASSET, RDD20_ASSET]);
  });

  it.each([
    ['an NFT token that is not on L2', `contract2=ERC721:${REDDIO721}:999`, 25],
    ['an NFT without token id', `contract2=ERC721:${REDDIO721}`, 3],
    ['an unknown type', `contract2=ERC1155:${REDDIO721}:1`, 28],
    ['an unknown contract', 'contract2=ERC20:0x7777777777777777777777777777777777777777', 15],
    ['a malformed spec', 'contract2=ERC20', 19],
    ['an NFT as the currency', `contract1=ERC721:${REDDIO721}:1&contract2=ERC20:${RDD20}`, 19],
  ])('%s fails with %s', async (_n, q, code) => {
    const c = testClient();
    expect(failedCode(await c.get(`/v1/order/info?stark_key=${c.accounts.bob.stark_key}&${q}`))).toBe(code);
  });
});
