// Time in force (GTC, IOC, FOK) and the `payment` object on POST /v1/order, through HTTP, with each
// effect checked through balances, the order, the order list and the invariants.
import { describe, expect, it } from 'vitest';
import { ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { balance, nonceOf, order } from '../support/flows.js';
import type { OrderOptions } from '../support/flows.js';
import { signedPayment } from '../../src/testing.js';

const ETH0 = 10_000_000;
const RDD0 = 1_000_000_000;
const nft = (direction: 0 | 1, price: number, token = 1): OrderOptions => ({
  contract2: `ERC721:${REDDIO721}:${token}`,
  direction,
  quoteAmount: '1',
  baseAmount: String(price),
  price: String(price),
});
/** `tokens` RDD20 at `price` ETH each (quantized: 10^-6 of a token / of an ETH). */
const erc20 = (direction: 0 | 1, tokens: number, price: string): OrderOptions => ({
  contract2: `ERC20:${RDD20}`,
  direction,
  quoteAmount: String(tokens * 1e6),
  baseAmount: String(Math.round(tokens * Number(price) * 1e6)),
  price,
});

async function orderState(c: TestClient, id: number) {
  return (await c.get(`/v1/order?order_id=${id}`)).body.data;
}

async function clean(c: TestClient) {
  expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
}

describe('IOC', () => {
  it('an IOC bid that meets nothing is accepted, ends cancelled (order_state 1), never rests and freezes nothing', async () => {
    const c = testClient();
    const { bob } = c.accounts;
    const r = await order(c, bob, { ...nft(1, 1000), timeInForce: 'IOC' });
    expect(r.body).toEqual({ status: 'OK', data: { sequence_id: 13 }, error: '', error_code: 0 });
    expect(await orderState(c, 13)).toMatchObject({ order_state: 1, filled: '0', stop_limit_time_in_force: 'IOC' });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: ETH0, frozen: 0 });
    expect((await c.get(`/v1/orders?contract_address=${REDDIO721}`)).body.data.total).toBe(0);
    // The record of an accepted order stays at status 1 (accepted); only the order is cancelled.
    expect((await c.get(`/v1/record?stark_key=${bob.stark_key}&sequence_id=13`)).body.data[0].status).toBe(1);
    await clean(c);
  });

  it('an IOC bid that crosses a resting ask fills at the ask price (Java buyNFTWithETHOrderTypeIOC)', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await order(c, alice, nft(0, 1000));
    await order(c, bob, { ...nft(1, 1200), timeInForce: 'IOC' });
    expect(await orderState(c, 14)).toMatchObject({ order_state: 2, volume: '1000' });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 1000, frozen: 0 });
    await clean(c);
  });

  it('an IOC bid for 1 RDD20 against 0.4 on the book fills 0.4 and cancels the rest, releasing its frozen ETH', async () => {
    const c = testClient();
    const { alice, carol } = c.accounts;
    await order(c, alice, erc20(0, 0.4, '0.02'));
    await order(c, carol, { ...erc20(1, 1, '0.02'), timeInForce: 'IOC' });
    expect(await orderState(c, 14)).toMatchObject({ order_state: 1, filled: '400000', un_filled: '600000', volume: '8000' });
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 8000, frozen: 0 });
    expect(await balance(c, carol.stark_key, RDD20_ASSET)).toEqual({ available: 400_000, frozen: 0 });
    expect((await c.get(`/v1/orders?contract_address=${RDD20}`)).body.data.total).toBe(0);
    await clean(c);
  });
});

