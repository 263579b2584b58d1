// Contract removal as docs/behaviour.md decides it (a used contract is unlinked, its assets stay), and the
// contract_info fields id, belongs_to and chain_status the JS, Java and C# models declare.
import { describe, expect, it } from 'vitest';
import { DMINT, ETH_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { balance, transfer } from '../support/flows.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';

async function info(c: TestClient, address: string) {
  return (await c.get(`/v1/contract_info?contract_address=${address}`)).body;
}

describe('contract_info id, belongs_to, chain_status', () => {
  it('ETH is contract 1 of no project; genesis contracts follow in order and belong to their project', async () => {
    const c = testClient();
    const project = (await c.get('/v1/project', { 'x-api-key': c.apiKey })).body.data[0].project_uuid;
    expect((await info(c, 'eth')).data).toMatchObject({ id: 1, belongs_to: '', chain_status: 'pending' });
    expect((await info(c, REDDIO721)).data).toMatchObject({ id: 3, belongs_to: project, chain_status: 'pending' });
    expect((await info(c, DMINT)).data).toMatchObject({ id: 4, belongs_to: project });
    const created = await c.post(
      '/v1/project/contract',
      { project_uuid: project, contract_type: 'ERC721', contract_address: '0x1111111111111111111111111111111111111111' },
      { 'x-api-key': c.apiKey },
    );
    expect(created.body.status).toBe('OK');
    const ids = [] as number[];
    for (const a of ['eth', '0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086', REDDIO721, DMINT, '0x1111111111111111111111111111111111111111'])
      ids.push((await info(c, a)).data.id);
    expect(ids).toEqual([1, 2, 3, 4, 9]);
  });
});

describe('POST /v1/project/remove_contract of a used contract', () => {
  it('unlinks it: the project no longer lists it and can be removed, while balances, records, contract_info and collection stay', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const { alice, bob } = c.accounts;
    await transfer(c, alice, bob.stark_key, NFT_1, 1n);
    const project = (await c.get('/v1/project', h)).body.data[0];
    const before721 = (await info(c, REDDIO721)).data;
    for (const contract of project.contracts as Array<{ contract_uuid: string }>) {
      // (The project of the marketplace app's contracts stays as it is.)
      expect((await c.post('/v1/project/remove_contract', { contract_uuid: contract.contract_uuid }, h)).body).toEqual({
        status: 'OK',
        data: { message: 'Contract removed.' },
        error: '',
      });
    }
    expect((await c.get('/v1/project', h)).body.data[0].contracts).toEqual([]);
    expect((await c.post('/v1/project/remove_project', { project_uuid: project.project_uuid }, h)).body.status).toBe('OK');
    expect((await c.get('/v1/project', h)).body.data.map((p: { project_name: string }) => p.project_name)).toEqual(['NFT Marketplace app']);

    // Everything on L2 stays: balances, records, contract_info (now of no project), the collection, the tokens.
    expect(await balance(c, bob.stark_key, NFT_1)).toEqual({ available: 1, frozen: 0 });
    expect((await c.get(`/v1/record?sequence_id=13`)).body.data[0]).toMatchObject({ record_type: 3, asset_id: NFT_1 });
    expect((await info(c, REDDIO721)).data).toEqual({ ...before721, belongs_to: '' });
    expect((await c.get(`/v1/collection/${REDDIO721}`)).body.data).toMatchObject({ name: 'Reddio 721', symbol: 'REDDIO721' });
    expect((await c.get(`/v1/nfts/${REDDIO721}`)).body.data.total).toBe(5);
    // ... and it keeps trading and moving.
    expect((await transfer(c, bob, alice.stark_key, NFT_1, 1n)).body.status).toBe('OK');
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: 10_000_000, frozen: 0 });
    expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
  });

  it('afterwards its uuid answers 15, its address cannot be registered again (19), and nobody can mint on it (33)', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const uuid = (await info(c, DMINT)).data.contract_uuid;
    expect((await c.post('/v1/project/remove_contract', { contract_uuid: uuid }, h)).body.status).toBe('OK');
    expect(failedCode(await c.post('/v1/project/remove_contract', { contract_uuid: uuid }, h))).toBe(15);
    const project = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    const again = await c.post('/v1/project/contract', { project_uuid: project, contract_type: 'ERC721M', contract_address: DMINT }, h);
    expect(failedCode(again)).toBe(19);
    expect(again.body.error).toContain('cannot be registered again');
    const mint = await c.post('/v1/mints', { contract_address: DMINT, stark_key: c.accounts.bob.stark_key, amount: '1' }, h);
    expect(failedCode(mint)).toBe(33);
    expect((await c.get(`/v1/nfts/${DMINT}`)).body.data.total).toBe(2);
  });

  it("another key's contract is refused with 33 and stays linked", async () => {
    const c = testClient();
    const other = (await c.post('/_devnet/api-keys', {})).body.api_key;
    const uuid = (await info(c, DMINT)).data.contract_uuid;
    expect(failedCode(await c.post('/v1/project/remove_contract', { contract_uuid: uuid }, { 'x-api-key': other }))).toBe(33);
    expect((await info(c, DMINT)).data.belongs_to).not.toBe('');
  });

  it('the removal survives a state dump and load, and a snapshot revert brings the contract back', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const uuid = (await info(c, DMINT)).data.contract_uuid;
    const snap = (await c.post('/_devnet/snapshots', {})).body.id;
    await c.post('/v1/project/remove_contract', { contract_uuid: uuid }, h);
    const dump = (await c.get('/_devnet/state')).text;
    expect((await c.postRaw('/_devnet/state', dump)).body.state_hash).toMatch(/^0x/);
    expect(failedCode(await c.post('/v1/project/remove_contract', { contract_uuid: uuid }, h))).toBe(15);
    const c2 = testClient();
    const snap2 = (await c2.post('/_devnet/snapshots', {})).body.id;
    await c2.post('/v1/project/remove_contract', { contract_uuid: uuid }, h);
    await c2.post(`/_devnet/snapshots/${snap2}/revert`, {});
    expect((await info(c2, DMINT)).data.belongs_to).not.toBe('');
    expect(
      (await c2.post('/v1/mints', { contract_address: DMINT, stark_key: c2.accounts.bob.stark_key, amount: '1' }, h)).body.status,
    ).toBe('OK');
    expect(snap).toBe('0x1');
  });
});
