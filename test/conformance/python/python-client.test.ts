// The Python SDK (reddio-python 33b7b59, reference/clients.md §2, §7, §9): get_token_owners,
// get_collection, and its NFT buys with stop_limit_time_in_force IOC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, wire } from '../wire.js';
import type { Wire } from '../wire.js';

const REDDIO721 = '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5';
const ETH_ASSET = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';

let w: Wire;
beforeAll(async () => {
  w = await wire();
});
afterAll(() => w.close());

describe('Python reads data.list', () => {
  it('get_token_owners: GET /v1/contracts/{addr}/tokens?token_ids=1,2,3', async () => {
    const list = (await w.get(`/v1/contracts/${REDDIO721}/tokens?token_ids=1,2,3`)).data.list as Array<{ token_id: string; owner: string }>;
    expect(list.map((t) => t.token_id)).toEqual(['1', '2', '3']);
    expect(list.every((t) => t.owner === w.accounts.alice.stark_key)).toBe(true);
  });

  it('get_collection: quote_contract_address and token_ids, read as data.list', async () => {
    const { alice } = w.accounts;
    await w.post('/v1/order', {
      ...(await orderBody(w, alice, {
        contract2: `ERC721:${REDDIO721}:2`,
        direction: 0,
        quoteAmount: 1n,
        baseAmount: 3000n,
        price: '3000',
      })),
      marketplace_uuid: '',
    });
    const data = (await w.get(`/v1/collection?quote_contract_address=${REDDIO721}&token_ids=2`)).data;
    expect(data.list[0]).toMatchObject({ token_id: '2', price: '3000' });
  });
});

describe('buy_nft with stop_limit_time_in_force IOC', () => {
  it('an IOC bid meeting the ask fills; one meeting nothing is cancelled and never rests with frozen funds', async () => {
    const { bob } = w.accounts;
    const hit = await w.post(
      '/v1/order',
      await orderBody(w, bob, {
        contract2: `ERC721:${REDDIO721}:2`,
        direction: 1,
        quoteAmount: 1n,
        baseAmount: 3000n,
        price: '3000',
        timeInForce: 'IOC',
      }),
    );
    expect((await w.get(`/v1/order?order_id=${hit.data.sequence_id}`)).data.order_state).toBe(2);
    const miss = await w.post(
      '/v1/order',
      await orderBody(w, bob, {
        contract2: `ERC721:${REDDIO721}:3`,
        direction: 1,
        quoteAmount: 1n,
        baseAmount: 3000n,
        price: '3000',
        timeInForce: 'IOC',
      }),
    );
    expect((await w.get(`/v1/order?order_id=${miss.data.sequence_id}`)).data.order_state).toBe(1);
    expect((await w.get(`/v1/balance?stark_key=${bob.stark_key}&asset_id=${ETH_ASSET}`)).data.balance_frozen).toBe(0);
  });

  it("buy_nft_rusd's payment (the order's own r, s under a fixed signer key) does not verify: FAILED 35, as documented", async () => {
    const { bob } = w.accounts;
    const body = await orderBody(w, bob, {
      contract2: `ERC721:${REDDIO721}:3`,
      direction: 1,
      quoteAmount: 1n,
      baseAmount: 3000n,
      price: '3000',
      timeInForce: 'IOC',
    });
    const sig = body.signature as { r: string; s: string };
    const r = await w.post('/v1/order', {
      ...body,
      payment: {
        pay_info: { order_id: '123' },
        nonce: 12,
        signature: { r: sig.r, s: sig.s, stark_key: '0x4a5c79a7ce5e6447d3d50693602a367167363e8dc084ee3877fd8ca5d2c4959' },
      },
    });
    expect(r).toMatchObject({ status: 'FAILED', error_code: 35 });
  });
});
