// `GET /v1/order/info`: everything an SDK needs to sign an order (fee rate, tokens, nonce, vaults).
import * as v from 'valibot';
import { nextNonce } from '../ledger/accounts.js';
import { requireContract, requireTokenType } from '../catalog/contracts.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { toHex } from '../values/hex.js';
import { FEE_RATE_TEXT } from './fees.js';
import { FEE_RATE } from './order-views.js';
import { type Asset, type Contract, ETH_KEY, isMintableType, isNftType, type State, TOKEN_TYPE } from '../state/state.js';
import { CONTRACT_ADDRESS, count, decimalInt, exactInt, hex, text } from '../values/wire.js';
import { ensureVault } from '../ledger/vaults.js';

/** `TYPE:ADDRESS[:TOKEN_ID]` (`ETH:ETH`, `ETH:eth:1`, `ERC20:0x…`, `ERC721:0x…:152`) -> the asset it names. */
export function assetOfContractSpec(state: State, spec: string, field: string): { contract: Contract; asset: Asset } {
  const [typeText, address, token, ...rest] = spec.split(':');
  if (!typeText || !address || rest.length > 0)
    fail(ErrorCode.InvalidParam, `${field} must look like TYPE:ADDRESS[:TOKEN_ID], got "${echo(spec)}"`);
  const type = requireTokenType(typeText);
  const contract = type === 'ETH' ? state.contracts.get(ETH_KEY)! : requireContract(state, address, field);
  if (type !== 'ETH' && address.toLowerCase() === ETH_KEY) fail(ErrorCode.InvalidParam, `${field}: ${type} needs a contract address`);
  const sameKind = type === contract.type || (type === 'ERC721' && isMintableType(contract.type));
  if (!sameKind) fail(ErrorCode.NotSuchContract, `${field}: contract ${echo(address)} is ${contract.type}, not ${type}`);
  if (!isNftType(contract.type)) return { contract, asset: state.assets.get(toHex(contract.assetType))! };
  if (token === undefined || token === '') fail(ErrorCode.TokenIDMissing, `${field}: an NFT needs TYPE:ADDRESS:TOKEN_ID`);
  if (!/^\d+$/.test(token)) fail(ErrorCode.TokenIDParseFailed, `${field}: token id must be a decimal integer, got "${echo(token)}"`);
  const hex = contract.tokens.get(BigInt(token).toString());
  if (hex === undefined) fail(ErrorCode.NotSuchToken, `${field}: token ${echo(token)} of ${contract.address} does not exist on L2`);
  return { contract, asset: state.assets.get(hex)! };
}

const ORDER_INFO_CONTRACT = v.strictObject({
  contract_address: CONTRACT_ADDRESS,
  symbol: text(),
  decimals: count('decimals of the token (0 for NFTs)'),
  type: TOKEN_TYPE,
  quantum: exactInt('quantum: base units of one quantized unit'),
  asset_type: hex('StarkEx asset type'),
});

/** GET /v1/order/info: what an SDK needs to sign an order; [0] is the currency (contract1), [1] the token (contract2). */
export const ORDER_INFO = v.pipe(
  v.strictObject({
    fee_rate: FEE_RATE,
    base_token: hex('asset id of the currency'),
    fee_token: hex('asset id the fee is paid in: the currency'),
    lower_limit: v.pipe(v.literal(1), v.description('smallest amount')),
    nonce: exactInt('the nonce to sign the order with'),
    contracts: v.strictTuple([ORDER_INFO_CONTRACT, ORDER_INFO_CONTRACT]),
    asset_ids: v.strictTuple([hex('asset id of the currency'), hex('asset id of the token')]),
    vault_ids: v.strictTuple([decimalInt("the caller's vault of the currency"), decimalInt("the caller's vault of the token")]),
  }),
  v.title('OrderInfo'),
);

function contractEntry(c: Contract): v.InferOutput<typeof ORDER_INFO_CONTRACT> {
  return {
    contract_address: c.address,
    symbol: c.symbol,
    decimals: c.decimals,
    type: c.type,
    quantum: c.quantum,
    asset_type: toHex(c.assetType),
  };
}

/** Allocates the caller's base and quote vaults on first use (a command, like /v1/vaults). */
export function orderInfo(state: State, starkKey: string, contract1: string, contract2: string): v.InferOutput<typeof ORDER_INFO> {
  const base = assetOfContractSpec(state, contract1, 'contract1');
  const quote = assetOfContractSpec(state, contract2, 'contract2');
  if (isNftType(base.contract.type)) fail(ErrorCode.InvalidParam, 'contract1 is the currency: ETH or an ERC20');
  if (base.asset.hex === quote.asset.hex) fail(ErrorCode.InvalidParam, 'contract1 and contract2 must differ');
  return {
    fee_rate: FEE_RATE_TEXT,
    base_token: base.asset.hex,
    fee_token: base.asset.hex,
    lower_limit: 1,
    nonce: nextNonce(state, starkKey),
    contracts: [contractEntry(base.contract), contractEntry(quote.contract)],
    asset_ids: [base.asset.hex, quote.asset.hex],
    vault_ids: [ensureVault(state, starkKey, base.asset.hex).toString(), ensureVault(state, starkKey, quote.asset.hex).toString()],
  };
}
