// Balance views in the real service's shapes: V1 rows (one per fungible asset or NFT token), V2 rows
// (per contract, token ids) and V3 rows (per contract, tokens with their URIs and asset ids).
import * as v from 'valibot';
import { contractOf, tokenUri } from '../catalog/assets.js';
import { displayAmount } from '../values/money.js';
import { type Asset, type Balance, type Contract, isNftType, type State, TOKEN_TYPE, TOKEN_TYPES } from '../state/state.js';
import { CONTRACT_ADDRESS, TOKEN_ID, count, decimalInt, display, exactInt, hex, text } from '../values/wire.js';
import { type Holding, holdingGroups, withdrawingOf } from './holdings.js';
import { type Listing, listingOf, mappedListing, pageOfParts } from '../values/listing.js';

const contractFields = {
  contract_address: CONTRACT_ADDRESS,
  type: TOKEN_TYPE,
  decimals: count('decimals of the token (0 for NFTs)'),
  symbol: text(),
  quantum: exactInt('quantum: base units of one quantized unit'),
};

/**
 * Besides the seed's fields, the ones the JS AssetInfo and Java BalanceRecord models declare (see
 * docs/sdk.md): `available`, `frozen` and `withdraw` repeat the display amounts.
 */
const amounts = {
  balance_available: exactInt('quantized units free to spend'),
  balance_frozen: exactInt('quantized units held by open orders'),
  withdraw_frozen: exactInt('quantized units withdrawn that have not reached L1 yet'),
  display_value: display('balance_available in whole tokens'),
  display_frozen: display('balance_frozen in whole tokens'),
  display_withdraw: display('withdraw_frozen in whole tokens'),
  available: display('the same as display_value (the JS and Java models read it)'),
  frozen: display('the same as display_frozen'),
  withdraw: display('the same as display_withdraw'),
};

/** GET /v1/balance, and each row of GET /v1/balances: one fungible asset or one NFT token. */
export const BALANCE_ROW = v.pipe(
  v.strictObject({
    asset_id: hex('StarkEx asset id'),
    ...contractFields,
    ...amounts,
    token_id: TOKEN_ID,
    token_uri: text('the token\'s URI: its minted URL (ERC721MC) or base_uri + token id; "" for fungibles'),
    base_uri: text('NFT metadata base URI; "" when none'),
  }),
  v.title('BalanceRow'),
);
export type BalanceRowV1 = v.InferOutput<typeof BALANCE_ROW>;

const fungibleV2 = v.strictObject({
  asset_id: hex('StarkEx asset id'),
  ...contractFields,
  type: v.pipe(v.picklist(TOKEN_TYPES.filter((t) => !isNftType(t))), v.description('token standard')),
  ...amounts,
});

const nftV2 = v.strictObject({
  ...contractFields,
  type: v.pipe(v.picklist(TOKEN_TYPES.filter(isNftType)), v.description('token standard')),
  ...amounts,
  balance_available: exactInt('tokens held'),
  balance_frozen: exactInt('tokens held by open orders'),
  withdraw_frozen: exactInt('tokens withdrawn that have not reached L1 yet'),
  available_token_ids: v.array(decimalInt('token id')),
  frozen_token_ids: v.array(decimalInt('token id')),
});

/** A row of GET /v2/balances: a fungible asset, or one NFT contract with its token ids (no asset_id). */
export const BALANCE_ROW_V2 = v.pipe(v.union([fungibleV2, nftV2]), v.title('BalanceRowV2'));
export type BalanceRowV2 = v.InferOutput<typeof BALANCE_ROW_V2>;

const TOKEN_V3 = v.strictObject({
  token_id: decimalInt('token id'),
  token_uri: text('the token\'s URI; "" when none'),
  asset_id: hex('StarkEx asset id of the token'),
});

/**
 * A row of GET /v3/balances: one per contract, exactly the keys Java's strict v3 parser
 * (GetBalancesResponse) and the JS BalancesV3Response know; NFT rows have asset_id "" and count
 * tokens, fungible rows empty token lists (never null).
 */
