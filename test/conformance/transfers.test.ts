// apis.transfer and apis.withdrawalFromL2 for every asset kind, checked through balances, records,
// nonces and the withdraw area on our own HTTP; and the exact bodies the SDK sent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DMINT, ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721, bare, startConformance } from './support.js';
import type { Conformance } from './support.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
const DMINT_1 = '0x400558804d40a71b6b8e41bbacbb05c37c36d749b5dcdf6590421c4c9c66d89';
const L1 = '0x76f2Fc7ed90039d986e3eb4DB294f05E160c8F03';

let t: Conformance;
beforeEach(async () => {
  t = await startConformance();
  const { alice } = t.accounts;
  await t.deposit(alice, 'eth', { amount: '2000000' }); // 2 ETH
  await t.deposit(alice, RDD20, { amount: '100000000' }); // 100 RDD20
  await t.deposit(alice, REDDIO721, { token_id: '1' });
  await t.deposit(alice, DMINT, { token_id: '1' });
  t.sent.splice(0);
});
afterEach(async () => t.close());

describe('apis.transfer', () => {
  it('ETH: contract_info, vaults, nonce, then a signed body the emulator accepts; funds and nonce move', async () => {
    const { alice, bob } = t.accounts;
    const res = await t.sdk.apis.transfer({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: bob.stark_key,
      type: 'ETH',
      amount: '0.0013',
    });
    expect(res.data).toEqual({ status: 'OK', data: { sequence_id: 5 }, error: '' });
    expect(t.sent.map((s) => `${s.method} ${s.path.split('?')[0]}`)).toEqual([
      'GET /v1/contract_info',
      'GET /v1/vaults',
      'GET /v1/nonce',
      'POST /v1/transfers',
    ]);
    const body = t.sent[3]!.body as Record<string, unknown>;
    // The wire forms the emulator must take as they come: amount string, nonce number, vaults strings.
    expect(body).toMatchObject({
      stark_key: alice.stark_key,
      amount: '1300',
      receiver: bob.stark_key,
      asset_id: ETH_ASSET,
      expiration_timestamp: 4194303,
      nonce: 0,
    });
    expect(typeof body.vault_id).toBe('string');
    expect(await t.balance(alice, ETH_ASSET)).toEqual({ available: 2_000_000 - 1300, frozen: 0 });
    expect(await t.balance(bob, ETH_ASSET)).toEqual({ available: 1300, frozen: 0 });
    expect((await t.get(`/v1/nonce?stark_key=${alice.stark_key}`)).data.nonce).toBe(1);
    const rec = (await t.get(`/v1/record?stark_key=${bob.stark_key}&sequence_id=5`)).data[0];
    expect(rec).toMatchObject({
      record_type: 3,
      status: 1,
      from: alice.stark_key,
      to: bob.stark_key,
      amount: '1300',
      display_value: '0.0013',
    });
  });

  it('ERC20 with a numeric amount (2.5 -> 2500000 quantized) and contract_address echoed', async () => {
    const { alice, bob } = t.accounts;
    const res = await t.sdk.apis.transfer({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: bob.stark_key,
      type: 'ERC20',
      contractAddress: RDD20,
      amount: 2.5,
    });
    expect(res.data.status).toBe('OK');
    expect(t.sent.at(-1)!.body).toMatchObject({ amount: '2500000', contract_address: RDD20, asset_id: RDD20_ASSET });
    expect(await t.balance(alice, RDD20_ASSET)).toEqual({ available: 97_500_000, frozen: 0 });
    expect(await t.balance(bob, RDD20_ASSET)).toEqual({ available: 2_500_000, frozen: 0 });
  });

  it('ERC721 with token_id as a number and an unpadded (63-digit) asset id: the holder changes', async () => {
    const { alice, bob } = t.accounts;
    const res = await t.sdk.apis.transfer({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: bob.stark_key,
      type: 'ERC721',
      contractAddress: REDDIO721,
      tokenId: 1,
    });
    expect(res.data.status).toBe('OK');
    const body = t.sent.at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ token_id: 1, amount: '1', contract_address: REDDIO721, asset_id: NFT_1 });
    expect((body.asset_id as string).length).toBe(2 + 63);
    expect(await t.balance(alice, NFT_1)).toEqual({ available: 0, frozen: 0 });
    expect(await t.balance(bob, NFT_1)).toEqual({ available: 1, frozen: 0 });
    expect((await t.get(`/v1/nfts/${REDDIO721}`)).data.list).toEqual([expect.objectContaining({ token_id: '1', owner: bob.stark_key })]);
  });

  it('ERC721M with token_id as a string, asked as MINTABLE_ERC721 by its mixed-case address', async () => {
    const { alice, bob } = t.accounts;
    const res = await t.sdk.apis.transfer({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: bob.stark_key,
      type: 'ERC721M',
      contractAddress: DMINT,
      tokenId: '1',
    });
    expect(res.data.status).toBe('OK');
    expect(t.sent[0]!.path).toBe(`/v1/contract_info?type=MINTABLE_ERC721&contract_address=${DMINT}`);
    expect(t.sent.at(-1)!.body).toMatchObject({ token_id: '1', contract_address: DMINT, asset_id: DMINT_1 });
    const v2 = (await t.get(`/v2/balances?stark_key=${bob.stark_key}`)).data;
    expect(v2).toEqual([expect.objectContaining({ contract_address: DMINT, type: 'ERC721M', available_token_ids: ['1'] })]);
  });

  it('an NFT the sender does not hold is accepted and fails asynchronously (status 2), as on the real service', async () => {
    const { alice, bob } = t.accounts;
    await t.deposit(bob, REDDIO721, { token_id: '2' });
    const res = await t.sdk.apis.transfer({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: bob.stark_key,
      type: 'ERC721',
      contractAddress: REDDIO721,
      tokenId: 2,
    });
    const seq = res.data.data.sequence_id;
    const rec = (await t.sdk.apis.getRecord({ starkKey: alice.stark_key, sequenceId: seq })).data.data as unknown as Array<
      Record<string, unknown>
    >;
    expect(rec[0]).toMatchObject({ sequence_id: seq, status: 2, reason: expect.any(String) });
    expect(await t.balance(bob, '0x1c2873bae9cd0c38a658c710393911df193eb58dd65b20dd3b6b016b77b19e0')).toEqual({ available: 1, frozen: 0 });
  });

  it('a custom expirationTimestamp (hours since the epoch) is signed and accepted', async () => {
    const { alice, bob } = t.accounts;
    const res = await t.sdk.apis.transfer({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: bob.stark_key,
      type: 'ETH',
      amount: 0.000001,
      expirationTimestamp: 500_000,
    });
    expect(res.data.status).toBe('OK');
    expect(t.sent.at(-1)!.body).toMatchObject({ amount: '1', expiration_timestamp: 500_000 });
    expect(await t.balance(bob, ETH_ASSET)).toEqual({ available: 1, frozen: 0 });
  });
});

