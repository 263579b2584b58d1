// /v1/contract_info, /v1/assetid, /v1/starkex/contracts: shapes, reference ids, and every bad input's code.
import { describe, expect, it } from 'vitest';
import { DMINT, ETH_ASSET, OFF_CURVE_KEY, RDD20, RDD20_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';

const c = testClient();

describe('GET /v1/contract_info', () => {
  it('describes ETH (address eth or ETH) with the real quantum and asset type', async () => {
    for (const addr of ['eth', 'ETH']) {
      const r = await c.get(`/v1/contract_info?type=ETH&contract_address=${addr}`);
      expect(r.status).toBe(200);
      expect(r.body.status).toBe('OK');
      expect(r.body.error).toBe('');
      expect(r.body).not.toHaveProperty('error_code');
      expect(r.body.data).toMatchObject({
        contract_address: 'eth',
        type: 'ETH',
        decimals: 18,
        symbol: 'ETH',
        quantum: '1000000000000',
        asset_type: ETH_ASSET,
        asset_info: '0x8322fff2',
      });
    }
  });

  it('describes the genesis ERC20 with the asset type the real RDD20 has', async () => {
    const r = await c.get(`/v1/contract_info?type=ERC20&contract_address=${RDD20}`);
    expect(r.body.data).toMatchObject({ type: 'ERC20', decimals: 18, quantum: '1000000000000', asset_type: RDD20_ASSET, symbol: 'RDD20' });
    expect(typeof r.body.data.contract_uuid).toBe('string');
    expect(typeof r.body.data.count).toBe('number');
  });

  it('describes an ERC721 (type optional) with quantum "1" and its asset type', async () => {
    const r = await c.get(`/v1/contract_info?contract_address=${REDDIO721}`);
    expect(r.body.data).toMatchObject({
      type: 'ERC721',
      quantum: '1',
      decimals: 0,
      asset_type: '0x2b405eba724b638f4cf82ccadcd2741a120d2dbc69cb89a5fc315a9c443d592',
      total_supply: '5',
    });
  });

  it('answers MINTABLE_ERC721 (the JS SDK 0.4.5 name) as ERC721M, matching the address case-insensitively', async () => {
    const a = await c.get(`/v1/contract_info?type=MINTABLE_ERC721&contract_address=${DMINT}`);
    const b = await c.get(`/v1/contract_info?type=ERC721M&contract_address=${DMINT.toLowerCase()}`);
    expect(a.body.data).toMatchObject({
      type: 'ERC721M',
      contract_address: DMINT,
      asset_type: '0x5836f15aead555b938a0d56b156fed17836162412ccc77a2e675bcb66336e6',
    });
    expect(a.body.data.asset_info).toBe('0xb8b866720000000000000000000000000b26f9dbbeef0636e90a98651a693ceb1769d16b');
    expect(b.body.data).toEqual(a.body.data);
  });

  it('answers an ERC721M asked as ERC721 with its L1 ERC721 registration', async () => {
    const r = await c.get(`/v1/contract_info?type=ERC721&contract_address=${DMINT}`);
    expect(r.body.data.type).toBe('ERC721');
    expect(r.body.data.asset_info.startsWith('0x02571792')).toBe(true);
    expect(r.body.data.asset_type).not.toBe('0x5836f15aead555b938a0d56b156fed17836162412ccc77a2e675bcb66336e6');
  });

  it.each([
    ['missing contract_address', '/v1/contract_info?type=ERC20', 27],
    ['unknown contract', '/v1/contract_info?contract_address=0x1111111111111111111111111111111111111111', 15],
    ['malformed address', '/v1/contract_info?contract_address=xyz', 19],
    ['address over 20 bytes', '/v1/contract_info?contract_address=0x' + '1'.repeat(41), 19],
    ['unknown type', `/v1/contract_info?type=ERC1155&contract_address=${RDD20}`, 28],
    ['type that does not match', `/v1/contract_info?type=ERC721&contract_address=${RDD20}`, 15],
    ['ETH type with a token address', `/v1/contract_info?type=ETH&contract_address=${RDD20}`, 19],
  ])('%s fails with its code', async (_name, path, code) => {
    const r = await c.get(path);
    expect(r.status).toBe(200);
    expect(failedCode(r)).toBe(code);
  });
});

describe('GET /v1/assetid', () => {
  it.each([
    ['ETH, quantum 10^12', 'type=ETH&contract_address=eth', ETH_ASSET],
    ['ETH, quantum 1', 'type=ETH&contract_address=ETH&quantum=1', '0x1142460171646987f20c714eda4b92812b22b811f56f27130937c267e29bd9e'],
    ['registered ERC20 (its quantum)', `type=ERC20&contract_address=${RDD20}`, RDD20_ASSET],
    [
      'unregistered ERC20 with quantum 1',
      'type=ERC20&contract_address=0x4240e8b8c0b6e6464a13f555f6395bbfe1c4bdf1&quantum=1',
      '0x264216e50c3b4cc251b5a220f1369bb7fe798b63f7837ae7240ad125cb00ab',
    ],
    [
      'ERC721 #152',
      `type=ERC721&contract_address=${REDDIO721}&token_id=152`,
      '0xfad619eb58897729c9817e1cc05e824b6b501ab29f2e937ef06b8ac5e98cb2',
    ],
    [
      'unregistered ERC721 #20, mixed-case address',
      'type=ERC721&contract_address=0x490a36B174dfb726A33a8416eD2E489471923640&token_id=20',
      '0x34a3d452eec45ff2491610f4261bcd2aa0305730b1eeb9bec373ed679eedd47',
    ],
    [
      'ERC721M #5',
      `type=ERC721M&contract_address=${DMINT}&token_id=5`,
      '0x40035fedbf656c2e84b262bed7ce69976e085ed5cd00ed73458644a9cdc5dc6',
    ],
    [
      'MINTABLE_ERC721 #5',
      `type=MINTABLE_ERC721&contract_address=${DMINT}&token_id=5`,
      '0x40035fedbf656c2e84b262bed7ce69976e085ed5cd00ed73458644a9cdc5dc6',
    ],
    [
      'ERC721M #345738',
      'type=ERC721M&contract_address=0x490a36B174dfb726A33a8416eD2E489471923640&token_id=345738',
      '0x40051d57bde18dddb7e6e149ecc7f449d88af7b54f73990d3162c2992224248',
    ],
  ])('computes %s', async (_name, q, id) => {
    const r = await c.get(`/v1/assetid?${q}`);
    expect(r.body).toEqual({ status: 'OK', data: { asset_id: id }, error: '' });
  });

  it.each([
    ['missing type', `contract_address=${RDD20}`, 28],
    ['unknown type', `type=NFT&contract_address=${RDD20}`, 28],
    ['ERC20 without contract_address', 'type=ERC20', 27],
    ['ERC721 without token_id', `type=ERC721&contract_address=${REDDIO721}`, 3],
    ['token_id not a number', `type=ERC721&contract_address=${REDDIO721}&token_id=abc`, 4],
    ['negative token_id', `type=ERC721&contract_address=${REDDIO721}&token_id=-1`, 4],
    ['quantum 0', 'type=ETH&contract_address=eth&quantum=0', 19],
    ['quantum 2^128', `type=ETH&contract_address=eth&quantum=${2n ** 128n}`, 19],
    ['malformed address', 'type=ERC20&contract_address=0xzz', 19],
  ])('%s fails with %s', async (_name, q, code) => {
    expect(failedCode(await c.get(`/v1/assetid?${q}`))).toBe(code);
  });
});

describe('GET /v1/starkex/contracts', () => {
  it('returns mainnet, testnet and sepolia addresses (0.4.5 reads testnet, HEAD reads sepolia)', async () => {
    const r = await c.get('/v1/starkex/contracts');
    expect(Object.keys(r.body.data).sort()).toEqual(['mainnet', 'sepolia', 'testnet']);
    for (const v of Object.values(r.body.data)) expect(v).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});

describe('unknown routes and --error-status http', () => {
  it('answers an unknown route with 404 and a FAILED envelope', async () => {
    const r = await c.get('/v1/nothing-here');
    expect(r.status).toBe(404);
    expect(failedCode(r)).toBe(19);
  });

  it('answers a known path with the wrong method 405, naming the methods in Allow (in both --error-status modes)', async () => {
    for (const client of [c, testClient({ errorStatus: 'http' })]) {
      const post = await client.dn.fetch(new Request('http://x/v1/balances?stark_key=0x1', { method: 'POST', body: '{}' }));
      expect(post.status).toBe(405);
      expect(post.headers.get('allow')).toBe('GET, HEAD');
      const body = await post.json();
      expect(body).toEqual({ status: 'FAILED', data: null, error: 'POST is not allowed on /v1/balances: use GET or HEAD', error_code: 19 });
      const get = await client.dn.fetch(new Request('http://x/v1/transfers', { method: 'GET' }));
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
    }
    // Inside a namespace too, where the refusal is answered before the namespace exists.
    const ns = await c.dn.fetch(new Request('http://x/ns/fresh/v1/balances', { method: 'DELETE' }));
    expect(ns.status).toBe(405);
    expect(ns.headers.get('allow')).toBe('GET, HEAD');
  });

  it('maps codes to 4xx in http mode, keeping the same envelope', async () => {
    const h = testClient({ errorStatus: 'http' });
    const unknown = await h.get('/v1/contract_info?contract_address=0x1111111111111111111111111111111111111111');
    expect(unknown.status).toBe(404);
    expect(failedCode(unknown)).toBe(15);
    const bad = await h.get(`/v1/nonce?stark_key=${OFF_CURVE_KEY}`);
    expect(bad.status).toBe(400);
    expect(failedCode(bad)).toBe(18);
  });
});
