// /v1/vaults, /v1/nonce, /v1/wallets: allocation rules, determinism, and every bad input's code.
import { describe, expect, it } from 'vitest';
import { starkKeyFromPrivate } from '../../src/crypto/keys.js';
import { ETH_ASSET, OFF_CURVE_KEY, RDD20_ASSET, failedCode, testClient } from '../support/client.js';

describe('GET /v1/vaults', () => {
  it('gives sender and receiver one vault each, stable across calls', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const first = await c.get(`/v1/vaults?stark_keys=${alice.stark_key},${bob.stark_key}&asset_id=${ETH_ASSET}`);
    expect(first.body.status).toBe('OK');
    const [va, vb] = first.body.data.vault_ids;
    expect(va).toMatch(/^\d+$/);
    expect(vb).toMatch(/^\d+$/);
    expect(va).not.toBe(vb);
    const again = await c.get(`/v1/vaults?stark_keys=${alice.stark_key},${bob.stark_key}&asset_id=${ETH_ASSET}`);
    expect(again.body.data.vault_ids).toEqual([va, vb]);
  });

  it('gives one key a vault per asset (the order flow), and matches keys in any case or padding', async () => {
    const c = testClient();
    const key = c.accounts.alice.stark_key;
    const r = await c.get(`/v1/vaults?stark_keys=${key}&asset_id=${ETH_ASSET},${RDD20_ASSET}`);
    expect(r.body.data.vault_ids).toHaveLength(2);
    const padded = '0x' + key.slice(2).toUpperCase().padStart(64, '0');
    const same = await c.get(`/v1/vaults?stark_keys=${padded}&asset_id=${ETH_ASSET.toUpperCase().replace('0X', '0x')}`);
    expect(same.body.data.vault_ids[0]).toBe(r.body.data.vault_ids[0]);
  });

  it('accepts an Ethereum address as owner (withdrawal receivers)', async () => {
    const c = testClient();
    const r = await c.get(
      `/v1/vaults?stark_keys=${c.accounts.alice.stark_key},0x76f2Fc7ed90039d986e3eb4DB294f05E160c8F03&asset_id=${ETH_ASSET}`,
    );
    expect(r.body.data.vault_ids).toHaveLength(2);
  });

  it('allocates the same ids in the same order on every fresh devnet (deterministic)', async () => {
    const key = testClient().accounts.carol.stark_key;
    const a = await testClient().get(`/v1/vaults?stark_keys=${key}&asset_id=${RDD20_ASSET}`);
    const b = await testClient().get(`/v1/vaults?stark_keys=${key}&asset_id=${RDD20_ASSET}`);
    expect(a.body.data).toEqual(b.body.data);
  });

  it.each([
    ['missing stark_keys', `asset_id=${ETH_ASSET}`, 1],
    ['missing asset_id', 'stark_keys=KEY', 19],
    ['off-curve stark key', `stark_keys=${OFF_CURVE_KEY}&asset_id=${ETH_ASSET}`, 18],
    ['non-hex stark key', `stark_keys=alice&asset_id=${ETH_ASSET}`, 18],
    ['unknown asset', 'stark_keys=KEY&asset_id=0x1234', 6],
    ['malformed asset', 'stark_keys=KEY&asset_id=hello', 6],
    ['empty list item', `stark_keys=KEY,&asset_id=${ETH_ASSET}`, 1],
    ['lists of different lengths', `stark_keys=KEY,KEY,KEY&asset_id=${ETH_ASSET},${RDD20_ASSET}`, 19],
  ])('%s fails with %s', async (_n, q, code) => {
    const c = testClient();
    expect(failedCode(await c.get(`/v1/vaults?${q.replaceAll('KEY', c.accounts.alice.stark_key)}`))).toBe(code);
  });

  it('a refused request allocates nothing', async () => {
    const fresh = testClient();
    const key = fresh.accounts.carol.stark_key;
    const clean = await fresh.get(`/v1/vaults?stark_keys=${key}&asset_id=${RDD20_ASSET}`);
    const c = testClient();
    expect(failedCode(await c.get(`/v1/vaults?stark_keys=${key},${OFF_CURVE_KEY}&asset_id=${RDD20_ASSET}`))).toBe(18);
    expect(failedCode(await c.get(`/v1/vaults?stark_keys=${key}&asset_id=${RDD20_ASSET},0x99`))).toBe(6);
    const after = await c.get(`/v1/vaults?stark_keys=${key}&asset_id=${RDD20_ASSET}`);
    expect(after.body.data).toEqual(clean.body.data);
  });
});

describe('GET /v1/nonce', () => {
  it('is 0 for a new key, with error_code 0 in the envelope', async () => {
    const c = testClient();
    const r = await c.get(`/v1/nonce?stark_key=${c.accounts.carol.stark_key}`);
    expect(r.body).toEqual({ status: 'OK', data: { nonce: 0 }, error: '', error_code: 0 });
  });

  it.each([
    ['missing stark_key', '', 1],
    ['empty stark_key', 'stark_key=', 1],
    ['off-curve stark key', `stark_key=${OFF_CURVE_KEY}`, 18],
    ['key beyond the field', `stark_key=0x${'f'.repeat(64)}`, 18],
    ['non-hex key', 'stark_key=0xghij', 18],
  ])('%s fails with %s', async (_n, q, code) => {
    expect(failedCode(await testClient().get(`/v1/nonce?${q}`))).toBe(code);
  });
});

describe('GET /v1/wallets', () => {
  it('returns valid key pairs without an envelope', async () => {
    const c = testClient();
    const r = await c.get('/v1/wallets?count=3');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['wallets']);
    expect(r.body.wallets).toHaveLength(3);
    for (const w of r.body.wallets) {
      expect('0x' + starkKeyFromPrivate(BigInt(w.stark_private_key)).toString(16)).toBe(w.stark_key);
    }
    expect(new Set(r.body.wallets.map((w: { stark_key: string }) => w.stark_key)).size).toBe(3);
  });

  it('defaults to one wallet, never repeats, and is reproducible from the seed', async () => {
    const a = testClient();
    const one = await a.get('/v1/wallets');
    const two = await a.get('/v1/wallets');
    expect(one.body.wallets).toHaveLength(1);
    expect(two.body.wallets[0]).not.toEqual(one.body.wallets[0]);
    expect((await testClient().get('/v1/wallets')).body).toEqual(one.body);
    expect((await testClient({ seed: 'other' }).get('/v1/wallets')).body).not.toEqual(one.body);
  });

  it.each([['count=0'], ['count=101'], ['count=two'], ['count=-1']])('%s fails with 19 in a FAILED envelope', async (q) => {
    expect(failedCode(await testClient().get(`/v1/wallets?${q}`))).toBe(19);
  });
});
