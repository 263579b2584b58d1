// POST /v1/transfers: signed type-1 transfers of every asset kind, async failures, and every refusal's code.
import { describe, expect, it } from 'vitest';
import { DMINT, ETH_ASSET, OFF_CURVE_KEY, RDD20, RDD20_ASSET, REDDIO721, failedCode, testClient } from '../support/client.js';
import { balance, nonceOf, recordOf, snapshotOf, transfer } from '../support/flows.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2'; // REDDIO721 #1 (alice)
const DMINT_1 = '0x400558804d40a71b6b8e41bbacbb05c37c36d749b5dcdf6590421c4c9c66d89';

describe('POST /v1/transfers', () => {
  it('moves ETH, returns a sequence id, lists the record for both parties and spends the nonce', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const r = await transfer(c, alice, bob.stark_key, ETH_ASSET, '1300');
    expect(r.body).toEqual({ status: 'OK', data: { sequence_id: 13 }, error: '' });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: 10000000 - 1300, frozen: 0 });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: 10000000 + 1300, frozen: 0 });
    expect(await nonceOf(c, alice.stark_key)).toBe(1);
    const rec = await recordOf(c, bob.stark_key, 13);
    expect(rec).toMatchObject({
      record_type: 3,
      status: 1,
      from: alice.stark_key,
      to: bob.stark_key,
      stark_key: alice.stark_key,
      amount: '1300',
      display_value: '0.0013',
      asset_name: 'ETH',
      asset_type: 'ETH',
      contract_address: 'eth',
      token_id: '',
    });
    expect(rec.time).toBe(Date.UTC(2026, 0, 1) / 1000);
  });

  it('moves ERC20, ERC721 and ERC721M, changing the NFT holder', async () => {
    const c = testClient();
    const { alice, carol } = c.accounts;
    expect((await transfer(c, alice, carol.stark_key, RDD20_ASSET, '2500000')).body.status).toBe('OK');
    expect((await transfer(c, alice, carol.stark_key, NFT_1, '1')).body.status).toBe('OK');
    expect((await transfer(c, alice, carol.stark_key, DMINT_1, '1')).body.status).toBe('OK');
    const v2 = (await c.get(`/v2/balances?stark_key=${carol.stark_key}`)).body.data;
    expect(v2.map((x: { contract_address: string }) => x.contract_address)).toEqual(['eth', RDD20, DMINT, REDDIO721]);
    expect(v2[1].display_value).toBe('2.5');
    expect(v2[2].available_token_ids).toEqual(['1']);
    expect(v2[3].available_token_ids).toEqual(['1']);
    expect(await balance(c, alice.stark_key, NFT_1)).toEqual({ available: 0, frozen: 0 });
    expect(await nonceOf(c, alice.stark_key)).toBe(3);
  });

  it('accepts the SDK forms: numbers as strings or numbers, token_id as a number, contract_address echoed', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const r = await transfer(c, alice, bob.stark_key, NFT_1, '1', { override: { contract_address: REDDIO721, token_id: 1, amount: '1' } });
    expect(r.body.status).toBe('OK');
    const mismatch = await transfer(c, alice, bob.stark_key, ETH_ASSET, '5', { override: { contract_address: RDD20 } });
    expect(failedCode(mismatch)).toBe(19);
  });

  it('an unfunded transfer is accepted, then fails asynchronously (status 2 with a reason); nothing moves', async () => {
    const c = testClient();
    const { alice, carol } = c.accounts;
    const r = await transfer(c, carol, alice.stark_key, RDD20_ASSET, '5'); // carol has no RDD20
    expect(r.body.status).toBe('OK');
    const rec = await recordOf(c, carol.stark_key, r.body.data.sequence_id);
    expect(rec.status).toBe(2);
    expect(rec.reason).toMatch(/insufficient available balance/);
    expect(await balance(c, alice.stark_key, RDD20_ASSET)).toEqual({ available: 1000000000, frozen: 0 });
    expect(await nonceOf(c, carol.stark_key)).toBe(1);
  });

  it('transferring an NFT the sender does not hold fails asynchronously', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const r = await transfer(c, bob, alice.stark_key, NFT_1, '1');
    expect(r.body.status).toBe('OK');
    const rec = await recordOf(c, bob.stark_key, r.body.data.sequence_id);
    expect(rec).toMatchObject({ status: 2, token_id: '1' });
    expect(rec.reason).toMatch(/does not hold token 1/);
    expect(await balance(c, alice.stark_key, NFT_1)).toEqual({ available: 1, frozen: 0 });
  });

  describe('refusals change no balance, nonce or counter', () => {
    const cases: Array<[string, (c: ReturnType<typeof testClient>) => Promise<import('../support/client.js').Reply>, number]> = [
      [
        'bad signature (signed by another key)',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { signWith: c.accounts.bob.private_key }),
        34,
      ],
      [
        'tampered amount',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { amount: '11' } }),
        34,
      ],
      [
        'tampered receiver',
        (c) =>
          transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { receiver: c.accounts.carol.stark_key } }),
        19,
      ],
      [
        'malformed signature',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { signature: { r: 'zz', s: '0x1' } } }),
        34,
      ],
      [
        'missing signature',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { signature: undefined } }),
        34,
      ],
      [
        "vault that is not the signer's",
        async (c) => {
          const bobVault = (await c.get(`/v1/vaults?stark_keys=${c.accounts.bob.stark_key}&asset_id=${ETH_ASSET}`)).body.data.vault_ids[0];
          return transfer(c, c.accounts.alice, c.accounts.carol.stark_key, ETH_ASSET, '10', { override: { vault_id: bobVault } });
        },
        19,
      ],
      [
        'receiver vault of another key',
        async (c) => {
          const bobVault = (await c.get(`/v1/vaults?stark_keys=${c.accounts.bob.stark_key}&asset_id=${ETH_ASSET}`)).body.data.vault_ids[0];
          return transfer(c, c.accounts.alice, c.accounts.carol.stark_key, ETH_ASSET, '10', { override: { receiver_vault_id: bobVault } });
        },
        19,
      ],
      ['amount 0', (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { amount: '0' } }), 2],
      [
        'negative amount',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { amount: '-1' } }),
        2,
      ],
      [
        'amount 2^63',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { amount: (2n ** 63n).toString() } }),
        2,
      ],
      ['NFT amount 2', (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, NFT_1, '1', { override: { amount: '2' } }), 2],
      [
        'unknown asset',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { asset_id: '0x1234' } }),
        6,
      ],
      [
        'missing asset_id',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { asset_id: undefined } }),
        19,
      ],
      [
        'off-curve receiver',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { receiver: OFF_CURVE_KEY } }),
        18,
      ],
      [
        'off-curve sender',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { stark_key: OFF_CURVE_KEY } }),
        18,
      ],
      [
        'missing stark_key',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { stark_key: undefined } }),
        1,
      ],
      ['nonce 2^31', (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { nonce: 2 ** 31 } }), 19],
      [
        'vault id 2^31',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { vault_id: String(2 ** 31) } }),
        19,
      ],
      [
        'expiration beyond 22 bits',
        (c) => transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { expiration_timestamp: 2 ** 22 } }),
        19,
      ],
      [
        'expired (the current hour)',
        (c) =>
          transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', {
            expirationTimestamp: Date.UTC(2026, 0, 1) / 3_600_000,
          }),
        19,
      ],
      ['invalid JSON body', (c) => c.postRaw('/v1/transfers', '{"stark_key"'), 401],
    ];
    it.each(cases)('%s fails with %s', async (_n, run, code) => {
      const c = testClient();
      const keys = [c.accounts.alice.stark_key, c.accounts.bob.stark_key, c.accounts.carol.stark_key];
      // Allocate the vaults the call will ask for, so the snapshot compares like with like.
      await c.get(`/v1/vaults?stark_keys=${keys.join(',')}&asset_id=${ETH_ASSET}`);
      await c.get(`/v1/vaults?stark_keys=${keys.join(',')}&asset_id=${NFT_1}`);
      const before = await snapshotOf(c, keys);
      const r = await run(c);
      expect(failedCode(r)).toBe(code);
      expect(await snapshotOf(c, keys)).toEqual(before);
    });
  });

  it('refuses a reused nonce with 13', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    expect((await transfer(c, alice, bob.stark_key, ETH_ASSET, '10', { nonce: 5 })).body.status).toBe('OK');
    expect(await nonceOf(c, alice.stark_key)).toBe(6);
    expect(failedCode(await transfer(c, alice, bob.stark_key, ETH_ASSET, '10', { nonce: 5 }))).toBe(13);
    // A lower unused nonce is still fine: each (key, nonce) is usable once.
    expect((await transfer(c, alice, bob.stark_key, ETH_ASSET, '10', { nonce: 2 })).body.status).toBe('OK');
  });

  it('expires by the emulator clock: valid now, refused once the clock passes its hour', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const nextHour = Date.UTC(2026, 0, 1) / 3_600_000 + 1;
    expect((await transfer(c, alice, bob.stark_key, ETH_ASSET, '1', { expirationTimestamp: nextHour })).body.status).toBe('OK');
    await c.post('/_devnet/clock', { advance_seconds: 3600 });
    const r = await transfer(c, alice, bob.stark_key, ETH_ASSET, '1', { expirationTimestamp: nextHour });
    expect(failedCode(r)).toBe(19);
    expect(r.body.error).toMatch(/expiration_timestamp .* has passed/);
  });

  it('accepts any signature with --signatures skip', async () => {
    const c = testClient({ signatures: 'skip' });
    const r = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { signWith: c.accounts.bob.private_key });
    expect(r.body.status).toBe('OK');
  });
});

