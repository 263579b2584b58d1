// Record lookups the newer clients use: /v1/record with the nested `order` and without stark_key,
// /v1/txn, /v1/record/by/signature and /v1/token (reference/clients.md §3-§5), through HTTP.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { MINTED_TOKEN, SINGLE_RECORD } from '../../src/domain/records/record-views.js';
import { ETH_ASSET, REDDIO721, DMINT, failedCode, testClient } from '../support/client.js';
import { order, transfer, withdraw } from '../support/flows.js';
import { signedTransferBody } from '../../src/testing.js';

const nftAsk = { contract2: `ERC721:${REDDIO721}:1`, direction: 0 as const, quoteAmount: '1', baseAmount: '1000', price: '1000' };

describe('GET /v1/record', () => {
  it('an order record keeps the flattened order.<field> keys and carries the nested order Java parses', async () => {
    const c = testClient();
    const { alice } = c.accounts;
    await order(c, alice, nftAsk);
    const r = (await c.get(`/v1/record?stark_key=${alice.stark_key}&sequence_id=13`)).body.data;
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({
      'order.price': '1000',
      'order.direction': 0,
      token_id: '1',
      record_type: 7,
      order: { price: '1000', direction: 0, token_id: '1', quote_contract_address: REDDIO721, display_price: '0.001' },
    });
    expect(v.is(v.array(SINGLE_RECORD), r)).toBe(true);
  });

  it('records of other types carry no order key at all (the marketplace app tests `order in record`)', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await transfer(c, alice, bob.stark_key, ETH_ASSET, 5n);
    for (const path of [
      `/v1/record?stark_key=${alice.stark_key}&sequence_id=13`,
      '/v1/record?sequence_id=13',
      '/v1/txn?sequence_id=13',
      `/v1/records?stark_key=${alice.stark_key}`,
    ]) {
      const body = (await c.get(path)).body.data;
      const rec = Array.isArray(body) ? body[0] : body.list[0];
      expect('order' in rec, path).toBe(false);
      expect(rec.sequence_id, path).toBe(13);
    }
  });

  it("without stark_key (Java's batch and multi transfer pollers) any record answers by sequence id", async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await transfer(c, alice, bob.stark_key, ETH_ASSET, 5n);
    const withKey = (await c.get(`/v1/record?stark_key=${bob.stark_key}&sequence_id=13`)).body;
    const without = (await c.get('/v1/record?sequence_id=13')).body;
    expect(without).toEqual(withKey);
    expect(without.data[0]).toMatchObject({ from: alice.stark_key, to: bob.stark_key, status: 1 });
    // An empty stark_key counts as absent, as Java and the other clients send empty values.
    expect((await c.get('/v1/record?stark_key=&sequence_id=13')).body).toEqual(withKey);
  });

  it('refuses an unknown sequence id (19), a record of another key (19), and bad sequence ids (19)', async () => {
    const c = testClient();
    expect(failedCode(await c.get('/v1/record?sequence_id=999'))).toBe(19);
    expect(failedCode(await c.get(`/v1/record?stark_key=${c.accounts.carol.stark_key}&sequence_id=1`))).toBe(19);
    expect(failedCode(await c.get('/v1/record?sequence_id=-1'))).toBe(19);
    expect(failedCode(await c.get('/v1/record'))).toBe(19);
  });
});

describe('GET /v1/txn', () => {
  it('answers as /v1/record without a key: an array of one', async () => {
    const c = testClient();
    const txn = (await c.get('/v1/txn?sequence_id=1')).body;
    expect(txn).toEqual((await c.get('/v1/record?sequence_id=1')).body);
    expect(txn).toMatchObject({ status: 'OK', error_code: 0, data: [{ sequence_id: 1, record_type: 1, status: 1 }] });
  });

  it('refuses a missing, malformed or unknown sequence id with 19', async () => {
    const c = testClient();
    for (const q of ['', '?sequence_id=', '?sequence_id=x', '?sequence_id=500']) expect(failedCode(await c.get(`/v1/txn${q}`)), q).toBe(19);
  });
});

