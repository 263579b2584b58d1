// POST /v1/project/contract/{uuid}/metadata (reference/real-service.md row 37) and the token JSON the
// emulator serves at the token_uri of a contract registered here: an app that follows a token's
// URLs gets its name, description, attributes and image from the emulator alone.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { TOKEN_JSON } from '../../src/domain/catalog/metadata.js';
import type { CommandEntry } from '../../src/core/commands.js';
import { Devnet } from '../../src/core/devnet.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';
import { decodeLine, encodeLine } from '../../src/persistence/codec.js';
import { failedCode, testClient, type TestClient } from '../support/client.js';
import { seededBytes, uploadMetadata } from '../support/storage-files.js';

const NEW_721 = '0x78416Ee8ea616ba5e1530007d9abc9766a24146a';
const PNG = seededBytes(3000, 7);

/** A project and an ERC721M contract of `c`'s key, without a base_uri; its uuid and project. */
async function newContract(c: TestClient, fields: Record<string, unknown> = {}): Promise<{ uuid: string; project: string }> {
  const key = { 'x-api-key': c.apiKey };
  const project = (await c.post('/v1/project', { project_name: 'Metadata' }, key)).body.data.project_uuid;
  const body = { project_uuid: project, contract_type: 'ERC721M', contract_address: NEW_721, symbol: 'META', ...fields };
  const r = (await c.post('/v1/project/contract', body, key)).body;
  expect(r.status, JSON.stringify(r)).toBe('OK');
  return { uuid: r.data.contract_uuid, project };
}

/** GET an absolute URL the API handed out, through the in-process app (its origin is the test client's). */
async function follow(c: TestClient, url: string): Promise<Response> {
  expect(url.startsWith('http://devnet.test/'), url).toBe(true);
  return c.dn.fetch(url);
}

