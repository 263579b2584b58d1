// Every order in each scope GET /v1/orders can name: all, by owner, by quote contract, by NFT token,
// and the owner's in each contract and token. A scope is one SortedList of `class * ORDER_SPAN + id`
// (class = direction * 4 + order state), so one direction in one state is a range of it, and a page
// of any filter is a page of a few ranges. Kept by placement and state changes; rebuilt with the books.
import { SortedList, byNumber } from '../state/sorted-list.js';
import { rangeRun, type Run } from '../state/runs.js';
import { newOrderLists, type Order, type OrderLists, type OrderState } from '../state/orders.js';
import type { State } from '../state/state.js';
import { getOrSet } from '../values/maps.js';

/** Order ids stay below this (2^40: a trillion commands); classes are stacked above it. */
export const ORDER_SPAN = 2 ** 40;

function entryOf(direction: 0 | 1, orderState: OrderState, id: number): number {
  if (!(id < ORDER_SPAN)) throw new RangeError(`order id ${id} is beyond the order lists' range (2^40)`);
  return (direction * 4 + orderState) * ORDER_SPAN + id;
}

const scope = <K>(m: Map<K, SortedList<number>>, k: K) => getOrSet(m, k, () => new SortedList(byNumber));
const ownScope = (m: Map<string, Map<string, SortedList<number>>>, owner: string, k: string) =>
  scope(
    getOrSet(m, owner, () => new Map<string, SortedList<number>>()),
    k,
  );

/** The scopes `o` belongs to. */
function scopesOf(state: State, lists: OrderLists, o: Order): SortedList<number>[] {
  const asset = state.assets.get(o.quoteHex)!;
  const c = asset.contractKey;
  const out = [lists.all, scope(lists.byOwner, o.starkKey), scope(lists.byContract, c), ownScope(lists.byOwnerContract, o.starkKey, c)];
  if (asset.tokenId !== null) out.push(scope(lists.byAsset, o.quoteHex), ownScope(lists.byOwnerAsset, o.starkKey, o.quoteHex));
  return out;
}

/** A placed order (open or not) joins its scopes in its current state. */
export function listOrder(state: State, o: Order): void {
  const entry = entryOf(o.direction, o.state, o.id);
  for (const s of scopesOf(state, state.lists.orders, o)) s.add(entry);
}

/** Moves an order whose state changed from `before` to its new class in each scope. */
export function relistOrder(state: State, o: Order, before: OrderState): void {
  if (before === o.state) return;
  const from = entryOf(o.direction, before, o.id);
  const to = entryOf(o.direction, o.state, o.id);
  for (const s of scopesOf(state, state.lists.orders, o)) {
    s.delete(from);
    s.add(to);
  }
}

/** Every scope from the orders, each built from its sorted entries at once. */
export function rebuildOrderLists(state: State): void {
  const lists = newOrderLists();
  const pending = new Map<SortedList<number>, number[]>();
  for (const o of state.orders.values()) {
    const entry = entryOf(o.direction, o.state, o.id);
    for (const s of scopesOf(state, lists, o)) getOrSet(pending, s, () => []).push(entry);
  }
  const rebuilt = (s: SortedList<number>) => {
    const entries = pending.get(s);
    return entries === undefined ? s : SortedList.fromSorted(byNumber, Array.from(Float64Array.from(entries).sort()));
  };
  const each = <K>(m: Map<K, SortedList<number>>) => {
    for (const [k, s] of m) m.set(k, rebuilt(s));
  };
  lists.all = rebuilt(lists.all);
  each(lists.byOwner);
  each(lists.byContract);
  each(lists.byAsset);
  for (const inner of lists.byOwnerContract.values()) each(inner);
  for (const inner of lists.byOwnerAsset.values()) each(inner);
  state.lists.orders = lists;
}

/** The ids (ascending) of one direction in one state of a scope. */
export function classRun(s: SortedList<number>, direction: 0 | 1, orderState: OrderState): Run {
  const lo = (direction * 4 + orderState) * ORDER_SPAN;
  return rangeRun(s, lo, lo + ORDER_SPAN);
}