export const BALANCE_ROW_V3 = v.pipe(
  v.strictObject({
    asset_id: v.pipe(
      v.union([v.literal(''), hex('StarkEx asset id')]),
      v.description('the asset id of a fungible contract; "" for an NFT contract'),
    ),
    ...contractFields,
    balance_available: exactInt('quantized units (NFTs: tokens) free to spend'),
    balance_frozen: exactInt('quantized units (NFTs: tokens) held by open orders'),
    withdraw_frozen: exactInt('quantized units (NFTs: tokens) withdrawn that have not reached L1 yet'),
    available_tokens: v.pipe(v.array(TOKEN_V3), v.description('NFTs free to spend; [] for fungibles')),
    frozen_tokens: v.pipe(v.array(TOKEN_V3), v.description('NFTs held by open orders')),
    withdraw_frozen_tokens: v.pipe(v.array(TOKEN_V3), v.description('NFTs withdrawn, not on L1 yet')),
    base_uri: text('NFT metadata base URI; "" when none'),
  }),
  v.title('BalanceRowV3'),
);
export type BalanceRowV3 = v.InferOutput<typeof BALANCE_ROW_V3>;

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

/**
 * `GET /v1/balances`: holdings with an available or frozen balance, or an amount withdrawn that has
 * not reached L1, sorted; the rows of a page are built when it is read.
 */
export function balanceRowsV1(state: State, owner: string, contractKey?: string): Listing<BalanceRowV1> {
  const groups = holdingGroups(state, owner, contractKey);
  return mappedListing(
    groups.contracts.reduce((s, c) => s + groups.count(c), 0),
    (offset, limit) => pageOfParts(groups.contracts, groups.count, groups.slice, offset, limit),
    (h) => balanceRowV1(h.contract, h.asset, h.balance, h.withdrawing),
  );
}

/** `GET /v1/balance` of one asset. */
export function balanceRowOf(state: State, owner: string, asset: Asset, b: Balance): BalanceRowV1 {
  return balanceRowV1(contractOf(state, asset), asset, b, withdrawingOf(state, owner, asset.hex));
}

/** V2: one row per contract; NFT rows count tokens and list their ids (no asset_id, as the seed shows). */
export function balanceRowsV2(state: State, owner: string, contractKey?: string): BalanceRowV2[] {
  const groups = holdingGroups(state, owner, contractKey);
  return groups.contracts.flatMap((contract): BalanceRowV2[] => {
    const held = groups.slice(contract, 0, groups.count(contract));
    const v1 = (asset: Asset, b: Balance, withdrawing: bigint) => {
      const { token_id: _t, token_uri: _u, base_uri: _b, ...row } = balanceRowV1(contract, asset, b, withdrawing);
      return row;
    };
    if (!isNftType(contract.type)) return held.map((h) => v1(h.asset, h.balance, h.withdrawing) as v.InferOutput<typeof fungibleV2>);
    // An NFT contract's tokens add up as the amounts of a contract of quantum 1 without decimals.
    const v3 = balanceRowV3(contract, held);
    const b = { available: v3.balance_available, frozen: v3.balance_frozen };
    const { asset_id: _a, ...row } = v1(held[0]!.asset, b, v3.withdraw_frozen);
    const type = contract.type as v.InferOutput<typeof nftV2>['type'];
    const ids = (tokens: BalanceRowV3['available_tokens']) => tokens.map((t) => t.token_id);
    return [{ ...row, type, available_token_ids: ids(v3.available_tokens), frozen_token_ids: ids(v3.frozen_tokens) }];
  });
}

/** `GET /v3/balances`: one row per contract held, ordered as v1/v2 (ETH, ERC20s, NFT contracts by address); a page builds its rows only. */
export function balanceRowsV3(state: State, owner: string, contractKey?: string, type?: string): Listing<BalanceRowV3> {
  const groups = holdingGroups(state, owner, contractKey);
  const contracts = type === undefined ? groups.contracts : groups.contracts.filter((c) => c.type === type);
  return listingOf(contracts, (contract) => balanceRowV3(contract, groups.slice(contract, 0, groups.count(contract))));
}

/** One contract's v3 row from its holdings. */
function balanceRowV3(contract: Contract, held: readonly Holding[]): BalanceRowV3 {
  const row: BalanceRowV3 = {
    asset_id: isNftType(contract.type) ? '' : held[0]!.asset.hex,
    contract_address: contract.address,
    balance_available: 0n,
    balance_frozen: 0n,
    withdraw_frozen: 0n,
    type: contract.type,
    decimals: contract.decimals,
    symbol: contract.symbol,
    quantum: contract.quantum,
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
      const token = { token_id: asset.tokenId.toString(), token_uri: tokenUri(contract, asset), asset_id: asset.hex };
      if (balance.available > 0n) row.available_tokens.push(token);
      if (balance.frozen > 0n) row.frozen_tokens.push(token);
      if (withdrawing > 0n) row.withdraw_frozen_tokens.push(token);
    }
  }
  return row;
}
