// Checks every vector of starkex-derived.json (reference-library outputs for Reddio's message kinds).
import { describe, expect, it } from 'vitest';
import { Signature, ethSigToPrivate, getPublicKey, verify as scureVerify } from '@scure/starknet';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { AssetKind } from '../../../src/crypto/asset.js';
import { assetId, mintableAssetIdFromBlob } from '../../../src/crypto/asset.js';
import {
  cancelOrderMsgHash,
  limitOrderWithFeeMsgHash,
  transferMsgHash,
  transferWithFeeMsgHash,
  withdrawalMsgHash,
} from '../../../src/crypto/messages.js';
import { pedersen } from '../../../src/crypto/pedersen.js';
import { signMessage, starkKeyFromPrivate } from '../../../src/crypto/keys.js';
import { verifyStarkSignature } from '../../../src/crypto/verify.js';
import { Ledger, big, hex, readVectorFile } from './vector-files.js';

type AssetSource = {
  type: string;
  data: { quantum?: string; tokenAddress?: string; tokenId?: string; blob?: string };
};
type Vector = {
  kind: string;
  id: string;
  inputs: Record<string, string | number>;
  asset_sources?: Record<string, AssetSource>;
  private_key: string;
  stark_key: string;
  public_key_y: string;
  msg_hash: string;
  signature: { r: string; s: string };
};

const vectors = readVectorFile('starkex-derived.json') as Vector[];
const ledger = new Ledger();

// Message hash per kind, from the inputs alone.
const HASH_OF: Record<string, (i: Vector['inputs']) => bigint> = {
  limit_order_with_fee: (i) =>
    limitOrderWithFeeMsgHash({
      vaultSell: big(i['vault_id_sell']),
      vaultBuy: big(i['vault_id_buy']),
      amountSell: big(i['amount_sell']),
      amountBuy: big(i['amount_buy']),
      tokenSell: big(i['token_sell']),
      tokenBuy: big(i['token_buy']),
      nonce: big(i['nonce']),
      expirationTimestamp: big(i['expiration_timestamp']),
      feeToken: big(i['fee_token']),
      feeVaultId: big(i['fee_vault_id']),
      feeLimit: big(i['fee_limit']),
    }),
  transfer: (i) => transferMsgHash(transferFields(i)),
  transfer_with_fee: (i) =>
    transferWithFeeMsgHash({
      ...transferFields(i),
      feeToken: big(i['fee_token']),
      feeVaultId: big(i['fee_vault_id']),
      feeLimit: big(i['fee_limit']),
    }),
  withdrawal_to_address: (i) =>
    withdrawalMsgHash({
      amount: big(i['amount']),
      nonce: big(i['nonce']),
      senderVaultId: big(i['sender_vault_id']),
      token: big(i['token']),
      receiverVaultId: big(i['receiver_vault_id']),
      ethAddress: big(i['receiver_eth_address']),
      expirationTimestamp: big(i['expiration_timestamp']),
    }),
  // The derived key signs the sample hash pedersen(1, 2) (msg_hash_note in the file).
  key_derivation: () => pedersen(1n, 2n),
  cancel_order: (i) => cancelOrderMsgHash(big(i['order_id'])),
};

function transferFields(i: Vector['inputs']) {
  return {
    amount: big(i['amount']),
    nonce: big(i['nonce']),
    senderVaultId: big(i['sender_vault_id']),
    token: big(i['token']),
    receiverVaultId: big(i['receiver_vault_id']),
    receiverPublicKey: big(i['receiver_stark_key']),
    expirationTimestamp: big(i['expiration_timestamp']),
  };
}

const KIND: Record<string, AssetKind> = {
  ETH: 'ETH',
  ERC20: 'ERC20',
  ERC721: 'ERC721',
  MINTABLE_ERC721: 'ERC721M',
};

/** Asset id from a CU asset dict; mintable blobs here are 0x-hex, i.e. raw bytes. */
function assetIdOf(src: AssetSource): bigint {
  const kind = KIND[src.type];
  if (kind === undefined) throw new Error(`unknown asset type ${src.type}`);
  const address = src.data.tokenAddress === undefined ? undefined : big(src.data.tokenAddress);
  const quantum = src.data.quantum === undefined ? 1n : big(src.data.quantum);
  if (kind === 'ERC721M') {
    const blob = src.data.blob!;
    expect(blob).toMatch(/^0x[0-9a-f]+$/i);
    const id = mintableAssetIdFromBlob(kind, address!, quantum, hexToBytes(blob.slice(2)));
    // A hex blob is Reddio's minimal big-endian token id, so assetId must agree.
    expect(hex(assetId(kind, address, quantum, big(blob)))).toBe(hex(id));
    return id;
  }
  const tokenId = src.data.tokenId === undefined ? undefined : big(src.data.tokenId);
  return assetId(kind, address, quantum, tokenId);
}

