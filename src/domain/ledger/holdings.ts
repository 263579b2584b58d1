// A key's holdings in balance-list order: contracts ETH, ERC20s, NFT contracts (each by key), tokens
// by id. Keys with many balance entries keep them sorted as balances move (an undo step per change);
// the others are sorted as they are read. Either way a listing builds the rows of its page only.
import { SortedList } from '../state/sorted-list.js';
import { type Account, type Asset, type Balance, type Contract, ETH_KEY, type Holdings, type State } from '../state/state.js';
import { contractOf } from '../catalog/assets.js';

/** Keys with at most this many balance entries keep no sorted holdings (sorting them on a read is cheap). */
export const HOLDINGS_FROM = 32;

export interface Holding {
  contract: Contract;
  asset: Asset;
  balance: Balance;
  /** Withdrawn, not on L1 yet. */
  withdrawing: bigint;
}

function rank(c: Contract): number {
  return c.key === ETH_KEY ? 0 : c.type === 'ERC20' ? 1 : 2;
}

const byContract = (a: Contract, b: Contract): number => rank(a) - rank(b) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
const byToken = (a: Asset, b: Asset): number =>
  (a.tokenId ?? 0n) < (b.tokenId ?? 0n) ? -1 : (a.tokenId ?? 0n) > (b.tokenId ?? 0n) ? 1 : 0;

/** What `owner` has withdrawn of `assetHex` that has not reached L1 yet. */
export function withdrawingOf(state: State, owner: string, assetHex: string): bigint {
  return state.withdrawing.get(owner)?.get(assetHex) ?? 0n;
}

/** Listed: an available or frozen balance, or an amount withdrawn that has not reached L1. */
function isListed(state: State, account: Account, assetHex: string): boolean {
  const b = account.balances.get(assetHex);
  return b !== undefined && (b.available !== 0n || b.frozen !== 0n || withdrawingOf(state, account.key, assetHex) !== 0n);
}

function add(h: Holdings, contract: Contract, asset: Asset): void {
  let tokens = h.byContract.get(contract.key);
  if (!tokens) {
    h.byContract.set(contract.key, (tokens = new SortedList(byToken)));
    h.contracts.add(contract);
  }
  tokens.add(asset);
}

function remove(h: Holdings, contract: Contract, asset: Asset): void {
  const tokens = h.byContract.get(contract.key)!;
  tokens.delete(asset);
  if (tokens.size === 0) {
    h.byContract.delete(contract.key);
    h.contracts.delete(contract);
  }
}

function build(state: State, account: Account): Holdings {
  const h: Holdings = { contracts: new SortedList(byContract), byContract: new Map() };
  for (const hex of account.balances.keys()) {
    if (!isListed(state, account, hex)) continue;
    const asset = state.assets.get(hex)!;
    add(h, contractOf(state, asset), asset);
  }
  return h;
}

/** Called after `owner`'s balance or amount in flight of `assetHex` changed: keeps its sorted holdings in step. */
export function holdingChanged(state: State, owner: string, assetHex: string): void {
  const account = state.accounts.get(owner);
  if (!account) return;
  const all = state.lists.holdings;
  const h = all.get(owner);
  if (!h) {
    if (account.balances.size <= HOLDINGS_FROM) return;
    all.set(owner, build(state, account));
    state.undo.record(() => all.delete(owner));
    return;
  }
  const asset = state.assets.get(assetHex)!;
  const contract = contractOf(state, asset);
  const listed = isListed(state, account, assetHex);
  if (listed === (h.byContract.get(contract.key)?.has(asset) ?? false)) return;
  if (listed) add(h, contract, asset);
  else remove(h, contract, asset);
  state.undo.record(() => (listed ? remove(h, contract, asset) : add(h, contract, asset)));
}

/** Every key's sorted holdings (a loaded state). */
export function rebuildHoldings(state: State): void {
  state.lists.holdings.clear();
  for (const account of state.accounts.values())
    if (account.balances.size > HOLDINGS_FROM) state.lists.holdings.set(account.key, build(state, account));
}

/** One owner's holdings grouped by contract, in list order, from the sorted index or sorted now. */
export interface HoldingGroups {
  /** Contracts held, in list order. */
  contracts: Contract[];
  count(contract: Contract): number;
  /** The contract's holdings at positions [from, to), by token id. */
  slice(contract: Contract, from: number, to: number): Holding[];
}

export function holdingGroups(state: State, owner: string, contractKey?: string): HoldingGroups {
  const account = state.accounts.get(owner);
  // A short list is sorted now, as a long one is kept.
  const h = state.lists.holdings.get(owner) ?? (account && build(state, account));
  if (!h) return { contracts: [], count: () => 0, slice: () => [] };
  const holding = (asset: Asset): Holding => ({
    contract: contractOf(state, asset),
    asset,
    balance: account!.balances.get(asset.hex)!,
    withdrawing: withdrawingOf(state, owner, asset.hex),
  });
  const only = contractKey === undefined ? undefined : state.contracts.get(contractKey);
  return {
    contracts: only === undefined ? h.contracts.values() : h.byContract.has(only.key) ? [only] : [],
    count: (c) => h.byContract.get(c.key)!.size,
    slice: (c, from, to) => h.byContract.get(c.key)!.slice(from, to).map(holding),
  };
}
