// Orders with exact figures: NFT sales with and without a marketplace, BID above ASK, ERC20 partial fills.
import { describe, expect, it } from 'vitest';
import { ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { balance, order, recordOf } from '../support/flows.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
const ETH0 = 10_000_000;

async function marketplace(c: TestClient, fee: string): Promise<string> {
  const h = { 'x-api-key': c.apiKey };
  const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
  return (
    await c.post(
      '/v1/marketplace',
      { marketplace_name: 'M', marketplace_payee_address: c.accounts.carol.stark_key, marketplace_fee: fee, project_uuid: p },
      h,
    )
  ).body.data.marketplace_uuid;
}

const nftAsk = (price: number) => ({
  contract2: `ERC721:${REDDIO721}:1`,
  direction: 0 as const,
  quoteAmount: '1',
  baseAmount: String(price),
  price: String(price),
});
const nftBid = (price: number) => ({
  contract2: `ERC721:${REDDIO721}:1`,
  direction: 1 as const,
  quoteAmount: '1',
  baseAmount: String(price),
  price: String(price),
});

describe('NFT sales', () => {
  it('a 0.001 ETH sale: seller gets 995, the operator 5, the buyer pays 1000 and holds the token', async () => {
    const c = testClient();
    const { alice, bob, operator } = c.accounts;
    const ask = await order(c, alice, nftAsk(1000));
    expect(ask.body).toEqual({ status: 'OK', data: { sequence_id: 13 }, error: '', error_code: 0 });
    expect(await balance(c, alice.stark_key, NFT_1)).toEqual({ available: 0, frozen: 1 });
    const listed = (await c.get(`/v1/orders?contract_address=${REDDIO721}`)).body.data;
    expect(listed.list[0]).toMatchObject({
      order_id: 13,
      stark_key: alice.stark_key,
      price: '1000',
      direction: 0,
      amount: '1',
      un_filled: '1',
      token_type: 'ERC721',
      token_id: '1',
      display_price: '0.001',
      symbol: {
        base_token_contract_addr: 'eth',
        quote_token_contract_addr: REDDIO721,
        base_token_name: 'ETH',
        quote_token_name: 'REDDIO721',
        base_token_asset_id: ETH_ASSET,
        quote_token_asset_id: NFT_1,
      },
    });
    expect((await c.get(`/v1/nfts/${REDDIO721}`)).body.data.list[0].order).toMatchObject({ order_id: 13 });

    const bid = await order(c, bob, nftBid(1000));
    expect(bid.body.data.sequence_id).toBe(14);
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 995, frozen: 0 });
    expect(await balance(c, operator.stark_key, ETH_ASSET)).toEqual({ available: 5, frozen: 0 });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 1000, frozen: 0 });
    expect(await balance(c, bob.stark_key, NFT_1)).toEqual({ available: 1, frozen: 0 });
    expect(await balance(c, alice.stark_key, NFT_1)).toEqual({ available: 0, frozen: 0 });
    expect((await c.get(`/v1/order?order_id=13`)).body.data).toMatchObject({
      order_state: 2,
      filled: '1',
      volume: '1000',
      fee_taken: '5',
      un_filled: '0',
    });
    expect((await c.get(`/v1/orders?contract_address=${REDDIO721}`)).body.data.total).toBe(0);
    expect((await c.get(`/v1/nfts/${REDDIO721}`)).body.data.list[0]).toMatchObject({ owner: bob.stark_key, order: null });
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });

  it('through a 1.5% marketplace: seller 980, operator 5, payee 15; the sell record shows fee_taken "20"', async () => {
    const c = testClient();
    const { alice, bob, carol, operator } = c.accounts;
    const mp = await marketplace(c, '0.015');
    await order(c, alice, { ...nftAsk(1000), marketplaceUuid: mp });
    await order(c, bob, nftBid(1000));
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 980, frozen: 0 });
    expect(await balance(c, operator.stark_key, ETH_ASSET)).toEqual({ available: 5, frozen: 0 });
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 15, frozen: 0 });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 1000, frozen: 0 });
    const sell = (await c.get(`/v1/records?stark_key=${alice.stark_key}&record_type=7`)).body.data.list[0];
    expect(sell).toEqual({
      amount: '1',
      record_type: 7,
      sequence_id: 13,
      stark_key: alice.stark_key,
      status: 1,
      time: 1767225600,
      order: {
        base_asset_id: ETH_ASSET,
        base_asset_name: 'ETH',
        base_contract_address: 'eth',
        direction: 0,
        display_price: '0.001',
        fee_asset_name: 'ETH',
        fee_taken: '20',
        fee_token_asset: ETH_ASSET,
        filled: '1',
        price: '1000',
        quote_asset_id: NFT_1,
        quote_asset_name: 'REDDIO721',
        quote_asset_type: 'ERC721',
        quote_contract_address: REDDIO721,
        token_id: '1',
        volume: '1000',
      },
    });
    const buyFlat = await recordOf(c, bob.stark_key, 14);
    expect(buyFlat).toMatchObject({ 'order.fee_taken': '0', 'order.direction': 1, 'order.volume': '1000', token_id: '1', record_type: 8 });
    expect(buyFlat.order).toMatchObject({ fee_taken: '0', direction: 1, volume: '1000' });
  });

  it("the buy order's marketplace applies when the sell order has none", async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    const mp = await marketplace(c, '0.01');
    await order(c, alice, nftAsk(1000));
    await order(c, bob, { ...nftBid(1000), marketplaceUuid: mp });
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 10, frozen: 0 });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 985, frozen: 0 });
  });

  it('a BID above the resting ASK executes at the ASK price and the buyer gets the excess back', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await order(c, alice, nftAsk(1000));
    await order(c, bob, nftBid(1500));
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 1000, frozen: 0 });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 995, frozen: 0 });
    expect((await c.get('/v1/order?order_id=14')).body.data).toMatchObject({ order_state: 2, volume: '1000' });
  });

  it("an ASK below a resting BID executes at the BID (maker) price; the service fee is capped by the seller's fee_limit", async () => {
    const c = testClient();
    const { alice, bob, operator } = c.accounts;
    await order(c, bob, nftBid(1500));
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 1500, frozen: 1500 });
    await order(c, alice, nftAsk(1000)); // signs fee_limit 5; 0.5% of 1500 would be 7
    expect(await balance(c, operator.stark_key, ETH_ASSET)).toEqual({ available: 5, frozen: 0 });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 1495, frozen: 0 });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 1500, frozen: 0 });
  });

  it('accepts the JS SDK fee_limit with a fraction (61.5, signed as 61)', async () => {
    const c = testClient();
    const r = await order(c, c.accounts.bob, { ...nftBid(12300), feeLimit: 61.5 });
    expect(r.body.status).toBe('OK');
    expect((await c.get(`/v1/order?order_id=${r.body.data.sequence_id}`)).body.data.order_state).toBe(0);
  });
});

