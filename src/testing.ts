// Public testing helpers (`l2-devnet/testing`): build signed request bodies the way the official SDKs do.
import { cancelOrderMsgHash, transferMsgHash, withdrawalMsgHash } from './crypto/messages.js';
import { signMessage } from './crypto/keys.js';
import { MAX_EXPIRATION } from './domain/signed.js';

export interface MoveFields {
  /** Signer's stark key (0x hex). */
  starkKey: string;
  /** Signer's private key (0x hex). */
  privateKey: string;
  assetId: string;
  /** Quantized amount. */
  amount: bigint | string | number;
  nonce: bigint | number;
  vaultId: bigint | string;
  /** Stark key (transfer) or Ethereum address (withdrawal). */
  receiver: string;
  receiverVaultId: bigint | string;
  expirationTimestamp?: bigint | number;
}

const hex = (v: bigint): string => '0x' + v.toString(16);

function signed(fields: MoveFields, hash: bigint): Record<string, unknown> {
  const sig = signMessage(hash, BigInt(fields.privateKey));
  return {
    stark_key: fields.starkKey,
    amount: String(fields.amount),
    nonce: Number(fields.nonce),
    vault_id: String(fields.vaultId),
    receiver: fields.receiver,
    receiver_vault_id: String(fields.receiverVaultId),
    asset_id: fields.assetId,
    expiration_timestamp: Number(fields.expirationTimestamp ?? MAX_EXPIRATION),
    signature: { r: hex(sig.r), s: hex(sig.s) },
  };
}

function common(f: MoveFields) {
  return {
    amount: BigInt(f.amount),
    nonce: BigInt(f.nonce),
    senderVaultId: BigInt(f.vaultId),
    token: BigInt(f.assetId),
    receiverVaultId: BigInt(f.receiverVaultId),
    expirationTimestamp: BigInt(f.expirationTimestamp ?? MAX_EXPIRATION),
  };
}

/** Body of `POST /v1/transfers`, signed as a StarkEx type-1 transfer. */
export function signedTransferBody(f: MoveFields): Record<string, unknown> {
  return signed(f, transferMsgHash({ ...common(f), receiverPublicKey: BigInt(f.receiver) }));
}

/** Body of `POST /v1/withdrawalto`: a type-1 transfer whose receiver key is the Ethereum address. */
export function signedWithdrawalBody(f: MoveFields): Record<string, unknown> {
  return signed(f, withdrawalMsgHash({ ...common(f), ethAddress: BigInt(f.receiver) }));
}

/** Body of `POST /v1/orders/{id}/cancel`: pedersen(order_id, 0) signed by the owner. */
export function signedCancelBody(starkKey: string, privateKey: string, orderId: bigint | number): Record<string, unknown> {
  const sig = signMessage(cancelOrderMsgHash(BigInt(orderId)), BigInt(privateKey));
  return { stark_key: starkKey, signature: { r: hex(sig.r), s: hex(sig.s) } };
}
