// Balances: the only code that moves amounts between available, frozen and owners.
import { ensureAccount } from './accounts.js';
import type { Asset, Balance, State } from '../state/state.js';
import { touch, touchField } from '../state/undo.js';
import { nftHolderChanged } from '../catalog/nfts.js';
import { holdingChanged } from './holdings.js';

/** StarkEx amounts and balances are below 2^63. */
export const MAX_BALANCE = (1n << 63n) - 1n;

const ZERO: Balance = Object.freeze({ available: 0n, frozen: 0n }) as Balance;

export function balanceOf(state: State, owner: string, assetHex: string): Balance {
  return state.accounts.get(owner)?.balances.get(assetHex) ?? ZERO;
}

/** The balance to change; the fields it names are saved for undo first (a new balance is undone whole). */
function mutableBalance(state: State, owner: string, assetHex: string, change: 'available' | 'frozen' | 'both'): Balance {
  const account = ensureAccount(state, owner);
  let b = account.balances.get(assetHex);
  if (b) {
    if (change === 'both') touch(state.undo, b);
    else touchField(state.undo, b, change);
  } else {
    b = { available: 0n, frozen: 0n };
    account.balances.set(assetHex, b);
  }
  return b;
}

/**
 * The one balance move: available and frozen change by the deltas and neither may go below 0 (callers
 * check first: validate, then apply). An NFT is held by its owner while any of it is, else by nobody.
 */
function adjust(state: State, owner: string, asset: Asset, available: bigint, frozen: bigint, what: string): void {
  const b = mutableBalance(state, owner, asset.hex, frozen === 0n ? 'available' : available === 0n ? 'frozen' : 'both');
  if (b.available + available < 0n || b.frozen + frozen < 0n)
    throw new RangeError(`${what} exceeds the balance (available ${b.available}, frozen ${b.frozen})`);
  b.available += available;
  b.frozen += frozen;
  if (asset.tokenId !== null) setHolder(state, asset, b.available === 0n && b.frozen === 0n ? null : owner);
  holdingChanged(state, owner, asset.hex);
}

/** Adds to `owner`'s available balance. */
export function credit(state: State, owner: string, asset: Asset, amount: bigint): void {
  if (amount <= 0n) throw new RangeError(`credit amount must be positive, got ${amount}`);
  adjust(state, owner, asset, amount, 0n, 'credit');
}

export const debit = (state: State, owner: string, asset: Asset, amount: bigint) => adjust(state, owner, asset, -amount, 0n, 'debit');
export const freeze = (state: State, owner: string, asset: Asset, amount: bigint) => adjust(state, owner, asset, -amount, amount, 'freeze');
export const unfreeze = (state: State, owner: string, asset: Asset, amount: bigint) =>
  adjust(state, owner, asset, amount, -amount, 'unfreeze');
/** Removes frozen funds that leave the account (the buyer's payment, the seller's sold token). */
export const spendFrozen = (state: State, owner: string, asset: Asset, amount: bigint) => adjust(state, owner, asset, 0n, -amount, 'spend');

/** The one place an NFT's holder changes (so the change can be undone). */
export function setHolder(state: State, asset: Asset, holder: string | null): void {
  if (asset.holder === holder) return;
  touch(state.undo, asset);
  asset.holder = holder;
  nftHolderChanged(state, asset);
}

/** Records that `amount` of an asset entered L2 (deposit, mint); negative when one is reverted. */
export function recordIssue(state: State, assetHex: string, amount: bigint): void {
  state.issued.set(assetHex, (state.issued.get(assetHex) ?? 0n) + amount);
}
