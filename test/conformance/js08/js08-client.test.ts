// JS SDK 0.8 (red-js-sdk 2b88aeb) and the official NFT marketplace app built on it (NFT-Marketplace
// 1837f3b): the requests captured in reference/clients.md, and what the app reads from the answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderBody, transferBody, wire } from '../wire.js';
import type { Wire } from '../wire.js';

const RED20 = '0xba95D91ba3f49c3e2911A85D06725db9DD19B3C1';
const APP_NFT = '0x620A610D4EEb5994053B4D150Aff6d7119e1f045';
const APP_MARKETPLACE = '11ed793a-cc11-4e44-9738-97165c4e14a7';
const MC = '0x823e0E1E0a3122177DcEaF7162669d93Edea7A42';
const MC_12_PADDED = '0x04007380aa272ac43823fa4698034cfa82c7e53047be8d5f7318d70eebe654ad';

let w: Wire;
beforeAll(async () => {
  w = await wire();
  const h = { 'x-api-key': w.apiKey };
  // The user's NFTs on the app's contract and an ERC721MC token (the SDK's vector), minted through the API.
  await w.post('/v1/mints', { contract_address: APP_NFT, stark_key: w.accounts.alice.stark_key, amount: 2 }, h);
  await w.post(
    '/v1/mints',
    { contract_address: MC, stark_key: w.accounts.alice.stark_key, token_ids: ['12'], token_url: 'https://www.google.com' },
    h,
  );
});
afterAll(() => w.close());

describe('the marketplace app on /v3/balances (operate.tsx, nftList.tsx, orderList.tsx)', () => {
  it('operate.tsx: ?stark_key&limit=1000; the ETH row by type, the app ERC20 by === on its checksum address', async () => {
    const body = await w.get(`/v3/balances?stark_key=${w.accounts.airdrop.stark_key}&limit=1000`);
    expect(body.error).toBeFalsy();
    const erc20 = body.data.find((r: { contract_address: string }) => r.contract_address === RED20);
    expect(typeof erc20.balance_available).toBe('number');
    expect(erc20.balance_available).toBeGreaterThanOrEqual(500000000);
  });

  it('nftList.tsx: filtered by the app NFT with type=ERC721M&page=1&limit=10: data[0] is that row, tokens map to ids, base_uri read', async () => {
    const body = await w.get(
      `/v3/balances?stark_key=${w.accounts.alice.stark_key}&contract_address=${APP_NFT}&type=ERC721M&page=1&limit=10`,
    );
    expect(body.status).not.toBe('FAILED');
    expect(body.data[0].contract_address).toBe(APP_NFT);
    expect(body.data[0].available_tokens.map((t: { token_id: string }) => t.token_id)).toEqual(['1', '2']);
    expect(typeof body.data[0].base_uri).toBe('string');
  });

  it('operate.tsx (ERC721MC withdrawal): the token row gives the token_uri the asset id was computed from', async () => {
    const row = (await w.get(`/v3/balances?stark_key=${w.accounts.alice.stark_key}&limit=1000`)).data.find(
      (r: { contract_address: string }) => r.contract_address === MC,
    );
    const token = row.available_tokens.find((t: { token_id: string }) => t.token_id === (12).toString());
    expect(token.token_uri).toBe('https://www.google.com');
    expect(BigInt(token.asset_id)).toBe(BigInt(MC_12_PADDED));
  });
});

describe('ERC721MC through the SDK (src/utils/asset.ts, src/api/transfer.ts)', () => {
  it('contract_info?type=ERC721MC gives the quantum; vaults take the padded id; the transfer body carries token_url', async () => {
    const info = await w.get(`/v1/contract_info?type=ERC721MC&contract_address=${MC}`);
    expect(info.status).toBe('OK');
    expect(Number(info.data.quantum)).toBe(1);
    const { alice, bob } = w.accounts;
    const body = await transferBody(w, alice, bob.stark_key, MC_12_PADDED, 1n);
    const sent = {
      stark_key: body.stark_key,
      contract_address: MC,
      token_id: '12',
      token_url: 'https://www.google.com',
      receiver: body.receiver,
      amount: '1',
      vault_id: body.vault_id,
      receiver_vault_id: body.receiver_vault_id,
      asset_id: MC_12_PADDED,
      expiration_timestamp: 4194303,
      signature: body.signature,
      nonce: body.nonce,
    };
    expect((await w.post('/v1/transfers', sent)).status).toBe('OK');
  });
});

describe('new JS 0.8 calls', () => {
  it('getCollections: GET /v1/collection with no query string answers an array of collections', async () => {
    const body = await w.get('/v1/collection');
    expect(Array.isArray(body.data)).toBe(true);
    expect(body.data.find((c: { contract_address: string }) => c.contract_address === APP_NFT)).toMatchObject({
      type: 'ERC721M',
      total_supply: '2',
    });
  });

  it('getTokenIdBySeqId: GET /v1/token?seq_id= answers the minted token id as a number', async () => {
    const r = await w.post(
      '/v1/mints',
      { contract_address: APP_NFT, stark_key: w.accounts.bob.stark_key, amount: 1 },
      { 'x-api-key': w.apiKey },
    );
    const body = await w.get(`/v1/token?seq_id=${r.data.sequence_ids[0]}`);
    expect(typeof body.data.token_id).toBe('number');
  });

  it('getRecordsBySignature: ?r=&s= answers an array', async () => {
    const { alice, carol } = w.accounts;
    const body = await transferBody(w, alice, carol.stark_key, '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e', 1n);
    await w.post('/v1/transfers', body);
    const sig = body.signature as { r: string; s: string };
    expect((await w.get(`/v1/record/by/signature?r=${sig.r}&s=${sig.s}`)).data).toHaveLength(1);
  });
});

describe("the app's NFT order book and records (sellNFT.tsx, orderList.tsx, record.tsx)", () => {
  it('an NFT sell naming the hard-coded marketplace is accepted; the order list has what the app renders', async () => {
    const { alice } = w.accounts;
    // The app's NFT book is priced in its ERC20 (orderList.tsx sends baseTokenType ERC20).
    const r = await w.post(
      '/v1/order',
      await orderBody(w, alice, {
        contract1: `ERC20:${RED20}`,
        contract2: `ERC721M:${APP_NFT}:1`,
        direction: 0,
        quoteAmount: 1n,
        baseAmount: 1_000_000n,
        price: '1000000',
        marketplaceUuid: APP_MARKETPLACE,
      }),
    );
    expect(r.status).toBe('OK');
    const item = (await w.get(`/v1/orders?contract_address=${APP_NFT}`)).data.list[0];
    expect(item).toMatchObject({
      token_id: '1',
      amount: '1',
      display_price: '1',
      token_type: 'ERC721M',
      symbol: { quote_token_contract_addr: APP_NFT, base_token_contract_addr: RED20, base_token_name: 'RED20' },
    });
  });

  it("getRecords: data.list, time in seconds, and 'order' in record only for order records", async () => {
    const list = (await w.get(`/v1/records?stark_key=${w.accounts.alice.stark_key}`)).data.list as Array<Record<string, unknown>>;
    for (const rec of list) expect('order' in rec).toBe(rec.record_type === 7 || rec.record_type === 8);
    expect(list.some((rec) => rec.record_type === 7)).toBe(true);
    expect(Number.isInteger(list[0]!.time)).toBe(true);
  });
});
