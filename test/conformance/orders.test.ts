// The SDK's order book calls: order parameters, sell and buy orders that fill, listings, one order,
// cancels, marketplace fees, the collection listing; balances (v1, v2, one) and records.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DMINT, ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721, bare, startConformance } from './support.js';
import type { Account, Conformance } from './support.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
const DMINT_2 = '0x400c8cfab3df79d45d2dfdd979fd9e1ba5bd40cbf0c8d4a85b2a2f0ea6540dd';

let t: Conformance;
beforeEach(async () => {
  t = await startConformance();
  // cancelOrder in 0.4.5 console.logs every signature it makes.
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

const keypair = (a: Account) => ({ privateKey: bare(a), publicKey: a.stark_key });

/** getOrderParams then apis.order, as an SDK user writes it; returns the params and the reply. */
async function place(
  who: Account,
  orderType: 'buy' | 'sell',
  tokenType: 'ERC721' | 'ERC721M',
  tokenAddress: string,
  tokenId: number | string,
  price: string,
  marketplaceUuid?: string,
) {
  const params = await t.sdk.utils.getOrderParams({
    keypair: keypair(who),
    amount: '1',
    price,
    tokenAddress,
    tokenId,
    tokenType,
    orderType,
    ...(marketplaceUuid ? { marketplaceUuid } : {}),
  });
  const res = await t.sdk.apis.order(params);
  return { params, reply: res.data };
}

async function orderState(id: number): Promise<number> {
  return ((await t.sdk.apis.getOrderInfoWithId(id)).data.data as unknown as { order_state: number }).order_state;
}

describe('an NFT sale through the SDK', () => {
  it('sell order freezes the token and is listed; a higher buy order fills at the sell price; fees and balances add up', async () => {
    const { alice, bob, operator } = t.accounts;
    await t.deposit(alice, REDDIO721, { token_id: '1' });
    await t.deposit(bob, 'eth', { amount: '1000000' });
    t.sent.splice(0);

    const sell = await place(alice, 'sell', 'ERC721', REDDIO721, 1, '0.001');
    expect(t.sent[0]!.path).toBe(`/v1/order/info?stark_key=${alice.stark_key}&contract1=ETH:ETH&contract2=ERC721:${REDDIO721}:1`);
    expect(sell.params).toMatchObject({
      direction: 0,
      price: '1000',
      amount_sell: '1',
      amount_buy: '1000',
      token_sell: NFT_1,
      token_buy: ETH_ASSET,
      fee_info: { fee_limit: 5, token_id: ETH_ASSET },
    });
    expect(sell.reply).toEqual({ status: 'OK', data: { sequence_id: 3 }, error: '', error_code: 0 });
    expect(await t.balance(alice, NFT_1)).toEqual({ available: 0, frozen: 1 });

    const listed = (await t.sdk.apis.orderList({ contractAddress: REDDIO721, direction: 0, token_ids: '1', page: 1, limit: 10 })).data.data;
    expect(listed).toMatchObject({
      total: 1,
      list: [
        {
          order_id: 3,
          stark_key: alice.stark_key,
          price: '1000',
          display_price: '0.001',
          direction: 0,
          token_id: '1',
          token_type: 'ERC721',
          un_filled: '1',
        },
      ],
    });
    expect(await orderState(3)).toBe(0);
    const forSale = (await t.sdk.apis.getCollection({ quoteContractAddress: REDDIO721, tokenIds: '1', baseContractAddress: 'eth' })).data;
    // The collection family carries no error_code (the interface spec's envelope rule).
    expect(forSale).toEqual({
      status: 'OK',
      error: '',
      data: {
        total: 1,
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
        ],
      },
    });

    // 0.0123 ETH: the SDK signs fee_limit 0.005 x 12300 = 61.5 and sends the fraction.
    const buy = await place(bob, 'buy', 'ERC721', REDDIO721, '1', '0.0123');
    expect(t.sent.at(-1)!.body).toMatchObject({ direction: 1, price: '12300', amount_sell: '12300', fee_info: { fee_limit: 61.5 } });
    expect(buy.reply.data.sequence_id).toBe(4);
    expect([await orderState(3), await orderState(4)]).toEqual([2, 2]);

    // Executed at the resting sell price: seller 1000 - 5 (0.5%), operator 5, buyer pays 1000 and gets the excess back.
    expect(await t.balance(alice, ETH_ASSET)).toEqual({ available: 995, frozen: 0 });
    expect(await t.balance(operator, ETH_ASSET)).toEqual({ available: 5, frozen: 0 });
    expect(await t.balance(bob, ETH_ASSET)).toEqual({ available: 999_000, frozen: 0 });
    expect(await t.balance(bob, NFT_1)).toEqual({ available: 1, frozen: 0 });
    expect(await t.balance(alice, NFT_1)).toEqual({ available: 0, frozen: 0 });
    expect((await t.sdk.apis.orderList({ contractAddress: REDDIO721 })).data.data.total).toBe(0);
    expect(
      (await t.sdk.apis.getCollection({ quoteContractAddress: REDDIO721, tokenIds: '1', baseContractAddress: 'eth' })).data.data,
    ).toEqual({ total: 0, list: [] });

    const sellRecord = (await t.sdk.apis.getRecords({ starkKey: alice.stark_key, recordType: 7 })).data.data.list[0] as unknown as Record<
      string,
      any
    >;
    expect(sellRecord).toMatchObject({
      sequence_id: 3,
      record_type: 7,
      order: { filled: '1', volume: '1000', fee_taken: '5', price: '1000', token_id: '1' },
    });
    const buyRecord = (await t.sdk.apis.getRecords({ starkKey: bob.stark_key, recordType: 8 })).data.data.list[0] as unknown as Record<
      string,
      any
    >;
    expect(buyRecord).toMatchObject({ sequence_id: 4, record_type: 8, order: { filled: '1', volume: '1000', fee_taken: '0' } });
    // recordType 9 (OrderRecordAll) lists both sides' order records, not nothing.
    const allOrders = async (who: Account) =>
      (await t.sdk.apis.getRecords({ starkKey: who.stark_key, recordType: 9 })).data.data.list.map((r) => r.sequence_id);
    expect([await allOrders(alice), await allOrders(bob)]).toEqual([[3], [4]]);
    expect((await t.get('/_devnet/invariants')).violations).toEqual([]);
  });

  it('through a 1.5% marketplace (marketplace_uuid in the body): seller 1960, operator 10, payee 30', async () => {
    const { alice, bob, carol, operator } = t.accounts;
    await t.deposit(alice, REDDIO721, { token_id: '1' });
    await t.deposit(bob, 'eth', { amount: '1000000' });
    const key = { 'x-api-key': t.apiKey };
    const project = ((await (await fetch(`${t.net.url}/v1/project`, { headers: key })).json()) as any).data[0].project_uuid;
    const mp = (
      await t.post(
        '/v1/marketplace',
        { marketplace_name: 'SDK market', marketplace_payee_address: carol.stark_key, marketplace_fee: '0.015', project_uuid: project },
        key,
      )
    ).data.marketplace_uuid;
    await place(alice, 'sell', 'ERC721', REDDIO721, 1, '0.002', mp);
    expect(t.sent.at(-1)!.body).toMatchObject({ marketplace_uuid: mp });
    await place(bob, 'buy', 'ERC721', REDDIO721, 1, '0.002');
    expect(await t.balance(alice, ETH_ASSET)).toEqual({ available: 1960, frozen: 0 });
    expect(await t.balance(operator, ETH_ASSET)).toEqual({ available: 10, frozen: 0 });
    expect(await t.balance(carol, ETH_ASSET)).toEqual({ available: 30, frozen: 0 });
    expect(await t.balance(bob, ETH_ASSET)).toEqual({ available: 998_000, frozen: 0 });
  });
});

describe('apis.cancelOrder', () => {
  it('cancels an ERC721M sell order (unfreezing the token); a second cancel is 26, another owner 17', async () => {
    const { alice, bob } = t.accounts;
    await t.deposit(alice, DMINT, { token_id: '2' });
    const sell = await place(alice, 'sell', 'ERC721M', DMINT, 2, '0.002');
    expect(t.sent.find((s) => s.path.startsWith('/v1/order/info'))!.path).toContain(`contract2=ERC721M:${DMINT}:2`);
    const id = sell.reply.data.sequence_id;
    expect(await t.balance(alice, DMINT_2)).toEqual({ available: 0, frozen: 1 });

    const wrongOwner = await t.sdk.apis.cancelOrder({ starkKey: bob.stark_key, privateKey: bare(bob), orderId: id });
    expect(wrongOwner.data).toMatchObject({ status: 'FAILED', error_code: 17 });
    expect(await orderState(id)).toBe(0);

    const cancel = await t.sdk.apis.cancelOrder({ starkKey: alice.stark_key, privateKey: bare(alice), orderId: id });
    expect(cancel.data).toEqual({ status: 'OK', data: { sequence_id: id + 1 }, error: '', error_code: 0 });
    expect(t.sent.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/orders/${id}/cancel`,
      body: { stark_key: alice.stark_key, signature: { r: expect.stringMatching(/^0x[0-9a-f]+$/) } },
    });
    expect(await orderState(id)).toBe(1);
    expect(await t.balance(alice, DMINT_2)).toEqual({ available: 1, frozen: 0 });
    expect((await t.get(`/v1/orders?stark_key=${alice.stark_key}`)).data.total).toBe(0);

    const again = await t.sdk.apis.cancelOrder({ starkKey: alice.stark_key, privateKey: bare(alice), orderId: id });
    expect(again.data).toMatchObject({ status: 'FAILED', error_code: 26 });
  });
});

describe('balances and records', () => {
  it('getBalances (paged, by contract), getBalancesV2, getBalance, getRecords (filtered), getRecord agree with the deposits', async () => {
    const { alice } = t.accounts;
    const seqs = [
      await t.deposit(alice, 'eth', { amount: '1500000' }),
      await t.deposit(alice, RDD20, { amount: '2500000' }),
      await t.deposit(alice, REDDIO721, { token_id: '1' }),
      await t.deposit(alice, DMINT, { token_id: '2' }),
    ];
    const page1 = (await t.sdk.apis.getBalances({ starkKey: alice.stark_key, page: 1, limit: 2 })).data.data as unknown as Record<
      string,
      unknown
    >;
    expect(page1).toMatchObject({ total: 4, current_page: 1, page_size: 2, total_page: 2 });
    expect((page1.list as Array<{ asset_id: string }>).map((r) => r.asset_id)).toEqual([ETH_ASSET, RDD20_ASSET]);
    const nftRows = (await t.sdk.apis.getBalances({ starkKey: alice.stark_key, contractAddress: REDDIO721 })).data.data.list;
    expect(nftRows).toEqual([expect.objectContaining({ asset_id: NFT_1, token_id: '1', balance_available: 1, type: 'ERC721' })]);

    const v2 = (await t.sdk.apis.getBalancesV2({ starkKey: alice.stark_key })).data.data;
    expect(v2.map((r) => [r.contract_address, r.display_value])).toEqual([
      ['eth', '1.5'],
      [RDD20, '2.5'],
      [DMINT, '1'],
      [REDDIO721, '1'],
    ]);
    expect(v2[2]!.available_token_ids).toEqual(['2']);
    const one = (await t.sdk.apis.getBalance({ starkKey: alice.stark_key, assetId: RDD20_ASSET })).data;
    expect(one).toMatchObject({
      status: 'OK',
      error_code: 0,
      data: { balance_available: 2_500_000, display_value: '2.5', symbol: 'RDD20', token_id: '' },
    });
    expect(await t.balance(alice, RDD20_ASSET)).toEqual({ available: 2_500_000, frozen: 0 });

    const records = (await t.sdk.apis.getRecords({ starkKey: alice.stark_key, page: 1, limit: 10 })).data.data;
    expect(records.total).toBe(4);
    expect(records.list.map((r) => r.sequence_id).sort((a, b) => a - b)).toEqual(seqs);
    const erc20Only = (await t.sdk.apis.getRecords({ starkKey: alice.stark_key, contractAddress: RDD20, recordType: 1 })).data.data.list;
    expect(erc20Only).toEqual([expect.objectContaining({ sequence_id: seqs[1], record_type: 1, amount: '2500000', status: 1 })]);
    const single = (await t.sdk.apis.getRecord({ starkKey: alice.stark_key, sequenceId: seqs[3]! })).data;
    expect(single).toMatchObject({ status: 'OK', data: [{ sequence_id: seqs[3], record_type: 1, asset_id: DMINT_2, token_id: '2' }] });
  });
});
