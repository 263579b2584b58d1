// Projects and contracts: shapes of the seed, the removal rule, and every refusal's code.
import { describe, expect, it } from 'vitest';
import { DMINT, ETH_ASSET, failedCode, testClient } from '../support/client.js';
import type { TestClient } from '../support/client.js';
import { balance } from '../support/flows.js';

const NEW_721 = '0x78416ee8ea616ba5e1530007d9abc9766a24146a';
const NEW_20 = '0x20a36B174dfb726A33a8416eD2E4894719236140';

async function newKey(c: TestClient): Promise<string> {
  return (await c.post('/_devnet/api-keys', {})).body.api_key;
}

describe('projects', () => {
  it('creates, lists (with nested contracts), renames and removes a project', async () => {
    const c = testClient();
    const key = await newKey(c);
    const h = { 'x-api-key': key };
    expect((await c.get('/v1/project', h)).body).toEqual({ status: 'OK', data: [], error: '' });
    const created = await c.post('/v1/project', { project_name: 'Test Project' }, h);
    expect(created.body.status).toBe('OK');
    expect(created.body).not.toHaveProperty('error_code');
    expect(created.body.data.message).toBe('Project created.');
    const uuid = created.body.data.project_uuid;
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const listed = (await c.get('/v1/project', h)).body.data;
    expect(listed).toEqual([
      { project_name: 'Test Project', project_uuid: uuid, created_at: '2026-01-01T00:00:00.000000Z', contracts: [] },
    ]);
    expect((await c.post('/v1/project/edit_project', { project_uuid: uuid, new_project_name: 'Renamed' }, h)).body.data).toEqual({
      message: 'Project edited.',
      project_uuid: uuid,
    });
    expect((await c.get('/v1/project', h)).body.data[0].project_name).toBe('Renamed');
    expect((await c.post('/v1/project/remove_project', { project_uuid: uuid }, h)).body.data).toEqual({ message: 'Project removed.' });
    expect((await c.get('/v1/project', h)).body.data).toEqual([]);
  });

  it('lists the genesis project for the genesis key with its three contracts in the seed shape', async () => {
    const c = testClient();
    const [p] = (await c.get('/v1/project', { 'x-api-key': c.apiKey })).body.data;
    expect(p.project_name).toBe('Devnet Demo');
    expect(p.contracts).toHaveLength(3);
    const erc721m = p.contracts[2];
    expect(erc721m).toEqual({
      contract_uuid: expect.any(String),
      contract_address: DMINT,
      type: 'ERC721M',
      count: '10000',
      description: null,
      image_url: null,
      external_link: null,
      banner_image_url: null,
      chain_status: 'pending',
      name: 'Devnet Mintable',
      decimals: 0,
      symbol: 'DMINT',
      quantum: '1',
      total_supply: '2',
      asset_type: '0x5836f15aead555b938a0d56b156fed17836162412ccc77a2e675bcb66336e6',
      asset_info: '0xb8b866720000000000000000000000000b26f9dbbeef0636e90a98651a693ceb1769d16b',
      metadata_url: null,
      created_at: '2026-01-01T00:00:00.000000Z',
    });
  });

  it('refuses to remove a project that still has contracts; works once they are removed', async () => {
    const c = testClient();
    const h = { 'x-api-key': await newKey(c) };
    const uuid = (await c.post('/v1/project', { project_name: 'P' }, h)).body.data.project_uuid;
    const contract = (
      await c.post(
        '/v1/project/contract',
        { project_uuid: uuid, contract_type: 'ERC721', contract_address: NEW_721, contract_count: 10000 },
        h,
      )
    ).body.data;
    expect(contract.message).toBe('Contract created.');
    const r = await c.post('/v1/project/remove_project', { project_uuid: uuid }, h);
    expect(failedCode(r)).toBe(19);
    expect(r.body.error).toMatch(/still has 1 contract/);
    expect((await c.post('/v1/project/remove_contract', { contract_uuid: contract.contract_uuid }, h)).body.data).toEqual({
      message: 'Contract removed.',
    });
    expect((await c.post('/v1/project/remove_project', { project_uuid: uuid }, h)).body.status).toBe('OK');
  });

  it.each<[string, string, Record<string, unknown>, number]>([
    ['create without a name', '/v1/project', { project_name: '' }, 19],
    ['create with a blank name', '/v1/project', { project_name: '   ' }, 19],
    ['create with a non-string name', '/v1/project', { project_name: 5 }, 19],
    ['rename an unknown project', '/v1/project/edit_project', { project_uuid: 'nope', new_project_name: 'x' }, 19],
    ['rename to nothing', '/v1/project/edit_project', { project_uuid: 'P', new_project_name: '' }, 19],
    ['remove an unknown project', '/v1/project/remove_project', { project_uuid: '00000000-0000-4000-8000-000000000000' }, 19],
  ])('%s fails with %s', async (_n, path, body, code) => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    const b = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === 'P' ? p : v]));
    expect(failedCode(await c.post(path, b, h))).toBe(code);
  });
});

