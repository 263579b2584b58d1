// Owns the StarkEx signed-message hashes (instruction types 0-5) and Reddio's withdrawal, cancel and payment ones.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToNumberBE } from '@noble/curves/utils.js';
import { assertInRange } from './assert.js';
import { uint256 } from './asset.js';
import { BoundedCache } from './bounded-cache.js';
import { CURVE_ORDER, assertFieldElement, pedersen, pedersenRecurringLeft } from './pedersen.js';

// The first hashes of a message depend only on its tokens and receiver, which a client repeats from
// one message to the next (same asset and receiver; same market): keep them. A transfer then costs
// one Pedersen hash instead of two, an order two instead of four. Exact: a cached value is the hash.
const constantParts = new BoundedCache<string, bigint>(4096);

/** pedersen(a, b) for the inputs that repeat across messages (tokens, keys), remembered. */
function constantPart(a: bigint, b: bigint): bigint {
  const key = a.toString(16) + ',' + b.toString(16);
  let h = constantParts.get(key);
  if (h === undefined) {
    h = pedersen(a, b);
    constantParts.set(key, h);
  }
  return h;
}

// StarkEx instruction-type tags (SPOT dex_constants.cairo, signature_message_hashes.cairo).
export const INSTRUCTION_TYPES = {
  LIMIT_ORDER: 0n,
  TRANSFER: 1n,
  CONDITIONAL_TRANSFER: 2n,
  LIMIT_ORDER_WITH_FEE: 3n,
  TRANSFER_WITH_FEE: 4n,
  CONDITIONAL_TRANSFER_WITH_FEE: 5n,
} as const;

// Range bounds the reference signer and StarkEx enforce. They are tighter than the packing slots
// in the 64-bit format, and out-of-range values must be rejected, never wrapped into a slot.
const VAULT_31_BOUND = 1n << 31n;
// Rollup vaults (ROLLUP_VAULT_BIT = 2^63) are the second valid range in the 64-bit format.
const ROLLUP_VAULT_START = 1n << 63n;

type Check = (name: string, v: unknown) => void;
const below =
  (bound: bigint): Check =>
  (name, v) =>
    assertInRange(name, v, 0n, bound);
const vault31 = below(VAULT_31_BOUND);
/** 64-bit format vault ids: [0, 2^31) or the rollup range [2^63, 2^63 + 2^31). */
const vault64: Check = (name, v) =>
  typeof v === 'bigint' && v >= ROLLUP_VAULT_START
    ? assertInRange(name, v, ROLLUP_VAULT_START, ROLLUP_VAULT_START + VAULT_31_BOUND)
    : vault31(name, v);
const amount = below(1n << 63n);

/** Each field's check; the vault ids (absent here) take their format's. */
const CHECKS: Readonly<Record<string, Check>> = {
  amount,
  amountSell: amount,
  amountBuy: amount,
  feeLimit: amount,
  token: assertFieldElement,
  tokenSell: assertFieldElement,
  tokenBuy: assertFieldElement,
  feeToken: assertFieldElement,
  receiverPublicKey: assertFieldElement,
  condition: (name, v) => v === undefined || assertFieldElement(name, v),
  feeVaultId: vault64,
  nonce: below(1n << 31n),
  expirationTimestamp: below(1n << 22n),
  ethAddress: below(1n << 160n),
};

// The fields of each message, in the order they are checked.
const ORDER_FIELDS = ['vaultSell', 'vaultBuy', 'amountSell', 'amountBuy', 'tokenSell', 'tokenBuy', 'nonce', 'expirationTimestamp'] as const;
const TRANSFER_FIELDS = [
  'amount',
  'senderVaultId',
  'receiverVaultId',
  'token',
  'receiverPublicKey',
  'condition',
  'nonce',
  'expirationTimestamp',
] as const;
const FEE_FIELDS = ['feeToken', 'feeVaultId', 'feeLimit'] as const;
const WITHDRAWAL_FIELDS = ['ethAddress'] as const;

/** Bigint fields named by F, the Optional ones optional. */
type Params<F extends readonly string[], Optional extends string = never> = { [K in Exclude<F[number], Optional>]: bigint } & {
  [K in Optional]?: bigint;
};
export type LimitOrderParams = Params<typeof ORDER_FIELDS>;
export type FeeParams = Params<typeof FEE_FIELDS>;
export type LimitOrderWithFeeParams = LimitOrderParams & FeeParams;
export type TransferParams = Params<typeof TRANSFER_FIELDS, 'condition'>;
export type TransferWithFeeParams = TransferParams & FeeParams;
export type WithdrawalParams = Omit<TransferParams, 'receiverPublicKey' | 'condition'> & { ethAddress: bigint };

/** Throws unless params is an object whose `fields` pass their checks (vault ids by `vault`). */
function check(params: unknown, fields: readonly string[], vault: Check): void {
  if (typeof params !== 'object' || params === null) throw new TypeError('params must be an object');
  for (const f of fields) (CHECKS[f] ?? vault)(f, (params as Record<string, unknown>)[f]);
}

// Field widths in bits, most significant first, of the packed words (the layouts in the comments below).
// The 31-bit format's word: type(4)‖vault0(31)‖vault1(31)‖amount0(63)‖amount1(63)‖nonce(31)‖expiration(22).
const WORD_31 = [4n, 31n, 31n, 63n, 63n, 31n, 22n];
const FEE_P0 = [64n, 64n, 64n, 32n];
const ORDER_FEE_P1 = [10n, 64n, 64n, 64n, 32n, 17n];
const TRANSFER_FEE_P1 = [10n, 64n, 64n, 32n, 81n];

/** The values side by side, each in its width of `widths`, the first most significant. */
function pack(values: readonly bigint[], widths: readonly bigint[]): bigint {
  return values.reduce((acc, v, i) => (acc << widths[i]!) + v, 0n);
}

