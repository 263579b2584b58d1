// The Java/Kotlin client (reddio-sdk a360560, reference/clients.md §1, §5, §6, §9-§12): its requests
// as it writes them, its pollers' timing, and its models reading the answers (the v3 model strictly).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, poll, readStrict, transferBody, wire } from '../wire.js';
import type { Model, Wire } from '../wire.js';

const REDDIO721 = '0x941661bd1134dc7cc3d107bf006b8631f6e65ad5';
const ETH_ASSET = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';
const NFT = (id: number) => `ERC721:${REDDIO721}:${id}`;
const ORDER_STATE = { Placed: 0, Canceled: 1, Filled: 2, PartiallyFilled: 3 } as const;

/** J:v3/GetBalancesResponse.java:17-57 and J:v3/Token.java:11-20: the only keys the strict v3 mapper accepts. */
const TOKEN: Model = { token_id: 'string', token_uri: 'string', asset_id: 'string' };
const V3_ENVELOPE: Model = {
  status: 'string',
  error: 'string',
  error_code: 'long',
  data: [
    {
      asset_id: 'string',
      contract_address: 'string',
      balance_available: 'long',
      balance_frozen: 'long',
      withdraw_frozen: 'long',
      type: 'string',
      decimals: 'long',
      symbol: 'string',
      quantum: 'string',
      available_tokens: [TOKEN],
      frozen_tokens: [TOKEN],
      withdraw_frozen_tokens: [TOKEN],
      base_uri: 'string',
    },
  ],
};

let w: Wire;
beforeAll(async () => {
  w = await wire();
});
afterAll(() => w.close());

describe('Java v3 balances (kt/api/v3/rest/DefaultReddioRestClient.kt)', () => {
  it("getaBalance's defaults (contract_address=&type=&page=1&limit=100) parse with the strict mapper", async () => {
    const text = await w.text(`/v3/balances?stark_key=${w.accounts.alice.stark_key}&contract_address=&type=&page=1&limit=100`);
    const body = JSON.parse(text);
    expect(() => readStrict(body, V3_ENVELOPE)).not.toThrow();
    expect(body.data.length).toBeGreaterThan(0);
    // The strict reader does fail on a key the model lacks (so the check above can fail).
    expect(() => readStrict({ ...body, extra: 1 }, V3_ENVELOPE)).toThrow(/Unrecognized field "extra"/);
  });
});

