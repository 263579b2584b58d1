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

/** Adds to `owner`'s available balance; for an NFT the owner becomes its holder. */
export function credit(state: State, owner: string, asset: Asset, amount: bigint): void {
  if (amount <= 0n) throw new RangeError(`credit amount must be positive, got ${amount}`);
  mutableBalance(state, owner, asset.hex, 'available').available += amount;
  if (asset.tokenId !== null) setHolder(state, asset, owner);
  holdingChanged(state, owner, asset.hex);
}

/** Removes from `owner`'s available balance. Callers check sufficiency first (validate, then apply). */
export function debit(state: State, owner: string, asset: Asset, amount: bigint): void {
  const b = mutableBalance(state, owner, asset.hex, 'available');
  if (b.available < amount) throw new RangeError(`debit of ${amount} exceeds available ${b.available}`);
  b.available -= amount;
  if (asset.tokenId !== null && b.available === 0n && b.frozen === 0n) setHolder(state, asset, null);
  holdingChanged(state, owner, asset.hex);
}

export function freeze(state: State, owner: string, asset: Asset, amount: bigint): void {
  const b = mutableBalance(state, owner, asset.hex, 'both');
  if (b.available < amount) throw new RangeError(`freeze of ${amount} exceeds available ${b.available}`);
  b.available -= amount;
  b.frozen += amount;
  holdingChanged(state, owner, asset.hex);
}

/** Removes frozen funds that leave the account (the buyer's payment, the seller's sold token). */
export function spendFrozen(state: State, owner: string, asset: Asset, amount: bigint): void {
  const b = mutableBalance(state, owner, asset.hex, 'frozen');
  if (b.frozen < amount) throw new RangeError(`spend of ${amount} exceeds frozen ${b.frozen}`);
  b.frozen -= amount;
  if (asset.tokenId !== null && b.available === 0n && b.frozen === 0n) setHolder(state, asset, null);
  holdingChanged(state, owner, asset.hex);
}

export function unfreeze(state: State, owner: string, asset: Asset, amount: bigint): void {
  const b = mutableBalance(state, owner, asset.hex, 'both');
  if (b.frozen < amount) throw new RangeError(`unfreeze of ${amount} exceeds frozen ${b.frozen}`);
  b.frozen -= amount;
  b.available += amount;
  holdingChanged(state, owner, asset.hex);
}

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