describe('POST /v1/project/contract/{uuid}/metadata', () => {
  it("answers the real service's envelope, and the token's URI then serves its JSON with the image at the gateway", async () => {
    const c = testClient();
    const { uuid, project } = await newContract(c);
    const info = (await c.get(`/v1/contract_info?contract_address=${NEW_721}`)).body.data;
    // A contract registered here points its base URI at the emulator itself.
    const collections = (await c.get('/v1/collections')).body.data;
    const baseUri = collections.find((x: any) => x.contract_address === NEW_721).base_uri;
    expect(baseUri).toBe(`http://devnet.test/metadata/${NEW_721.toLowerCase()}/`);
    expect(info.type).toBe('ERC721M');

    const r = await uploadMetadata(
      c,
      uuid,
      { token_id: '17', name: 'NFT Name', description: 'NFT Description', additional_kv: '{"power":162,"health":100}' },
      { name: 'image.png', bytes: PNG },
    );
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'OK', data: { message: 'Metadata uploaded.' }, error: '' });

    // Minted afterwards: the v3 balance row's token_uri is base_uri + id, and it answers the token JSON.
    await c.post(
      '/v1/mints',
      { contract_address: NEW_721, stark_key: c.accounts.bob.stark_key, token_ids: '17' },
      { 'x-api-key': c.apiKey },
    );
    const row = (await c.get(`/v3/balances?stark_key=${c.accounts.bob.stark_key}&contract_address=${NEW_721}`)).body.data[0];
    expect(row.base_uri).toBe(baseUri);
    expect(row.available_tokens[0].token_uri).toBe(`${baseUri}17`);
    const json = (await (await follow(c, row.available_tokens[0].token_uri)).json()) as any;
    expect(v.is(TOKEN_JSON, json)).toBe(true);
    expect(json).toMatchObject({
      name: 'NFT Name',
      description: 'NFT Description',
      attributes: [
        { trait_type: 'power', value: 162 },
        { trait_type: 'health', value: 100 },
      ],
    });
    // The image: the stored media's bytes, at the built-in gateway, listed in the project's storage.
    const image = await follow(c, json.image);
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const files = (await c.get(`/v1/project/${project}/storage`, { 'x-api-key': c.apiKey })).body.data.storages.list;
    expect(files.map((f: any) => f.filename)).toEqual(['image.png']);
    expect(json.image).toBe(`http://devnet.test/ipfs/${files[0].cid}/image.png`);
  });

  it('replaces a token’s metadata on a second upload; no media gives image null; another token is 404 (25)', async () => {
    const c = testClient();
    const { uuid } = await newContract(c);
    expect((await uploadMetadata(c, uuid, { token_id: '1', name: 'first' }, { name: 'a.png', bytes: PNG })).body.status).toBe('OK');
    expect((await uploadMetadata(c, uuid, { token_id: '1', name: 'second' })).body.status).toBe('OK');
    const json = (await c.get(`/metadata/${NEW_721}/1`)).body;
    expect(json).toEqual({ name: 'second', description: '', image: null, attributes: [] });
    const none = await c.get(`/metadata/${NEW_721}/2`);
    expect(none.status).toBe(404);
    expect(failedCode(none)).toBe(25);
    expect(failedCode(await c.get('/metadata/0x00000000000000000000000000000000000000aa/1'))).toBe(15);
  });

  it('is part of the state: a dump and load, a snapshot revert and a journal replay keep it', async () => {
    const c = testClient();
    const { uuid } = await newContract(c);
    const { id } = (await c.post('/_devnet/snapshots', {})).body;
    await uploadMetadata(c, uuid, { token_id: '5', name: 'kept', additional_kv: '{"rare":true}' }, { name: 'k.png', bytes: PNG });
    const json = (await c.get(`/metadata/${NEW_721}/5`)).body;
    const dump = (await c.get('/_devnet/state')).text;
    expect(dump).toContain('"token_metadata":[');
    expect((await c.get('/_devnet/invariants')).body.ok).toBe(true);

    const other = testClient();
    await other.post('/_devnet/state', JSON.parse(dump));
    // The media's blocks live in the block store, not the dump: the JSON is kept, its image URL the same.
    expect((await other.get(`/metadata/${NEW_721}/5`)).body).toEqual(json);

    await c.post(`/_devnet/snapshots/${id}/revert`, {});
    expect((await c.get(`/metadata/${NEW_721}/5`)).status).toBe(404);
    expect((await c.get('/_devnet/state')).text).not.toContain('token_metadata');
  });

  it('is journaled: the commands replayed (encoded as the journal file keeps them) rebuild the same state', async () => {
    const c = testClient();
    const entries: CommandEntry[] = [];
    c.dn.devnet.attach({ append: (e) => entries.push(decodeLine(encodeLine(e)) as CommandEntry), replace: () => undefined });
    const { uuid } = await newContract(c);
    await uploadMetadata(c, uuid, { token_id: '9', name: 'journaled' }, { name: 'j.png', bytes: PNG });
    expect(entries.map((e) => e.cmd)).toEqual(['createProject', 'createContract', 'recordUpload', 'setTokenMetadata']);
    const fresh = new Devnet({ genesis: readGenesisFile() });
    for (const e of entries) fresh.replay(e);
    expect(fresh.stateHash()).toBe(c.dn.devnet.stateHash());
    expect(fresh.tokenJson(NEW_721, 9n, 'http://devnet.test')).toEqual((await c.get(`/metadata/${NEW_721}/9`)).body);
  });

  it.each([
    ['an unknown contract uuid', 15, (u: string) => ({ uuid: `${u.slice(0, -1)}0`, fields: { token_id: '1' } })],
    ['no token_id', 3, (u: string) => ({ uuid: u, fields: { name: 'x' } })],
    ['a token_id that is no number', 4, (u: string) => ({ uuid: u, fields: { token_id: 'abc' } })],
    ['a token_id past uint256', 4, (u: string) => ({ uuid: u, fields: { token_id: (1n << 256n).toString() } })],
    ['additional_kv that is not JSON', 19, (u: string) => ({ uuid: u, fields: { token_id: '1', additional_kv: '{power:1' } })],
    ['additional_kv that is no object', 19, (u: string) => ({ uuid: u, fields: { token_id: '1', additional_kv: '[1,2]' } })],
    ['a name with control characters', 19, (u: string) => ({ uuid: u, fields: { token_id: '1', name: 'a\u0001b' } })],
  ])('refuses %s with %i, storing nothing', async (_what, code, make) => {
    const c = testClient();
    const { uuid, project } = await newContract(c);
    const { uuid: target, fields } = make(uuid);
    const r = await uploadMetadata(c, target, fields, { name: 'x.png', bytes: PNG });
    // Refused by the route (200 in fidelity mode), not an unknown route's 404.
    expect(r.status).toBe(200);
    expect(failedCode(r)).toBe(code);
    expect((await c.get(`/v1/project/${project}/storage`, { 'x-api-key': c.apiKey })).body.data.storages.total).toBe(0);
    expect((await c.get('/_devnet/state')).text).not.toContain('token_metadata');
  });

  it("refuses another key's contract (33), an ERC20 (19), no API key (401, 32) and media over 100 MiB (413)", async () => {
    const c = testClient();
    const { uuid } = await newContract(c);
    const other = (await c.post('/_devnet/api-keys', {})).body.api_key;
    expect(failedCode(await uploadMetadata(c, uuid, { token_id: '1' }, undefined, other))).toBe(33);
    const key = { 'x-api-key': c.apiKey };
    const project = (await c.post('/v1/project', { project_name: 'Coins' }, key)).body.data.project_uuid;
    const erc20 = { project_uuid: project, contract_type: 'ERC20', contract_address: '0x1111111111111111111111111111111111111111' };
    const coin = (await c.post('/v1/project/contract', erc20, key)).body.data.contract_uuid;
    expect(failedCode(await uploadMetadata(c, coin, { token_id: '1' }))).toBe(19);
    const json = await c.post(`/v1/project/contract/${uuid}/metadata`, { token_id: '1' }, { 'x-api-key': c.apiKey });
    expect(failedCode(json)).toBe(19);
    expect(json.body.error).toMatch(/multipart\/form-data with token_id/);
    const unkeyed = await c.dn.fetch(`http://devnet.test/v1/project/contract/${uuid}/metadata`, { method: 'POST' });
    expect(unkeyed.status).toBe(401);
    const big = await c.dn.fetch(`http://devnet.test/v1/project/contract/${uuid}/metadata`, {
      method: 'POST',
      headers: { 'x-api-key': c.apiKey, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(102 * 1024 * 1024) },
      body: '--x--',
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error_code: number }).error_code).toBe(19);
  });

  it('keeps a base_uri given at creation, and genesis contracts keep theirs', async () => {
    const c = testClient();
    await newContract(c, { base_uri: 'https://example.invalid/meta/' });
    const rows = (await c.get('/v1/collections')).body.data;
    expect(rows.find((x: any) => x.contract_address === NEW_721).base_uri).toBe('https://example.invalid/meta/');
    expect(rows.find((x: any) => x.symbol === 'REDDIO721').base_uri).toBe('https://metadata.example.invalid/reddio721/');
  });
});
