// What clients beyond the SDKs read (issue 44): the block explorer's GET /v1/txns (paged by
// page/perPage until a page comes back empty) and GET /v1/collections (an array it names by
// base_uri.split('/')[2]), and the platform docs' own examples of /v1/vaults and /v1/withdrawal/status.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { RECORD } from '../../src/domain/records/record-views.js';
import { ETH_ASSET, RDD20, RDD20_ASSET, REDDIO721, failedCode, testClient, type TestClient } from '../support/client.js';
import { transfer, withdraw } from '../support/flows.js';

const RECORD_FIELDS = ['sequence_id', 'stark_key', 'record_type', 'status', 'time', 'amount'];

/** Pages as reddio-scan's getReddioTxns does: page 1, 2, ... until data.list is empty (a bound stands in for "forever"). */
async function pageAll(c: TestClient, query: string, perPage: number): Promise<{ rows: any[]; pages: number }> {
  const rows: any[] = [];
  for (let page = 1; page <= 1000; page++) {
    const r = await c.get(`/v1/txns?${query}&page=${page}&perPage=${perPage}`);
    expect(r.body.status, r.text).toBe('OK');
    const list = r.body.data.list as any[];
    if (list.length === 0) return { rows, pages: page - 1 };
    expect(list.length).toBeLessThanOrEqual(perPage);
    rows.push(...list);
  }
  throw new Error(`${query}: never an empty page`);
}

describe('GET /v1/txns', () => {
  it("pages a stark key's records newest first, in /v1/records' shape, and ends on an empty page", async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    for (let i = 1; i <= 5; i++) await transfer(c, alice, bob.stark_key, ETH_ASSET, BigInt(i));
    const records = (await c.get(`/v1/records?stark_key=${alice.stark_key}&limit=1000`)).body.data;
    const { rows, pages } = await pageAll(c, `stark_key=${alice.stark_key}`, 2);
    expect(rows).toEqual(records.list);
    expect(pages).toBe(Math.ceil(records.total / 2));
    for (const row of rows) {
      expect(v.is(RECORD, row)).toBe(true);
      for (const f of RECORD_FIELDS) expect(row, f).toHaveProperty(f);
    }
    const first = (await c.get(`/v1/txns?stark_key=${alice.stark_key}&page=1&perPage=2`)).body.data;
    expect(first).toMatchObject({ total: records.total, current_page: 1, page_size: 2, total_page: Math.ceil(records.total / 2) });
    expect(first.list.map((r: any) => r.sequence_id)).toEqual([...first.list.map((r: any) => r.sequence_id)].sort((a, b) => b - a));
  });

  it("lists a contract's records of every key, newest first, from its own index", async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    await transfer(c, alice, bob.stark_key, ETH_ASSET, 7n);
    const { rows } = await pageAll(c, 'contract_address=eth', 3);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.every((r) => r.contract_address === 'eth')).toBe(true);
    const ids = rows.map((r) => r.sequence_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // The transfer is listed once, though two keys list it.
    expect(ids.filter((id) => id === rows[0].sequence_id)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ record_type: 3, from: alice.stark_key, to: bob.stark_key, amount: '7' });
    const nft = await pageAll(c, `contract_address=${REDDIO721.toUpperCase().replace('0X', '0x')}`, 100);
    expect(nft.rows.length).toBeGreaterThan(0);
    expect(nft.rows.every((r) => r.contract_address.toLowerCase() === REDDIO721)).toBe(true);
    // Both: the key's records of that contract.
    const both = await pageAll(c, `stark_key=${bob.stark_key}&contract_address=eth`, 100);
    expect(both.rows.every((r) => r.contract_address === 'eth' && (r.stark_key === bob.stark_key || r.to === bob.stark_key))).toBe(true);
  });

  it('the contract index follows snapshots, reverts and loads (GET /_devnet/invariants checks it)', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const before = (await c.get('/v1/txns?contract_address=eth')).body.data.total;
    const { id } = (await c.post('/_devnet/snapshots', {})).body;
    await transfer(c, alice, bob.stark_key, ETH_ASSET, 3n);
    expect((await c.get('/v1/txns?contract_address=eth')).body.data.total).toBe(before + 1);
    expect((await c.get('/_devnet/invariants')).body.ok).toBe(true);
    await c.post(`/_devnet/snapshots/${id}/revert`, {});
    expect((await c.get('/v1/txns?contract_address=eth')).body.data.total).toBe(before);
    await transfer(c, alice, bob.stark_key, ETH_ASSET, 4n);
    const dump = (await c.get('/_devnet/state')).body;
    const other = testClient();
    expect((await other.post('/_devnet/state', dump)).body.state_hash).toBeDefined();
    expect((await other.get('/v1/txns?contract_address=eth')).body).toEqual((await c.get('/v1/txns?contract_address=eth')).body);
    expect((await other.get('/_devnet/invariants')).body.ok).toBe(true);
  });

  it('refuses no filter (19), an unknown contract (15), a bad stark key (18), and perPage/page out of range (19)', async () => {
    const c = testClient();
    expect(failedCode(await c.get('/v1/txns?page=1&perPage=10'))).toBe(19);
    expect(failedCode(await c.get('/v1/txns?contract_address=0x00000000000000000000000000000000000000aa'))).toBe(15);
    expect(failedCode(await c.get('/v1/txns?stark_key=0xzz'))).toBe(18);
    expect(failedCode(await c.get('/v1/txns?contract_address=eth&perPage=0'))).toBe(19);
    expect(failedCode(await c.get('/v1/txns?contract_address=eth&perPage=1001'))).toBe(19);
    expect(failedCode(await c.get('/v1/txns?contract_address=eth&page=0'))).toBe(19);
  });
});

