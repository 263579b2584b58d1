// NFT listings per contract: tokens on L2 with their holder and asset id. Each NFT contract keeps its
// tokens held on L2 sorted by token id (an undo step per change), so a page reads its rows only.
import * as v from 'valibot';
import { SortedList } from '../state/sorted-list.js';
import type { Asset, Contract, State } from '../state/state.js';
import { type Listing, listingOf } from '../values/listing.js';
import { STARK_KEY, decimalInt, hex, text } from '../values/wire.js';
import { getOrSet } from '../values/maps.js';

/** A row of GET /v1/contracts/{address}/tokens: an NFT and its holder (GET /v1/nfts adds its open order). */
export const TOKEN_OWNER = v.pipe(
  v.strictObject({
    token_id: decimalInt('token id'),
    contract_address: text('as registered (case kept)'),
    owner: v.pipe(STARK_KEY, v.description('stark key of the holder')),
    symbol: text(),
    asset_id: hex('StarkEx asset id of the token'),
  }),
  v.title('TokenOwner'),
);
export type TokenOwner = v.InferOutput<typeof TOKEN_OWNER>;
/** A token with the open order on it, or null (filled in by the order book when it exists). */
export type NftEntry<O = null> = TokenOwner & { order: O | null };

const byTokenId = (a: Asset, b: Asset) => (a.tokenId! < b.tokenId! ? -1 : a.tokenId! > b.tokenId! ? 1 : 0);

function tokensOf(state: State, contractKey: string): SortedList<Asset> {
  return getOrSet(state.lists.nfts, contractKey, () => new SortedList(byTokenId));
}

/** On L2: held by a stark key that has an account (not an Ethereum address in the withdraw area). */
function onL2(state: State, asset: Asset): boolean {
  return asset.holder !== null && state.accounts.has(asset.holder);
}

/** Called when an NFT's holder changed: the token joins or leaves its contract's list. */
export function nftHolderChanged(state: State, asset: Asset): void {
  const list = tokensOf(state, asset.contractKey);
  const listed = onL2(state, asset);
  if (listed === list.has(asset)) return;
  if (listed) list.add(asset);
  else list.delete(asset);
  state.undo.record(() => void (listed ? list.delete(asset) : list.add(asset)));
}

/** Every contract's list from the assets (a loaded state). */
export function rebuildNftLists(state: State): void {
  state.lists.nfts.clear();
  const pending = new Map<string, Asset[]>();
  for (const asset of state.assets.values()) {
    if (asset.tokenId === null || !onL2(state, asset)) continue;
    getOrSet(pending, asset.contractKey, () => []).push(asset);
  }
  for (const [key, assets] of pending) state.lists.nfts.set(key, SortedList.fromSorted(byTokenId, assets.sort(byTokenId)));
}

function entryOf<O>(contract: Contract, asset: Asset, openOrder: (assetHex: string) => O | null): NftEntry<O> {
  return {
    token_id: asset.tokenId!.toString(),
    contract_address: contract.address,
    owner: asset.holder!,
    symbol: contract.symbol,
    asset_id: asset.hex,
    order: openOrder(asset.hex),
  };
}

/** Tokens held on L2 (a stark key holds them), by numeric token id. A page costs O(log n + page). */
export function nftsOf<O = null>(
  state: State,
  contract: Contract,
  openOrder: (assetHex: string) => O | null = () => null,
): Listing<NftEntry<O>> {
  return listingOf(state.lists.nfts.get(contract.key) ?? [], (asset: Asset) => entryOf(contract, asset, openOrder));
}

/** The tokens among `tokenIds` (each once) held on L2, by numeric token id: O(k log n). */
export function namedNfts(state: State, contract: Contract, tokenIds: readonly bigint[]): Listing<NftEntry> {
  const list = state.lists.nfts.get(contract.key);
  const held: Asset[] = [];
  for (const id of new Set(tokenIds.map(String))) {
    const hex = contract.tokens.get(id);
    const asset = hex === undefined ? undefined : state.assets.get(hex);
    if (asset !== undefined && list?.has(asset)) held.push(asset);
  }
  return listingOf(held.sort(byTokenId), (asset) => entryOf(contract, asset, () => null));
}
