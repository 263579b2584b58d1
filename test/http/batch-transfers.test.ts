// POST /v1/batchtransfer and POST /v1/multitransfer in the Java SDK's request shapes (reference/clients.md
// §6): every inner transfer is checked before any is applied, and nothing is ever half-applied.
import { describe, expect, it } from 'vitest';
import { signedTransferBody } from '../../src/testing.js';
import { ETH_ASSET, RDD20_ASSET, failedCode, testClient } from '../support/client.js';
import type { Account, TestClient } from '../support/client.js';
import { balance, nonceOf, snapshotOf } from '../support/flows.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';

/** A /v1/transfers body signed by `from` (quantized amount), as Java's ReddioTransferToApi builds one. */
async function signed(
  c: TestClient,
  from: Account,
  to: string,
  assetId: string,
  amount: bigint,
  nonce: number,
  signWith = from.private_key,
) {
  const vaults = (await c.get(`/v1/vaults?stark_keys=${from.stark_key},${to}&asset_id=${assetId}`)).body.data.vault_ids;
  return signedTransferBody({
    starkKey: from.stark_key,
    privateKey: signWith,
    assetId,
    amount,
    nonce,
    vaultId: vaults[0],
    receiver: to,
    receiverVaultId: vaults[1],
  });
}

/** A batch item as Java's BatchTransferItem: signed over the quantized amount, `amount` the caller's display string. */
async function batchItem(
  c: TestClient,
  from: Account,
  to: string,
  assetId: string,
  quantized: bigint,
  display: string,
  nonce: number,
  signWith?: string,
) {
  return { ...(await signed(c, from, to, assetId, quantized, nonce, signWith)), amount: display };
}

function batchBody(from: Account, items: unknown[], nonce: number, extra: Record<string, unknown> = {}) {
  return {
    transfers: items,
    stark_key: from.stark_key,
    nonce,
    signature: { r: '0x5', s: '0x6', stark_key: from.stark_key },
    base_token_transfer_seq_id: null,
    ...extra,
  };
}

async function clean(c: TestClient) {
  expect((await c.get('/_devnet/invariants')).body.violations).toEqual([]);
}