describe('GET /v1/record/by/signature', () => {
  it('finds the record of an accepted transfer, withdrawal and order by their (r, s), in any hex case and padding', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const t = await transfer(c, alice, bob.stark_key, ETH_ASSET, 5n);
    expect(t.body.status).toBe('OK');
    const sent = [...c.dn.devnet.state.signatures.keys()][0]!.split('|') as [string, string];
    const found = (await c.get(`/v1/record/by/signature?r=${sent[0]}&s=${sent[1]}`)).body;
    expect(found).toMatchObject({ status: 'OK', error_code: 0, data: [{ sequence_id: 13, record_type: 3 }] });
    const padded = (await c.get(`/v1/record/by/signature?r=0x000${sent[0].slice(2).toUpperCase()}&s=${sent[1]}`)).body;
    expect(padded).toEqual(found);

    const w = await withdraw(c, alice, alice.eth_address, ETH_ASSET, 3n);
    expect(w.body.status).toBe('OK');
    const o = await order(c, alice, nftAsk);
    expect(o.body.status).toBe('OK');
    const keys = [...c.dn.devnet.state.signatures.keys()];
    expect(keys).toHaveLength(3);
    const [wr, ws] = keys[1]!.split('|');
    expect((await c.get(`/v1/record/by/signature?r=${wr}&s=${ws}`)).body.data).toMatchObject([{ sequence_id: 14, record_type: 4 }]);
    const [or, os] = keys[2]!.split('|');
    const byOrder = (await c.get(`/v1/record/by/signature?r=${or}&s=${os}`)).body.data;
    expect(byOrder).toMatchObject([{ sequence_id: 15, record_type: 7, order: { price: '1000' } }]);
    expect(v.is(v.array(SINGLE_RECORD), byOrder)).toBe(true);
  });

  it('uses the signature the client sent: the body of a posted transfer finds its record', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const vaults = (await c.get(`/v1/vaults?stark_keys=${alice.stark_key},${bob.stark_key}&asset_id=${ETH_ASSET}`)).body.data.vault_ids;
    const body = signedTransferBody({
      starkKey: alice.stark_key,
      privateKey: alice.private_key,
      assetId: ETH_ASSET,
      amount: 7n,
      nonce: 0,
      vaultId: vaults[0],
      receiver: bob.stark_key,
      receiverVaultId: vaults[1],
    });
    expect((await c.post('/v1/transfers', body)).body.status).toBe('OK');
    const { r, s } = body.signature as { r: string; s: string };
    expect((await c.get(`/v1/record/by/signature?r=${r}&s=${s}`)).body.data).toMatchObject([
      { from: alice.stark_key, amount: '7', sequence_id: 13 },
    ]);
  });

  it('answers [] for a signature no accepted request carried, including a refused one', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const refused = await transfer(c, alice, bob.stark_key, ETH_ASSET, 5n, { signWith: bob.private_key });
    expect(failedCode(refused)).toBe(34);
    expect(c.dn.devnet.state.signatures.size).toBe(0);
    expect((await c.get('/v1/record/by/signature?r=0x1&s=0x2')).body).toEqual({ status: 'OK', data: [], error: '', error_code: 0 });
  });

  it('refuses a missing or malformed r or s with 19', async () => {
    const c = testClient();
    for (const q of ['', '?r=0x1', '?s=0x1', '?r=1&s=0x1', '?r=0x1&s=zz'])
      expect(failedCode(await c.get(`/v1/record/by/signature${q}`)), q).toBe(19);
  });
});

describe('GET /v1/token?seq_id=', () => {
  it('maps each mint sequence id to the token it created, as a number', async () => {
    const c = testClient();
    const minted = await c.post(
      '/v1/mints',
      { contract_address: DMINT, stark_key: c.accounts.bob.stark_key, amount: '2' },
      { 'x-api-key': c.apiKey },
    );
    const [first, second] = minted.body.data.sequence_ids as number[];
    const a = (await c.get(`/v1/token?seq_id=${first}`)).body;
    expect(a).toEqual({ status: 'OK', data: { token_id: 3 }, error: '', error_code: 0 });
    expect((await c.get(`/v1/token?seq_id=${second}`)).body.data).toEqual({ token_id: 4 });
    expect(v.is(MINTED_TOKEN, a.data)).toBe(true);
    // Checked through a second path: the record of that sequence id names the same token.
    expect((await c.get(`/v1/record?sequence_id=${second}`)).body.data[0]).toMatchObject({ record_type: 2, token_id: '4' });
  });

  it('keeps token ids beyond 2^53 exact', async () => {
    const c = testClient();
    const big = '9007199254740993123';
    const minted = await c.post(
      '/v1/mints',
      { contract_address: DMINT, stark_key: c.accounts.bob.stark_key, token_ids: [big] },
      { 'x-api-key': c.apiKey },
    );
    const seq = minted.body.data.sequence_ids[0];
    expect((await c.get(`/v1/token?seq_id=${seq}`)).text).toContain(`"token_id":${big}`);
  });

  it('refuses a sequence id that is not a mint (a deposit), an unknown one, and malformed ones with 19', async () => {
    const c = testClient();
    for (const q of ['?seq_id=1', '?seq_id=999', '?seq_id=', '', '?seq_id=abc'])
      expect(failedCode(await c.get(`/v1/token${q}`)), q).toBe(19);
  });
});
