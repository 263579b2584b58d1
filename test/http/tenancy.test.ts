// API-key tenancy: each key sees and changes only what it created; every cross-tenant attempt is refused
// with its code and leaves the state exactly as it was (same state hash).
import { describe, expect, it } from 'vitest';
import { DMINT, failedCode, testClient } from '../support/client.js';

const B_721 = '0x1234567890123456789012345678901234567890';

async function twoTenants() {
  const c = testClient({ apiKeys: ['rk-cli-supplied-key'] });
  const a = c.apiKey;
  const b = (await c.post('/_devnet/api-keys', {})).body.api_key as string;
  const pa = (await c.get('/v1/project', { 'x-api-key': a })).body.data[0].project_uuid as string;
  const pb = (await c.post('/v1/project', { project_name: 'B' }, { 'x-api-key': b })).body.data.project_uuid as string;
  const cb = (
    await c.post('/v1/project/contract', { project_uuid: pb, contract_type: 'ERC721M', contract_address: B_721 }, { 'x-api-key': b })
  ).body.data.contract_uuid as string;
  const ca = (await c.get(`/v1/contract_info?contract_address=${DMINT}`)).body.data.contract_uuid as string;
  return { c, a, b, pa, pb, ca, cb };
}

describe('API-key tenancy', () => {
  it('each key lists only its own projects', async () => {
    const { c, a, b, pa, pb } = await twoTenants();
    // The default key owns the demo project and the marketplace app's project.
    const own = (await c.get('/v1/project', { 'x-api-key': a })).body.data.map((p: { project_uuid: string }) => p.project_uuid);
    expect(own).toHaveLength(2);
    expect(own[0]).toBe(pa);
    expect((await c.get('/v1/project', { 'x-api-key': b })).body.data.map((p: { project_uuid: string }) => p.project_uuid)).toEqual([pb]);
    expect((await c.get('/v1/project', { 'x-api-key': 'rk-cli-supplied-key' })).body.data).toEqual([]);
  });

  it('every key-only endpoint refuses the other tenant, and nothing changes', async () => {
    const t = await twoTenants();
    const { c } = t;
    const attempts = (
      me: string,
      theirProject: string,
      theirContractUuid: string,
      theirAddress: string,
    ): Array<[string, Record<string, unknown>, number]> =>
      [
        ['/v1/project/edit_project', { project_uuid: theirProject, new_project_name: 'mine now' }, 19],
        ['/v1/project/remove_project', { project_uuid: theirProject }, 19],
        [
          '/v1/project/contract',
          { project_uuid: theirProject, contract_type: 'ERC20', contract_address: '0x9999999999999999999999999999999999999999' },
          19,
        ],
        ['/v1/project/remove_contract', { contract_uuid: theirContractUuid }, 33],
        ['/v1/mints', { contract_address: theirAddress, stark_key: c.accounts.carol.stark_key, amount: '1' }, 33],
        [
          '/v1/marketplace',
          {
            marketplace_name: 'M',
            marketplace_payee_address: c.accounts.carol.stark_key,
            marketplace_fee: '0.01',
            project_uuid: theirProject,
          },
          19,
        ],
      ].map(([p, b, code]) => [p as string, { ...(b as Record<string, unknown>), __key: me }, code as number]);

    const before = (await c.get('/_devnet/invariants')).body.state_hash;
    const all = [...attempts(t.b, t.pa, t.ca, DMINT), ...attempts(t.a, t.pb, t.cb, B_721)];
    for (const [path, { __key, ...body }, code] of all) {
      const r = await c.post(path, body, { 'x-api-key': __key as string });
      expect([path, failedCode(r)]).toEqual([path, code]);
    }
    expect((await c.get('/_devnet/invariants')).body.state_hash).toBe(before);
  });

  it('every key-only endpoint refuses a missing or unknown key with 401 / 32', async () => {
    const { c, pa } = await twoTenants();
    const calls: Array<[string, string, Record<string, unknown>]> = [
      ['GET', '/v1/project', {}],
      ['POST', '/v1/project', { project_name: 'x' }],
      ['POST', '/v1/project/edit_project', { project_uuid: pa, new_project_name: 'x' }],
      ['POST', '/v1/project/remove_project', { project_uuid: pa }],
      [
        'POST',
        '/v1/project/contract',
        { project_uuid: pa, contract_type: 'ERC20', contract_address: '0x9999999999999999999999999999999999999999' },
      ],
      ['POST', '/v1/project/remove_contract', { contract_uuid: 'x' }],
      ['POST', '/v1/mints', { contract_address: DMINT, stark_key: c.accounts.carol.stark_key, amount: '1' }],
      [
        'POST',
        '/v1/marketplace',
        { marketplace_name: 'M', marketplace_payee_address: c.accounts.carol.stark_key, marketplace_fee: '0.01', project_uuid: pa },
      ],
    ];
    const before = (await c.get('/_devnet/invariants')).body.state_hash;
    for (const [method, path, body] of calls) {
      for (const headers of [{}, { 'x-api-key': '' }, { 'x-api-key': 'rk-unknown' }] as Array<Record<string, string>>) {
        const r = method === 'GET' ? await c.get(path, headers) : await c.post(path, body, headers);
        expect([path, r.status, failedCode(r)]).toEqual([path, 401, 32]);
      }
    }
    expect((await c.get('/_devnet/invariants')).body.state_hash).toBe(before);
  });

  it('public endpoints need no key (contract_info, collection, nfts)', async () => {
    const { c } = await twoTenants();
    expect((await c.get(`/v1/contract_info?contract_address=${B_721}`)).body.status).toBe('OK');
    expect((await c.get(`/v1/collection/${B_721}`)).body.status).toBe('OK');
    expect((await c.get(`/v1/nfts/${B_721}`)).body.data).toEqual({ list: [], total: 0 });
  });

  it('POST /_devnet/api-keys gives a fresh key each time', async () => {
    const c = testClient();
    const k1 = (await c.post('/_devnet/api-keys', {})).body.api_key;
    const k2 = (await c.post('/_devnet/api-keys', {})).body.api_key;
    expect(k1).toMatch(/^rk-[0-9a-f-]{36}$/);
    expect(k1).not.toBe(k2);
    expect(c.dn.devnet.accounts().api_keys).toEqual([c.apiKey, k1, k2]);
  });
});
