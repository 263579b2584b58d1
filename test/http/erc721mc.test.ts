// ERC721MC (mintable with a custom URI per token) everywhere ERC721M is accepted: contract creation,
// contract_info, asset ids (the JS SDK 0.8 vectors of reference/clients.md §8), mints with token_url,
// balances v1/v2/v3, transfers and withdrawals with token_url, withdrawal status, orders, NFT lists.
import { describe, expect, it } from 'vitest';
import { ETH_ASSET, failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { balance, nonceOf, order, snapshotOf, transfer, withdraw } from '../support/flows.js';

/** The JS SDK test vector: contract, token 12, its URL, the asset type and the (padded) asset id it prints. */
const MC = '0x823e0E1E0a3122177DcEaF7162669d93Edea7A42';
const URL_12 = 'https://www.google.com';
const MC_TYPE = '0x3aaebe69c52f6fd4ec95972e82358330725fd6af7bc2ebd84ba52c3aba80323';
const MC_12 = '0x04007380aa272ac43823fa4698034cfa82c7e53047be8d5f7318d70eebe654ad';
const MC_12_HEX = '0x' + BigInt(MC_12).toString(16);

/** The default genesis registers the vector's contract as DMC (ERC721MC, no tokens yet). */
async function withMcContract(c: TestClient): Promise<void> {
  expect((await c.get(`/v1/contract_info?contract_address=${MC}`)).body.data).toMatchObject({
    type: 'ERC721MC',
    symbol: 'DMC',
    total_supply: '0',
  });
}

async function mint12(c: TestClient, to = c.accounts.alice.stark_key) {
  return c.post('/v1/mints', { contract_address: MC, stark_key: to, token_ids: ['12'], token_url: URL_12 }, { 'x-api-key': c.apiKey });
}

describe('ERC721MC contracts and asset ids', () => {
  it('POST /v1/project/contract registers an ERC721MC contract (the second vector is minted on it)', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const project = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    const other = '0xb95623b1d26a6e892c5B4e7B15B83D134156f3AA';
    const url = 'https://api-dev.reddio.com/v3/balances?stark_key=0x179be264ab70bdc0949bbf3ae2ae3dcefd74562f24bd33459754df1c321f93';
    expect(
      (await c.post('/v1/project/contract', { contract_address: other, contract_type: 'erc721mc', project_uuid: project }, h)).body.status,
    ).toBe('OK');
    expect((await c.get(`/v1/contract_info?type=ERC721MC&contract_address=${other}`)).body.data.asset_type).toBe(
      '0x77520880ddb1e5eabc51cec2f1786d23020a366ede198333abbba747a66329',
    );
    await c.post('/v1/mints', { contract_address: other, stark_key: c.accounts.bob.stark_key, token_ids: ['1100'], token_url: url }, h);
    expect(BigInt((await c.get(`/v1/nfts/${other}`)).body.data.list[0].asset_id)).toBe(
      0x0400ed0a3f43c22b6370f66810ea49bcc64017550a791dc3d189410b7854a53an,
    );
  });

  it('contract_info?type=ERC721MC answers with the mintable asset type and quantum 1; type=ERC721 gives the L1 registration', async () => {
    const c = testClient();
    await withMcContract(c);
    const info = (await c.get(`/v1/contract_info?type=ERC721MC&contract_address=${MC}`)).body;
    expect(info.status).toBe('OK');
    expect(info.data).toMatchObject({ type: 'ERC721MC', quantum: '1', decimals: 0, contract_address: MC, asset_type: MC_TYPE });
    const l1 = (await c.get(`/v1/contract_info?type=ERC721&contract_address=${MC.toLowerCase()}`)).body.data;
    expect(l1.type).toBe('ERC721');
    expect(l1.asset_type).not.toBe(MC_TYPE);
    expect(failedCode(await c.get(`/v1/contract_info?type=ERC721M&contract_address=${MC}`))).toBe(15);
  });

  it('a mint with token_url creates the token whose asset id is the SDK vector; /v1/assetid computes it with or without token_url', async () => {
    const c = testClient();
    await withMcContract(c);
    const minted = await mint12(c);
    expect(minted.body.data.sequence_ids).toEqual([13]);
    expect((await c.get(`/v1/record?sequence_id=13`)).body.data[0]).toMatchObject({
      asset_id: MC_12_HEX,
      asset_type: 'ERC721MC',
      token_id: '12',
    });
    const byUrl = (await c.get(`/v1/assetid?type=ERC721MC&contract_address=${MC}&token_id=12&token_url=${encodeURIComponent(URL_12)}`)).body
      .data.asset_id;
    expect(BigInt(byUrl)).toBe(BigInt(MC_12));
    const stored = (await c.get(`/v1/assetid?type=ERC721MC&contract_address=${MC}&token_id=12`)).body.data.asset_id;
    expect(stored).toBe(byUrl);
    // The second vector needs no registered contract: /v1/assetid computes from its inputs.
    const other = (
      await c.get(
        `/v1/assetid?type=ERC721MC&contract_address=0xb95623b1d26a6e892c5B4e7B15B83D134156f3AA&token_id=1100&token_url=${encodeURIComponent('https://api-dev.reddio.com/v3/balances?stark_key=0x179be264ab70bdc0949bbf3ae2ae3dcefd74562f24bd33459754df1c321f93')}`,
      )
    ).body.data.asset_id;
    expect(BigInt(other)).toBe(0x0400ed0a3f43c22b6370f66810ea49bcc64017550a791dc3d189410b7854a53an);
  });

  it('/v1/assetid refuses an MC token that is not on L2 without token_url (19)', async () => {
    const c = testClient();
    await withMcContract(c);
    expect(failedCode(await c.get(`/v1/assetid?type=ERC721MC&contract_address=${MC}&token_id=99`))).toBe(19);
  });

  it.each([
    ['no token_url', {}],
    ["Java's empty token_url", { token_url: '' }],
  ])('a mint with %s is refused with 19 and changes nothing', async (_what, extra) => {
    const c = testClient();
    await withMcContract(c);
    const before = await snapshotOf(c, [c.accounts.alice.stark_key]);
    const r = await c.post(
      '/v1/mints',
      { contract_address: MC, stark_key: c.accounts.alice.stark_key, amount: '1', ...extra },
      { 'x-api-key': c.apiKey },
    );
    expect(failedCode(r)).toBe(19);
    expect(await snapshotOf(c, [c.accounts.alice.stark_key])).toEqual(before);
    expect((await c.get(`/v1/nfts/${MC}`)).body.data.total).toBe(0);
  });

  it('amount mints several tokens that share the URL, each with its own asset id', async () => {
    const c = testClient();
    await withMcContract(c);
    const r = await c.post(
      '/v1/mints',
      { contract_address: MC, stark_key: c.accounts.bob.stark_key, amount: '2', token_url: URL_12 },
      { 'x-api-key': c.apiKey },
    );
    expect(r.body.data.sequence_ids).toEqual([13, 14]);
    const list = (await c.get(`/v1/nfts/${MC}`)).body.data.list as Array<{ token_id: string; asset_id: string; owner: string }>;
    expect(list.map((t) => t.token_id)).toEqual(['1', '2']);
    expect(new Set(list.map((t) => t.asset_id)).size).toBe(2);
    expect(list.every((t) => t.owner === c.accounts.bob.stark_key)).toBe(true);
  });

  it('a Java mint on an ERC721M contract sends token_url "" and works as before', async () => {
    const c = testClient();
    const r = await c.post(
      '/v1/mints',
      { contract_address: '0x0b26f9dBbEeF0636e90a98651a693Ceb1769d16B', stark_key: c.accounts.bob.stark_key, amount: '1', token_url: '' },
      { 'x-api-key': c.apiKey },
    );
    expect(r.body.data.sequence_ids).toEqual([13]);
  });
});

