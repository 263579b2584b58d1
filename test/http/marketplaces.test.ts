// POST /v1/marketplace and GET /v1/nfts/{contract}.
import { describe, expect, it } from 'vitest';
import { DMINT, OFF_CURVE_KEY, RDD20, REDDIO721, failedCode, testClient } from '../support/client.js';
import { transfer } from '../support/flows.js';

describe('POST /v1/marketplace', () => {
  it('creates a marketplace for a project of the caller', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    const r = await c.post(
      '/v1/marketplace',
      { marketplace_name: 'Bazaar', marketplace_payee_address: c.accounts.carol.stark_key, marketplace_fee: '0.015', project_uuid: p },
      h,
    );
    expect(r.body.status).toBe('OK');
    expect(r.body).not.toHaveProperty('error_code');
    expect(r.body.data.message).toBe('Marketplace created.');
    expect(r.body.data.marketplace_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(c.dn.devnet.state.marketplaces.get(r.body.data.marketplace_uuid)).toMatchObject({
      fee: { num: 15n, den: 1000n },
      payee: c.accounts.carol.stark_key,
    });
  });

  it.each<[string, Record<string, unknown>, number]>([
    ['fee 1', { marketplace_fee: '1' }, 19],
    ['fee 1.5', { marketplace_fee: '1.5' }, 19],
    ['negative fee', { marketplace_fee: '-0.01' }, 19],
    ['fee as a number', { marketplace_fee: 0.015 }, 19],
    ['fee not a decimal', { marketplace_fee: 'ten percent' }, 19],
    ['payee off the curve', { marketplace_payee_address: OFF_CURVE_KEY }, 18],
    ['payee that is not hex', { marketplace_payee_address: 'carol' }, 18],
    ['missing payee', { marketplace_payee_address: undefined }, 1],
    ['missing name', { marketplace_name: '' }, 19],
    ['unknown project', { project_uuid: 'nope' }, 19],
  ])('%s fails with %s and creates nothing', async (_n, override, code) => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    const r = await c.post(
      '/v1/marketplace',
      {
        marketplace_name: 'Bazaar',
        marketplace_payee_address: c.accounts.carol.stark_key,
        marketplace_fee: '0.015',
        project_uuid: p,
        ...override,
      },
      h,
    );
    expect(failedCode(r)).toBe(code);
    // Only the genesis marketplace (the one the official app hard-codes).
    expect([...c.dn.devnet.state.marketplaces.keys()]).toEqual(['11ed793a-cc11-4e44-9738-97165c4e14a7']);
  });

  it('accepts fee "0" and up to 18 decimals', async () => {
    const c = testClient();
    const h = { 'x-api-key': c.apiKey };
    const p = (await c.get('/v1/project', h)).body.data[0].project_uuid;
    for (const fee of ['0', '0.5', '0.999999999999999999']) {
      expect(
        (
          await c.post(
            '/v1/marketplace',
            { marketplace_name: 'M', marketplace_payee_address: c.accounts.carol.stark_key, marketplace_fee: fee, project_uuid: p },
            h,
          )
        ).body.status,
      ).toBe('OK');
    }
  });
});

describe('GET /v1/nfts/{contract}', () => {
  it('lists tokens on L2 with owner, asset id and open order (null), paginated, following transfers', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const r = await c.get(`/v1/nfts/${REDDIO721}`);
    expect(r.body.error_code).toBe(0);
    expect(r.body.data.total).toBe(5);
    expect(r.body.data.list[0]).toEqual({
      token_id: '1',
      contract_address: REDDIO721,
      owner: alice.stark_key,
      symbol: 'REDDIO721',
      asset_id: '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2',
      order: null,
    });
    await transfer(c, alice, bob.stark_key, r.body.data.list[0].asset_id, '1');
    const after = await c.get(`/v1/nfts/${REDDIO721}?limit=2&page=1`);
    expect(after.body.data.list.map((x: { owner: string }) => x.owner)).toEqual([bob.stark_key, alice.stark_key]);
    expect(after.body.data.total).toBe(5);
  });

  it('answers an ERC721M address in any case', async () => {
    expect((await testClient().get(`/v1/nfts/${DMINT.toLowerCase()}`)).body.data.total).toBe(2);
  });

  it.each([
    ['an unknown contract', '0x6666666666666666666666666666666666666666', 15],
    ['a fungible contract', RDD20, 19],
    ['a malformed address', 'not-an-address', 19],
  ])('%s fails with %s', async (_n, addr, code) => {
    expect(failedCode(await testClient().get(`/v1/nfts/${addr}`))).toBe(code);
  });
});
