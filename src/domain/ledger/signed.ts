// Checks shared by every signed command: nonce, own vaults, expiration, signature.
import { fail, ErrorCode } from '../values/errors.js';
import { unixHours } from '../state/clock.js';
import { toHex } from '../values/hex.js';
import type { State } from '../state/state.js';
import { findVault } from './vaults.js';
import { touchField } from '../state/undo.js';

export interface Signature {
  r: bigint;
  s: bigint;
}

/**
 * Verifies a signature over the message hash by x-only `starkKey`. The hash comes as a function: the
 * check computes it only if it needs it, so `skip` mode (load tests) passes everything without hashing.
 */
export type SignatureCheck = (hash: () => bigint, signature: Signature, starkKey: bigint) => boolean;

/** StarkEx's "never expires" value, which every SDK sends. */
export const MAX_EXPIRATION = (1n << 22n) - 1n;

/** Each (stark key, nonce) is usable once (docs/behaviour.md). */
export function checkNonceUnused(
  state: State,
  starkKey: string,
  nonce: bigint,
  code: typeof ErrorCode.DuplicateTransactionError | typeof ErrorCode.DuplicateOrderInfoError,
): void {
  if (state.accounts.get(starkKey)?.usedNonces.has(nonce))
    fail(code, `nonce ${nonce} of ${starkKey} was already used; ask /v1/nonce for the next one`);
}

export function useNonce(state: State, starkKey: string, nonce: bigint): void {
  const account = state.accounts.get(starkKey)!;
  account.usedNonces.add(nonce);
  if (nonce > account.maxNonce) {
    touchField(state.undo, account, 'maxNonce');
    account.maxNonce = nonce;
  }
}

/** The vault a signed command names must be the one allocated to (owner, asset). */
export function checkVault(state: State, owner: string, assetHex: string, vaultId: bigint, field: string): void {
  const expected = findVault(state, owner, assetHex);
  if (expected === undefined)
    fail(ErrorCode.InvalidParam, `${field} ${vaultId}: ${owner} has no vault for asset ${assetHex}; get one from /v1/vaults`);
  if (expected !== vaultId)
    fail(ErrorCode.InvalidParam, `${field} ${vaultId} is not the vault of ${owner} for asset ${assetHex} (that is ${expected})`);
}

/** Expiration counts hours since the epoch; the command must still be valid at the emulator's now. */
export function checkNotExpired(state: State, expiration: bigint): void {
  const nowHours = unixHours(state.clock.nowMicros);
  if (expiration <= nowHours)
    fail(ErrorCode.InvalidParam, `expiration_timestamp ${expiration} (hours since epoch) has passed; emulator time is hour ${nowHours}`);
}

/** `messageHash` runs at most once, and only when the check (or the refusal's message) needs it. */
export function checkSignature(
  check: SignatureCheck,
  messageHash: () => bigint,
  signature: Signature,
  starkKey: string,
  signed: Record<string, bigint | string>,
): void {
  let hash: bigint | undefined;
  const once = (): bigint => (hash ??= messageHash());
  if (!check(once, signature, BigInt(starkKey))) {
    const fields = Object.entries(signed)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    fail(
      ErrorCode.InvalidSignature,
      `signature does not verify for stark_key ${starkKey} over message hash ${toHex(once())} of ${fields}; ` +
        'a common cause: a private key given with its 0x to a signer that strips it (or reads it as decimal), so it signed with another key',
    );
  }
}
