// The C# client (reddio-sdk a360560, reddio-csharp, reference/clients.md §2, §11, §12): Collection()
// asks /v1/orders and parses a CollectionResponse; contract_info's id is a string in its model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, wire } from '../wire.js';
import type { Wire } from '../wire.js';

const REDDIO721 = '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5';

let w: Wire;
beforeAll(async () => {
  w = await wire();
});
afterAll(() => w.close());

describe('C# models', () => {
  it('Collection(): GET /v1/orders?stark_key=&contract_address=&token_ids= parsed as {total, list} of CollectionItem', async () => {
    const { alice } = w.accounts;
    await w.post(
      '/v1/order',
      await orderBody(w, alice, { contract2: `ERC721:${REDDIO721}:1`, direction: 0, quoteAmount: 1n, baseAmount: 2000n, price: '2000' }),
    );
    const data = (await w.get(`/v1/orders?stark_key=${alice.stark_key}&contract_address=${REDDIO721}&token_ids=1`)).data;
    expect(typeof data.total).toBe('number');
    // CollectionItem: amount (long), price, display_price, owner, token_id, quote_contract_address, base_contract_address.
    const item = data.list[0];
    expect(Number.isInteger(Number(item.amount))).toBe(true);
    expect(item).toMatchObject({
      price: '2000',
      display_price: '0.002',
      owner: alice.stark_key,
      token_id: '1',
      quote_contract_address: REDDIO721,
      base_contract_address: 'eth',
    });
  });

  it('Collection() with the empty stark_key it sends by default still lists the collection', async () => {
    const data = (await w.get(`/v1/orders?stark_key=&contract_address=${REDDIO721}&token_ids=`)).data;
    expect(data.list.length).toBeGreaterThan(0);
  });

  it('GetContractInfoResponse: id (a string in C#: a JSON number converts), belongs_to, chain_status', async () => {
    const d = (await w.get(`/v1/contract_info?contract_address=${REDDIO721}`)).data;
    expect(String(d.id)).toMatch(/^\d+$/);
    expect(d.belongs_to).toMatch(/^[0-9a-f-]{36}$/);
    expect(d.chain_status).toBe('pending');
  });

  it('GetBalanceResponse: reads list with the older fields', async () => {
    const d = (await w.get(`/v1/balances?stark_key=${w.accounts.alice.stark_key}`)).data;
    for (const k of [
      'asset_id',
      'contract_address',
      'balance_available',
      'balance_frozen',
      'type',
      'decimals',
      'symbol',
      'quantum',
      'display_value',
      'display_frozen',
    ])
      expect(d.list[0]).toHaveProperty(k);
  });
});
