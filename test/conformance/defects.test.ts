// Defects of the SDK itself (0.4.5), documented: the emulator answers exactly as the real service
// does, and these tests pin both the symptom and its cause.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { starkKeyFromPrivate } from '../../src/crypto/keys.js';
import { cancelOrderMsgHash, transferMsgHash } from '../../src/crypto/messages.js';
import { CURVE_ORDER } from '../../src/crypto/pedersen.js';
import { verifyStarkSignature } from '../../src/crypto/verify.js';
import { ETH_ASSET, REDDIO721, bare, startConformance } from './support.js';
import type { Account, Conformance } from './support.js';

const NFT_1 = '0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2';

let t: Conformance;
beforeEach(async () => {
  t = await startConformance();
  vi.spyOn(console, 'log').mockImplementation(() => {}); // cancelOrder logs its signature
  await t.deposit(t.accounts.alice, 'eth', { amount: '1000000' });
  await t.deposit(t.accounts.alice, REDDIO721, { token_id: '1' });
  t.sent.splice(0);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/**
 * The key the SDK really signs with when given "0x...": signTransfer strips the prefix only after
 * reading the key, and signCancelOrder never strips it; elliptic then parses it as hex with bn.js 4,
 * which reads 'x' as the nibble 8, and reduces the result mod n.
 */
function misreadKey(a: Account): bigint {
  return BigInt('0x08' + a.private_key.slice(2)) % CURVE_ORDER;
}

/** Everything a refused request must leave as it was. */
async function observable(): Promise<unknown> {
  const { alice, bob } = t.accounts;
  return [
    await t.balance(alice, ETH_ASSET),
    await t.balance(bob, ETH_ASSET),
    (await t.get(`/v1/nonce?stark_key=${alice.stark_key}`)).data.nonce,
    (await t.get(`/v1/records?stark_key=${alice.stark_key}`)).data.total,
  ];
}

describe('a 0x-prefixed private key', () => {
  it('transfer: the SDK signs with another key, so the emulator answers 34 (InvalidSignature) and nothing changes', async () => {
    const { alice, bob } = t.accounts;
    const before = await observable();
    const res = await t.sdk.apis.transfer({
      starkKey: alice.stark_key,
      privateKey: alice.private_key,
      receiver: bob.stark_key,
      type: 'ETH',
      amount: '0.1',
    });
    expect(res.status).toBe(200); // a FAILED body on a resolved request, as the real SDKs expect
    expect(res.data).toMatchObject({ status: 'FAILED', data: null, error_code: 34 });
    expect(await observable()).toEqual(before);

    // The cause: the signature is valid, for the misread key's stark key and not for alice's.
    const b = t.sent.at(-1)!.body as Record<string, any>;
    const hash = transferMsgHash({
      amount: BigInt(b.amount),
      nonce: BigInt(b.nonce),
      senderVaultId: BigInt(b.vault_id),
      receiverVaultId: BigInt(b.receiver_vault_id),
      token: BigInt(b.asset_id),
      receiverPublicKey: BigInt(b.receiver),
      expirationTimestamp: BigInt(b.expiration_timestamp),
    });
    const [r, s] = [BigInt(b.signature.r), BigInt(b.signature.s)];
    expect(verifyStarkSignature(hash, r, s, starkKeyFromPrivate(misreadKey(alice)))).toBe(true);
    expect(verifyStarkSignature(hash, r, s, BigInt(alice.stark_key))).toBe(false);

    // The same call with the bare key goes through.
    const ok = await t.sdk.apis.transfer({
      starkKey: alice.stark_key,
      privateKey: bare(alice),
      receiver: bob.stark_key,
      type: 'ETH',
      amount: '0.1',
    });
    expect(ok.data.status).toBe('OK');
    expect(await t.balance(bob, ETH_ASSET)).toEqual({ available: 100_000, frozen: 0 });
  });

  it('withdrawalFromL2: same defect (it shares signTransfer), same answer 34', async () => {
    const { alice } = t.accounts;
    const before = await observable();
    const res = await t.sdk.apis.withdrawalFromL2({
      starkKey: alice.stark_key,
      privateKey: alice.private_key,
      receiver: alice.eth_address,
      type: 'ETH',
      amount: '0.1',
    });
    expect(res.data).toMatchObject({ status: 'FAILED', error_code: 34 });
    expect(await observable()).toEqual(before);
  });

  it('cancelOrder: never strips the prefix, so the cancel is refused with 34 and the order stays open', async () => {
    const { alice } = t.accounts;
    // signOrder does strip the prefix: the order itself is placed fine with the 0x key.
    const params = await t.sdk.utils.getOrderParams({
      keypair: { privateKey: alice.private_key, publicKey: alice.stark_key },
      amount: '1',
      price: '0.001',
      tokenAddress: REDDIO721,
      tokenId: 1,
      tokenType: 'ERC721',
      orderType: 'sell',
    });
    const placed = await t.sdk.apis.order(params);
    expect(placed.data.status).toBe('OK');
    const id = placed.data.data.sequence_id;

    const res = await t.sdk.apis.cancelOrder({ starkKey: alice.stark_key, privateKey: alice.private_key, orderId: id });
    expect(res.data).toMatchObject({ status: 'FAILED', error_code: 34 });
    const b = t.sent.at(-1)!.body as { signature: { r: string; s: string } };
    expect(
      verifyStarkSignature(
        cancelOrderMsgHash(BigInt(id)),
        BigInt(b.signature.r),
        BigInt(b.signature.s),
        starkKeyFromPrivate(misreadKey(alice)),
      ),
    ).toBe(true);
    expect((await t.get(`/v1/order?order_id=${id}`)).data.order_state).toBe(0);
    expect(await t.balance(alice, NFT_1)).toEqual({ available: 0, frozen: 1 });

    const ok = await t.sdk.apis.cancelOrder({ starkKey: alice.stark_key, privateKey: bare(alice), orderId: id });
    expect(ok.data.status).toBe('OK');
    expect(await t.balance(alice, NFT_1)).toEqual({ available: 1, frozen: 0 });
  });
});

describe('a FAILED contract_info', () => {
  it('the emulator answers 15 (NotSuchContract); 0.4.5 reads data.quantum of null and throws a TypeError', async () => {
    const unknown = '0x1111111111111111111111111111111111111111';
    await expect(t.sdk.utils.getAssetTypeAndId({ type: 'ERC721', tokenAddress: unknown, tokenId: 1 })).rejects.toThrow(TypeError);
    expect(t.sent).toEqual([{ method: 'GET', path: `/v1/contract_info?type=ERC721&contract_address=${unknown}`, body: undefined }]);
    const direct = await t.get(`/v1/contract_info?type=ERC721&contract_address=${unknown}`);
    expect(direct).toMatchObject({ status: 'FAILED', data: null, error_code: 15 });
  });
});
