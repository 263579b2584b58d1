// GET /v3/balances (JS 0.8, Java's strict v3 model, the marketplace app) and the balance fields the
// newer clients read (withdraw_frozen, display_withdraw, available, frozen, withdraw, token_uri).
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { BALANCE_ROW_V3 as BALANCE_V3 } from '../../src/domain/ledger/balances.js';
import { DMINT, ETH_ASSET, OFF_CURVE_KEY, RDD20, REDDIO721, failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { withdraw } from '../support/flows.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';
/** Java's GetBalancesResponse row and Token: the only keys its strict parser accepts. */
const JAVA_ROW_KEYS = [
  'asset_id',
  'available_tokens',
  'balance_available',
  'balance_frozen',
  'base_uri',
  'contract_address',
  'decimals',
  'frozen_tokens',
  'quantum',
  'symbol',
  'type',
  'withdraw_frozen',
  'withdraw_frozen_tokens',
];
const JAVA_TOKEN_KEYS = ['asset_id', 'token_id', 'token_uri'];

async function v3(c: TestClient, query: string) {
  return (await c.get(`/v3/balances?${query}`)).body;
}

describe('GET /v3/balances', () => {
  it("one row per contract, each with exactly the keys Java's strict model knows, in a bare array", async () => {
    const c = testClient();
    const body = await v3(c, `stark_key=${c.accounts.alice.stark_key}&limit=1000`);
    expect(Object.keys(body).sort()).toEqual(['data', 'error', 'error_code', 'status']);
    expect(body.error).toBe('');
    const rows = body.data as Array<Record<string, any>>;
    expect(rows.map((r) => r.contract_address)).toEqual(['eth', RDD20, DMINT, REDDIO721]);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(JAVA_ROW_KEYS);
      for (const t of [...row.available_tokens, ...row.frozen_tokens]) expect(Object.keys(t).sort()).toEqual(JAVA_TOKEN_KEYS);
      expect(v.is(BALANCE_V3, row)).toBe(true);
    }
    expect(rows[0]).toEqual({
      asset_id: ETH_ASSET,
      contract_address: 'eth',
      balance_available: 10_000_000,
      balance_frozen: 0,
      withdraw_frozen: 0,
      type: 'ETH',
      decimals: 18,
      symbol: 'ETH',
      quantum: 1e12,
      available_tokens: [],
      frozen_tokens: [],
      withdraw_frozen_tokens: [],
      base_uri: '',
    });
    expect(rows[3]).toMatchObject({
      asset_id: '',
      type: 'ERC721',
      balance_available: 3,
      base_uri: 'https://metadata.example.invalid/reddio721/',
    });
    expect(rows[3]!.available_tokens[0]).toEqual({
      token_id: '1',
      token_uri: 'https://metadata.example.invalid/reddio721/1',
      asset_id: NFT_1,
    });
  });

  it('filters by contract (its row first, address as registered) and by type; empty values are no filter (Java)', async () => {
    const c = testClient();
    const key = c.accounts.alice.stark_key;
    const byContract = (
      await v3(c, `stark_key=${key}&contract_address=${DMINT.toUpperCase().replace('0X', '0x')}&type=ERC721M&page=1&limit=10`)
    ).data;
    expect(byContract).toHaveLength(1);
    expect(byContract[0]).toMatchObject({ contract_address: DMINT, type: 'ERC721M' });
    expect(byContract[0].available_tokens.map((t: { token_id: string }) => t.token_id)).toEqual(['1', '2']);
    const all = await v3(c, `stark_key=${key}&limit=1000`);
    expect(await v3(c, `stark_key=${key}&contract_address=&type=&page=1&limit=1000`)).toEqual(all);
    expect((await v3(c, `stark_key=${key}&type=ERC20`)).data.map((r: { contract_address: string }) => r.contract_address)).toEqual([RDD20]);
    expect(
      (await v3(c, `stark_key=${key}&type=MINTABLE_ERC721`)).data.map((r: { contract_address: string }) => r.contract_address),
    ).toEqual([DMINT]);
  });

  it('pages by row', async () => {
    const c = testClient();
    const key = c.accounts.alice.stark_key;
    expect((await v3(c, `stark_key=${key}&limit=1&page=2`)).data.map((r: { contract_address: string }) => r.contract_address)).toEqual([
      RDD20,
    ]);
    expect((await v3(c, `stark_key=${key}&limit=2&page=3`)).data).toEqual([]);
  });

  it('answers [] for a key that holds nothing', async () => {
    const c = testClient();
    expect((await v3(c, `stark_key=${c.accounts.operator.stark_key}`)).data).toEqual([]);
  });

  it.each([
    ['a missing stark_key', '', 1],
    ['an off-curve key', `stark_key=${OFF_CURVE_KEY}`, 18],
    ['an unknown contract', 'stark_key=ALICE&contract_address=0x2222222222222222222222222222222222222222', 15],
    ['a malformed contract', 'stark_key=ALICE&contract_address=0xzz', 19],
    ['an unknown type', 'stark_key=ALICE&type=ERC1155', 28],
    ['limit 0', 'stark_key=ALICE&limit=0', 19],
    ['page 0', 'stark_key=ALICE&page=0', 19],
  ])('refuses %s with its code', async (_what, query, code) => {
    const c = testClient();
    expect(failedCode(await c.get(`/v3/balances?${query.replace('ALICE', c.accounts.alice.stark_key)}`))).toBe(code);
  });
});

