// The control plane of the foundation: health, accounts, deposits (and that a refused deposit changes nothing).
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/core/version.js';
import { DMINT, ETH_ASSET, OFF_CURVE_KEY, RDD20, REDDIO721, failedCode, testClient } from '../support/client.js';

describe('GET /_devnet/health and /_devnet/accounts', () => {
  it('reports ok and the version', async () => {
    const r = await testClient().get('/_devnet/health');
    expect(r.body).toEqual({ status: 'ok', version: VERSION });
  });

  it('lists the genesis accounts with keys that belong together, the API key and the operator', async () => {
    const c = testClient();
    const r = await c.get('/_devnet/accounts');
    expect(r.body.accounts.map((a: { name: string }) => a.name)).toEqual(['alice', 'bob', 'carol', 'operator', 'market', 'airdrop']);
    for (const a of r.body.accounts) {
      expect(a.stark_key).toMatch(/^0x[0-9a-f]+$/);
      expect(a.private_key).toMatch(/^0x[0-9a-f]+$/);
      expect(a.eth_address).toMatch(/^0x[0-9a-f]{40}$/);
    }
    expect(r.body.api_keys).toHaveLength(1);
    expect(r.body.api_keys[0]).toMatch(/^rk-[0-9a-f-]{36}$/);
    expect(r.body.operator).toBe(r.body.accounts[3].stark_key);
  });

  it('derives different keys from a different seed, the same from the same seed', () => {
    const a = testClient().dn.devnet.accounts();
    expect(testClient().dn.devnet.accounts()).toEqual(a);
    const b = testClient({ seed: 'another' }).dn.devnet.accounts();
    expect(b.accounts[0]!.stark_key).not.toBe(a.accounts[0]!.stark_key);
    expect(b.api_keys[0]).not.toBe(a.api_keys[0]);
  });
});

describe('POST /_devnet/deposit', () => {
  it('credits ETH in quantized units and returns the next sequence id', async () => {
    const c = testClient();
    const key = c.accounts.carol.stark_key;
    const r = await c.post('/_devnet/deposit', { stark_key: key, contract_address: 'ETH', amount: '2500000' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ sequence_id: 13 }); // genesis made 12 deposit records (3 ETH, 2 ERC20, 7 NFTs)
    const b = await c.get(`/v1/balance?stark_key=${key}&asset_id=${ETH_ASSET}`);
    expect(b.body.data).toMatchObject({ balance_available: 12500000, display_value: '12.5' });
  });

  it('accepts the amount as a JSON number too', async () => {
    const c = testClient();
    const r = await c.post('/_devnet/deposit', { stark_key: c.accounts.carol.stark_key, contract_address: RDD20, amount: 5 });
    expect(r.body.sequence_id).toBe(13);
  });

  it('creates an NFT token on L2 held by the receiver', async () => {
    const c = testClient();
    const key = c.accounts.carol.stark_key;
    const r = await c.post('/_devnet/deposit', { stark_key: key, contract_address: REDDIO721, token_id: '152' });
    expect(r.body.sequence_id).toBe(13);
    const b = await c.get(`/v1/balance?stark_key=${key}&asset_id=0xfad619eb58897729c9817e1cc05e824b6b501ab29f2e937ef06b8ac5e98cb2`);
    expect(b.body.data).toMatchObject({ balance_available: 1, token_id: '152' });
    const v2 = await c.get(`/v2/balances?stark_key=${key}&contract_address=${REDDIO721}`);
    expect(v2.body.data[0].available_token_ids).toEqual(['152']);
  });

  it('keeps an exact balance beyond 2^53 in the JSON text', async () => {
    const c = testClient();
    const key = c.accounts.carol.stark_key;
    const big = (2n ** 62n).toString();
    await c.post('/_devnet/deposit', { stark_key: key, contract_address: RDD20, amount: big });
    const b = await c.get(`/v1/balance?stark_key=${key}&asset_id=0x348d9f01e42582dee55ba5db85b0ab036671786ca9e140642d7b7a010abb159`);
    expect(b.text).toContain(`"balance_available":${big},`);
  });

  it.each([
    ['off-curve stark key', { stark_key: OFF_CURVE_KEY, contract_address: 'eth', amount: '1' }, 18],
    ['missing stark key', { contract_address: 'eth', amount: '1' }, 1],
    ['missing contract', { stark_key: 'K', amount: '1' }, 27],
    ['unknown contract', { stark_key: 'K', contract_address: '0x3333333333333333333333333333333333333333', amount: '1' }, 15],
    ['amount 0', { stark_key: 'K', contract_address: 'eth', amount: '0' }, 2],
    ['negative amount', { stark_key: 'K', contract_address: 'eth', amount: '-1' }, 2],
    ['amount 2^63', { stark_key: 'K', contract_address: 'eth', amount: (2n ** 63n).toString() }, 2],
    ['fractional amount', { stark_key: 'K', contract_address: 'eth', amount: '1.5' }, 2],
    ['amount as unsafe JSON number', { stark_key: 'K', contract_address: 'eth', amount: 2 ** 60 }, 2],
    ['missing amount', { stark_key: 'K', contract_address: 'eth' }, 2],
    ['token_id on a fungible', { stark_key: 'K', contract_address: 'eth', amount: '1', token_id: '1' }, 19],
    ['NFT without token_id', { stark_key: 'K', contract_address: REDDIO721 }, 3],
    ['NFT with amount 2', { stark_key: 'K', contract_address: REDDIO721, token_id: '99', amount: '2' }, 2],
    ['NFT token already on L2', { stark_key: 'K', contract_address: DMINT, token_id: '1' }, 22],
    ['token_id not a number', { stark_key: 'K', contract_address: REDDIO721, token_id: 'one' }, 4],
  ])('%s fails with %s and changes nothing', async (_n, input, code) => {
    const c = testClient();
    const key = c.accounts.carol.stark_key;
    const before = await c.get(`/v1/balances?stark_key=${key}`);
    const body = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === 'K' ? key : v]));
    const r = await c.post('/_devnet/deposit', body);
    expect(failedCode(r)).toBe(code);
    expect((await c.get(`/v1/balances?stark_key=${key}`)).body).toEqual(before.body);
    // The sequence counter did not move either.
    expect((await c.post('/_devnet/deposit', { stark_key: key, contract_address: 'eth', amount: '1' })).body.sequence_id).toBe(13);
  });

  it('answers a body that is not JSON with 401 FailedToJSONUnmarshal', async () => {
    const c = testClient();
    expect(failedCode(await c.postRaw('/_devnet/deposit', '{"stark_key":'))).toBe(401);
    expect(failedCode(await c.postRaw('/_devnet/deposit', '[1,2]'))).toBe(401);
  });
});