/** Type 0: H(H(tokenSell, tokenBuy), WORD_31). */
export function limitOrderMsgHash(p: LimitOrderParams): bigint {
  check(p, ORDER_FIELDS, vault31);
  const packed = pack(
    [INSTRUCTION_TYPES.LIMIT_ORDER, p.vaultSell, p.vaultBuy, p.amountSell, p.amountBuy, p.nonce, p.expirationTimestamp],
    WORD_31,
  );
  return pedersenRecurringLeft(constantPart(p.tokenSell, p.tokenBuy), packed);
}

/**
 * Type 1: H(H(token, receiverPublicKey), WORD_31), or type 2 when `condition` is given:
 * H(H(H(token, receiverPublicKey), condition), WORD_31).
 */
export function transferMsgHash(p: TransferParams): bigint {
  check(p, TRANSFER_FIELDS, vault31);
  const type = p.condition !== undefined ? INSTRUCTION_TYPES.CONDITIONAL_TRANSFER : INSTRUCTION_TYPES.TRANSFER;
  const w = constantPart(p.token, p.receiverPublicKey);
  const packed = pack([type, p.senderVaultId, p.receiverVaultId, p.amount, 0n, p.nonce, p.expirationTimestamp], WORD_31);
  // A condition (a fact hash) is new in each message: then w is too.
  return p.condition !== undefined ? pedersen(pedersen(w, p.condition), packed) : pedersenRecurringLeft(w, packed);
}

/**
 * Type 3 (64-bit format):
 * w1 = H(H(tokenSell, tokenBuy), feeToken)
 * p0 = amountSell(64)‖amountBuy(64)‖feeLimit(64)‖nonce(32)
 * p1 = 3(10)‖feeVaultId(64)‖vaultSell(64)‖vaultBuy(64)‖expiration(32)‖0(17)
 * msg = H(H(w1, p0), p1)
 */
export function limitOrderWithFeeMsgHash(p: LimitOrderWithFeeParams): bigint {
  check(p, ORDER_FIELDS, vault64);
  check(p, FEE_FIELDS, vault64);
  const w1 = constantPart(constantPart(p.tokenSell, p.tokenBuy), p.feeToken);
  const p0 = pack([p.amountSell, p.amountBuy, p.feeLimit, p.nonce], FEE_P0);
  const p1 = pack([INSTRUCTION_TYPES.LIMIT_ORDER_WITH_FEE, p.feeVaultId, p.vaultSell, p.vaultBuy, p.expirationTimestamp, 0n], ORDER_FEE_P1);
  return pedersen(pedersenRecurringLeft(w1, p0), p1);
}

/**
 * Type 4, or type 5 when `condition` is given (64-bit format):
 * w1 = H(H(token, feeToken), receiverPublicKey), then w1 = H(w1, condition) if conditional
 * p0 = senderVaultId(64)‖receiverVaultId(64)‖feeVaultId(64)‖nonce(32)
 * p1 = type(10)‖amount(64)‖feeLimit(64)‖expiration(32)‖0(81)
 * msg = H(H(w1, p0), p1)
 */
export function transferWithFeeMsgHash(p: TransferWithFeeParams): bigint {
  check(p, TRANSFER_FIELDS, vault64);
  check(p, FEE_FIELDS, vault64);
  const type = p.condition !== undefined ? INSTRUCTION_TYPES.CONDITIONAL_TRANSFER_WITH_FEE : INSTRUCTION_TYPES.TRANSFER_WITH_FEE;
  const w1 = constantPart(constantPart(p.token, p.feeToken), p.receiverPublicKey);
  const p0 = pack([p.senderVaultId, p.receiverVaultId, p.feeVaultId, p.nonce], FEE_P0);
  const p1 = pack([type, p.amount, p.feeLimit, p.expirationTimestamp, 0n], TRANSFER_FEE_P1);
  const h0 = p.condition === undefined ? pedersenRecurringLeft(w1, p0) : pedersen(pedersen(w1, p.condition), p0);
  return pedersen(h0, p1);
}

/**
 * Reddio withdrawal-to-address (/v1/withdrawalto): a type-1 transfer whose receiver public key is
 * the receiver's L1 ETH address read as an integer.
 */
export function withdrawalMsgHash(params: WithdrawalParams): bigint {
  check(params, WITHDRAWAL_FIELDS, vault31);
  return transferMsgHash({
    amount: params.amount,
    nonce: params.nonce,
    senderVaultId: params.senderVaultId,
    token: params.token,
    receiverVaultId: params.receiverVaultId,
    receiverPublicKey: params.ethAddress,
    expirationTimestamp: params.expirationTimestamp,
  });
}

/** Reddio cancel-order message: H(orderId, 0), the single-element StarkWare Pedersen of the id. */
export function cancelOrderMsgHash(orderId: bigint): bigint {
  assertFieldElement('orderId', orderId);
  return pedersen(orderId, 0n);
}

/**
 * The hash of Reddio's order `payment` object (Java SDK PaymentSHA3.java): keccak256(utf8(orderId) ‖
 * utf8(state) ‖ uint256(nonce)) mod n. Signing uses state "" (PaymentSign.java), with ordinary STARK ECDSA.
 */
export function paymentMsgHash(orderId: string, state: string, nonce: bigint): bigint {
  if (typeof orderId !== 'string' || typeof state !== 'string') throw new TypeError('orderId and state must be strings');
  assertInRange('nonce', nonce, 0n, 1n << 256n);
  const digest = keccak_256(concatBytes(utf8ToBytes(orderId), utf8ToBytes(state), uint256(nonce)));
  return bytesToNumberBE(digest) % CURVE_ORDER;
}
