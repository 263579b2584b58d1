// Batch and multi transfers (Java SDK): several signed transfers in one command, every one checked
// before any is applied, then all applied or (when one cannot be paid) all failed asynchronously.
import { contractOf, requireAsset } from '../catalog/assets.js';
import { DevnetError, ErrorCode, fail } from '../values/errors.js';
import { balanceOf } from './ledger.js';
import { indexSignature, signatureKey } from './records.js';
import { checkNonceUnused, type Signature, type SignatureCheck, useNonce } from './signed.js';
import { applySignedMove, type CheckedMove, checkSignedMove, overflow, shortfall, type SignedMoveInput, TRANSFER } from './signed-moves.js';
import type { State } from '../state/state.js';

/** At most this many transfers in one batch (as mints take at most 100 tokens). */
export const MAX_BATCH = 100;

/** A batch item as Java's BatchTransferItem sends it: `amount` in display units (it signs the quantized amount). */
export interface BatchItemInput extends Omit<SignedMoveInput, 'amount'> {
  amountText: string;
}

/** `POST /v1/batchtransfer`: one sender, its items, and a sender-level nonce and signature. */
export interface BatchTransferInput {
  starkKey: string;
  nonce: bigint;
  /** The outer signature (its hash is not checked: every item carries its own verified signature). */
  signature: Signature;
  /** `signature.stark_key` (Java sends the sender's key there): must be the sender when present. */
  signer?: string | undefined;
  items: BatchItemInput[];
  /** Java documents it as the sequence id of an earlier base-token transfer; accepted, not interpreted. */
  baseTokenTransferSeqId?: bigint | undefined;
}

/** `POST /v1/multitransfer`: ordinary signed transfers of any senders; the outer signature is the first one's. */
export interface MultiTransferInput {
  signature: Signature;
  items: SignedMoveInput[];
}

/** Runs `step` for item `i`, prefixing its refusal with the item's place in the list. */
function atItem<T>(i: number, step: () => T): T {
  try {
    return step();
  } catch (e) {
    if (e instanceof DevnetError) throw new DevnetError(e.code, `transfers[${i}]: ${e.message}`);
    throw e;
  }
}

function checkCount(n: number): void {
  if (n === 0 || n > MAX_BATCH) fail(ErrorCode.InvalidParam, `transfers must list 1 to ${MAX_BATCH} transfers, got ${n}`);
}

/** A display amount ("0.001", "1") in the asset's quantized units; 2 when it is not a whole number of quanta or not positive. */
function quantize(state: State, item: BatchItemInput): bigint {
  const asset = requireAsset(state, item.assetId);
  const contract = contractOf(state, asset);
  const m = /^(\d+)(?:\.(\d+))?$/.exec(item.amountText);
  if (!m) fail(ErrorCode.AmountInvalid, `amount must be a positive decimal, got "${item.amountText}"`);
  const frac = (m[2] ?? '').replace(/0+$/, '');
  const scaled = BigInt(m[1]! + frac) * 10n ** BigInt(contract.decimals);
  const den = 10n ** BigInt(frac.length) * contract.quantum;
  if (scaled % den !== 0n)
    fail(
      ErrorCode.AmountInvalid,
      `amount "${item.amountText}" is not a whole number of ${contract.symbol} quanta (quantum ${contract.quantum}, ${contract.decimals} decimals)`,
    );
  const amount = scaled / den;
  if (amount <= 0n || amount >= 1n << 63n)
    fail(ErrorCode.AmountInvalid, `amount must be positive and below 2^63 quantized units, got "${item.amountText}"`);
  return amount;
}

/**
 * The first transfer that cannot be paid when the moves run in list order (each seeing the earlier
 * ones: B->A may spend what A->B brought), or null. Changes nothing.
 */
