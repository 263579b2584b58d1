// Balance views in the real service's shapes: V1 rows (one per fungible asset or NFT token), V2 rows
// (per contract, token ids) and V3 rows (per contract, tokens with their URIs and asset ids).
import { contractOf, tokenUri } from '../catalog/assets.js';
import { displayAmount } from '../values/money.js';
import type { Asset, Balance, Contract, State } from '../state/state.js';
import { isNftType } from '../state/state.js';
import { withdrawingOf } from './withdrawals.js';
import { holdingGroups, holdingsPage, holdingsTotal } from './holdings.js';
import type { Holding } from './holdings.js';
import { listingOf, mappedListing } from '../values/listing.js';
import type { Listing } from '../values/listing.js';

/** The keys every balance row has, in v1/v2 and in v3. */
interface BalanceRowBase {
  asset_id: string;
  contract_address: string;
  balance_available: bigint;
  balance_frozen: bigint;
  withdraw_frozen: bigint;
  type: string;
  decimals: number;
  symbol: string;
  quantum: bigint;
}

/**
 * Besides the seed's fields, the ones the JS AssetInfo and Java BalanceRecord models declare
 * (see docs/sdk.md), with these meanings: `withdraw_frozen` the quantized amount this key
 * has withdrawn that has not reached L1 yet (withdrawal records at 1 or 3); `display_withdraw` and
 * `withdraw` that amount in display units; `available` and `frozen` the same as `display_value` and
 * `display_frozen`; `token_uri` the token's URI (NFTs; "" for fungibles).
 */
export interface BalanceRowV1 extends BalanceRowBase {
  display_value: string;
  display_frozen: string;
  display_withdraw: string;
  available: string;
  frozen: string;
  withdraw: string;
  token_id: string;
  token_uri: string;
  base_uri: string;
}

export function balanceRowV1(contract: Contract, asset: Asset, b: Balance, withdrawing: bigint): BalanceRowV1 {
  const display = (n: bigint) => displayAmount(n, contract.quantum, contract.decimals);
  return {
    asset_id: asset.hex,
    contract_address: contract.address,
    balance_available: b.available,
    balance_frozen: b.frozen,
    withdraw_frozen: withdrawing,
    type: contract.type,
    decimals: contract.decimals,
    symbol: contract.symbol,
    quantum: contract.quantum,
    display_value: display(b.available),
    display_frozen: display(b.frozen),
    display_withdraw: display(withdrawing),
    available: display(b.available),
    frozen: display(b.frozen),
    withdraw: display(withdrawing),
    token_id: asset.tokenId === null ? '' : asset.tokenId.toString(),
    token_uri: tokenUri(contract, asset),
    base_uri: contract.baseUri,
  };
}

/** Every holding of one owner (optionally of one contract), in list order. */
function allHoldings(state: State, owner: string, contractKey?: string): Holding[] {
  const groups = holdingGroups(state, owner, contractKey);
  return groups.contracts.flatMap((c) => groups.slice(c, 0, groups.count(c)));
}

/**
 * `GET /v1/balances`: holdings with an available or frozen balance, or an amount withdrawn that has
 * not reached L1, sorted; the rows of a page are built when it is read.
 */
export function balanceRowsV1(state: State, owner: string, contractKey?: string): Listing<BalanceRowV1> {
  const groups = holdingGroups(state, owner, contractKey);
  return mappedListing(
    holdingsTotal(groups),
    (offset, limit) => holdingsPage(groups, offset, limit),
    (h) => balanceRowV1(h.contract, h.asset, h.balance, h.withdrawing),
  );
}

/** `GET /v1/balance` of one asset. */
export function balanceRowOf(state: State, owner: string, asset: Asset, b: Balance): BalanceRowV1 {
  return balanceRowV1(contractOf(state, asset), asset, b, withdrawingOf(state, owner, asset.hex));
}

export type BalanceRowV2 = Omit<BalanceRowV1, 'token_id' | 'token_uri' | 'base_uri' | 'asset_id'> & {
  asset_id?: string;
  available_token_ids?: string[];
  frozen_token_ids?: string[];
};

