// `GET /v1/collection?quote_contract_address&token_ids&base_contract_address`: what is for sale in a
// collection, as the JS SDK's getCollection (0.4.5) and the C# client's CollectionResponse read it.
import { contractOf } from '../catalog/assets.js';
import type { Contract, State } from '../state/state.js';
import { priceViews } from './order-views.js';

export interface CollectionListing {
  /** Quote units still offered (1 for an NFT). */
  amount: bigint;
  price: string;
  display_price: string;
  /** The seller's stark key. */
  owner: string;
  token_id: string;
  quote_contract_address: string;
  base_contract_address: string;
}

/**
 * Open ASK orders on `quote` priced in `base`, optionally only for `tokenIds`, by token id then
 * order id. Reads the per-asset open-order index, so the cost grows with that collection only.
 */
export function collectionListings(state: State, quote: Contract, base: Contract, tokenIds: readonly bigint[] | undefined): CollectionListing[] {
  const baseHex = '0x' + base.assetType.toString(16);
  const fungible = quote.type === 'ERC20';
  const assets = fungible
    ? ['0x' + quote.assetType.toString(16)]
    : (tokenIds ?? [...quote.tokens.keys()].map((t) => BigInt(t))).map((t) => quote.tokens.get(t.toString())).filter((x): x is string => x !== undefined);
  const rows: Array<{ tokenId: bigint; orderId: number; entry: CollectionListing }> = [];
  for (const hex of assets) {
    const asset = state.assets.get(hex)!;
    for (const id of state.openByQuote.get(hex) ?? []) {
      const o = state.orders.get(id)!;
      if (o.direction !== 0 || o.baseHex !== baseHex) continue;
      rows.push({
        tokenId: asset.tokenId ?? 0n,
        orderId: o.id,
        entry: {
          amount: o.quantity - o.filled,
          ...priceViews(state, o),
          owner: o.starkKey,
          token_id: asset.tokenId === null ? '' : asset.tokenId.toString(),
          quote_contract_address: quote.address,
          base_contract_address: contractOf(state, state.assets.get(o.baseHex)!).address,
        },
      });
    }
  }
  rows.sort((a, b) => (a.tokenId !== b.tokenId ? (a.tokenId < b.tokenId ? -1 : 1) : a.orderId - b.orderId));
  return rows.map((r) => r.entry);
}
