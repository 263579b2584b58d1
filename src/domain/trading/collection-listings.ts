// `GET /v1/collection?quote_contract_address&token_ids&base_contract_address`: what is for sale in a
// collection, as the JS SDK's getCollection (0.4.5) and the C# client's CollectionResponse read it.
// The open ASKs of each (collection, base) are kept by token id, then order id: a page reads its rows.
import * as v from 'valibot';
import { contractOf } from '../catalog/assets.js';
import { SortedList } from '../state/sorted-list.js';
import type { ListingEntry, Order } from '../state/orders.js';
import type { Contract, State } from '../state/state.js';
import { type Listing, mappedListing, pageOfParts } from '../values/listing.js';
import { PRICE, priceViews } from './order-views.js';
import { CONTRACT_ADDRESS, STARK_KEY, TOKEN_ID, display, exactInt } from '../values/wire.js';
import { getOrSet } from '../values/maps.js';

/** A row of GET /v1/collection: an open ASK in the collection. */
export const LISTING = v.pipe(
  v.strictObject({
    amount: exactInt('quote units still offered (1 for an NFT)'),
    price: PRICE,
    display_price: display('price in whole currency units per whole token'),
    owner: v.pipe(STARK_KEY, v.description("the seller's stark key")),
    token_id: TOKEN_ID,
    quote_contract_address: CONTRACT_ADDRESS,
    base_contract_address: CONTRACT_ADDRESS,
  }),
  v.title('Listing'),
);
export type CollectionListing = v.InferOutput<typeof LISTING>;

const byTokenThenId = (a: ListingEntry, b: ListingEntry) => (a.tokenId !== b.tokenId ? (a.tokenId < b.tokenId ? -1 : 1) : a.id - b.id);

function listingKey(quoteContractKey: string, baseHex: string): string {
  return `${quoteContractKey}|${baseHex}`;
}

/** An ASK joins its collection's listing when it opens and leaves it when it closes. */
export function listingIndex(state: State, o: Order, open: boolean): void {
  if (o.direction !== 0) return;
  const quote = state.assets.get(o.quoteHex)!;
  const key = listingKey(quote.contractKey, o.baseHex);
  const entry: ListingEntry = { tokenId: quote.tokenId ?? 0n, id: o.id };
  if (open) return void getOrSet(state.lists.listings, key, () => new SortedList(byTokenThenId)).add(entry);
  const list = state.lists.listings.get(key)!;
  list.delete(entry);
  if (list.size === 0) state.lists.listings.delete(key);
}

/**
 * Open ASK orders on `quote` priced in `base`, optionally only for `tokenIds` (a token named twice is
 * listed twice), by token id then order id. A fungible collection ignores token ids.
 */
export function collectionListings(
  state: State,
  quote: Contract,
  base: Contract,
  tokenIds: readonly bigint[] | undefined,
): Listing<CollectionListing> {
  const baseHex = '0x' + base.assetType.toString(16);
  const list = state.lists.listings.get(listingKey(quote.key, baseHex));
  // Position ranges of the list, in answer order.
  const ranges: Array<[number, number]> = [];
  if (list !== undefined) {
    if (quote.type === 'ERC20' || tokenIds === undefined) ranges.push([0, list.size]);
    else {
      const named = tokenIds.filter((t) => quote.tokens.has(t.toString())).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const t of named) ranges.push([list.rank({ tokenId: t, id: -Infinity }), list.rank({ tokenId: t, id: Infinity })]);
    }
  }
  const total = ranges.reduce((s, [from, to]) => s + to - from, 0);
  const entries = (offset: number, limit: number) =>
    pageOfParts(
      ranges,
      ([from, to]) => to - from,
      ([from], a, b) => list!.slice(from + a, from + b),
      offset,
      limit,
    );
  return mappedListing(total, entries, (e) => {
    const o = state.orders.get(e.id)!;
    const asset = state.assets.get(o.quoteHex)!;
    return {
      amount: o.quantity - o.filled,
      ...priceViews(state, o),
      owner: o.starkKey,
      token_id: asset.tokenId === null ? '' : asset.tokenId.toString(),
      quote_contract_address: quote.address,
      base_contract_address: contractOf(state, state.assets.get(o.baseHex)!).address,
    };
  });
}
