// Empty list indexes (their shapes: ListIndexes in state.ts). A genesis starts with these and its
// commands fill them; a loaded state rebuilds them (lifecycle/list-indexes.ts).
import { SortedList, byNumber } from './sorted-list.js';
import type { ListIndexes } from './state.js';
import type { OrderLists } from './orders.js';

export function newOrderLists(): OrderLists {
  return {
    all: new SortedList(byNumber),
    byOwner: new Map(),
    byContract: new Map(),
    byAsset: new Map(),
    byOwnerContract: new Map(),
    byOwnerAsset: new Map(),
  };
}

/** Empty indexes (a genesis); a loaded state rebuilds them (lifecycle/list-indexes.ts). */
export function newListIndexes(): ListIndexes {
  return {
    records: new Map(),
    orders: newOrderLists(),
    depth: new Map(),
    listings: new Map(),
    nfts: new Map(),
    holdings: new Map(),
    storage: new Map(),
  };
}
