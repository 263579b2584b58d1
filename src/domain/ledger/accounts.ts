// Accounts are stark keys; an account exists once anything is credited to it.
import { BoundedCache } from '../../crypto/bounded-cache.js';
import { isOnCurveX } from '../../crypto/keys.js';
import { FIELD_PRIME } from '../../crypto/pedersen.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { isEthAddressText, readHex, toHex, toPaddedHex } from '../values/hex.js';
import type { Account, State } from '../state/state.js';
import { TrackedMap, TrackedSet } from '../state/undo.js';
import { getOrSet } from '../values/maps.js';

/** Whether a value is a stark key: an x coordinate on the Stark curve, inside the field. */
export function isStarkKeyValue(v: bigint): boolean {
  return v > 0n && v < FIELD_PRIME && isOnCurveX(v);
}

/** How an Ethereum address is written: `0x` + exactly 40 hex digits (a stark key below 2^160 is one in 2^90, never a real one). */
export const ETH_ADDRESS_FORM = /^0[xX][0-9a-fA-F]{40}$/;

/** The refusal of an Ethereum address where a stark key goes, with where a stark key comes from. */
export function ethAddressGiven(field: string, text: string): string {
  return `${field} ${echo(text)} is an Ethereum address (0x + 40 hex digits), not a stark key: a stark key is the x coordinate of the StarkEx public key (up to 64 hex digits), derived from the account's Stark private key (the SDKs' getStarkKeys; GET /_devnet/accounts lists the genesis ones)`;
}

/** Stark key texts accepted lately, in their normal form: a client names the same few keys request after request. */
const acceptedKeys = new BoundedCache<string, string>(1024);

/** Validates a stark key's text: 0x hex (any case/padding) that is an x coordinate on the Stark curve. */
export function parseStarkKey(text: string | undefined, field = 'stark_key'): string {
  const known = text === undefined ? undefined : acceptedKeys.get(text);
  if (known !== undefined) return known;
  if (text === undefined || text === '') fail(ErrorCode.StarkKeyMissing, `${field} is required`);
  const v = readHex(text);
  if (v === undefined) fail(ErrorCode.StarkKeyInvalid, `${field} must be 0x-prefixed hex, got "${echo(text)}"`);
  if (ETH_ADDRESS_FORM.test(text)) fail(ErrorCode.StarkKeyInvalid, ethAddressGiven(field, text));
  if (!isStarkKeyValue(v)) fail(ErrorCode.StarkKeyInvalid, `${field} ${echo(text)} is not a point on the Stark curve`);
  const key = toHex(v);
  acceptedKeys.set(text, key);
  return key;
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
  return getOrSet(state.accounts, key, () => ({
    key,
    balances: TrackedMap.create(state.undo),
    usedNonces: TrackedSet.create(state.undo),
    maxNonce: -1n,
    records: [],
  }));
}

/** The nonce a client should sign with next: one more than the highest used (0 for a new key). */
export function nextNonce(state: State, key: string): bigint {
  const a = state.accounts.get(key);
  return a ? a.maxNonce + 1n : 0n;
}