describe('apis.withdrawalFromL2 and apis.withdrawalStatus', () => {
  it('withdraws ETH to a mixed-case Ethereum address; the withdraw area shows it after the L1 batch', async () => {
    const { alice } = t.accounts;
    const res = await t.sdk.apis.withdrawalFromL2({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: L1,
      type: 'ETH',
      amount: '0.5',
    });
    expect(res.data.status).toBe('OK');
    const seq = res.data.data.sequence_id;
    expect(t.sent.find((s) => s.path.startsWith('/v1/vaults'))!.path).toBe(
      `/v1/vaults?stark_keys=${alice.stark_key},${L1}&asset_id=${ETH_ASSET}`,
    );
    expect(t.sent.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/withdrawalto',
      body: { receiver: L1, amount: '500000', asset_id: ETH_ASSET },
    });
    // The amount leaves at submission; the area fills only when the record reaches L1 (status 6).
    expect(await t.balance(alice, ETH_ASSET)).toEqual({ available: 1_500_000, frozen: 0 });
    const area = async () => (await t.sdk.apis.withdrawalStatus({ ethaddress: L1, stage: 'withdrawarea' })).data;
    expect((await area()).data).toEqual([]);
    await t.post('/_devnet/batches', { layer: 'both' });
    expect((await t.sdk.apis.getRecord({ starkKey: alice.stark_key, sequenceId: seq })).data.data).toEqual([
      expect.objectContaining({ record_type: 4, status: 6, amount: '500000' }),
    ]);
    expect(await area()).toEqual({
      status: 'OK',
      error: '',
      data: [
        {
          contract_address: 'eth',
          asset_id: ETH_ASSET,
          token_id: '',
          type: 'ETH',
          asset_type: ETH_ASSET,
          display_value: '0.5',
          symbol: 'ETH',
          amount: 500000,
          token_uri: null,
          sequence_ids: [seq],
        },
      ],
    });
    expect((await t.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${L1.toLowerCase()}`)).data).toEqual((await area()).data);
  });

  it('withdraws an ERC721M token (token_id a number) and an ERC20 amount', async () => {
    const { alice } = t.accounts;
    const nft = await t.sdk.apis.withdrawalFromL2({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: alice.eth_address,
      type: 'ERC721M',
      contractAddress: DMINT,
      tokenId: 1,
    });
    const erc20 = await t.sdk.apis.withdrawalFromL2({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: alice.eth_address,
      type: 'ERC20',
      contractAddress: RDD20,
      amount: '12.5',
    });
    expect([nft.data.status, erc20.data.status]).toEqual(['OK', 'OK']);
    expect(await t.balance(alice, DMINT_1)).toEqual({ available: 0, frozen: 0 });
    expect(await t.balance(alice, RDD20_ASSET)).toEqual({ available: 87_500_000, frozen: 0 });
    await t.post('/_devnet/batches', { layer: 'both' });
    const area = (await t.sdk.apis.withdrawalStatus({ ethaddress: alice.eth_address, stage: 'withdrawarea' })).data.data;
    expect(area).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'ERC721M', token_id: '1', asset_id: DMINT_1, amount: 1 }),
        expect.objectContaining({ type: 'ERC20', asset_id: RDD20_ASSET, amount: 12_500_000, display_value: '12.5' }),
      ]),
    );
    expect(area).toHaveLength(2);
    expect((await t.get('/_devnet/invariants')).violations).toEqual([]);
  });
});
