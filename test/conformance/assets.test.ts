// The SDK's lookups that need no Ethereum node: contract info and asset ids for every asset kind,
// vault ids, and the StarkEx contract address, each compared with an independent answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DMINT, ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721, STARKEX_TESTNET, startConformance } from './support.js';
import type { Conformance } from './support.js';

let t: Conformance;
beforeAll(async () => {
  t = await startConformance();
});
afterAll(async () => t.close());

describe('utils.getAssetTypeAndId (GET /v1/contract_info)', () => {
  // Published asset ids of the real testnet contracts (reference/real-service.md §7.1).
  it.each([
    ['ETH', { type: 'ETH' as const }, ETH_ASSET, ETH_ASSET, '/v1/contract_info?type=ETH&contract_address=ETH'],
    [
      'ERC20',
      { type: 'ERC20' as const, tokenAddress: RDD20 },
      RDD20_ASSET,
      RDD20_ASSET,
      `/v1/contract_info?type=ERC20&contract_address=${RDD20}`,
    ],
    [
      'ERC721',
      { type: 'ERC721' as const, tokenAddress: REDDIO721, tokenId: 1 },
      '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2',
      '0x2b405eba724b638f4cf82ccadcd2741a120d2dbc69cb89a5fc315a9c443d592',
      `/v1/contract_info?type=ERC721&contract_address=${REDDIO721}`,
    ],
    // 0.4.5 rewrites ERC721M to type=MINTABLE_ERC721 before asking, and keeps the caller's address case.
    [
      'ERC721M',
      { type: 'ERC721M' as const, tokenAddress: DMINT, tokenId: '5' },
      '0x40035fedbf656c2e84b262bed7ce69976e085ed5cd00ed73458644a9cdc5dc6',
      '0x5836f15aead555b938a0d56b156fed17836162412ccc77a2e675bcb66336e6',
      `/v1/contract_info?type=MINTABLE_ERC721&contract_address=${DMINT}`,
    ],
  ])("%s: the SDK computes the published ids from the emulator's quantum", async (_n, asset, assetId, assetType, path) => {
    t.sent.splice(0);
    const out = await t.sdk.utils.getAssetTypeAndId({ ...asset });
    expect(out).toEqual({ assetId, assetType });
    expect(t.sent).toEqual([{ method: 'GET', path, body: undefined }]);
    // Second path: the emulator's own asset id and asset type for the same inputs.
    const type = asset.type;
    const tokenId = 'tokenId' in asset ? `&token_id=${asset.tokenId}` : '';
    const address = 'tokenAddress' in asset ? asset.tokenAddress : 'eth';
    expect((await t.get(`/v1/assetid?type=${type}&contract_address=${address}${tokenId}`)).data.asset_id).toBe(assetId);
    expect((await t.get(`/v1/contract_info?type=${type}&contract_address=${address}`)).data.asset_type).toBe(assetType);
  });

  it('ERC721M by a lower-case address gives the same ids', async () => {
    const mixed = await t.sdk.utils.getAssetTypeAndId({ type: 'ERC721M', tokenAddress: DMINT, tokenId: 2 });
    const lower = await t.sdk.utils.getAssetTypeAndId({ type: 'ERC721M', tokenAddress: DMINT.toLowerCase(), tokenId: 2 });
    expect(lower).toEqual(mixed);
    expect(mixed.assetId).toBe('0x400c8cfab3df79d45d2dfdd979fd9e1ba5bd40cbf0c8d4a85b2a2f0ea6540dd');
  });
});

describe('apis.getVaultID (GET /v1/vaults)', () => {
  it('joins arrays into comma lists and answers one stable vault per (owner, asset)', async () => {
    const { alice, bob } = t.accounts;
    t.sent.splice(0);
    const pair = (await t.sdk.apis.getVaultID({ starkKeys: [alice.stark_key, bob.stark_key], assetId: ETH_ASSET })).data;
    expect(t.sent[0]!.path).toBe(`/v1/vaults?stark_keys=${alice.stark_key},${bob.stark_key}&asset_id=${ETH_ASSET}`);
    expect(pair).toMatchObject({ status: 'OK', error_code: 0 });
    const [aliceEth, bobEth] = pair.data.vault_ids;
    expect(aliceEth).not.toBe(bobEth);
    // One key, two assets (the 2022 order code's form), and the same answers through our HTTP.
    // The NFT must be on L2 first: an asset id alone does not say which contract and token it is.
    await t.deposit(alice, REDDIO721, { token_id: '1' });
    const nft = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
    const perAsset = (await t.sdk.apis.getVaultID({ starkKeys: alice.stark_key, assetId: [ETH_ASSET, nft] })).data.data.vault_ids;
    expect(perAsset[0]).toBe(aliceEth);
    expect((await t.get(`/v1/vaults?stark_keys=${bob.stark_key}&asset_id=${ETH_ASSET}`)).data.vault_ids).toEqual([bobEth]);
    expect((await t.get(`/v1/vaults?stark_keys=${alice.stark_key}&asset_id=${nft}`)).data.vault_ids).toEqual([perAsset[1]]);
  });

  it('gives an Ethereum address (a withdrawal receiver) its own vault', async () => {
    const l1 = '0x76f2Fc7ed90039d986e3eb4DB294f05E160c8F03';
    const ids = (await t.sdk.apis.getVaultID({ starkKeys: [t.accounts.alice.stark_key, l1], assetId: ETH_ASSET })).data.data.vault_ids;
    expect(ids).toHaveLength(2);
    expect((await t.get(`/v1/vaults?stark_keys=${l1.toLowerCase()}&asset_id=${ETH_ASSET}`)).data.vault_ids).toEqual([ids[1]]);
  });
});

describe('the StarkEx contract address (GET /v1/starkex/contracts)', () => {
  it("is read from the emulator's testnet key (0.4.5 with env 'test'), not from the SDK's own table", async () => {
    // getContractAddress is private: the SDK calls it before every L1 action (deposits, L1 withdrawals).
    const sdk = t.sdk as unknown as { getContractAddress(): Promise<void>; contractAddress?: string };
    t.sent.splice(0);
    await sdk.getContractAddress();
    expect(sdk.contractAddress).toBe(STARKEX_TESTNET);
    expect(t.sent.map((s) => s.path)).toEqual(['/v1/starkex/contracts']);
    const direct = await t.get('/v1/starkex/contracts');
    expect(direct.data).toMatchObject({ testnet: STARKEX_TESTNET, mainnet: expect.any(String), sepolia: expect.any(String) });
  });
});