describe('contracts', () => {
  it('a new ERC20 is at once usable by contract_info, deposits, vaults and balances (emulator-only symbol/decimals)', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    const r = await c.post(
      '/v1/project/contract',
      { project_uuid: p, contract_type: 'ERC20', contract_address: NEW_20, symbol: 'USDX', decimals: 6, name: 'USD X' },
      h,
    );
    expect(r.body.status).toBe('OK');
    const info = (await c.get(`/v1/contract_info?contract_address=${NEW_20.toLowerCase()}&type=ERC20`)).body.data;
    expect(info).toMatchObject({
      contract_address: NEW_20,
      type: 'ERC20',
      decimals: 6,
      symbol: 'USDX',
      quantum: '1',
      name: 'USD X',
      contract_uuid: r.body.data.contract_uuid,
    });
    const carol = c.accounts.carol.stark_key;
    await c.post('/_devnet/deposit', { stark_key: carol, contract_address: NEW_20, amount: '2500000' });
    expect(await balance(c, carol, info.asset_type)).toEqual({ available: 2500000, frozen: 0 });
    expect((await c.get(`/v1/balances?stark_key=${carol}&contract_address=${NEW_20}`)).body.data.list[0].display_value).toBe('2.5');
    expect((await c.get(`/v1/vaults?stark_keys=${carol}&asset_id=${info.asset_type}`)).body.data.vault_ids).toHaveLength(1);
  });

  it('a new ERC721M can be minted at once, and its collection fields come back from /v1/collection', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    await c.post(
      '/v1/project/contract',
      {
        project_uuid: p,
        contract_type: 'ERC721M',
        contract_address: NEW_721,
        name: 'Coll',
        description: 'Some desc',
        image_url: 'https://example.com/i',
        external_link: 'https://example.com/e',
        banner_image_url: 'https://example.com/b',
        metadata_url: 'https://metadata.example.com/',
        contract_count: 2000,
      },
      h,
    );
    const minted = await c.post('/v1/mints', { contract_address: NEW_721, stark_key: c.accounts.bob.stark_key, amount: '2' }, h);
    expect(minted.body.data.sequence_ids).toHaveLength(2);
    const coll = await c.get(`/v1/collection/${NEW_721}`);
    expect(coll.body).not.toHaveProperty('error_code'); // as the real service's collection answer
    expect(coll.body.data).toEqual({
      contract_address: NEW_721,
      type: 'ERC721M',
      count: 2000,
      name: 'Coll',
      decimals: 0,
      symbol: 'NFT',
      quantum: '1',
      total_supply: '2',
      asset_type: expect.stringMatching(/^0x[0-9a-f]+$/),
      asset_info: expect.stringMatching(/^0xb8b86672/),
      metadata_url: 'https://metadata.example.com/',
      description: 'Some desc',
      image_url: 'https://example.com/i',
      external_link: 'https://example.com/e',
      banner_image_url: 'https://example.com/b',
    });
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['unknown contract type', { contract_type: 'ERC1155' }, 28],
    ['missing contract type', { contract_type: undefined }, 28],
    ['ETH as a contract type', { contract_type: 'ETH' }, 28],
    ['missing address', { contract_address: undefined }, 27],
    ['malformed address', { contract_address: '0x12' + 'zz' }, 19],
    ['duplicate address (any case)', { contract_address: DMINT.toUpperCase().replace('0X', '0x') }, 19],
    ['unknown project', { project_uuid: 'nope' }, 19],
    ['decimals out of range', { contract_type: 'ERC20', decimals: 99 }, 19],
    ['contract_count not a number', { contract_count: 'many' }, 19],
    ['name not a string', { name: 42 }, 19],
  ])('creating with %s fails with %s and adds nothing', async (_n, override, code) => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    const before = (await c.get('/v1/project', h)).body;
    const r = await c.post('/v1/project/contract', { project_uuid: p, contract_type: 'ERC721', contract_address: NEW_721, ...override }, h);
    expect(failedCode(r)).toBe(code);
    expect((await c.get('/v1/project', h)).body).toEqual(before);
    expect(c.dn.devnet.state.prng.counter).toBe(testClient().dn.devnet.state.prng.counter);
  });

  it('refuses to remove an unknown contract (15)', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    expect(failedCode(await c.post('/v1/project/remove_contract', { contract_uuid: 'nope' }, h))).toBe(15);
    expect(await balance(c, c.accounts.alice.stark_key, ETH_ASSET)).toEqual({ available: 10000000, frozen: 0 });
  });
});