describe('FOK', () => {
  it('a FOK bid larger than the book is cancelled whole: no trade, the asks untouched', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    await order(c, alice, erc20(0, 0.4, '0.02'));
    await order(c, bob, erc20(0, 0.3, '0.03'));
    await order(c, carol, { ...erc20(1, 1, '0.03'), timeInForce: 'FOK' });
    expect(await orderState(c, 15)).toMatchObject({ order_state: 1, filled: '0', stop_limit_time_in_force: 'FOK' });
    expect(await orderState(c, 13)).toMatchObject({ order_state: 0, un_filled: '400000' });
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: ETH0, frozen: 0 });
    expect((await c.get('/v1/trades?order_id=15')).body.data.total).toBe(0);
    await clean(c);
  });

  it('a FOK bid that the book covers across two levels fills entirely', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    await order(c, alice, erc20(0, 0.4, '0.02'));
    await order(c, bob, erc20(0, 0.6, '0.03'));
    await order(c, carol, { ...erc20(1, 1, '0.03'), timeInForce: 'FOK' });
    expect(await orderState(c, 15)).toMatchObject({ order_state: 2, filled: '1000000', volume: String(8000 + 18000) });
    // It bid 0.03 for all: the 0.02 level's excess comes back.
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: ETH0 - 26000, frozen: 0 });
    await clean(c);
  });

  it("a FOK whose fill would meet its owner's own order first is cancelled whole (self-trade prevention stops the walk)", async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await order(c, bob, erc20(0, 0.4, '0.02'));
    await order(c, alice, erc20(0, 0.6, '0.03'));
    await order(c, bob, { ...erc20(1, 1, '0.03'), timeInForce: 'FOK' });
    expect(await orderState(c, 15)).toMatchObject({ order_state: 1, filled: '0' });
    expect(await orderState(c, 13)).toMatchObject({ order_state: 0 });
    expect(await balance(c, bob.stark_key, RDD20_ASSET)).toEqual({ available: RDD0 - 400_000, frozen: 400_000 });
    await clean(c);
  });

  it('an NFT FOK bid behaves like IOC: filled when an ask crosses, cancelled otherwise', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await order(c, bob, { ...nft(1, 1000), timeInForce: 'FOK' });
    expect(await orderState(c, 13)).toMatchObject({ order_state: 1 });
    await order(c, alice, nft(0, 900));
    await order(c, bob, { ...nft(1, 1000), timeInForce: 'FOK' });
    expect(await orderState(c, 15)).toMatchObject({ order_state: 2, volume: '900' });
    await clean(c);
  });
});

describe('GTC and the field itself', () => {
  it('GTC, null (as Java writes an unset field) and absent all rest', async () => {
    const c = testClient();
    const { alice } = c.accounts;
    await order(c, alice, { ...nft(0, 1000, 1), timeInForce: 'GTC' });
    await order(c, alice, { ...nft(0, 1000, 2), override: { stop_limit_time_in_force: null, payment: null } });
    await order(c, alice, nft(0, 1000, 3));
    const list = (await c.get(`/v1/orders?contract_address=${REDDIO721}`)).body.data.list;
    expect(list.map((o: { order_id: number; order_state: number }) => [o.order_id, o.order_state])).toEqual([
      [15, 0],
      [14, 0],
      [13, 0],
    ]);
    expect((await orderState(c, 14)).stop_limit_time_in_force).toBe('GTC');
  });

  it.each([['ioc'], ['DAY'], [1], [{}]])('refuses stop_limit_time_in_force %j with 12 and changes nothing', async (value) => {
    const c = testClient();
    const { bob } = c.accounts;
    const r = await order(c, bob, { ...nft(1, 1000), override: { stop_limit_time_in_force: value } });
    expect(failedCode(r)).toBe(12);
    expect(r.body.error).toContain('stop_limit_time_in_force');
    expect(await nonceOf(c, bob.stark_key)).toBe(0);
    expect(c.dn.devnet.state.nextSequenceId).toBe(13);
    await clean(c);
  });
});

