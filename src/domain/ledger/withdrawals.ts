// Withdrawals to an Ethereum address: funds leave L2 at submission, wait in the withdraw area at L1 acceptance, leave it on claim.
import * as v from 'valibot';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { isEthAddressText, readHex, toPaddedHex } from '../values/hex.js';
import { debit, setHolder } from './ledger.js';
import { displayAmount } from '../values/money.js';
import type { SignatureCheck } from './signed.js';
import { type LedgerRecord, RECORD_TYPES, type State, TOKEN_TYPE } from '../state/state.js';
import { CONTRACT_ADDRESS, TOKEN_ID, display, exactInt, hex, int, text } from '../values/wire.js';
import { type MoveKind, type SignedMoveInput, submitSignedMove } from './signed-moves.js';
import { TrackedMap } from '../state/undo.js';
import { holdingChanged } from './holdings.js';
import { getOrSet } from '../values/maps.js';

/** An Ethereum address, normalized to 40 lowercase hex digits; 19 otherwise. */
export function parseEthAddress(text: string | undefined, field: string): string {
  if (text === undefined || text === '') fail(ErrorCode.InvalidParam, `${field} is required`);
  if (!isEthAddressText(text))
    fail(ErrorCode.InvalidParam, `${field} must be an Ethereum address (0x hex of at most 40 digits), got "${echo(text)}"`);
  return toPaddedHex(readHex(text)!, 20);
}

const WITHDRAWAL: MoveKind = {
  recordType: RECORD_TYPES.withdrawal,
  listForReceiver: false,
  parseReceiver: (text) => parseEthAddress(text, 'receiver'),
  settle: (state, input, asset, receiver) => {
    debit(state, input.starkKey, asset, input.amount);
    moveWithdrawing(state, input.starkKey, asset.hex, input.amount);
    // In flight to L1: an NFT's holder is its receiving address from now on.
    if (asset.tokenId !== null) setHolder(state, asset, receiver);
  },
};

/** Funds leave the sender at submission; they reach the withdraw area when the record reaches 6. */
export function submitWithdrawal(state: State, input: SignedMoveInput, check: SignatureCheck): number {
  return submitSignedMove(state, WITHDRAWAL, input, check);
}

/** Adds `delta` to `maps[key][assetHex]`; an entry at 0 and an emptied map go. */
function addTo(state: State, maps: Map<string, Map<string, bigint>>, key: string, assetHex: string, delta: bigint): void {
  const m = getOrSet(maps, key, () => TrackedMap.create(state.undo));
  const next = (m.get(assetHex) ?? 0n) + delta;
  if (next === 0n) m.delete(assetHex);
  else m.set(assetHex, next);
  if (m.size === 0) maps.delete(key);
}

/** Keeps `state.withdrawing` (what a key has in flight to L1, per asset) in step. */
export function moveWithdrawing(state: State, owner: string, assetHex: string, delta: bigint): void {
  addTo(state, state.withdrawing, owner, assetHex, delta);
  holdingChanged(state, owner, assetHex);
}

/** A withdrawal accepted on L1: its amount becomes claimable by the receiving address. */
export function enterWithdrawArea(state: State, record: LedgerRecord): void {
  moveWithdrawing(state, record.starkKey, record.assetHex, -record.amount);
  addTo(state, state.withdrawArea, record.to!, record.assetHex, record.amount);
  // Copied, not appended in place: the tracked map's step restores the list it replaced.
  const key = areaKey(record.to!, record.assetHex);
  state.withdrawAreaRecords.set(key, [...(state.withdrawAreaRecords.get(key) ?? []), record.sequenceId]);
}

const areaKey = (address: string, assetHex: string): string => `${address}|${assetHex}`;

/**
 * The L1 claim: takes `paid` (what L1 paid out, when known) or else all of one asset out of an
 * address's withdraw area. Returns the amount claimed. A claim never takes more than the area holds.
 */
export function claimWithdrawal(state: State, address: string, assetHex: string, paid?: bigint): bigint {
  const held = state.withdrawArea.get(address)?.get(assetHex) ?? 0n;
  if (held === 0n) fail(ErrorCode.InvalidParam, `nothing of asset ${assetHex} is waiting in the withdraw area of ${address}`);
  const amount = paid !== undefined && paid > 0n && paid < held ? paid : held;
  addTo(state, state.withdrawArea, address, assetHex, -amount);
  claimRecords(state, areaKey(address, assetHex), amount, held);
  state.claimed.set(assetHex, (state.claimed.get(assetHex) ?? 0n) + amount);
  const asset = state.assets.get(assetHex)!;
  if (asset.tokenId !== null) setHolder(state, asset, null);
  return amount;
}

/**
 * The withdrawals a claim of `amount` out of `held` pays: the newest first (L1 credits what reached
 * it latest; older ones may predate the bridge). When they do not add up to it, the list is dropped
 * (shown as unknown) rather than left naming amounts the area no longer holds.
 */
function claimRecords(state: State, key: string, amount: bigint, held: bigint): void {
  const ids = state.withdrawAreaRecords.get(key);
  if (amount === held || ids === undefined) return void state.withdrawAreaRecords.delete(key);
  const left = [...ids];
  let rest = amount;
  while (rest > 0n && left.length > 0 && state.records.get(left.at(-1)!)!.amount <= rest) rest -= state.records.get(left.pop()!)!.amount;
  if (rest === 0n) state.withdrawAreaRecords.set(key, left);
  else state.withdrawAreaRecords.delete(key);
}

/** GET /v1/withdrawal/status: one entry per asset an Ethereum address can claim on L1. */
export const WITHDRAW_AREA_ENTRY = v.pipe(
  v.strictObject({
    contract_address: CONTRACT_ADDRESS,
    asset_id: hex('StarkEx asset id'),
    token_id: TOKEN_ID,
    type: TOKEN_TYPE,
    asset_type: hex('StarkEx asset type of the contract'),
    display_value: display('amount in whole tokens'),
    symbol: text(),
    amount: exactInt('quantized units waiting to be claimed'),
    token_uri: v.pipe(
      v.nullable(v.string()),
      v.description('ERC721MC: the URL the token was minted with (withdrawAndMint needs it); null otherwise'),
    ),
    sequence_ids: v.pipe(
      v.array(v.nullable(int('sequence id'))),
      v.description(
        'the withdrawals whose amounts wait here, in the order they arrived; [null] when unknown (a state loaded from a dump that did not keep them)',
      ),
    ),
  }),
  v.title('WithdrawAreaEntry'),
);
export type WithdrawAreaEntry = v.InferOutput<typeof WITHDRAW_AREA_ENTRY>;

/** `GET /v1/withdrawal/status?stage=withdrawarea`: what an address can claim on L1, per asset. */
export function withdrawAreaView(state: State, address: string): WithdrawAreaEntry[] {
  return [...(state.withdrawArea.get(address) ?? [])].map(([hex, amount]) => {
    const asset = state.assets.get(hex)!;
    const contract = state.contracts.get(asset.contractKey)!;
    return {
      contract_address: contract.address,
      asset_id: hex,
      token_id: asset.tokenId === null ? '' : asset.tokenId.toString(),
      type: contract.type,
      asset_type: '0x' + contract.assetType.toString(16),
      display_value: displayAmount(amount, contract.quantum, contract.decimals),
      symbol: contract.symbol,
      amount,
      token_uri: asset.uri,
      sequence_ids: state.withdrawAreaRecords.get(areaKey(address, hex)) ?? [null],
    };
  });
}
