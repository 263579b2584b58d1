// Wire parsing of signed commands (transfer, withdrawal): every field the SDKs send, as they send it.
import { parseStarkKey } from '../domain/accounts.js';
import { ErrorCode, fail } from '../domain/errors.js';
import { readHex } from '../domain/hex.js';
import { MAX_EXPIRATION } from '../domain/signed.js';
import type { Signature } from '../domain/signed.js';
import type { SignedMoveInput } from '../domain/signed-moves.js';
import { hexField, isMissing, optTextField, textField, uintField } from './fields.js';

const VAULT_31 = 1n << 31n;

/** `{r, s}` as 0x hex (the SDKs' form); anything malformed fails with 34, like a wrong signature. */
export function signatureField(v: unknown): Signature {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(ErrorCode.InvalidSignature, 'signature must be an object {"r":"0x…","s":"0x…"}');
  const { r, s } = v as Record<string, unknown>;
  const rv = typeof r === 'string' ? readHex(r) : undefined;
  const sv = typeof s === 'string' ? readHex(s) : undefined;
  if (rv === undefined || sv === undefined) fail(ErrorCode.InvalidSignature, 'signature.r and signature.s must be 0x hex strings');
  return { r: rv, s: sv };
}

/**
 * Order of checks (the first failure wins): stark_key (1/18), asset_id (19 missing / 6 malformed),
 * amount (2), nonce (19), vault_id, receiver, receiver_vault_id, expiration_timestamp (19),
 * signature (34); then the domain: asset known (6), NFT amount 1 (2), receiver, nonce unused (13),
 * own vaults (19), expiry (19), signature valid (34).
 */
export function signedMoveFields(b: Record<string, unknown>): SignedMoveInput {
  const starkKey = parseStarkKey(optTextField(b.stark_key, 'stark_key'));
  const assetId = hexField(b.asset_id, 'asset_id', ErrorCode.NoSuchAssetID, ErrorCode.InvalidParam);
  const amount = uintField(b.amount, 'amount', { code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n });
  const nonce = uintField(b.nonce, 'nonce', { below: VAULT_31 });
  const vaultId = uintField(b.vault_id, 'vault_id', { below: VAULT_31 });
  const receiver = textField(b.receiver, 'receiver');
  const receiverVaultId = uintField(b.receiver_vault_id, 'receiver_vault_id', { below: VAULT_31 });
  const expiration = isMissing(b.expiration_timestamp) ? MAX_EXPIRATION : uintField(b.expiration_timestamp, 'expiration_timestamp', { below: MAX_EXPIRATION + 1n });
  const signature = signatureField(b.signature);
  const contractAddress = isMissing(b.contract_address) ? undefined : textField(b.contract_address, 'contract_address');
  const tokenId = isMissing(b.token_id) ? undefined : uintField(b.token_id, 'token_id', { code: ErrorCode.TokenIDParseFailed, below: 1n << 256n });
  return { starkKey, assetId, amount, nonce, vaultId, receiver, receiverVaultId, expiration, signature, contractAddress, tokenId };
}
