// Regressions for the findings of the first review: each bad input gets its code, nothing half-applies, nothing hangs.
import { describe, expect, it } from 'vitest';
import { parseFlags } from '../../src/cli/flags.js';
import { buildGenesisState } from '../../src/domain/lifecycle/genesis.js';
import { DMINT, ETH_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';
import { recordOf, snapshotOf, transfer, withdraw } from '../support/flows.js';

const NEW_20 = '0x1111111111111111111111111111111111111111';

describe('review regressions', () => {
  it('a mint that would pass token id 2^256-1 fails with 23 before minting anything', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const key = c.accounts.carol.stark_key;
    await c.post('/v1/mints', { contract_address: DMINT, stark_key: key, token_ids: String(2n ** 256n - 2n) }, h);
    const before = await snapshotOf(c, [key]);
    const r = await c.post('/v1/mints', { contract_address: DMINT, stark_key: key, amount: 2 }, h);
    expect(r.status).toBe(200);
    expect(failedCode(r)).toBe(23);
    expect(await snapshotOf(c, [key])).toEqual(before);
  });

  it('an idle interval schedule survives a huge clock move at once', async () => {
    const c = testClient({ settlement: { interval: 1 } });
    await c.post('/_devnet/clock', { advance_seconds: 1 }); // first cut: genesis records to L2
    const r = await c.post('/_devnet/clock', { advance_seconds: 100 * 365 * 24 * 3600 });
    expect(r.body.moved).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]); // their L1 cut, then nothing more to do
    expect(r.body.now).toBe('2125-12-08T00:00:01.000000Z');
  });

  it('the clock refuses to pass year 9999, changing nothing; genesis times before 1970 are refused', async () => {
    const c = testClient();
    const r = await c.post('/_devnet/clock', { advance_seconds: 2 ** 40 - 1 });
    expect(failedCode(r)).toBe(19);
    expect((await c.post('/_devnet/clock', { advance_seconds: 0 })).body.now).toBe('2026-01-01T00:00:00.000000Z');
    expect(failedCode(await c.post('/_devnet/clock', { set: '10000-01-01T00:00:00Z' }))).toBe(19);
    expect(() => buildGenesisState({ time: '1969-12-31T23:59:59.5Z', accounts: [{ name: 'operator' }] })).toThrow(/genesis.time/);
    expect(() => buildGenesisState({ time: '0050-01-01T00:00:00Z', accounts: [{ name: 'operator' }] })).toThrow(/genesis.time/);
  });

  it('a deposit whose stark_key is not a string fails with 19, not 500', async () => {
    const c = testClient();
    const r = await c.post('/_devnet/deposit', { stark_key: [c.accounts.alice.stark_key], contract_address: 'eth', amount: 1 });
    expect(r.status).toBe(200);
    expect(failedCode(r)).toBe(19);
    expect(failedCode(await c.post('/_devnet/deposit', {}))).toBe(1);
  });

  it('a contract whose assets any record names is unlinked on removal, and its records stay readable', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    const uuid = (await c.post('/v1/project/contract', { project_uuid: p, contract_type: 'ERC20', contract_address: NEW_20 }, h)).body.data
      .contract_uuid;
    const alice = c.accounts.alice.stark_key;
    const seq = (await c.post('/_devnet/deposit', { stark_key: alice, contract_address: NEW_20, amount: '5' })).body.sequence_id;
    await c.post(`/_devnet/records/${seq}/status`, { status: 4 });
    expect((await c.post('/v1/project/remove_contract', { contract_uuid: uuid }, h)).body.status).toBe('OK');
    expect((await c.get(`/v1/records?stark_key=${alice}`)).status).toBe(200);
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
    expect((await recordOf(c, alice, seq)).status).toBe(4);
  });

  it('an NFT withdrawn, claimed on L1 and deposited again keeps the invariants clean', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const nft = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
    await withdraw(c, alice, alice.eth_address, nft, '1');
    await c.post('/_devnet/batches', {});
    await c.post('/_devnet/withdrawals/claim', { ethaddress: alice.eth_address, asset_id: nft });
    await c.post('/_devnet/deposit', { stark_key: bob.stark_key, contract_address: REDDIO721, token_id: '1' });
    expect((await c.get('/_devnet/invariants')).body).toMatchObject({ ok: true, violations: [] });
  });

  it('a transfer that would push the receiver past 2^63-1 fails asynchronously; nothing moves', async () => {
    const c = testClient();
    const { alice, carol } = c.accounts;
    const max = (2n ** 63n - 1n - 10000000n).toString();
    await c.post('/_devnet/deposit', { stark_key: carol.stark_key, contract_address: 'eth', amount: max });
    const r = await transfer(c, alice, carol.stark_key, ETH_ASSET, '1');
    const rec = await recordOf(c, alice.stark_key, r.body.data.sequence_id);
    expect(rec.status).toBe(2);
    expect(rec.reason).toMatch(/2\^63-1/);
    expect((await c.get('/_devnet/invariants')).body.ok).toBe(true);
  });

  it('POST /_devnet/batches with an empty body means both layers', async () => {
    const c = testClient();
    const r = await c.postRaw('/_devnet/batches', '');
    expect(r.body.moved).toHaveLength(12);
  });

  it('Ethereum addresses match by value, with or without leading zeros', async () => {
    const c = testClient();
    const market = c.dn.devnet.accounts().accounts.find((a) => a.name === 'market')!;
    const padded = market.eth_address; // 0x0683...
    const short = '0x' + padded.slice(2).replace(/^0+/, '');
    expect(short.length).toBeLessThan(padded.length);
    const a = await c.get(`/v1/vaults?stark_keys=${padded}&asset_id=${ETH_ASSET}`);
    const b = await c.get(`/v1/vaults?stark_keys=${short}&asset_id=${ETH_ASSET}`);
    expect(b.body.data).toEqual(a.body.data);
    expect((await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${short}`)).body.status).toBe('OK');
  });

  it('--settlement interval beyond 2^53 is refused at the flag', () => {
    expect(() => parseFlags(['--settlement', 'interval:99999999999999999999'], {})).toThrow(/--settlement/);
  });
});