const CHECKS = ['hash', 'stark_key', 'public_key_y', 'verify', 'sign', 'tamper'] as const;
const assetCases = vectors.flatMap((v) => Object.entries(v.asset_sources ?? {}).map(([field, src]) => ({ v, field, src })));
const keyDerivationCases = vectors.filter((v) => v.kind === 'key_derivation');

describe('starkex-derived.json', () => {
  it.each(vectors)('$id: message hash recomputed', (v) => {
    const build = HASH_OF[v.kind];
    expect(build, `no hash builder for kind ${v.kind}`).toBeDefined();
    expect(hex(build!(v.inputs))).toBe(hex(big(v.msg_hash)));
    ledger.record(`${v.id}/hash`);
  });

  it.each(vectors)('$id: stark key from private key', (v) => {
    expect(hex(starkKeyFromPrivate(big(v.private_key)))).toBe(hex(big(v.stark_key)));
    ledger.record(`${v.id}/stark_key`);
  });

  it.each(vectors)('$id: full public key has the listed y', (v) => {
    const uncompressed = getPublicKey(hexToBytes(big(v.private_key).toString(16).padStart(64, '0')));
    const y = BigInt('0x' + bytesToHex(uncompressed.subarray(33)));
    expect(hex(y)).toBe(hex(big(v.public_key_y)));
    ledger.record(`${v.id}/public_key_y`);
  });

  it.each(vectors)('$id: signature verifies with the x-only key (and with scure, full key)', (v) => {
    const [hash, r, s] = [big(v.msg_hash), big(v.signature.r), big(v.signature.s)];
    expect(verifyStarkSignature(hash, r, s, big(v.stark_key))).toBe(true);
    // Independent cross-check with scure's own verify and the full (x, y) point.
    const full = '04' + big(v.stark_key).toString(16).padStart(64, '0') + big(v.public_key_y).toString(16).padStart(64, '0');
    expect(scureVerify(new Signature(r, s), hex(hash), full)).toBe(true);
    ledger.record(`${v.id}/verify`);
  });

  it.each(vectors)('$id: deterministic sign gives the same r,s', (v) => {
    const sig = signMessage(big(v.msg_hash), big(v.private_key));
    expect({ r: hex(sig.r), s: hex(sig.s) }).toEqual({
      r: hex(big(v.signature.r)),
      s: hex(big(v.signature.s)),
    });
    ledger.record(`${v.id}/sign`);
  });

  it.each(vectors)('$id: tampered hash is rejected', (v) => {
    const tampered = big(v.msg_hash) ^ 1n;
    const ok = verifyStarkSignature(tampered, big(v.signature.r), big(v.signature.s), big(v.stark_key));
    expect(ok).toBe(false);
    ledger.record(`${v.id}/tamper`);
  });

  it.each(assetCases)('$v.id: $field asset id from asset_sources', ({ v, field, src }) => {
    expect(hex(assetIdOf(src))).toBe(hex(big(v.inputs[field])));
    ledger.record(`${v.id}/asset/${field}`);
  });

  it.each(keyDerivationCases)('$id: ETH signature -> private key (scure ethSigToPrivate)', (v) => {
    // No module of ours derives keys from ETH signatures, so check the vector with scure directly.
    expect(hex(big('0x' + ethSigToPrivate(String(v.inputs['eth_signature']))))).toBe(hex(big(v.private_key)));
    ledger.record(`${v.id}/eth_signature`);
  });

  it('checked every vector in the file', () => {
    const expected = [
      ...vectors.flatMap((v) => CHECKS.map((c) => `${v.id}/${c}`)),
      ...assetCases.map(({ v, field }) => `${v.id}/asset/${field}`),
      ...keyDerivationCases.map((v) => `${v.id}/eth_signature`),
    ].sort();
    expect(ledger.ids).toEqual(expected);
    expect(vectors).toHaveLength(30);
    expect(new Set(vectors.map((v) => v.kind)).size).toBe(6);
    expect(keyDerivationCases).toHaveLength(5);
  });
});