/** V2: one row per contract; NFT rows count tokens and list their ids (no asset_id, as the seed shows). */
export function balanceRowsV2(state: State, owner: string, contractKey?: string): BalanceRowV2[] {
  const rows: BalanceRowV2[] = [];
  let current: { contract: Contract; row: BalanceRowV2 } | undefined;
  for (const h of allHoldings(state, owner, contractKey)) {
    const { contract, asset, balance } = h;
    if (asset.tokenId === null) {
      const { token_id: _t, token_uri: _u, base_uri: _b, ...row } = balanceRowV1(contract, asset, balance, h.withdrawing);
      rows.push(row);
      current = undefined;
      continue;
    }
    if (!current || current.contract !== contract) {
      const row: BalanceRowV2 = {
        ...emptyContractRow(contract),
        display_value: '0',
        display_frozen: '0',
        display_withdraw: '0',
        available: '0',
        frozen: '0',
        withdraw: '0',
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
    row.withdraw_frozen += h.withdrawing;
    row.display_value = row.available = row.balance_available.toString();
    row.display_frozen = row.frozen = row.balance_frozen.toString();
    row.display_withdraw = row.withdraw = row.withdraw_frozen.toString();
  }
  return rows;
}

/** A token in a v3 row. */
export interface TokenV3 {
  token_id: string;
  token_uri: string;
  asset_id: string;
}

/**
 * V3 row: exactly the keys Java's strict v3 parser (GetBalancesResponse) and the JS BalancesV3Response
 * know; NFT rows have asset_id "" and count tokens, fungible rows empty token lists (never null).
 */
export interface BalanceRowV3 extends BalanceRowBase {
  available_tokens: TokenV3[];
  frozen_tokens: TokenV3[];
  withdraw_frozen_tokens: TokenV3[];
  base_uri: string;
}

/** `GET /v3/balances`: one row per contract held, ordered as v1/v2 (ETH, ERC20s, NFT contracts by address); a page builds its rows only. */
export function balanceRowsV3(state: State, owner: string, contractKey?: string, type?: string): Listing<BalanceRowV3> {
  const groups = holdingGroups(state, owner, contractKey);
  const contracts = type === undefined ? groups.contracts : groups.contracts.filter((c) => c.type === type);
  return listingOf(contracts, (contract) => balanceRowV3(contract, groups.slice(contract, 0, groups.count(contract))));
}

/** The keys a per-contract row (v2 NFTs, v3) starts with, its totals at zero. */
function emptyContractRow(contract: Contract): Omit<BalanceRowBase, 'asset_id'> {
  return {
    contract_address: contract.address,
    balance_available: 0n,
    balance_frozen: 0n,
    withdraw_frozen: 0n,
    type: contract.type,
    decimals: contract.decimals,
    symbol: contract.symbol,
    quantum: contract.quantum,
  };
}

/** One contract's v3 row from its holdings. */
function balanceRowV3(contract: Contract, held: readonly Holding[]): BalanceRowV3 {
  const row: BalanceRowV3 = {
    asset_id: isNftType(contract.type) ? '' : held[0]!.asset.hex,
    ...emptyContractRow(contract),
    available_tokens: [],
    frozen_tokens: [],
    withdraw_frozen_tokens: [],
    base_uri: contract.baseUri,
  };
  for (const { asset, balance, withdrawing } of held) {
    row.balance_available += balance.available;
    row.balance_frozen += balance.frozen;
    row.withdraw_frozen += withdrawing;
    if (asset.tokenId !== null) {
      const token: TokenV3 = { token_id: asset.tokenId.toString(), token_uri: tokenUri(contract, asset), asset_id: asset.hex };
      if (balance.available > 0n) row.available_tokens.push(token);
      if (balance.frozen > 0n) row.frozen_tokens.push(token);
      if (withdrawing > 0n) row.withdraw_frozen_tokens.push(token);
    }
  }
  return row;
}