describe('withdraw_frozen and the other fields JS AssetInfo and Java BalanceRecord declare', () => {
  it('a fungible withdrawal shows as withdraw_frozen until it reaches L1, in v1, v2 and v3', async () => {
    const c = testClient({ settlement: 'manual' });
    const { alice } = c.accounts;
    expect((await withdraw(c, alice, alice.eth_address, ETH_ASSET, 250_000n)).body.status).toBe('OK');
    const one = (await c.get(`/v1/balance?stark_key=${alice.stark_key}&asset_id=${ETH_ASSET}`)).body.data;
    expect(one).toMatchObject({
      balance_available: 9_750_000,
      withdraw_frozen: 250_000,
      display_withdraw: '0.25',
      withdraw: '0.25',
      available: '9.75',
      frozen: '0',
      display_value: '9.75',
    });
    expect((await c.get(`/v1/balances?stark_key=${alice.stark_key}`)).body.data.list[0]).toMatchObject({
      withdraw_frozen: 250_000,
      display_withdraw: '0.25',
    });
    expect((await c.get(`/v2/balances?stark_key=${alice.stark_key}`)).body.data[0]).toMatchObject({
      withdraw_frozen: 250_000,
      withdraw: '0.25',
    });
    expect((await v3(c, `stark_key=${alice.stark_key}`)).data[0]).toMatchObject({ withdraw_frozen: 250_000, balance_available: 9_750_000 });
    await c.post('/_devnet/batches', { layer: 'l2' });
    expect((await c.get(`/v1/balance?stark_key=${alice.stark_key}&asset_id=${ETH_ASSET}`)).body.data.withdraw_frozen).toBe(250_000);
    await c.post('/_devnet/batches', { layer: 'l1' });
    expect((await c.get(`/v1/balance?stark_key=${alice.stark_key}&asset_id=${ETH_ASSET}`)).body.data).toMatchObject({
      withdraw_frozen: 0,
      display_withdraw: '0',
    });
    // Checked through the withdraw area: the amount arrived there.
    expect((await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${alice.eth_address}`)).body.data[0]).toMatchObject({
      amount: 250_000,
    });
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });

  it('an NFT in flight keeps its row (balance 0) and is listed in v3 withdraw_frozen_tokens; a revert (status 4) gives it back', async () => {
    const c = testClient({ settlement: 'manual' });
    const { alice } = c.accounts;
    const w = await withdraw(c, alice, alice.eth_address, NFT_1, 1n);
    const seq = w.body.data.sequence_id;
    const nftRows = (await c.get(`/v1/balances?stark_key=${alice.stark_key}&contract_address=${REDDIO721}`)).body.data.list;
    expect(nftRows[0]).toMatchObject({
      token_id: '1',
      balance_available: 0,
      withdraw_frozen: 1,
      token_uri: 'https://metadata.example.invalid/reddio721/1',
    });
    const row = (await v3(c, `stark_key=${alice.stark_key}&contract_address=${REDDIO721}`)).data[0];
    expect(row).toMatchObject({ balance_available: 2, withdraw_frozen: 1 });
    expect(row.withdraw_frozen_tokens).toEqual([
      { token_id: '1', token_uri: 'https://metadata.example.invalid/reddio721/1', asset_id: NFT_1 },
    ]);
    expect((await c.post(`/_devnet/records/${seq}/status`, { status: 4 })).body).toEqual({ sequence_id: seq, status: 4 });
    const back = (await v3(c, `stark_key=${alice.stark_key}&contract_address=${REDDIO721}`)).data[0];
    expect(back).toMatchObject({ balance_available: 3, withdraw_frozen: 0, withdraw_frozen_tokens: [] });
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });

  it('the in-flight index survives a state dump and load, and a snapshot revert', async () => {
    const c = testClient({ settlement: 'manual' });
    const { alice } = c.accounts;
    const snap = (await c.post('/_devnet/snapshots', {})).body.id;
    await withdraw(c, alice, alice.eth_address, ETH_ASSET, 5n);
    const dump = (await c.get('/_devnet/state')).text;
    expect((await c.postRaw('/_devnet/state', dump)).body.state_hash).toMatch(/^0x/);
    expect((await c.get(`/v1/balance?stark_key=${alice.stark_key}&asset_id=${ETH_ASSET}`)).body.data.withdraw_frozen).toBe(5);
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
    const c2 = testClient({ settlement: 'manual' });
    const snap2 = (await c2.post('/_devnet/snapshots', {})).body.id;
    await withdraw(c2, c2.accounts.alice, c2.accounts.alice.eth_address, ETH_ASSET, 5n);
    await c2.post(`/_devnet/snapshots/${snap2}/revert`, {});
    expect((await c2.get(`/v1/balance?stark_key=${alice.stark_key}&asset_id=${ETH_ASSET}`)).body.data.withdraw_frozen).toBe(0);
    expect((await c2.get('/_devnet/invariants')).body.violations).toEqual([]);
    expect(snap).toBe('0x1');
  });
});