describe('payment', () => {
  it("a BID with IOC and a payment signed by a payment signer's key is accepted and fills; /v1/order shows the payment", async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    await order(c, alice, nft(0, 1000));
    const nonce = await nonceOf(c, bob.stark_key);
    const r = await order(c, bob, {
      ...nft(1, 1000),
      timeInForce: 'IOC',
      payment: { orderId: '2023-04-21T10:00:00Z', nonce, starkKey: carol.stark_key, privateKey: carol.private_key },
    });
    expect(r.body.status).toBe('OK');
    expect(await orderState(c, 14)).toMatchObject({
      order_state: 2,
      payment: { pay_info: { order_id: '2023-04-21T10:00:00Z' }, nonce, stark_key: carol.stark_key },
    });
    await clean(c);
  });

  it('a payment whose signature does not verify is refused with 35 (PaymentPermissionDeny) and changes nothing', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    await order(c, alice, nft(0, 1000));
    // Signed by carol, but naming bob as the signer.
    const r = await order(c, bob, {
      ...nft(1, 1000),
      timeInForce: 'IOC',
      payment: { orderId: '42', nonce: 0, starkKey: bob.stark_key, privateKey: carol.private_key },
    });
    expect(failedCode(r)).toBe(35);
    expect(await nonceOf(c, bob.stark_key)).toBe(0);
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: ETH0, frozen: 0 });
    expect(await orderState(c, 13)).toMatchObject({ order_state: 0 });
  });

  it("Python's buy_nft_rusd shape (the order's own r, s under a fixed signer key) does not verify: 35", async () => {
    const c = testClient();
    const { bob } = c.accounts;
    const placed = await order(c, bob, { ...nft(1, 1000), override: {} });
    expect(placed.body.status).toBe('OK');
    // Same shape, a fresh nonce, with the order signature copied into payment.signature as Python does.
    const first = await c.get(`/v1/order/info?stark_key=${bob.stark_key}&contract1=ETH:ETH&contract2=ERC721:${REDDIO721}:2`);
    expect(first.body.status).toBe('OK');
    const r = await order(c, bob, {
      ...nft(1, 1000, 2),
      timeInForce: 'IOC',
      override: {
        payment: {
          pay_info: { order_id: '123' },
          nonce: 12,
          signature: { r: '0x1', s: '0x2', stark_key: '0x4a5c79a7ce5e6447d3d50693602a367167363e8dc084ee3877fd8ca5d2c4959' },
        },
      },
    });
    expect(failedCode(r)).toBe(35);
    expect(c.dn.devnet.state.nextSequenceId).toBe(14);
  });

  it.each([
    ['not an object', 'pay', 19],
    ['without pay_info', { nonce: 1, signature: { r: '0x1', s: '0x1', stark_key: '0x1' } }, 19],
    ['pay_info without order_id', { pay_info: {}, nonce: 1, signature: { r: '0x1', s: '0x1' } }, 19],
    ['a negative nonce', { pay_info: { order_id: '1' }, nonce: -1, signature: { r: '0x1', s: '0x1' } }, 19],
    ['a signature that is not hex', { pay_info: { order_id: '1' }, nonce: 1, signature: { r: 'zz', s: '0x1', stark_key: '0x1' } }, 34],
    ['a signature without stark_key', { pay_info: { order_id: '1' }, nonce: 1, signature: { r: '0x1', s: '0x1' } }, 1],
    [
      'a signer that is not a stark key',
      { pay_info: { order_id: '1' }, nonce: 1, signature: { r: '0x1', s: '0x1', stark_key: 'bob' } },
      18,
    ],
  ])('a payment with %s is refused (%j) with its code and changes nothing', async (_what, payment, code) => {
    const c = testClient();
    const { bob } = c.accounts;
    const r = await order(c, bob, { ...nft(1, 1000), override: { payment } });
    expect(failedCode(r)).toBe(code);
    expect(await nonceOf(c, bob.stark_key)).toBe(0);
    expect(c.dn.devnet.state.nextSequenceId).toBe(13);
  });

  it('signedPayment lays the object out as Java orderWithPayInfo does', () => {
    const p = signedPayment({ orderId: '7', nonce: 3, starkKey: '0xabc' });
    expect(p).toEqual({ pay_info: { order_id: '7' }, nonce: 3, signature: { r: '0x1', s: '0x1', stark_key: '0xabc' } });
  });
});

