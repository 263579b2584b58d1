// The front door of round 2: POST /_devnet/set-balance (anvil_setBalance), GET /_devnet/config
// (devnet_getConfig / anvil_nodeInfo) and the generated accounts of --accounts N --balance X.
import { describe, expect, it } from 'vitest';
import { Devnet } from '../../src/core/devnet.js';
import type { CommandEntry } from '../../src/core/commands.js';
import { VERSION } from '../../src/core/version.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';
import { DMINT, ETH_ASSET, OFF_CURVE_KEY, RDD20, failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';

const balance = async (c: TestClient, key: string, asset = ETH_ASSET) =>
  (await c.get(`/v1/balance?stark_key=${key}&asset_id=${asset}`)).body.data.balance_available as number;

describe('POST /_devnet/set-balance', () => {
  it('sets the available balance up, down and to zero, with no record, and conservation still holds', async () => {
    const c = testClient();
    const key = c.accounts.carol.stark_key;
    const records = async () => (await c.get(`/v1/records?stark_key=${key}`)).body.data.total;
    const before = await records();
    const up = await c.post('/_devnet/set-balance', { stark_key: key, contract_address: 'eth', amount: '123456789' });
    expect(up.body).toEqual({ stark_key: key, asset_id: ETH_ASSET, available: 123456789 });
    expect(await balance(c, key)).toBe(123456789);
    await c.post('/_devnet/set-balance', { stark_key: key, contract_address: 'eth', amount: 5 });
    expect(await balance(c, key)).toBe(5);
    await c.post('/_devnet/set-balance', { stark_key: key, contract_address: 'ETH', amount: '0' });
    expect(await balance(c, key)).toBe(0);
    expect(await records()).toBe(before);
    expect((await c.get('/_devnet/invariants')).body).toMatchObject({ ok: true, violations: [] });
  });

  it('funds a key that never held anything, and an ERC20', async () => {
    const c = testClient();
    const fresh = (await c.get('/v1/wallets?count=1')).body.wallets[0].stark_key as string;
    const r = await c.post('/_devnet/set-balance', { stark_key: fresh, contract_address: RDD20, amount: '42' });
    expect(await balance(c, fresh, r.body.asset_id)).toBe(42);
    expect((await c.get('/_devnet/invariants')).body.ok).toBe(true);
  });

  it('is journaled: a replay of the accepted commands rebuilds the same state, and a revert undoes it', async () => {
    const c = testClient();
    const entries: CommandEntry[] = [];
    c.dn.devnet.attach({ append: (e) => entries.push(e), replace: () => undefined });
    const snap = (await c.post('/_devnet/snapshots', {})).body.id as string;
    const hash0 = (await c.get('/_devnet/invariants')).body.state_hash;
    await c.post('/_devnet/set-balance', { stark_key: c.accounts.bob.stark_key, contract_address: 'eth', amount: '777' });
    expect(entries.map((e) => e.cmd)).toEqual(['snapshot', 'setBalance']);
    const fresh = new Devnet({ genesis: readGenesisFile() });
    for (const e of entries) fresh.replay(e);
    expect(fresh.stateHash()).toBe(c.dn.devnet.stateHash());
    await c.post(`/_devnet/snapshots/${snap}/revert`, {});
    expect((await c.get('/_devnet/invariants')).body.state_hash).toBe(hash0);
  });

  it.each([
    ['missing stark key', { contract_address: 'eth', amount: '1' }, 1],
    ['off-curve stark key', { stark_key: OFF_CURVE_KEY, contract_address: 'eth', amount: '1' }, 18],
    ['missing contract', { stark_key: 'K', amount: '1' }, 27],
    ['unknown contract', { stark_key: 'K', contract_address: '0x3333333333333333333333333333333333333333', amount: '1' }, 15],
    ['an NFT contract', { stark_key: 'K', contract_address: DMINT, amount: '1' }, 19],
    ['missing amount', { stark_key: 'K', contract_address: 'eth' }, 2],
    ['negative amount', { stark_key: 'K', contract_address: 'eth', amount: '-1' }, 2],
    ['fractional amount', { stark_key: 'K', contract_address: 'eth', amount: '1.5' }, 2],
    ['amount 2^63', { stark_key: 'K', contract_address: 'eth', amount: (2n ** 63n).toString() }, 2],
  ])('%s fails with %s and changes nothing', async (_n, input, code) => {
    const c = testClient();
    const key = c.accounts.carol.stark_key;
    const hash = (await c.get('/_devnet/invariants')).body.state_hash;
    const body = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v === 'K' ? key : v]));
    expect(failedCode(await c.post('/_devnet/set-balance', body))).toBe(code);
    expect((await c.get('/_devnet/invariants')).body.state_hash).toBe(hash);
  });
});

describe('GET /_devnet/config', () => {
  it('names the seed, the genesis hash, settlement, clock and the options, secrets masked', async () => {
    const c = testClient({
      seed: 'cfg',
      settlement: { interval: 30 },
      controlToken: 'tok-secret',
      apiKeys: ['key-secret'],
      maxBodyBytes: 2048,
    });
    const r = await c.get('/_devnet/config', { authorization: 'Bearer tok-secret' });
    expect(r.body).toMatchObject({ version: VERSION, seed: 'cfg', settlement: 'interval:30', clock: 'virtual', signatures: 'verify' });
    expect(r.body.flags).toMatchObject({ seed: 'cfg', maxBodyBytes: 2048, controlToken: '[redacted]', apiKeys: '[redacted]' });
    expect(r.text).not.toContain('tok-secret');
    expect(r.text).not.toContain('key-secret');
  });

  it('gives the same genesis hash for the same genesis and seed, another for another seed, unmoved by commands', async () => {
    const a = testClient();
    const hash = (await a.get('/_devnet/config')).body.genesis_hash;
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await a.post('/_devnet/set-balance', { stark_key: a.accounts.bob.stark_key, contract_address: 'eth', amount: '1' });
    expect((await a.get('/_devnet/config')).body.genesis_hash).toBe(hash);
    expect((await testClient().get('/_devnet/config')).body.genesis_hash).toBe(hash);
    expect((await testClient({ seed: 'other' }).get('/_devnet/config')).body.genesis_hash).not.toBe(hash);
    expect((await testClient().get('/_devnet/config')).body.seed).toBe('l2-devnet');
  });
});

describe('devAccounts (--accounts N --balance X)', () => {
  it('adds account0..N-1 after the genesis ones, each funded, keys the same for the same seed', async () => {
    const options = { devAccounts: { count: 3, balanceWei: 10_000n * 10n ** 18n } };
    const c = testClient(options);
    const names = c.dn.devnet.accounts().accounts.map((a) => a.name);
    expect(names.slice(-3)).toEqual(['account0', 'account1', 'account2']);
    const key = c.accounts['account2' as 'alice'].stark_key;
    const b = (await c.get(`/v1/balance?stark_key=${key}&asset_id=${ETH_ASSET}`)).body.data;
    expect(b.display_value).toBe('10000');
    expect(testClient(options).dn.devnet.accounts()).toEqual(c.dn.devnet.accounts());
    expect(testClient({ ...options, seed: 'x' }).accounts['account0' as 'alice'].stark_key).not.toBe(
      c.accounts['account0' as 'alice'].stark_key,
    );
    expect((await c.get('/_devnet/invariants')).body.ok).toBe(true);
  });

  it('refuses a balance finer than the ETH quantum', () => {
    expect(() => testClient({ devAccounts: { count: 1, balanceWei: 1n } })).toThrow(/--balance: must be a whole number of ETH quanta/);
  });
});