describe('GET /v1/collections', () => {
  const FIELDS = ['contract_address', 'symbol', 'type', 'total_supply', 'asset_type', 'base_uri'];

  it('answers an array of every collection with exactly the explorer’s fields, base_uri always a string', async () => {
    const c = testClient();
    const r = (await c.get('/v1/collections')).body;
    expect(r).toMatchObject({ status: 'OK', error: '' });
    expect(Array.isArray(r.data)).toBe(true);
    expect(r.data).toEqual((await c.get('/v1/collection')).body.data);
    for (const row of r.data) {
      expect(Object.keys(row).sort()).toEqual([...FIELDS].sort());
      expect(typeof row.base_uri).toBe('string');
      // reddio-scan's name: the host of a base URI, else the address.
      const name = row.base_uri !== '' ? row.base_uri.split('/')[2] : row.contract_address;
      expect(typeof name).toBe('string');
    }
    expect(r.data.find((row: any) => row.contract_address === REDDIO721)).toMatchObject({ type: 'ERC721', symbol: 'REDDIO721' });
    expect(r.data.some((row: any) => row.contract_address === 'eth')).toBe(false);
  });

  it('pages by page and perPage: the pages join to the whole list, and a page past the last is []', async () => {
    const c = testClient();
    const all = (await c.get('/v1/collections')).body.data;
    expect(all.length).toBeGreaterThan(2);
    const pages: any[] = [];
    for (let page = 1; ; page++) {
      const rows = (await c.get(`/v1/collections?page=${page}&perPage=2`)).body.data;
      if (rows.length === 0) break;
      expect(rows.length).toBeLessThanOrEqual(2);
      pages.push(...rows);
    }
    expect(pages).toEqual(all);
    expect(failedCode(await c.get('/v1/collections?perPage=0'))).toBe(19);
    expect(failedCode(await c.get('/v1/collections?page=x'))).toBe(19);
  });
});

