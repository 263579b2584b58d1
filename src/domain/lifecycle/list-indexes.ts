// Builds the list indexes a loaded state needs from its plain data (the order-book parts come with
// the books, from rebuildOrderIndexes), and checks kept indexes against freshly built ones (for
// GET /_devnet/invariants and the tests). A genesis starts them empty and its commands fill them.
import { rebuildNftLists } from '../catalog/nfts.js';
import { rebuildHoldings } from '../ledger/holdings.js';
import { rebuildRecordLists } from '../ledger/record-lists.js';
import type { IdList } from '../state/runs.js';
import type { SortedList } from '../state/sorted-list.js';
import { type ListIndexes, newListIndexes, type State } from '../state/state.js';
import { rebuildStorageLists } from '../storage/storage.js';
import { openOrderIndexes } from '../trading/open-orders.js';
import { rebuildOrderLists } from '../trading/order-lists.js';
import { stringify } from '../values/json.js';

export function rebuildListIndexes(state: State): void {
  rebuildRecordLists(state);
  rebuildHoldings(state);
  rebuildNftLists(state);
  rebuildStorageLists(state);
}

type Section = keyof ListIndexes;

const ids = (l: IdList) => l.slice(0, l.size);

/** Entries of a map with its empty lists left out, by key, each described by `f`. */
function entries<K, V>(m: Map<K, V>, size: (v: V) => number, f: (v: V) => unknown): Array<[string, unknown]> {
  return [...m]
    .filter(([, v]) => size(v) > 0)
    .map(([k, v]): [string, unknown] => [String(k), f(v)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const sizeOf = (l: { size: number }) => l.size;
const values = (l: SortedList<number>) => l.values();

/** Every index as plain data (order-insensitive where the read order does not depend on it), as text. */
function describe(state: State, lists: ListIndexes): Record<Section, string> {
  const o = lists.orders;
  const isOpen = (id: number) => state.openOrders.has(id);
  const sections: Record<Section, unknown> = {
    records: entries(
      lists.records,
      () => 1,
      (r) => [r.byType, r.byContract, r.byContractType].map((m: Map<unknown, IdList>) => entries(m, sizeOf, ids)),
    ),
    contractRecords: entries(lists.contractRecords, sizeOf, ids),
    orders: [
      values(o.all),
      ...[o.byOwner, o.byContract, o.byAsset].map((m) => entries(m, sizeOf, values)),
      ...[o.byOwnerContract, o.byOwnerAsset].map((mm) =>
        entries(
          mm,
          (m) => ([...m.values()].some((l) => l.size > 0) ? 1 : 0),
          (m) => entries(m, sizeOf, values),
        ),
      ),
    ],
    depth: entries(
      lists.depth,
      (b) => b.bids.size + b.asks.size,
      (b) => [b.bids, b.asks].map((side) => side.levels(isOpen).map((l) => [`${l.price.num}/${l.price.den}`, l.qty, l.live, l.first])),
    ),
    listings: entries(lists.listings, sizeOf, (l) => l.values().map((e) => [e.tokenId, e.id])),
    nfts: entries(lists.nfts, sizeOf, (l) => l.values().map((a) => a.hex)),
    holdings: entries(
      lists.holdings,
      () => 1,
      (h) => [h.contracts.values().map((c) => c.key), entries(h.byContract, sizeOf, (l) => l.values().map((a) => a.hex))],
    ),
    storage: entries(
      lists.storage,
      (l) => l.entries.size,
      (l) => l.entries.values().map((e) => e.file.cid),
    ),
  };
  return Object.fromEntries(Object.entries(sections).map(([k, x]) => [k, stringify(x)])) as Record<Section, string>;
}

/**
 * The list indexes that differ from ones built now from the plain state, as sentences (empty when
 * all agree). Builds every index once more: O(n log n), on demand only.
 */
export function listIndexViolations(state: State): string[] {
  const kept = state.lists;
  let fresh: Record<Section, string>;
  let now: Record<Section, string>;
  try {
    now = describe(state, kept);
    state.lists = newListIndexes();
    rebuildOrderLists(state);
    openOrderIndexes(state);
    rebuildListIndexes(state);
    fresh = describe(state, state.lists);
  } catch (e) {
    return [`list indexes cannot be rebuilt: ${(e as Error).message}`];
  } finally {
    state.lists = kept;
  }
  return (Object.keys(fresh) as Section[])
    .filter((k) => now[k] !== fresh[k])
    .map((k) => `list index ${k} is out of step with the state it lists`);
}