describe('orders (rest/DefaultReddioRestClient.java, kt/api/v1/requests/ReddioOrderApi.kt)', () => {
  it('buyNFTWithETHOrderTypeIOC with no ask: accepted, and the order poller sees Canceled, nothing frozen', async () => {
    const { bob } = w.accounts;
    const body = {
      ...(await orderBody(w, bob, {
        contract2: NFT(5),
        direction: 1,
        quoteAmount: 1n,
        baseAmount: 1000n,
        price: '1000',
        timeInForce: 'IOC',
      })),
      payment: null,
    };
    const r = await w.post('/v1/order', body);
    expect(r).toMatchObject({ status: 'OK', error_code: 0 });
    const seen = await poll(
      () => w.get(`/v1/order?order_id=${r.data.sequence_id}`),
      (o) => [0, 1, 2].includes(o.data?.order_state),
    );
    expect(seen.data.order_state).toBe(ORDER_STATE.Canceled);
    const bal = (await w.get(`/v1/balance?stark_key=${bob.stark_key}&asset_id=${ETH_ASSET}`)).data;
    expect(bal.balance_frozen).toBe(0);
  });

  it('ReddioCancelOrderApiTest: list with empty contract_address and no state filter, pick the first Placed, cancel, poll until Canceled', async () => {
    const { alice } = w.accounts;
    const placed = await w.post('/v1/order', {
      ...(await orderBody(w, alice, { contract2: NFT(2), direction: 0, quoteAmount: 1n, baseAmount: 5000n, price: '5000' })),
      stop_limit_time_in_force: null,
      payment: null,
    });
    expect(placed.status).toBe('OK');
    const list = (await w.get(`/v1/orders?stark_key=${alice.stark_key}&contract_address=&limit=100&page=1&direction=0`)).data
      .list as Array<{ order_id: number; order_state: number; order_created_at: string; timestamp: number }>;
    const target = list.find((o) => o.order_state === ORDER_STATE.Placed)!;
    expect(target.order_id).toBe(placed.data.sequence_id);
    // Java reads timestamp as epoch seconds (a JSON integer) and order_created_at as an Instant.
    expect(Number.isInteger(target.timestamp)).toBe(true);
    expect(new Date(target.order_created_at).getTime() / 1000).toBe(target.timestamp);
    const { signedCancelBody } = await import('../../../src/testing.js');
    expect(
      (await w.post(`/v1/orders/${target.order_id}/cancel`, signedCancelBody(alice.stark_key, alice.private_key, target.order_id))).status,
    ).toBe('OK');
    const seen = await poll(
      () => w.get(`/v1/order?order_id=${target.order_id}`),
      (o) => o.data?.order_state === ORDER_STATE.Canceled,
    );
    expect(seen.data.un_filled).toBe('1');
  });

  it('BulkAssetsTransfer: order_state=0 pages until current_page == total_page, and stops at total 0', async () => {
    const { carol } = w.accounts;
    const empty = (await w.get(`/v1/orders?stark_key=${carol.stark_key}&order_state=0&limit=100&page=1`)).data;
    expect(empty.total).toBe(0);
    const { alice } = w.accounts;
    const first = (await w.get(`/v1/orders?stark_key=${alice.stark_key}&order_state=0&limit=100&page=1`)).data;
    expect(first).toMatchObject({ current_page: 1, total_page: first.total === 0 ? 0 : 1 });
  });

  it('a filled order is found with order_state=2 and "all" (5) lists every state', async () => {
    const { alice, bob } = w.accounts;
    const ask = await w.post(
      '/v1/order',
      await orderBody(w, alice, { contract2: NFT(3), direction: 0, quoteAmount: 1n, baseAmount: 1000n, price: '1000' }),
    );
    await w.post(
      '/v1/order',
      await orderBody(w, bob, { contract2: NFT(3), direction: 1, quoteAmount: 1n, baseAmount: 1000n, price: '1000' }),
    );
    const filled = (await w.get(`/v1/orders?stark_key=${alice.stark_key}&order_state=2`)).data.list.map(
      (o: { order_id: number }) => o.order_id,
    );
    expect(filled).toContain(ask.data.sequence_id);
    const all = (await w.get(`/v1/orders?stark_key=${alice.stark_key}&order_state=5&limit=100`)).data.list as Array<{
      order_state: number;
    }>;
    expect(new Set(all.map((o) => o.order_state))).toEqual(new Set([1, 2]));
  });
});

