// Answers of the ledger routes: balances (v1 rows, v2 rows per contract), vaults, nonce, wallets, the withdraw area.
import * as v from 'valibot';
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
  display_value: display('balance_available in whole tokens'),
  display_frozen: display('balance_frozen in whole tokens'),
};

/** GET /v1/balance, and each row of GET /v1/balances: one fungible asset or one NFT token. */
export const BALANCE_ROW = v.pipe(
  v.strictObject({
    asset_id: hex('StarkEx asset id'),
    ...contractFields,
    ...amounts,
    token_id: TOKEN_ID,
    base_uri: text('NFT metadata base URI; "" when none'),
  }),
  v.title('BalanceRow'),
);

const fungibleV2 = v.strictObject({
  asset_id: hex('StarkEx asset id'),
  ...contractFields,
  type: v.pipe(v.picklist(['ETH', 'ERC20']), v.description('token standard')),
  ...amounts,
});

const nftV2 = v.strictObject({
  ...contractFields,
  type: v.pipe(v.picklist(['ERC721', 'ERC721M']), v.description('token standard')),
  ...amounts,
  balance_available: exactInt('tokens held'),
  balance_frozen: exactInt('tokens held by open orders'),
  available_token_ids: v.array(decimalInt('token id')),
  frozen_token_ids: v.array(decimalInt('token id')),
});

/** A row of GET /v2/balances: a fungible asset, or one NFT contract with its token ids (no asset_id). */
export const BALANCE_ROW_V2 = v.pipe(v.union([fungibleV2, nftV2]), v.title('BalanceRowV2'));

export const VAULT_IDS = v.strictObject({ vault_ids: v.array(decimalInt('vault id, one per (owner, asset) asked for, in order')) });
export const NONCE = v.strictObject({ nonce: count('the nonce to sign the next transfer, withdrawal or order with') });
export const WALLETS = v.strictObject({
  wallets: v.array(v.strictObject({ stark_key: STARK_KEY, stark_private_key: hex('its private key (a testing helper: never use it for real funds)') })),
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
  }),
  v.title('WithdrawAreaEntry'),
);