describe('ERC20 markets', () => {
  const ask = (tokens: number, price: string) => ({
    contract2: `ERC20:${RDD20}`,
    direction: 0 as const,
    quoteAmount: String(tokens * 1e6),
    baseAmount: String(Math.round(tokens * Number(price) * 1e6)),
    price,
  });
  const bid = (tokens: number, price: string) => ({ ...ask(tokens, price), direction: 1 as const });

  it('a BID fills partially across three resting ASKs in price order, then rests; cancel releases the rest', async () => {
    const c = testClient();
    const { alice, bob, carol, operator } = c.accounts;
    await order(c, alice, ask(1, '0.5')); // 13
    await order(c, alice, ask(2, '0.6')); // 14
    await order(c, bob, ask(1, '0.7')); // 15: above the bid, stays
    const b = await order(c, carol, bid(3.5, '0.65')); // 16: wants 3.5 tokens, pays at most 2.275 ETH
    expect(b.body.data.sequence_id).toBe(16);
    expect(await balance(c, carol.stark_key, RDD20_ASSET)).toEqual({ available: 3_000_000, frozen: 0 });
    // Paid 0.5 + 1.2 = 1.7 ETH; 2.275 - 1.7 = 0.575 stays frozen for the 0.5 token still wanted.
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 2_275_000, frozen: 575_000 });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: ETH0 + 1_700_000 - 2_500 - 6_000, frozen: 0 });
    expect(await balance(c, operator.stark_key, ETH_ASSET)).toEqual({ available: 8_500, frozen: 0 });
    const open = (await c.get(`/v1/orders?contract_address=${RDD20}`)).body.data;
    expect(open.list.map((o: { order_id: number; un_filled: string }) => [o.order_id, o.un_filled])).toEqual([
      [16, '500000'],
      [15, '1000000'],
    ]);
    expect((await c.get('/v1/order?order_id=16')).body.data).toMatchObject({
      order_state: 3,
      filled: '3000000',
      volume: '1700000',
      display_price: '0.65',
    });
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);

    const { signedCancelBody } = await import('../../src/testing.js');
    const cancel = await c.post('/v1/orders/16/cancel', signedCancelBody(carol.stark_key, carol.private_key, 16));
    expect(cancel.body).toEqual({ status: 'OK', data: { sequence_id: 17 }, error: '', error_code: 0 });
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 1_700_000, frozen: 0 });
    expect((await c.get('/v1/order?order_id=16')).body.data.order_state).toBe(1);
    expect(failedCode(await c.post('/v1/orders/16/cancel', signedCancelBody(carol.stark_key, carol.private_key, 16)))).toBe(26);
  });

  it('an order that would meet its owner is cancelled (cancel-newest), after filling what came first', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await order(c, bob, ask(1, '0.5')); // 13
    await order(c, alice, ask(1, '0.6')); // 14
    await order(c, alice, bid(2, '0.6')); // 15: fills bob's, then meets its own ask -> cancelled
    expect((await c.get('/v1/order?order_id=15')).body.data).toMatchObject({ order_state: 1, filled: '1000000' });
    expect((await c.get('/v1/order?order_id=14')).body.data.order_state).toBe(0);
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 500_000, frozen: 0 });
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });
});

describe('rounding', () => {
  it('an order whose next fill no integer volume can satisfy is cancelled for the rest, never resting on a crossed book', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const erc20 = (direction: 0 | 1, quote: number, base: number, price: string) => ({
      contract2: `ERC20:${RDD20}`,
      direction,
      quoteAmount: String(quote),
      baseAmount: String(base),
      price,
    });
    await order(c, alice, erc20(1, 25, 1, '0.04')); // 13
    await order(c, bob, erc20(0, 80, 1, '0.0125')); // 14: fills 25 for 1, 55 left
    await order(c, alice, erc20(1, 125, 2, '0.016')); // 15: ceil(55/80) = 1 base exceeds 2/125 x 55 -> cancelled
    expect((await c.get('/v1/order?order_id=15')).body.data).toMatchObject({ order_state: 1, filled: '0' });
    expect((await c.get(`/v1/depth?base_contract=eth&quote_contract=${RDD20}`)).body.data).toEqual({
      bids: null,
      asks: [['0.0125', '0.000055']],
    });
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });
});
