// Accounts are stark keys; an account exists once anything is credited to it.
import { isOnCurveX } from '../../crypto/keys.js';
import { FIELD_PRIME } from '../../crypto/pedersen.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { isEthAddressText, readHex, toHex, toPaddedHex } from '../values/hex.js';
import type { Account, State } from '../state/state.js';
import { TrackedMap, TrackedSet } from '../state/undo.js';

/** Whether a value is a stark key: an x coordinate on the Stark curve, inside the field. */
export function isStarkKeyValue(v: bigint): boolean {
  return v > 0n && v < FIELD_PRIME && isOnCurveX(v);
}

/** Validates a stark key's text: 0x hex (any case/padding) that is an x coordinate on the Stark curve. */
export function parseStarkKey(text: string | undefined, field = 'stark_key'): string {
  if (text === undefined || text === '') fail(ErrorCode.StarkKeyMissing, `${field} is required`);
  const v = readHex(text);
  if (v === undefined) fail(ErrorCode.StarkKeyInvalid, `${field} must be 0x-prefixed hex, got "${echo(text)}"`);
  if (!isStarkKeyValue(v)) fail(ErrorCode.StarkKeyInvalid, `${field} ${echo(text)} is not a point on the Stark curve`);
  return toHex(v);
}

/**
 * A balance owner: a stark key, or (for withdrawal receivers) an Ethereum address of exactly
 * 40 hex digits. Returned normalized: stark keys unpadded, addresses padded lowercase.
 */
export function parseOwner(text: string, field = 'stark_keys'): string {
  if (isEthAddressText(text)) return toPaddedHex(readHex(text)!, 20);
  return parseStarkKey(text, field);
}

export function ensureAccount(state: State, key: string): Account {
  let a = state.accounts.get(key);
  if (!a) {
    a = { key, balances: TrackedMap.create(state.undo), usedNonces: TrackedSet.create(state.undo), maxNonce: -1n, records: [] };
    state.accounts.set(key, a);
  }
  return a;
}

/** The nonce a client should sign with next: one more than the highest used (0 for a new key). */
export function nextNonce(state: State, key: string): bigint {
  const a = state.accounts.get(key);
  return a ? a.maxNonce + 1n : 0n;
}