describe('refusals that say what to do', () => {
  const ETH_ADDRESS = '0x76f2Fc7ed90039d986e3eb4DB294f05E160c8F03';

  it('an Ethereum address where a stark key goes is code 18 naming it, on reads and on signed moves alike', async () => {
    const c = testClient();
    for (const address of [ETH_ADDRESS, '0x0000000000000000000000000000000000000001']) {
      const read = await c.get(`/v1/balances?stark_key=${address}`);
      expect(failedCode(read)).toBe(18);
      expect(read.body.error).toContain('is an Ethereum address (0x + 40 hex digits), not a stark key');
    }
    const move = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { receiver: ETH_ADDRESS } });
    expect(failedCode(move)).toBe(18);
    expect(move.body.error).toContain('receiver');
    expect(move.body.error).toContain('GET /_devnet/accounts');
  });

  it('a fractional amount is code 2 saying amounts are quantized integers and where the quantum is', async () => {
    const c = testClient();
    const r = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { amount: '0.25' } });
    expect(failedCode(r)).toBe(2);
    expect(r.body.error).toBe(
      'amount must be a positive integer, got "0.25": amounts here are integers in quantized units (the display amount x 10^decimals / the asset\'s quantum; GET /v1/contract_info names the quantum)',
    );
    // Not a fraction: no hint.
    const negative = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, '10', { override: { amount: '-1' } });
    expect(negative.body.error).toBe('amount must be a positive integer, got "-1"');
  });
});
