// NFT listings per contract: tokens on L2 with their holder and asset id.
import type { Contract, State } from '../state/state.js';

export interface NftEntry {
  token_id: string;
  contract_address: string;
  owner: string;
  symbol: string;
  asset_id: string;
  /** The open order on the token, or null (filled in by the order book when it exists). */
  order: unknown;
}

/** `GET /v1/contracts/{address}/tokens` item: an NFT entry without the order. */
export type TokenOwner = Omit<NftEntry, 'order'>;

/** Tokens held on L2 (a stark key holds them), by numeric token id. Cost grows with that contract's tokens. */
export function nftsOf(state: State, contract: Contract, openOrder: (assetHex: string) => unknown = () => null): NftEntry[] {
  const rows: Array<{ id: bigint; entry: NftEntry }> = [];
  for (const hex of contract.tokens.values()) {
    const asset = state.assets.get(hex)!;
    if (asset.holder === null || !state.accounts.has(asset.holder)) continue;
    rows.push({
      id: asset.tokenId!,
      entry: { token_id: asset.tokenId!.toString(), contract_address: contract.address, owner: asset.holder, symbol: contract.symbol, asset_id: hex, order: openOrder(hex) },
    });
  }
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map((r) => r.entry);
}
