// POST /v1/withdrawalto and the withdraw area: submission, L2/L1 batches, the area, the L1 claim.
import { describe, expect, it } from 'vitest';
import { ETH_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';
import { balance, recordOf, snapshotOf, withdraw } from '../support/flows.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
const L1 = '0x76f2Fc7ed90039d986e3eb4DB294f05E160c8F03';

describe('POST /v1/withdrawalto', () => {
  it('takes funds at submission, shows them in the withdraw area at status 6, and lets them be claimed', async () => {
    const c = testClient();
    const { alice } = c.accounts;
    const r = await withdraw(c, alice, L1, ETH_ASSET, '1000000');
    expect(r.body).toEqual({ status: 'OK', data: { sequence_id: 13 }, error: '' });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: 9000000, frozen: 0 });
    const status = () => c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${L1}`);
    expect((await status()).body.data).toEqual([]);

    expect((await c.post('/_devnet/batches', { layer: 'l2' })).body.moved).toContain(13);
    expect((await recordOf(c, alice.stark_key, 13)).status).toBe(3);
    expect((await status()).body.data).toEqual([]);

    expect((await c.post('/_devnet/batches', { layer: 'l1' })).body.moved).toContain(13);
    const rec = await recordOf(c, alice.stark_key, 13);
    expect(rec).toMatchObject({
      status: 6,
      record_type: 4,
      from: alice.stark_key,
      to: L1.toLowerCase(),
      amount: '1000000',
      display_value: '1',
    });
    expect((await status()).body).toEqual({
      status: 'OK',
      error: '',
      data: [
        {
          contract_address: 'eth',
          asset_id: ETH_ASSET,
          token_id: '',
          type: 'ETH',
          asset_type: ETH_ASSET,
          display_value: '1',
          symbol: 'ETH',
          amount: 1000000,
          token_uri: null,
          sequence_ids: [13],
        },
      ],
    });

    const claim = await c.post('/_devnet/withdrawals/claim', { ethaddress: L1, asset_id: ETH_ASSET });
    expect(claim.body).toEqual({ ethaddress: L1.toLowerCase(), asset_id: ETH_ASSET, amount: 1000000 });
    expect((await status()).body.data).toEqual([]);
    expect(failedCode(await c.post('/_devnet/withdrawals/claim', { ethaddress: L1, asset_id: ETH_ASSET }))).toBe(19);
  });

  it('withdraws an NFT; after the claim the token can come back by deposit', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const r = await withdraw(c, alice, L1, NFT_1, '1', { override: { contract_address: REDDIO721, token_id: 1 } });
    expect(r.body.status).toBe('OK');
    // In flight: it cannot be deposited again yet.
    expect(failedCode(await c.post('/_devnet/deposit', { stark_key: bob.stark_key, contract_address: REDDIO721, token_id: '1' }))).toBe(22);
    await c.post('/_devnet/batches', { layer: 'both' });
    const area = (await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${L1}`)).body.data;
    expect(area).toEqual([
      expect.objectContaining({
        token_id: '1',
        type: 'ERC721',
        amount: 1,
        asset_id: NFT_1,
        asset_type: '0x2b405eba724b638f4cf82ccadcd2741a120d2dbc69cb89a5fc315a9c443d592',
      }),
    ]);
    await c.post('/_devnet/withdrawals/claim', { ethaddress: L1, asset_id: NFT_1 });
    expect(
      (await c.post('/_devnet/deposit', { stark_key: bob.stark_key, contract_address: REDDIO721, token_id: '1' })).body.sequence_id,
    ).toBeGreaterThan(13);
    expect(await balance(c, bob.stark_key, NFT_1)).toEqual({ available: 1, frozen: 0 });
  });

  it('an unfunded withdrawal fails asynchronously and nothing reaches the area', async () => {
    const c = testClient();
    const { carol } = c.accounts;
    const r = await withdraw(c, carol, L1, ETH_ASSET, '10000001');
    const rec = await recordOf(c, carol.stark_key, r.body.data.sequence_id);
    expect(rec.status).toBe(2);
    await c.post('/_devnet/batches', { layer: 'both' });
    expect((await recordOf(c, carol.stark_key, r.body.data.sequence_id)).status).toBe(2);
    expect((await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${L1}`)).body.data).toEqual([]);
    expect(await balance(c, carol.stark_key, ETH_ASSET)).toEqual({ available: 10000000, frozen: 0 });
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['receiver that is a stark key, not an address', { receiver: 'BOB' }, 19],
    ['bad signature', { amount: '999' }, 34],
    ['unknown asset', { asset_id: '0x77' }, 6],
    ['zero amount', { amount: 0 }, 2],
  ])('%s fails with %s and changes nothing', async (_n, override, code) => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await c.get(`/v1/vaults?stark_keys=${alice.stark_key},${L1}&asset_id=${ETH_ASSET}`);
    const before = await snapshotOf(c, [alice.stark_key]);
    const o = Object.fromEntries(Object.entries(override).map(([k, v]) => [k, v === 'BOB' ? bob.stark_key : v]));
    expect(failedCode(await withdraw(c, alice, L1, ETH_ASSET, '1000', { override: o }))).toBe(code);
    expect(await snapshotOf(c, [alice.stark_key])).toEqual(before);
  });

  it.each([
    ['stage=other&ethaddress=' + L1, 19],
    ['stage=withdrawarea', 19],
    ['stage=withdrawarea&ethaddress=0x1234zz', 19],
    [`stage=withdrawarea&ethaddress=0x${'1'.repeat(41)}`, 19],
    ['ethaddress=' + L1, 19],
  ])('GET /v1/withdrawal/status?%s fails with %s', async (q, code) => {
    expect(failedCode(await testClient().get(`/v1/withdrawal/status?${q}`))).toBe(code);
  });
});
