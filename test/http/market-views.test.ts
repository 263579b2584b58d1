// GET /v1/depth and GET /v1/trades (newer SDKs call them): levels, aggregation, fills, filters.
import { describe, expect, it } from 'vitest';
import { RDD20, REDDIO721, failedCode, testClient } from '../support/client.js';
import { order } from '../support/flows.js';

const ask = (tokens: number, price: string) => ({
  contract2: `ERC20:${RDD20}`,
  direction: 0 as const,
  quoteAmount: String(tokens * 1e6),
  baseAmount: String(Math.round(tokens * Number(price) * 1e6)),
  price,
});
const bid = (tokens: number, price: string) => ({ ...ask(tokens, price), direction: 1 as const });

describe('GET /v1/depth', () => {
  it('aggregates open quantity per price level, bids highest first, asks lowest first', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    await order(c, alice, ask(1, '0.7'));
    await order(c, bob, ask(2, '0.6'));
    await order(c, alice, ask(0.5, '0.6'));
    await order(c, carol, bid(1, '0.4'));
    await order(c, carol, bid(3, '0.5'));
    const r = await c.get(`/v1/depth?base_contract=eth&quote_contract=${RDD20}`);
    expect(r.body.error_code).toBe(0);
    expect(r.body.data).toEqual({
      bids: [
        ['0.5', '3'],
        ['0.4', '1'],
      ],
      asks: [
        ['0.6', '2.5'],
        ['0.7', '1'],
      ],
    });
  });

  it('answers null for empty sides, and aggregates an NFT contract over its tokens', async () => {
    const c = testClient();
    expect((await c.get(`/v1/depth?base_contract=ETH&quote_contract=${RDD20}`)).body.data).toEqual({ bids: null, asks: null });
    for (const t of [1, 2])
      await order(c, c.accounts.alice, {
        contract2: `ERC721:${REDDIO721}:${t}`,
        direction: 0,
        quoteAmount: '1',
        baseAmount: '1000',
        price: '1000',
      });
    expect((await c.get(`/v1/depth?base_contract=eth&quote_contract=${REDDIO721}`)).body.data).toEqual({
      bids: null,
      asks: [['0.001', '2']],
    });
  });

  it.each([
    ['missing quote_contract', 'base_contract=eth', 19],
    ['an NFT as base', `base_contract=${REDDIO721}&quote_contract=${RDD20}`, 19],
    ['an unknown contract', 'base_contract=eth&quote_contract=0x8888888888888888888888888888888888888888', 15],
  ])('%s fails with %s', async (_n, q, code) => {
    expect(failedCode(await testClient().get(`/v1/depth?${q}`))).toBe(code);
  });
});

describe('GET /v1/trades', () => {
  it('lists fills newest first by order, by stark key and by market', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    await order(c, alice, ask(1, '0.5')); // 13
    await order(c, bob, ask(1, '0.6')); // 14
    await order(c, carol, bid(2, '0.6')); // 15 takes both
    const byOrder = (await c.get('/v1/trades?order_id=15')).body.data;
    expect(byOrder.total).toBe(2);
    expect(
      byOrder.list.map((t: { maker_order_id: number; price: string; executed_qty: string; volume: string; fee: string }) => [
        t.maker_order_id,
        t.price,
        t.executed_qty,
        t.volume,
        t.fee,
      ]),
    ).toEqual([
      [14, '0.6', '1', '0.6', '0.003'],
      [13, '0.5', '1', '0.5', '0.0025'],
    ]);
    expect(byOrder.list[0]).toMatchObject({
      taker_order_id: 15,
      taker: carol.stark_key,
      maker: bob.stark_key,
      direction: 1,
      quote_token_contract_addr: RDD20,
    });
    expect((await c.get(`/v1/trades?stark_key=${alice.stark_key}`)).body.data.total).toBe(1);
    expect(
      (await c.get(`/v1/trades?base_token_contract_addr=eth&quote_token_contract_addr=${RDD20}&limit=1`)).body.data.list[0].maker_order_id,
    ).toBe(14);
  });

  it('needs a filter (19)', async () => {
    expect(failedCode(await testClient().get('/v1/trades'))).toBe(19);
  });
});