describe('records (getRecord, getTxn, getRecordBySignature) and the batch/multi transfer pollers', () => {
  it('getTxn and getRecord without stark_key answer arrays; getRecordBySignature finds a withdrawal right after it was submitted', async () => {
    const { bob } = w.accounts;
    const vaults = (await w.get(`/v1/vaults?stark_keys=${bob.stark_key},${bob.eth_address}&asset_id=${ETH_ASSET}`)).data.vault_ids;
    const { signedWithdrawalBody } = await import('../../../src/testing.js');
    const nonce = (await w.get(`/v1/nonce?stark_key=${bob.stark_key}`)).data.nonce;
    const body = signedWithdrawalBody({
      starkKey: bob.stark_key,
      privateKey: bob.private_key,
      assetId: ETH_ASSET,
      amount: 10n,
      nonce,
      vaultId: vaults[0],
      receiver: bob.eth_address,
      receiverVaultId: vaults[1],
    });
    const r = await w.post('/v1/withdrawalto', body);
    const sig = body.signature as { r: string; s: string };
    const bySig = await w.get(`/v1/record/by/signature?r=${sig.r}&s=${sig.s}`);
    expect(bySig).toMatchObject({ status: 'OK', data: [{ sequence_id: r.data.sequence_id, record_type: 4, status: 1 }] });
    expect('order' in bySig.data[0]).toBe(false);
    const txn = await w.get(`/v1/txn?sequence_id=${r.data.sequence_id}`);
    expect(txn.data[0].status).toBe(1);
    expect(await w.get(`/v1/record?sequence_id=${r.data.sequence_id}`)).toEqual(txn);
  });

  it('an order record parses into SequenceRecord with its nested order (16 fields)', async () => {
    const { alice } = w.accounts;
    const r = await w.post(
      '/v1/order',
      await orderBody(w, alice, { contract2: NFT(1), direction: 0, quoteAmount: 1n, baseAmount: 7000n, price: '7000' }),
    );
    const rec = (await w.get(`/v1/record?stark_key=${alice.stark_key}&sequence_id=${r.data.sequence_id}`)).data[0];
    expect(Object.keys(rec.order).sort()).toEqual([
      'base_asset_id',
      'base_asset_name',
      'base_contract_address',
      'direction',
      'display_price',
      'fee_asset_name',
      'fee_taken',
      'fee_token_asset',
      'filled',
      'price',
      'quote_asset_id',
      'quote_asset_name',
      'quote_asset_type',
      'quote_contract_address',
      'token_id',
      'volume',
    ]);
    expect(rec).toMatchObject({ record_type: 7, sequence_id: r.data.sequence_id, status: 1, 'order.price': '7000' });
  });

  it('multitransfer: A->B and B->A 0.00017 ETH, outer signature copied from the first, polled by sequence id alone', async () => {
    const { alice, bob } = w.accounts;
    const ab = await transferBody(w, alice, bob.stark_key, ETH_ASSET, 170n);
    const ba = await transferBody(w, bob, alice.stark_key, ETH_ASSET, 170n);
    const r = await w.post('/v1/multitransfer', { transfers: [ab, ba], signature: ab.signature });
    expect(r.status).toBe('OK');
    const rec = await poll(
      () => w.get(`/v1/record?sequence_id=${r.data.sequence_id}`),
      (x) => [0, 1, 2].includes(x.data?.[0]?.status),
    );
    expect(rec.data[0].status).toBe(1);
  });

  it('batchtransfer: ERC721 items with unquantized amounts, a shared nonce and the sender-level signature', async () => {
    const { bob, carol } = w.accounts;
    // Java's test sends one item per REDDIO721 row of the sender's v1 balances with balance_available > 0.
    const rows = (await w.get(`/v1/balances?stark_key=${bob.stark_key}&contract_address=${REDDIO721}`)).data.list.filter(
      (x: { balance_available: number }) => x.balance_available > 0,
    );
    const nonce = (await w.get(`/v1/nonce?stark_key=${bob.stark_key}`)).data.nonce;
    const items = [];
    for (const row of rows) items.push({ ...(await transferBody(w, bob, carol.stark_key, row.asset_id, 1n, nonce)), amount: '1' });
    const r = await w.post('/v1/batchtransfer', {
      transfers: items,
      stark_key: bob.stark_key,
      nonce,
      signature: { r: '0x1', s: '0x2', stark_key: bob.stark_key },
      base_token_transfer_seq_id: null,
    });
    expect(r.status).toBe('OK');
    const rec = await poll(
      () => w.get(`/v1/record?sequence_id=${r.data.sequence_id}`),
      (x) => [0, 1, 2].includes(x.data?.[0]?.status),
    );
    expect(rec.data[0].status).toBe(1);
    expect((await w.get(`/v1/balances?stark_key=${carol.stark_key}&contract_address=${REDDIO721}`)).data.total).toBeGreaterThanOrEqual(
      rows.length,
    );
  });
});

describe('balances v1 and contract_info (rest/GetBalancesResponse.java, GetContractInfoResponse.java)', () => {
  it('BalanceRecord and the list wrapper carry every field Java declares', async () => {
    const d = (await w.get(`/v1/balances?stark_key=${w.accounts.alice.stark_key}`)).data;
    for (const k of ['list', 'total', 'current_page', 'page_size', 'total_page']) expect(d).toHaveProperty(k);
    for (const k of [
      'withdraw_frozen',
      'display_withdraw',
      'available',
      'frozen',
      'withdraw',
      'quantum',
      'display_value',
      'contract_address',
      'type',
    ])
      expect(d.list[0]).toHaveProperty(k);
  });

  it('contract_info has id (Long), belongs_to, chain_status, and accepts contract_address=eth (BulkAssetsTransfer)', async () => {
    const eth = (await w.get('/v1/contract_info?contract_address=eth&type=ETH')).data;
    expect(Number.isInteger(eth.id)).toBe(true);
    expect(typeof eth.belongs_to).toBe('string');
    expect(eth.chain_status).toBe('pending');
    expect((await w.get('/v1/assetid?type=ETH&contract_address=eth')).data.asset_id).toBe(ETH_ASSET);
  });
});
