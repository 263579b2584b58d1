// Answers of the ledger routes: balances (v1 rows, v2 rows per contract), vaults, nonce, wallets, the withdraw area.
import * as v from 'valibot';
import { TOKEN_TYPES, isNftType } from '../../domain/state/state.js';
import { CONTRACT_ADDRESS, STARK_KEY, TOKEN_ID, TOKEN_TYPE, count, decimalInt, display, exactInt, hex, text } from './responses.js';

const contractFields = {
  contract_address: CONTRACT_ADDRESS,
  type: TOKEN_TYPE,
  decimals: count('decimals of the token (0 for NFTs)'),
  symbol: text(),
  quantum: exactInt('quantum: base units of one quantized unit'),
};

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

const NFT_TYPE = v.pipe(v.picklist(TOKEN_TYPES.filter(isNftType)), v.description('token standard'));
const FUNGIBLE_TYPE = v.pipe(v.picklist(TOKEN_TYPES.filter((t) => !isNftType(t))), v.description('token standard'));

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

const fungibleV2 = v.strictObject({
  asset_id: hex('StarkEx asset id'),
  ...contractFields,
  type: FUNGIBLE_TYPE,
  ...amounts,
});

const nftV2 = v.strictObject({
  ...contractFields,
  type: NFT_TYPE,
  ...amounts,
  balance_available: exactInt('tokens held'),
  balance_frozen: exactInt('tokens held by open orders'),
  withdraw_frozen: exactInt('tokens withdrawn that have not reached L1 yet'),
  available_token_ids: v.array(decimalInt('token id')),
  frozen_token_ids: v.array(decimalInt('token id')),
});

/** A row of GET /v2/balances: a fungible asset, or one NFT contract with its token ids (no asset_id). */
export const BALANCE_ROW_V2 = v.pipe(v.union([fungibleV2, nftV2]), v.title('BalanceRowV2'));

const TOKEN_V3 = v.strictObject({
  token_id: decimalInt('token id'),
  token_uri: text('the token\'s URI; "" when none'),
  asset_id: hex('StarkEx asset id of the token'),
});

/** A row of GET /v3/balances: one per contract, exactly the keys Java's strict v3 model knows. */
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

export const VAULT_IDS = v.strictObject({ vault_ids: v.array(decimalInt('vault id, one per (owner, asset) asked for, in order')) });
export const NONCE = v.strictObject({ nonce: count('the nonce to sign the next transfer, withdrawal or order with') });
export const WALLETS = v.strictObject({
  wallets: v.array(
    v.strictObject({ stark_key: STARK_KEY, stark_private_key: hex('its private key (a testing helper: never use it for real funds)') }),
  ),
});

/** GET /v1/withdrawal/status: one entry per asset an Ethereum address can claim on L1. */
export const WITHDRAW_AREA_ENTRY = v.pipe(
  v.strictObject({
    contract_address: CONTRACT_ADDRESS,
    asset_id: hex('StarkEx asset id'),
    token_id: TOKEN_ID,
    type: TOKEN_TYPE,
    asset_type: hex('StarkEx asset type of the contract'),
    display_value: display('amount in whole tokens'),
    symbol: text(),
    amount: exactInt('quantized units waiting to be claimed'),
    token_uri: v.pipe(
      v.nullable(v.string()),
      v.description('ERC721MC: the URL the token was minted with (withdrawAndMint needs it); null otherwise'),
    ),
  }),
  v.title('WithdrawAreaEntry'),
);
