// Balance views in the real service's shapes: V1 rows (one per fungible asset or NFT token) and V2 rows (per contract).
import { contractOf } from '../catalog/assets.js';
import { displayAmount } from '../values/money.js';
import type { Asset, Balance, Contract, State } from '../state/state.js';
import { ETH_KEY } from '../state/state.js';

export interface BalanceRowV1 {
  asset_id: string;
  contract_address: string;
  balance_available: bigint;
  balance_frozen: bigint;
  type: string;
  decimals: number;
  symbol: string;
  quantum: bigint;
  display_value: string;
  display_frozen: string;
  token_id: string;
  base_uri: string;
}

export function balanceRowV1(contract: Contract, asset: Asset, b: Balance): BalanceRowV1 {
  return {
    asset_id: asset.hex,
    contract_address: contract.address,
    balance_available: b.available,
    balance_frozen: b.frozen,
    type: contract.type,
    decimals: contract.decimals,
    symbol: contract.symbol,
    quantum: contract.quantum,
    display_value: displayAmount(b.available, contract.quantum, contract.decimals),
    display_frozen: displayAmount(b.frozen, contract.quantum, contract.decimals),
    token_id: asset.tokenId === null ? '' : asset.tokenId.toString(),
    base_uri: contract.baseUri,
  };
}

interface Holding {
  contract: Contract;
  asset: Asset;
  balance: Balance;
}

/** ETH first, then fungible contracts, then NFT contracts (each by address), NFT tokens by numeric id. */
function rank(c: Contract): number {
  return c.key === ETH_KEY ? 0 : c.type === 'ERC20' ? 1 : 2;
}

function compareHoldings(a: Holding, b: Holding): number {
  if (a.contract.key !== b.contract.key) {
    const d = rank(a.contract) - rank(b.contract);
    if (d !== 0) return d;
    return a.contract.key < b.contract.key ? -1 : 1;
  }
  const ta = a.asset.tokenId ?? 0n;
  const tb = b.asset.tokenId ?? 0n;
  return ta < tb ? -1 : ta > tb ? 1 : 0;
}

/** Non-empty holdings of one owner (optionally of one contract), sorted. Cost grows with that owner's holdings only. */
export function holdings(state: State, owner: string, contractKey?: string): Holding[] {
  const account = state.accounts.get(owner);
  if (!account) return [];
  const out: Holding[] = [];
  for (const [hex, balance] of account.balances) {
    if (balance.available === 0n && balance.frozen === 0n) continue;
    const asset = state.assets.get(hex)!;
    if (contractKey !== undefined && asset.contractKey !== contractKey) continue;
    out.push({ contract: contractOf(state, asset), asset, balance });
  }
  return out.sort(compareHoldings);
}

export function balanceRowsV1(state: State, owner: string, contractKey?: string): BalanceRowV1[] {
  return holdings(state, owner, contractKey).map((h) => balanceRowV1(h.contract, h.asset, h.balance));
}

export type BalanceRowV2 = Omit<BalanceRowV1, 'token_id' | 'base_uri' | 'asset_id'> & {
  asset_id?: string;
  available_token_ids?: string[];
  frozen_token_ids?: string[];
};

/** V2: one row per contract; NFT rows count tokens and list their ids (no asset_id, as the seed shows). */
export function balanceRowsV2(state: State, owner: string, contractKey?: string): BalanceRowV2[] {
  const rows: BalanceRowV2[] = [];
  let current: { contract: Contract; row: BalanceRowV2 } | undefined;
  for (const h of holdings(state, owner, contractKey)) {
    const { contract, asset, balance } = h;
    if (asset.tokenId === null) {
      const { token_id: _t, base_uri: _b, ...row } = balanceRowV1(contract, asset, balance);
      rows.push(row);
      current = undefined;
      continue;
    }
    if (!current || current.contract !== contract) {
      const row: BalanceRowV2 = {
        contract_address: contract.address,
        balance_available: 0n,
        balance_frozen: 0n,
        type: contract.type,
        decimals: contract.decimals,
        symbol: contract.symbol,
        quantum: contract.quantum,
        display_value: '0',
        display_frozen: '0',
        available_token_ids: [],
        frozen_token_ids: [],
      };
      current = { contract, row };
      rows.push(row);
    }
    const row = current.row;
    const id = asset.tokenId.toString();
    if (balance.available > 0n) {
      row.balance_available += balance.available;
      row.available_token_ids!.push(id);
    }
    if (balance.frozen > 0n) {
      row.balance_frozen += balance.frozen;
      row.frozen_token_ids!.push(id);
    }
    row.display_value = row.balance_available.toString();
    row.display_frozen = row.balance_frozen.toString();
  }
  return rows;
}