describe('POST /v1/batchtransfer', () => {
  it('moves every item, one transfer record each, all items sharing the nonce as Java sends them', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    const n = await nonceOf(c, alice.stark_key);
    const items = [
      await batchItem(c, alice, bob.stark_key, ETH_ASSET, 1000n, '0.001', n),
      await batchItem(c, alice, carol.stark_key, NFT_1, 1n, '1', n),
    ];
    const r = await c.post('/v1/batchtransfer', batchBody(alice, items, n));
    expect(r.body).toEqual({ status: 'OK', data: { sequence_id: 13 }, error: '' });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: 10_000_000 + 1000, frozen: 0 });
    expect(await balance(c, carol.stark_key, NFT_1)).toEqual({ available: 1, frozen: 0 });
    expect(await nonceOf(c, alice.stark_key)).toBe(n + 1);
    // Java polls /v1/record?sequence_id=N with no stark key until the status is 0, 1 or 2.
    expect((await c.get('/v1/record?sequence_id=13')).body.data[0]).toMatchObject({
      record_type: 3,
      status: 1,
      from: alice.stark_key,
      to: bob.stark_key,
      amount: '1000',
    });
    expect((await c.get('/v1/record?sequence_id=14')).body.data[0]).toMatchObject({
      record_type: 3,
      status: 1,
      to: carol.stark_key,
      token_id: '1',
    });
    // The outer signature finds the whole batch; an item's signature finds its own record.
    expect((await c.get('/v1/record/by/signature?r=0x5&s=0x6')).body.data.map((x: { sequence_id: number }) => x.sequence_id)).toEqual([
      13, 14,
    ]);
    const { r: ir, s: is } = (items[1] as unknown as { signature: { r: string; s: string } }).signature;
    expect((await c.get(`/v1/record/by/signature?r=${ir}&s=${is}`)).body.data.map((x: { sequence_id: number }) => x.sequence_id)).toEqual([
      14,
    ]);
    await clean(c);
  });

  it('one unpaid item fails the whole batch asynchronously: every record at 2, nothing moves, the nonce is spent', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const items = [
      await batchItem(c, alice, bob.stark_key, ETH_ASSET, 1000n, '0.001', 0),
      await batchItem(c, alice, bob.stark_key, ETH_ASSET, 20_000_000n, '20', 0),
    ];
    const r = await c.post('/v1/batchtransfer', batchBody(alice, items, 0));
    expect(r.body.data.sequence_id).toBe(13);
    for (const seq of [13, 14])
      expect((await c.get(`/v1/record?sequence_id=${seq}`)).body.data[0]).toMatchObject({
        status: 2,
        reason: expect.stringContaining('transfers[1]'),
      });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: 10_000_000, frozen: 0 });
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: 10_000_000, frozen: 0 });
    expect(await nonceOf(c, alice.stark_key)).toBe(1);
    await clean(c);
  });

  it('the same NFT twice in one batch: the second cannot be paid, so nothing moves', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    const items = [
      await batchItem(c, alice, bob.stark_key, NFT_1, 1n, '1', 0),
      await batchItem(c, alice, carol.stark_key, NFT_1, 1n, '1', 0),
    ];
    expect((await c.post('/v1/batchtransfer', batchBody(alice, items, 0))).body.status).toBe('OK');
    expect(await balance(c, alice.stark_key, NFT_1)).toEqual({ available: 1, frozen: 0 });
    await clean(c);
  });

  it.each<[string, (c: TestClient) => Promise<Record<string, unknown>>, number, string]>([
    [
      'a bad inner signature',
      async (c) =>
        batchBody(
          c.accounts.alice,
          [
            await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0.001', 0),
            await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0.001', 0, c.accounts.bob.private_key),
          ],
          0,
        ),
      34,
      'transfers[1]',
    ],
    [
      'an item signed over another amount than it states',
      async (c) =>
        batchBody(c.accounts.alice, [await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0.002', 0)], 0),
      34,
      'transfers[0]',
    ],
    [
      'an item of another sender',
      async (c) =>
        batchBody(c.accounts.alice, [await batchItem(c, c.accounts.bob, c.accounts.carol.stark_key, ETH_ASSET, 1000n, '0.001', 0)], 0),
      19,
      'transfers[0]',
    ],
    [
      'an amount finer than a quantum',
      async (c) =>
        batchBody(c.accounts.alice, [await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0.0000001', 0)], 0),
      2,
      'transfers[0]',
    ],
    [
      'an amount of 0',
      async (c) =>
        batchBody(c.accounts.alice, [await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0', 0)], 0),
      2,
      'transfers[0]',
    ],
    [
      'a non-numeric amount',
      async (c) =>
        batchBody(c.accounts.alice, [await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, 'lots', 0)], 0),
      2,
      'transfers[0].amount',
    ],
    [
      'an unknown asset',
      async (c) =>
        batchBody(
          c.accounts.alice,
          [{ ...(await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0.001', 0)), asset_id: '0x1234' }],
          0,
        ),
      6,
      'transfers[0]',
    ],
    [
      'an item without a receiver',
      async (c) =>
        batchBody(
          c.accounts.alice,
          [{ ...(await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0.001', 0)), receiver: undefined }],
          0,
        ),
      19,
      'transfers[0].receiver',
    ],
    ['an item that is not an object', async (c) => batchBody(c.accounts.alice, ['transfer'], 0), 19, 'transfers[0]'],
    ['no items', async (c) => batchBody(c.accounts.alice, [], 0), 19, 'transfers'],
    ['transfers that is not an array', async (c) => ({ ...batchBody(c.accounts.alice, [], 0), transfers: {} }), 19, 'transfers'],
    [
      'an outer signature naming another signer',
      async (c) =>
        batchBody(c.accounts.alice, [await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0.001', 0)], 0, {
          signature: { r: '0x5', s: '0x6', stark_key: c.accounts.bob.stark_key },
        }),
      34,
      'signature.stark_key',
    ],
    [
      'an outer signature that is not hex',
      async (c) =>
        batchBody(c.accounts.alice, [await batchItem(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 1000n, '0.001', 0)], 0, {
          signature: { r: 'x', s: '0x6' },
        }),
      34,
      'signature',
    ],
  ])('refuses %s with its code and changes nothing', async (_what, body, code, names) => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const b = await body(c);
    const before = await snapshotOf(c, [alice.stark_key, bob.stark_key]);
    const r = await c.post('/v1/batchtransfer', b);
    expect(failedCode(r)).toBe(code);
    expect(r.body.error).toContain(names);
    expect(await snapshotOf(c, [alice.stark_key, bob.stark_key])).toEqual(before);
    expect(c.dn.devnet.state.signatures.size).toBe(0);
  });

  it('refuses more than 100 items (19) and a used nonce (13)', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const item = await batchItem(c, alice, bob.stark_key, ETH_ASSET, 1000n, '0.001', 0);
    expect(failedCode(await c.post('/v1/batchtransfer', batchBody(alice, Array(101).fill(item), 0)))).toBe(19);
    expect((await c.post('/v1/batchtransfer', batchBody(alice, [item], 0))).body.status).toBe('OK');
    const replay = await c.post('/v1/batchtransfer', batchBody(alice, [item], 0));
    expect(failedCode(replay)).toBe(13);
    expect(await balance(c, bob.stark_key, ETH_ASSET)).toEqual({ available: 10_001_000, frozen: 0 });
  });
});

describe('POST /v1/multitransfer', () => {
  it('A->B and B->A of 0.00017 ETH in one call, each signed by its sender (the Java test)', async () => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const ab = await signed(c, alice, bob.stark_key, ETH_ASSET, 170n, 0);
    const ba = await signed(c, bob, alice.stark_key, ETH_ASSET, 170n, 0);
    const r = await c.post('/v1/multitransfer', { transfers: [ab, ba], signature: ab.signature });
    expect(r.body).toEqual({ status: 'OK', data: { sequence_id: 13 }, error: '' });
    expect((await c.get('/v1/record?sequence_id=13')).body.data[0]).toMatchObject({ status: 1, from: alice.stark_key, amount: '170' });
    expect((await c.get('/v1/record?sequence_id=14')).body.data[0]).toMatchObject({ status: 1, from: bob.stark_key, amount: '170' });
    expect(await balance(c, alice.stark_key, ETH_ASSET)).toEqual({ available: 10_000_000, frozen: 0 });
    expect([await nonceOf(c, alice.stark_key), await nonceOf(c, bob.stark_key)]).toEqual([1, 1]);
    await clean(c);
  });

  it('runs in list order: B may pass on what A just sent; the reverse order fails whole (status 2) and moves nothing', async () => {
    const c = testClient();
    const { alice, bob, carol } = c.accounts;
    const toCarol = await signed(c, alice, carol.stark_key, RDD20_ASSET, 5_000_000n, 0);
    const onward = await signed(c, carol, bob.stark_key, RDD20_ASSET, 5_000_000n, 0);
    expect((await c.post('/v1/multitransfer', { transfers: [onward, toCarol], signature: onward.signature })).body.data.sequence_id).toBe(
      13,
    );
    expect((await c.get('/v1/record?sequence_id=14')).body.data[0].status).toBe(2);
    expect(await balance(c, carol.stark_key, RDD20_ASSET)).toEqual({ available: 0, frozen: 0 });

    const toCarol2 = await signed(c, alice, carol.stark_key, RDD20_ASSET, 5_000_000n, 1);
    const onward2 = await signed(c, carol, bob.stark_key, RDD20_ASSET, 5_000_000n, 1);
    expect(
      (await c.post('/v1/multitransfer', { transfers: [toCarol2, onward2], signature: toCarol2.signature })).body.data.sequence_id,
    ).toBe(15);
    expect(await balance(c, carol.stark_key, RDD20_ASSET)).toEqual({ available: 0, frozen: 0 });
    expect(await balance(c, bob.stark_key, RDD20_ASSET)).toEqual({ available: 1_005_000_000, frozen: 0 });
    await clean(c);
  });

  it.each<[string, (c: TestClient) => Promise<Record<string, unknown>>, number, string]>([
    [
      "an outer signature that is not the first transfer's",
      async (c) => {
        const ab = await signed(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 170n, 0);
        return { transfers: [ab], signature: { r: '0x5', s: '0x6' } };
      },
      34,
      'signature',
    ],
    [
      'a bad second signature',
      async (c) => {
        const ab = await signed(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 170n, 0);
        const ba = await signed(c, c.accounts.bob, c.accounts.alice.stark_key, ETH_ASSET, 170n, 0, c.accounts.alice.private_key);
        return { transfers: [ab, ba], signature: ab.signature };
      },
      34,
      'transfers[1]',
    ],
    [
      'one sender and nonce twice',
      async (c) => {
        const a = await signed(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 170n, 0);
        const b = await signed(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 171n, 0);
        return { transfers: [a, b], signature: a.signature };
      },
      13,
      'transfers[1]',
    ],
    [
      'a quantized amount that is not an integer',
      async (c) => {
        const a = await signed(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 170n, 0);
        return { transfers: [{ ...a, amount: '0.5' }], signature: a.signature };
      },
      2,
      'transfers[0].amount',
    ],
    [
      'an item with an off-curve stark key',
      async (c) => {
        const a = await signed(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 170n, 0);
        return { transfers: [{ ...a, stark_key: '0x100000000000000000000000000000000000000000000000001' }], signature: a.signature };
      },
      18,
      'transfers[0].stark_key',
    ],
    ['no transfers', async () => ({ transfers: [], signature: { r: '0x1', s: '0x1' } }), 19, 'transfers'],
    [
      'no signature',
      async (c) => ({ transfers: [await signed(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 170n, 0)] }),
      34,
      'signature',
    ],
  ])('refuses %s with its code and changes nothing', async (_what, body, code, names) => {
    const c = testClient();
    const { alice, bob } = c.accounts;
    const b = await body(c);
    const before = await snapshotOf(c, [alice.stark_key, bob.stark_key]);
    const r = await c.post('/v1/multitransfer', b);
    expect(failedCode(r)).toBe(code);
    expect(r.body.error).toContain(names);
    expect(await snapshotOf(c, [alice.stark_key, bob.stark_key])).toEqual(before);
  });
});