function firstShortfall(state: State, moves: Array<{ input: SignedMoveInput; checked: CheckedMove }>): string | null {
  const delta = new Map<string, bigint>();
  const key = (owner: string, hex: string) => `${owner}|${hex}`;
  for (const [i, { input, checked }] of moves.entries()) {
    const hex = checked.asset.hex;
    const from = key(input.starkKey, hex);
    const to = key(checked.receiver, hex);
    const have = balanceOf(state, input.starkKey, hex).available + (delta.get(from) ?? 0n);
    const why =
      shortfall(input.starkKey, checked.asset, input.amount, have) ??
      overflow(state, checked.receiver, checked.asset, input.amount, delta.get(to) ?? 0n);
    if (why !== null) return `transfers[${i}]: ${why}`;
    delta.set(from, (delta.get(from) ?? 0n) - input.amount);
    delta.set(to, (delta.get(to) ?? 0n) + input.amount);
  }
  return null;
}

/** Applies checked moves: all of them, or (one cannot be paid) every record at status 2 and nothing moved. */
function applyAll(state: State, moves: Array<{ input: SignedMoveInput; checked: CheckedMove }>, outer: Signature): number {
  const reason = firstShortfall(state, moves);
  const ids = moves.map(({ input, checked }) => applySignedMove(state, TRANSFER, input, checked, reason));
  const outerKey = signatureKey(outer.r, outer.s);
  // The outer signature finds every record of the batch (multitransfer's is the first item's, already indexed for it).
  for (const id of ids) if (!state.signatures.get(outerKey)?.includes(id)) indexSignature(state, outerKey, id);
  return ids[0]!;
}

/**
 * `POST /v1/batchtransfer`. Order of checks: the count (19); every item, in order: its sender is the
 * batch's (19), asset (6), amount in display units (2), then the checks of a single transfer; every
 * nonce named (the batch's and the items', which Java makes equal) unused (13). Then one transfer
 * record per item, consecutive sequence ids; the answer is the first.
 */
export function submitBatchTransfer(state: State, input: BatchTransferInput, check: SignatureCheck): number {
  checkCount(input.items.length);
  if (input.signer !== undefined && input.signer !== input.starkKey)
    fail(ErrorCode.InvalidSignature, `signature.stark_key ${input.signer} is not the batch's sender ${input.starkKey}`);
  checkNonceUnused(state, input.starkKey, input.nonce, ErrorCode.DuplicateTransactionError);
  const moves = input.items.map((item, i) =>
    atItem(i, () => {
      if (item.starkKey !== input.starkKey)
        fail(ErrorCode.InvalidParam, `stark_key ${item.starkKey} is not the batch's sender ${input.starkKey}`);
      const move: SignedMoveInput = { ...item, amount: quantize(state, item) };
      checkNonceUnused(state, move.starkKey, move.nonce, ErrorCode.DuplicateTransactionError);
      return { input: move, checked: checkSignedMove(state, TRANSFER, move, check, true) };
    }),
  );
  const id = applyAll(state, moves, input.signature);
  // The batch's own nonce is spent too (nothing more when it is the items' shared nonce).
  useNonce(state, input.starkKey, input.nonce);
  return id;
}

/**
 * `POST /v1/multitransfer`. Order of checks: the count (19), the outer signature is the first
 * transfer's (34, as the Java SDK copies it); every item, in order: the checks of a single transfer,
 * and no (sender, nonce) twice in the list (13). Then as batchtransfer.
 */
export function submitMultiTransfer(state: State, input: MultiTransferInput, check: SignatureCheck): number {
  checkCount(input.items.length);
  const first = input.items[0]!.signature;
  if (first.r !== input.signature.r || first.s !== input.signature.s)
    fail(ErrorCode.InvalidSignature, "signature must be the first transfer's signature (transfers[0].signature), as the Java SDK sends it");
  const seen = new Set<string>();
  const moves = input.items.map((item, i) =>
    atItem(i, () => {
      const nonceKey = `${item.starkKey}|${item.nonce}`;
      if (seen.has(nonceKey))
        fail(ErrorCode.DuplicateTransactionError, `nonce ${item.nonce} of ${item.starkKey} is used by an earlier transfer of this list`);
      seen.add(nonceKey);
      return { input: item, checked: checkSignedMove(state, TRANSFER, item, check) };
    }),
  );
  return applyAll(state, moves, input.signature);
}