describe('order_state filter and list fields (Java OrderState, Order; C# Collection)', () => {
  async function history(c: TestClient) {
    const { alice, bob } = c.accounts;
    await order(c, alice, nft(0, 1000, 1)); // 13: filled by 14
    await order(c, bob, nft(1, 1000, 1)); // 14: filled
    await order(c, alice, nft(0, 2000, 2)); // 15: open
    await order(c, bob, { ...nft(1, 500, 3), timeInForce: 'IOC' }); // 16: cancelled
    await order(c, alice, erc20(0, 1, '0.02')); // 17: partially filled by 18
    await order(c, bob, erc20(1, 0.5, '0.02')); // 18: filled
  }
  const ids = async (c: TestClient, q: string) =>
    ((await c.get(`/v1/orders?${q}`)).body.data.list as Array<{ order_id: number }>).map((o) => o.order_id);

  it('filters by every value of the enum; absent, empty and 6 list the open orders', async () => {
    const c = testClient();
    await history(c);
    const { alice, bob } = c.accounts;
    expect(await ids(c, '')).toEqual([17, 15]);
    expect(await ids(c, 'order_state=')).toEqual([17, 15]);
    expect(await ids(c, 'order_state=6')).toEqual([17, 15]);
    expect(await ids(c, 'order_state=0')).toEqual([15]);
    expect(await ids(c, 'order_state=1')).toEqual([16]);
    expect(await ids(c, 'order_state=2')).toEqual([18, 14, 13]);
    expect(await ids(c, 'order_state=3')).toEqual([17]);
    expect(await ids(c, 'order_state=4')).toEqual([]);
    expect(await ids(c, 'order_state=5')).toEqual([18, 17, 16, 15, 14, 13]);
    expect(await ids(c, `order_state=5&stark_key=${bob.stark_key}`)).toEqual([18, 16, 14]);
    expect(await ids(c, `order_state=2&stark_key=${alice.stark_key}&contract_address=${REDDIO721}`)).toEqual([13]);
    expect(await ids(c, `order_state=5&contract_address=${REDDIO721}&token_ids=1`)).toEqual([14, 13]);
    expect(await ids(c, `order_state=2&contract_address=${RDD20}&direction=1`)).toEqual([18]);
    // Java's BulkAssetsTransfer pages with order_state=0&limit=100&page=n and reads total_page.
    expect((await c.get(`/v1/orders?stark_key=${alice.stark_key}&order_state=0&limit=100&page=1`)).body.data).toMatchObject({
      total: 1,
      current_page: 1,
      total_page: 1,
    });
  });

  it.each([['7'], ['-1'], ['open'], ['1.5']])('refuses order_state=%s with 19', async (value) => {
    const c = testClient();
    expect(failedCode(await c.get(`/v1/orders?order_state=${value}`))).toBe(19);
  });

  it("list items carry what Java's Order and C#'s CollectionItem read", async () => {
    const c = testClient();
    await history(c);
    const { alice } = c.accounts;
    const item = (await c.get(`/v1/orders?order_state=2&contract_address=${REDDIO721}`)).body.data.list[1];
    expect(item).toMatchObject({
      order_id: 13,
      stark_key: alice.stark_key,
      owner: alice.stark_key,
      order_state: 2,
      un_filled: '0',
      amount: '1',
      price: '1000',
      display_price: '0.001',
      order_created_at: '2026-01-01T00:00:00.000000Z',
      timestamp: 1767225600,
      resp: '',
      fee_rate: '0.005',
      token_type: 'ERC721',
      token_id: '1',
      quote_contract_address: REDDIO721,
      base_contract_address: 'eth',
      symbol: { token_type: 'ERC721', token_id: '1', base_token_name: 'ETH', quote_token_name: 'REDDIO721' },
    });
  });

  it('an order cancelled for want of funds says why in resp', async () => {
    const c = testClient();
    const { carol } = c.accounts;
    await order(c, carol, nft(0, 1000, 1)); // carol holds no REDDIO721 #1
    const item = (await c.get(`/v1/orders?order_state=1&stark_key=${carol.stark_key}`)).body.data.list[0];
    expect(item.resp).toContain('does not hold token 1');
  });
});
