// GET /v1/collection with a query (the JS SDK's getCollection): the open ASKs of a collection.
// Regression: the route was missing, so the SDK call failed with 404.
import { describe, expect, it } from 'vitest';
import { DMINT, RDD20, REDDIO721, failedCode, testClient } from '../support/client.js';
import { order } from '../support/flows.js';

const ask = (contract2: string, price: number) => ({
  contract2,
  direction: 0 as const,
  quoteAmount: '1',
  baseAmount: String(price),
  price: String(price),
});

describe('GET /v1/collection?quote_contract_address&token_ids&base_contract_address', () => {
  it('lists open ASKs by token id with seller, price and display price; bids, fills and cancels drop out', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    await order(c, bob, ask(`ERC721:${REDDIO721}:4`, 2500)); // 13
    await order(c, alice, ask(`ERC721:${REDDIO721}:1`, 1000)); // 14
    await order(c, alice, ask(`ERC721:${REDDIO721}:2`, 3000)); // 15
    await order(c, carol, { ...ask(`ERC721:${REDDIO721}:3`, 500), direction: 1 }); // 16: a bid, not a listing
    await order(c, carol, { ...ask(`ERC721:${REDDIO721}:2`, 3000), direction: 1 }); // 17: fills 15
    const r = await c.get(`/v1/collection?quote_contract_address=${REDDIO721}&base_contract_address=eth`);
    expect(r.body).toEqual({
      status: 'OK',
      error: '',
      data: {
        total: 2,
        list: [
          {
            amount: 1,
            price: '1000',
            display_price: '0.001',
            owner: alice.stark_key,
            token_id: '1',
            quote_contract_address: REDDIO721,
            base_contract_address: 'eth',
          },
          {
            amount: 1,
            price: '2500',
            display_price: '0.0025',
            owner: bob.stark_key,
            token_id: '4',
            quote_contract_address: REDDIO721,
            base_contract_address: 'eth',
          },
        ],
      },
    });
    const only4 = await c.get(`/v1/collection?quote_contract_address=${REDDIO721}&token_ids=4,5&base_contract_address=ETH`);
    expect(only4.body.data.list.map((x: { token_id: string }) => x.token_id)).toEqual(['4']);
    // No base named: ETH, as every 0.4.5 order is priced in ETH.
    expect((await c.get(`/v1/collection?quote_contract_address=${REDDIO721.toUpperCase().replace('0X', '0x')}`)).body.data.total).toBe(2);
  });

  it('finds ERC721M listings by the L1 address in any case', async () => {
    const c = testClient();
    await order(c, c.accounts.alice, ask(`ERC721M:${DMINT}:2`, 2000));
    const r = await c.get(`/v1/collection?quote_contract_address=${DMINT.toLowerCase()}&token_ids=2&base_contract_address=eth`);
    expect(r.body.data.list).toEqual([
      expect.objectContaining({ token_id: '2', price: '2000', display_price: '0.002', quote_contract_address: DMINT }),
    ]);
  });

  it.each([
    ['token_ids without a quote contract', 'token_ids=1', 27],
    ['an unknown contract', 'quote_contract_address=0x1111111111111111111111111111111111111111', 15],
    ['ETH as the quote', 'quote_contract_address=eth', 19],
    ['an NFT as the base', `quote_contract_address=${RDD20}&base_contract_address=${REDDIO721}`, 19],
    ['a bad token id', `quote_contract_address=${REDDIO721}&token_ids=1,x`, 4],
    ['a bad page', `quote_contract_address=${REDDIO721}&page=0`, 19],
  ])('%s fails with %s', async (_n, q, code) => {
    const c = testClient();
    expect(failedCode(await c.get(`/v1/collection?${q}`))).toBe(code);
  });
});
