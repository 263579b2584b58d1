// L2 transfers (StarkEx type-1 signature): synchronous checks, then an accepted or asynchronously failed record.
import { transferMsgHash } from '../crypto/messages.js';
import { ensureAccount, parseStarkKey } from './accounts.js';
import { contractOf, requireAsset } from './assets.js';
import { contractKey } from './contracts.js';
import { fail, ErrorCode } from './errors.js';
import { balanceOf, credit, debit } from './ledger.js';
import { appendRecord, RecordStatus } from './records.js';
import { checkNonceUnused, checkNotExpired, checkSignature, checkVault, useNonce } from './signed.js';
import type { Signature, SignatureCheck } from './signed.js';
import type { Asset, State } from './state.js';
import { RECORD_TYPES } from './state.js';

export interface SignedMoveInput {
  /** Normalized stark key of the signer. */
  starkKey: string;
  assetId: bigint;
  amount: bigint;
  nonce: bigint;
  vaultId: bigint;
  receiver: string;
  receiverVaultId: bigint;
  expiration: bigint;
  signature: Signature;
  /** Optional echo fields the SDKs send; checked against the asset when present. */
  contractAddress?: string | undefined;
  tokenId?: bigint | undefined;
}

/** Asset, amount and echo-field checks shared by transfers and withdrawals. */
export function checkMovedAsset(state: State, input: SignedMoveInput): Asset {
  const asset = requireAsset(state, input.assetId);
  const contract = contractOf(state, asset);
  if (input.contractAddress !== undefined && contractKey(input.contractAddress) !== contract.key) {
    fail(ErrorCode.InvalidParam, `contract_address ${input.contractAddress} does not match asset_id ${asset.hex} (of ${contract.address})`);
  }
  if (input.tokenId !== undefined && asset.tokenId !== null && input.tokenId !== asset.tokenId) {
    fail(ErrorCode.InvalidParam, `token_id ${input.tokenId} does not match asset_id ${asset.hex} (token ${asset.tokenId})`);
  }
  if (asset.tokenId !== null && input.amount !== 1n) fail(ErrorCode.AmountInvalid, `amount of an NFT must be 1, got "${input.amount}"`);
  return asset;
}

/** Why the sender cannot pay, or null when it can: the asynchronous failure of SPEC.md §4. */
export function shortfall(state: State, owner: string, asset: Asset, amount: bigint): string | null {
  const b = balanceOf(state, owner, asset.hex);
  if (b.available >= amount) return null;
  if (asset.tokenId !== null) return `${owner} does not hold token ${asset.tokenId} (${asset.hex}) available`;
  return `insufficient available balance of ${asset.hex}: ${owner} has ${b.available}, needs ${amount}`;
}

export function submitTransfer(state: State, input: SignedMoveInput, check: SignatureCheck): number {
  const asset = checkMovedAsset(state, input);
  const receiver = parseStarkKey(input.receiver, 'receiver');
  checkNonceUnused(state, input.starkKey, input.nonce, ErrorCode.DuplicateTransactionError);
  checkVault(state, input.starkKey, asset.hex, input.vaultId, 'vault_id');
  checkVault(state, receiver, asset.hex, input.receiverVaultId, 'receiver_vault_id');
  checkNotExpired(state, input.expiration);
  const hash = transferMsgHash({
    amount: input.amount,
    nonce: input.nonce,
    senderVaultId: input.vaultId,
    token: asset.id,
    receiverVaultId: input.receiverVaultId,
    receiverPublicKey: BigInt(receiver),
    expirationTimestamp: input.expiration,
  });
  checkSignature(check, hash, input.signature, input.starkKey);

  // Accepted: the nonce is spent whatever happens next.
  ensureAccount(state, input.starkKey);
  useNonce(state, input.starkKey, input.nonce);
  const reason = shortfall(state, input.starkKey, asset, input.amount);
  if (reason === null) {
    debit(state, input.starkKey, asset, input.amount);
    credit(state, receiver, asset, input.amount);
  }
  return appendRecord(state, {
    type: RECORD_TYPES.transfer,
    starkKey: input.starkKey,
    assetHex: asset.hex,
    amount: input.amount,
    status: reason === null ? RecordStatus.AcceptedByService : RecordStatus.FailedOnService,
    to: receiver,
    listForReceiver: true,
    reason,
  }).sequenceId;
}
