// L2 transfers (a StarkEx type-1 message to another stark key, listed for both parties) and withdrawals
// share one ladder: synchronous checks, then an accepted or asynchronously failed record.
import { transferMsgHash } from '../../crypto/messages.js';
import { ensureAccount, parseStarkKey } from './accounts.js';
import { checkTokenUrl, contractOf, requireAsset } from '../catalog/assets.js';
import { contractKey } from '../catalog/contracts.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { balanceOf, credit, debit, MAX_BALANCE } from './ledger.js';
import { appendRecord, indexSignature, RecordStatus, signatureKey } from './records.js';
import { checkNonceUnused, checkNotExpired, checkSignature, checkVault, type Signature, type SignatureCheck, useNonce } from './signed.js';
import { type Asset, RECORD_TYPES, type RecordType, type State } from '../state/state.js';

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
  /** JS 0.8 sends `token_url` with ERC721MC transfers and withdrawals: checked against the token's URL. */
  tokenUrl?: string | undefined;
}

/** What differs between a transfer and a withdrawal. */
export interface MoveKind {
  recordType: RecordType;
  /** Validates and normalizes the receiver (a stark key, or an Ethereum address). */
  parseReceiver(text: string): string;
  /** Moves the accepted amount away from the sender (to the receiver, or towards L1). */
  settle(state: State, input: SignedMoveInput, asset: Asset, receiver: string): void;
  /** Whether the record is listed for the receiver too. */
  listForReceiver: boolean;
}

function checkAsset(state: State, input: SignedMoveInput): Asset {
  const asset = requireAsset(state, input.assetId);
  const contract = contractOf(state, asset);
  if (input.contractAddress !== undefined && contractKey(input.contractAddress) !== contract.key)
    fail(
      ErrorCode.InvalidParam,
      `contract_address ${echo(input.contractAddress)} does not match asset_id ${asset.hex} (of ${contract.address})`,
    );
  if (input.tokenId !== undefined && asset.tokenId !== null && input.tokenId !== asset.tokenId)
    fail(ErrorCode.InvalidParam, `token_id ${input.tokenId} does not match asset_id ${asset.hex} (token ${asset.tokenId})`);
  if (asset.tokenId !== null) checkTokenUrl(contract, asset, input.tokenUrl);
  if (asset.tokenId !== null && input.amount !== 1n) fail(ErrorCode.AmountInvalid, `amount of an NFT must be 1, got "${input.amount}"`);
  return asset;
}

/** Why `owner` cannot pay `amount` of `asset` out of `have`, or null when it can: the asynchronous failure of docs/behaviour.md, "Records". */
export function shortfall(owner: string, asset: Asset, amount: bigint, have: bigint, needs = 'needs'): string | null {
  if (have >= amount) return null;
  if (asset.tokenId !== null) return `${owner} does not hold token ${asset.tokenId} (${asset.hex}) available`;
  return `insufficient available balance of ${asset.hex}: ${owner} has ${have}, ${needs} ${amount}`;
}

/** What the synchronous checks of a signed move established. */
export interface CheckedMove {
  asset: Asset;
  /** The normalized receiver. */
  receiver: string;
}

/**
 * The synchronous checks of a signed move, in order: asset (6), echo fields (19), NFT amount (2),
 * receiver (18/19), nonce unused (13, unless `nonceChecked`), own vaults (19), expiry (19),
 * signature (34). Changes nothing.
 */
export function checkSignedMove(
  state: State,
  kind: MoveKind,
  input: SignedMoveInput,
  check: SignatureCheck,
  nonceChecked = false,
): CheckedMove {
  const asset = checkAsset(state, input);
  const receiver = kind.parseReceiver(input.receiver);
  if (!nonceChecked) checkNonceUnused(state, input.starkKey, input.nonce, ErrorCode.DuplicateTransactionError);
  checkVault(state, input.starkKey, asset.hex, input.vaultId, 'vault_id');
  checkVault(state, receiver, asset.hex, input.receiverVaultId, 'receiver_vault_id');
  checkNotExpired(state, input.expiration);
  // Both sign a type-1 transfer message; a withdrawal's receiver key is its Ethereum address.
  const hash = () =>
    transferMsgHash({
      amount: input.amount,
      nonce: input.nonce,
      senderVaultId: input.vaultId,
      token: asset.id,
      receiverVaultId: input.receiverVaultId,
      receiverPublicKey: BigInt(receiver),
      expirationTimestamp: input.expiration,
    });
  checkSignature(check, hash, input.signature, input.starkKey, {
    asset_id: asset.hex,
    amount: input.amount,
    nonce: input.nonce,
    vault_id: input.vaultId,
    receiver,
    receiver_vault_id: input.receiverVaultId,
    expiration_timestamp: input.expiration,
  });
  return { asset, receiver };
}

/**
 * Applies a checked move: the nonce is spent; with `reason` null the amount moves, otherwise the
 * record fails asynchronously (status 2) and nothing moves. Returns the record's sequence id.
 */
export function applySignedMove(state: State, kind: MoveKind, input: SignedMoveInput, checked: CheckedMove, reason: string | null): number {
  const { asset, receiver } = checked;
  ensureAccount(state, input.starkKey);
  useNonce(state, input.starkKey, input.nonce);
  if (reason === null) kind.settle(state, input, asset, receiver);
  const sequenceId = appendRecord(state, {
    type: kind.recordType,
    starkKey: input.starkKey,
    assetHex: asset.hex,
    amount: input.amount,
    status: reason === null ? RecordStatus.AcceptedByService : RecordStatus.FailedOnService,
    to: receiver,
    listForReceiver: kind.listForReceiver,
    reason,
  }).sequenceId;
  indexSignature(state, signatureKey(input.signature.r, input.signature.s), sequenceId);
  return sequenceId;
}

/** Why `receiver` cannot be credited `amount` (the 2^63-1 limit; `coming` more is on its way to it), or null. */
export function overflow(state: State, receiver: string, asset: Asset, amount: bigint, coming = 0n): string | null {
  const b = balanceOf(state, receiver, asset.hex);
  return b.available + b.frozen + coming + amount > MAX_BALANCE ? `the receiver's balance of ${asset.hex} would pass 2^63-1` : null;
}

/** One signed move: the synchronous checks, then an accepted or asynchronously failed record. */
export function submitSignedMove(state: State, kind: MoveKind, input: SignedMoveInput, check: SignatureCheck): number {
  const checked = checkSignedMove(state, kind, input, check);
  const { asset, receiver } = checked;
  const reason =
    shortfall(input.starkKey, asset, input.amount, balanceOf(state, input.starkKey, asset.hex).available) ??
    (kind.listForReceiver ? overflow(state, receiver, asset, input.amount) : null);
  return applySignedMove(state, kind, input, checked, reason);
}

export const TRANSFER: MoveKind = {
  recordType: RECORD_TYPES.transfer,
  listForReceiver: true,
  parseReceiver: (text) => parseStarkKey(text, 'receiver'),
  settle: (state, input, asset, receiver) => {
    debit(state, input.starkKey, asset, input.amount);
    credit(state, receiver, asset, input.amount);
  },
};

export function submitTransfer(state: State, input: SignedMoveInput, check: SignatureCheck): number {
  return submitSignedMove(state, TRANSFER, input, check);
}
