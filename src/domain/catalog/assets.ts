// Asset ids the emulator knows: one per fungible contract, one per NFT token.
import { assetId, customUriAssetId } from '../../crypto/asset.js';
import { contractAddressValue, ETH_QUANTUM, findContract, requireTokenType } from './contracts.js';
import { fungibleQuantum } from '../values/money.js';
import { fail, ErrorCode } from '../values/errors.js';
import { toHex } from '../values/hex.js';
import type { Asset, Contract, State, TokenType } from '../state/state.js';
import { touch } from '../state/undo.js';

/** Asset id of token `tokenId` of an NFT contract, by the StarkEx formula for its kind (ERC721MC: from its URL). */
export function nftAssetId(contract: Contract, tokenId: bigint, uri?: string): bigint {
  const address = contractAddressValue(contract.address);
  if (contract.type === 'ERC721MC' && (uri === undefined || uri === ''))
    fail(
      ErrorCode.InvalidParam,
      `token_url is required for a token of ERC721MC contract ${contract.address} (its asset id is computed from it)`,
    );
  return nftId(contract.type, address, contract.quantum, tokenId, uri);
}

/** The StarkEx asset id of an NFT token by its kind's formula (ERC721MC: from its URL). */
function nftId(type: TokenType, address: bigint, quantum: bigint, tokenId: bigint, uri = ''): bigint {
  if (type === 'ERC721MC') return customUriAssetId(address, quantum, tokenId, uri);
  return assetId(type === 'ERC721M' ? 'ERC721M' : 'ERC721', address, quantum, tokenId);
}

/**
 * The asset of an NFT token, creating it (unheld) on first use. ERC721MC tokens are created with a
 * URL (`uri`, required then); naming an existing MC token with another URL is refused (19).
 */
export function ensureNftAsset(state: State, contract: Contract, tokenId: bigint, uri?: string): Asset {
  const tokenKey = tokenId.toString();
  const known = contract.tokens.get(tokenKey);
  if (known !== undefined) {
    const asset = state.assets.get(known)!;
    checkTokenUrl(contract, asset, uri);
    return asset;
  }
  const id = nftAssetId(contract, tokenId, uri);
  const asset: Asset = {
    id,
    hex: toHex(id),
    contractKey: contract.key,
    tokenId,
    holder: null,
    uri: contract.type === 'ERC721MC' ? uri! : null,
  };
  state.assets.set(asset.hex, asset);
  contract.tokens.set(tokenKey, asset.hex);
  if (tokenId > contract.maxTokenId) {
    touch(state.undo, contract);
    contract.maxTokenId = tokenId;
  }
  return asset;
}

/** An ERC721MC token named with a URL other than its own is refused (19); other kinds ignore `token_url`. */
export function checkTokenUrl(contract: Contract, asset: Asset, uri: string | undefined): void {
  if (contract.type !== 'ERC721MC' || uri === undefined || uri === '' || uri === asset.uri) return;
  fail(
    ErrorCode.InvalidParam,
    `token_url ${JSON.stringify(uri)} is not the URL token ${asset.tokenId} of ${contract.address} was minted with (${JSON.stringify(asset.uri)})`,
  );
}

/**
 * A token's URI: ERC721MC the URL it was minted with; otherwise base_uri joined with the token id ("http://1" + "5" is
 * "http://1/5", as the doc's v3 example shows; a trailing "/" is not doubled); "" without a base_uri or for a fungible.
 */
export function tokenUri(contract: Contract, asset: Asset): string {
  if (asset.uri !== null) return asset.uri;
  if (asset.tokenId === null || contract.baseUri === '') return '';
  return contract.baseUri.endsWith('/') ? contract.baseUri + asset.tokenId.toString() : `${contract.baseUri}/${asset.tokenId}`;
}

/** Fails with 6 (NoSuchAssetID) for an asset id that no contract or token produced. */
export function requireAsset(state: State, id: bigint, field = 'asset_id'): Asset {
  const a = state.assets.get(toHex(id));
  if (!a) fail(ErrorCode.NoSuchAssetID, `${field} ${toHex(id)} is not a known asset`);
  return a;
}

export function contractOf(state: State, asset: Asset): Contract {
  return state.contracts.get(asset.contractKey)!;
}

export interface AssetIdInput {
  type: string;
  contractAddress?: string | undefined;
  tokenId?: bigint | undefined;
  quantum?: bigint | undefined;
  /** ERC721MC: the token's URL (absent: the stored URL of an existing token of a registered contract). */
  tokenUrl?: string | undefined;
}

/**
 * `GET /v1/assetid`: the StarkEx asset id from its inputs. The contract need not be registered; the
 * quantum comes from `quantum`, else the registered contract, else 10^12 (ETH, 18-decimal ERC20) or 1 (NFTs).
 */
export function assetIdFromInputs(state: State, input: AssetIdInput): string {
  const type = requireTokenType(input.type);
  if (type === 'ETH') return toHex(assetId('ETH', undefined, input.quantum ?? ETH_QUANTUM));
  if (input.contractAddress === undefined) fail(ErrorCode.ContractAddressMissing, `contract_address is required for type ${type}`);
  const address = contractAddressValue(input.contractAddress);
  if (type === 'ERC20') {
    const known = findContract(state, input.contractAddress);
    return toHex(assetId('ERC20', address, input.quantum ?? known?.quantum ?? fungibleQuantum(18)));
  }
  if (input.tokenId === undefined) fail(ErrorCode.TokenIDMissing, `token_id is required for type ${type}`);
  let url = input.tokenUrl;
  if (type === 'ERC721MC' && (url === undefined || url === '')) {
    const known = findContract(state, input.contractAddress)?.tokens.get(input.tokenId.toString());
    if (known === undefined)
      fail(
        ErrorCode.InvalidParam,
        `token_url is required for an ERC721MC asset id (token ${input.tokenId} of ${input.contractAddress} is not on L2)`,
      );
    url = state.assets.get(known)!.uri!;
  }
  return toHex(nftId(type, address, input.quantum ?? 1n, input.tokenId, url));
}
