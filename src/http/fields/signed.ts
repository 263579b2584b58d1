// Fields of signed commands (transfers, withdrawals, cancels): the signature, the expiration, and the
// body of a signed move, each as the SDKs send it.
import * as v from 'valibot';
import { MAX_EXPIRATION, type Signature } from '../../domain/ledger/signed.js';
import type { SignedMoveInput } from '../../domain/ledger/signed-moves.js';
import { ErrorCode } from '../../domain/values/errors.js';
import { readHex } from '../../domain/values/hex.js';
import { OBJECT_TAG, fieldOf, optional, readInOrder, refuse, type Field, type Values } from './field.js';
import { HEX, hex, optUint, starkKey, tokenId, uint } from './kinds.js';
import { optText, text } from './text.js';

const VAULT_31 = 1n << 31n;
const rs = v.pipe(v.string('hex'), v.regex(HEX, 'hex'));

/** `{r, s}` as 0x hex (the SDKs' form); anything malformed fails with 34, like a wrong signature. */
export const SIGNATURE: Field<Signature> = fieldOf(
  v.pipe(
    v.looseObject({ r: rs, s: rs }, OBJECT_TAG),
    v.transform((sig): Signature => ({ r: readHex(sig.r)!, s: readHex(sig.s)! })),
  ),
  {
    // An array has no r: valibot reports the missing entry, and the message says what the value is not.
    [OBJECT_TAG]: refuse(ErrorCode.InvalidSignature, (_name, value) =>
      typeof value !== 'object' || value === null || Array.isArray(value)
        ? 'signature must be an object {"r":"0x…","s":"0x…"}'
        : 'signature.r and signature.s must be 0x hex strings',
    ),
    hex: refuse(ErrorCode.InvalidSignature, () => 'signature.r and signature.s must be 0x hex strings'),
  },
  { required: true, description: 'StarkEx ECDSA signature, 0x hex; malformed fails with 34' },
);

/**
 * `{r, s, stark_key}`: a signature that names its signer (Java's payment and batch signatures).
 * r and s are refused as SIGNATURE refuses them (34); `stark_key` as `key` refuses it.
 */
export function signatureWithKey<K>(key: Field<K>, name: string): Field<{ r: bigint; s: bigint; stark_key: K }> {
  const entries = { stark_key: key as Field<unknown> };
  return fieldOf(
    v.pipe(
      v.looseObject({ stark_key: key.json }, OBJECT_TAG),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const sig = v.safeParse(SIGNATURE.json, dataset.value);
        if (!sig.success) {
          addIssue({ message: 'sig' });
          return NEVER;
        }
        return { ...sig.output, stark_key: dataset.value.stark_key };
      }),
    ),
    {
      [OBJECT_TAG]: refuse(ErrorCode.InvalidSignature, () => `${name} must be an object {"r":"0x…","s":"0x…","stark_key":"0x…"}`),
      sig: refuse(ErrorCode.InvalidSignature, () => `${name}.r and ${name}.s must be 0x hex strings`),
    },
    { required: true, entries },
  );
}

/** expiration_timestamp in hours since the epoch (as StarkEx and every SDK send it); default: never. */
export const EXPIRATION = optUint({ below: MAX_EXPIRATION + 1n, description: 'hours since the epoch; default 4194303 (never)' });

/**
 * Order of checks (the first failure wins): stark_key (1/18), asset_id (19 missing / 6 malformed),
 * amount (2), nonce (19), vault_id, receiver, receiver_vault_id, expiration_timestamp (19),
 * signature (34); then the domain: asset known (6), NFT amount 1 (2), receiver, nonce unused (13),
 * own vaults (19), expiry (19), signature valid (34).
 */
export const SIGNED_MOVE_BODY = {
  stark_key: starkKey({ description: 'the sender' }),
  asset_id: hex({ code: ErrorCode.NoSuchAssetID, missingCode: ErrorCode.InvalidParam }),
  amount: uint({ code: ErrorCode.AmountInvalid, min: 1n, below: 1n << 63n, quantized: true, description: 'quantized' }),
  nonce: uint({ below: VAULT_31 }),
  vault_id: uint({ below: VAULT_31 }),
  receiver: text({ description: 'a stark key (transfer) or an Ethereum address (withdrawal)' }),
  receiver_vault_id: uint({ below: VAULT_31 }),
  expiration_timestamp: EXPIRATION,
  signature: SIGNATURE,
  contract_address: optional(text(), { description: 'echo, checked against asset_id' }),
  token_id: optional(tokenId(), { description: 'echo, checked against asset_id' }),
  token_url: optText({ description: 'ERC721MC (JS 0.8): the URL the token was minted with, checked against asset_id' }),
};

/** A signed move from its body, read in the declared order (the order of its checks). */
export function signedMove(body: Values<typeof SIGNED_MOVE_BODY>): SignedMoveInput {
  const b = readInOrder(body, SIGNED_MOVE_BODY);
  return {
    starkKey: b.stark_key,
    assetId: b.asset_id,
    amount: b.amount,
    nonce: b.nonce,
    vaultId: b.vault_id,
    receiver: b.receiver,
    receiverVaultId: b.receiver_vault_id,
    expiration: b.expiration_timestamp ?? MAX_EXPIRATION,
    signature: b.signature,
    contractAddress: b.contract_address,
    tokenId: b.token_id,
    ...(b.token_url !== undefined && b.token_url !== '' ? { tokenUrl: b.token_url } : {}),
  };
}