describe('ERC721MC balances, transfers, withdrawals and orders', () => {
  it('balances v1, v2 and v3 report type ERC721MC and the token URL', async () => {
    const c = testClient();
    await withMcContract(c);
    await mint12(c);
    const key = c.accounts.alice.stark_key;
    expect((await c.get(`/v1/balance?stark_key=${key}&asset_id=${MC_12}`)).body.data).toMatchObject({
      type: 'ERC721MC',
      token_id: '12',
      token_uri: URL_12,
      balance_available: 1,
    });
    expect((await c.get(`/v2/balances?stark_key=${key}&contract_address=${MC}`)).body.data[0]).toMatchObject({
      type: 'ERC721MC',
      available_token_ids: ['12'],
    });
    const row = (await c.get(`/v3/balances?stark_key=${key}&contract_address=${MC}&type=ERC721MC`)).body.data[0];
    expect(row).toMatchObject({ type: 'ERC721MC', asset_id: '', balance_available: 1 });
    expect(row.available_tokens).toEqual([{ token_id: '12', token_uri: URL_12, asset_id: MC_12_HEX }]);
  });

  it("a transfer in JS 0.8's shape (contract_address, token_id, token_url, the padded asset id) moves the token", async () => {
    const c = testClient();
    await withMcContract(c);
    await mint12(c);
    const { alice, bob } = c.accounts;
    const r = await transfer(c, alice, bob.stark_key, MC_12, 1n, { override: { contract_address: MC, token_id: '12', token_url: URL_12 } });
    expect(r.body.status).toBe('OK');
    expect(await balance(c, bob.stark_key, MC_12)).toEqual({ available: 1, frozen: 0 });
    expect((await c.get(`/v1/nfts/${MC}`)).body.data.list[0].owner).toBe(bob.stark_key);
  });

  it('a transfer naming another URL than the token was minted with is refused with 19 and changes nothing', async () => {
    const c = testClient();
    await withMcContract(c);
    await mint12(c);
    const { alice, bob } = c.accounts;
    // Vaults are allocated on first lookup (a command of their own), so look them up before the snapshot.
    await c.get(`/v1/vaults?stark_keys=${alice.stark_key},${bob.stark_key}&asset_id=${MC_12}`);
    const before = await snapshotOf(c, [alice.stark_key, bob.stark_key]);
    const r = await transfer(c, alice, bob.stark_key, MC_12, 1n, {
      override: { contract_address: MC, token_id: '12', token_url: 'https://example.com' },
    });
    expect(failedCode(r)).toBe(19);
    expect(r.body.error).toContain('token_url');
    expect(await snapshotOf(c, [alice.stark_key, bob.stark_key])).toEqual(before);
  });

  it('a withdrawal shows token_uri in the withdraw area (withdrawAndMint needs it); other NFTs show null', async () => {
    const c = testClient();
    await withMcContract(c);
    await mint12(c);
    const { alice } = c.accounts;
    expect(
      (await withdraw(c, alice, alice.eth_address, MC_12, 1n, { override: { contract_address: MC, token_id: '12', token_url: URL_12 } }))
        .body.status,
    ).toBe('OK');
    const nft1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
    expect((await withdraw(c, alice, alice.eth_address, nft1, 1n)).body.status).toBe('OK');
    await c.post('/_devnet/batches', { layer: 'both' });
    const area = (await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${alice.eth_address}`)).body.data;
    expect(area).toEqual([
      expect.objectContaining({ asset_id: MC_12_HEX, type: 'ERC721MC', token_id: '12', token_uri: URL_12 }),
      expect.objectContaining({ asset_id: nft1, type: 'ERC721', token_uri: null }),
    ]);
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });

  it('an MC token is sold and bought through /v1/order/info with contract2=ERC721MC:ADDRESS:ID', async () => {
    const c = testClient();
    await withMcContract(c);
    await mint12(c);
    const { alice, bob } = c.accounts;
    const spec = { contract2: `ERC721MC:${MC}:12`, quoteAmount: '1', baseAmount: '1000', price: '1000' };
    expect((await order(c, alice, { ...spec, direction: 0 })).body.status).toBe('OK');
    expect((await c.get(`/v1/orders?contract_address=${MC}`)).body.data.list[0]).toMatchObject({ token_type: 'ERC721MC', token_id: '12' });
    expect((await order(c, bob, { ...spec, direction: 1 })).body.status).toBe('OK');
    expect(await balance(c, bob.stark_key, MC_12)).toEqual({ available: 1, frozen: 0 });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: 10_000_000 - 1000, frozen: 0 });
  });

  it('a control-plane deposit of an MC token not on L2 needs token_url (19 without); with it the token arrives', async () => {
    const c = testClient();
    await withMcContract(c);
    const key = c.accounts.carol.stark_key;
    expect(failedCode(await c.post('/_devnet/deposit', { stark_key: key, contract_address: MC, token_id: '12' }))).toBe(19);
    expect(await nonceOf(c, key)).toBe(0);
    const ok = await c.post('/_devnet/deposit', { stark_key: key, contract_address: MC, token_id: '12', token_url: URL_12 });
    expect(ok.body.sequence_id).toBe(13);
    expect(await balance(c, key, MC_12)).toEqual({ available: 1, frozen: 0 });
  });

  it('a genesis can hold MC tokens with token_urls, one per id', async () => {
    const genesis = {
      accounts: [{ name: 'operator' }, { name: 'ann' }],
      api_keys: [{ name: 'k' }],
      projects: [{ name: 'p', api_key: 'k', contracts: [{ type: 'ERC721MC', address: MC, symbol: 'DMC' }] }],
      deposits: [{ account: 'ann', contract: MC, token_ids: ['12'], token_urls: [URL_12] }],
    };
    const c = testClient({ genesis });
    const ann = c.dn.devnet.accounts().accounts.find((a) => a.name === 'ann')!;
    expect(await balance(c, ann.stark_key, MC_12)).toEqual({ available: 1, frozen: 0 });
    expect(() => testClient({ genesis: { ...genesis, deposits: [{ account: 'ann', contract: MC, token_ids: ['12'] }] } })).toThrow(
      /token_url is required/,
    );
    expect(() =>
      testClient({ genesis: { ...genesis, deposits: [{ account: 'ann', contract: MC, token_ids: ['12'], token_urls: [] }] } }),
    ).toThrow(/token_urls: must list one URL per token id/);
  });
});
