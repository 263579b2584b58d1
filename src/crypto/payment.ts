// Owns the payment message hash of Reddio's order `payment` object (Java SDK sign/PaymentSHA3.java).
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { assertInRange } from './assert.js';
import { uint256 } from './asset.js';
import { CURVE_ORDER } from './pedersen.js';

const UINT256_BOUND = 1n << 256n;

/**
 * keccak256(utf8(orderId) ‖ utf8(state) ‖ uint256(nonce)) mod the Stark curve order. Signing uses
 * state "" (PaymentSign.java); the signature is ordinary STARK ECDSA over this hash.
 */
export function paymentMsgHash(orderId: string, state: string, nonce: bigint): bigint {
  if (typeof orderId !== 'string' || typeof state !== 'string') throw new TypeError('orderId and state must be strings');
  assertInRange('nonce', nonce, 0n, UINT256_BOUND);
  const digest = keccak_256(concatBytes(utf8ToBytes(orderId), utf8ToBytes(state), uint256(nonce)));
  return bytesToNumberBE(digest) % CURVE_ORDER;
}