describe('GET /v1/vaults with a contract address for asset_id (the platform docs’ example)', () => {
  it("answers a fungible contract's address as that contract's asset id, in any case", async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const keys = `${alice.stark_key},${bob.stark_key}`;
    const byId = (await c.get(`/v1/vaults?stark_keys=${keys}&asset_id=${RDD20_ASSET}`)).body;
    const checksum = '0x57F3560B6793DcC2cb274c39E8b8EBa1dd18A086';
    expect(byId.data.vault_ids).toHaveLength(2);
    expect((await c.get(`/v1/vaults?stark_keys=${keys}&asset_id=${RDD20}`)).body).toEqual(byId);
    expect((await c.get(`/v1/vaults?stark_keys=${keys}&asset_id=${checksum}`)).body).toEqual(byId);
  });

  it('still refuses an NFT contract’s address (it names no one asset) and an unknown one with 6', async () => {
    const c = testClient();
    const { alice } = c.accounts;
    expect(failedCode(await c.get(`/v1/vaults?stark_keys=${alice.stark_key}&asset_id=${REDDIO721}`))).toBe(6);
    expect(failedCode(await c.get(`/v1/vaults?stark_keys=${alice.stark_key}&asset_id=0x4240e8b8c0b6E6464a13F555F6395BbfE1c4bdf1`))).toBe(6);
  });
});

describe('GET /v1/withdrawal/status sequence_ids (the platform docs’ field)', () => {
  const L1 = '0x76f2Fc7ed90039d986e3eb4DB294f05E160c8F03';
  const area = async (c: TestClient) => (await c.get(`/v1/withdrawal/status?stage=withdrawarea&ethaddress=${L1}`)).body.data;

  it('names the withdrawals that put each asset in the withdraw area, in arrival order; a claim empties them', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const first = (await withdraw(c, alice, L1, ETH_ASSET, '1000')).body.data.sequence_id;
    const second = (await withdraw(c, bob, L1, ETH_ASSET, '2000')).body.data.sequence_id;
    const erc20 = (await withdraw(c, alice, L1, RDD20_ASSET, '5000', { override: { contract_address: RDD20 } })).body.data.sequence_id;
    expect(await area(c)).toEqual([]);
    await c.post('/_devnet/batches', { layer: 'both' });
    const rows = await area(c);
    expect(rows.find((r: any) => r.asset_id === ETH_ASSET)).toMatchObject({ amount: 3000, sequence_ids: [first, second] });
    expect(rows.find((r: any) => r.asset_id === RDD20_ASSET)).toMatchObject({ amount: 5000, sequence_ids: [erc20] });
    expect((await c.get('/_devnet/invariants')).body.ok).toBe(true);
    await c.post('/_devnet/withdrawals/claim', { ethaddress: L1, asset_id: ETH_ASSET });
    const third = (await withdraw(c, alice, L1, ETH_ASSET, '4000')).body.data.sequence_id;
    await c.post('/_devnet/batches', { layer: 'both' });
    expect((await area(c)).find((r: any) => r.asset_id === ETH_ASSET)).toMatchObject({ amount: 4000, sequence_ids: [third] });
    expect((await c.get('/_devnet/invariants')).body.ok).toBe(true);
  });

  it('survive a snapshot revert and a dump and load; a dump without them (from before) loads with [null]', async () => {
    const c = testClient();
    const { alice } = c.accounts;
    const { id } = (await c.post('/_devnet/snapshots', {})).body;
    const seq = (await withdraw(c, alice, L1, ETH_ASSET, '1000')).body.data.sequence_id;
    await c.post('/_devnet/batches', { layer: 'both' });
    const dumpText = (await c.get('/_devnet/state')).text;
    expect(dumpText).toContain('"withdraw_area_records":[');
    const loaded = testClient();
    expect((await loaded.post('/_devnet/state', JSON.parse(dumpText))).body.state_hash).toBe(
      (await c.get('/_devnet/invariants')).body.state_hash,
    );
    expect(await area(loaded)).toEqual(await area(c));
    // The dump as an older build wrote it: no withdraw_area_records member.
    const old = JSON.parse(dumpText);
    delete old.withdraw_area_records;
    const fromOld = testClient();
    expect((await fromOld.post('/_devnet/state', old)).body.status).not.toBe('FAILED');
    expect((await area(fromOld))[0]).toMatchObject({ amount: 1000, sequence_ids: [null] });
    expect((await fromOld.get('/_devnet/invariants')).body.ok).toBe(true);
    await c.post(`/_devnet/snapshots/${id}/revert`, {});
    expect(await area(c)).toEqual([]);
    expect((await c.get('/_devnet/state')).text).not.toContain('withdraw_area_records');
    expect(seq).toBeGreaterThan(0);
  });
});
