// Contract views in the real service's shapes (contract_info, collection).
import { contractAddressValue, requireContract, requireTokenType } from './contracts.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { toHex } from '../values/hex.js';
import type { Contract, State } from '../state/state.js';
import { ETH_KEY, isMintableType, isNftType } from '../state/state.js';

/**
 * Besides the seed's fields, the three the JS, Java and C# models declare (docs/sdk.md lists the client models):
 * `id` the contract's registration number (1 is ETH), `belongs_to` the uuid of the project it is in
 * ("" for ETH and for a removed contract), `chain_status` "pending" (the only value the seed shows;
 * the emulator has no L1 registration step that would move it).
 */
export interface ContractInfoView {
  id: number;
  belongs_to: string;
  chain_status: string;
  contract_uuid: string;
  contract_address: string;
  type: string;
  count: bigint;
  name: string | null;
  decimals: number;
  symbol: string;
  quantum: string;
  total_supply: string;
  asset_type: string;
  asset_info: string;
  metadata_url: string | null;
  description: string | null;
  image_url: string | null;
  external_link: string | null;
  banner_image_url: string | null;
}

/** The `chain_status` of every contract (the seed's only shown value). */
export const CHAIN_STATUS = 'pending';

/** Total supply on L2: tokens created for NFT contracts, quantized units issued for fungibles. */
export function totalSupply(state: State, contract: Contract): bigint {
  if (isNftType(contract.type)) return BigInt(contract.tokens.size);
  return state.issued.get(toHex(contract.assetType)) ?? 0n;
}

/**
 * `GET /v1/contract_info`. An ERC721M contract answers as itself by default, or as its L1 ERC721
 * registration when asked with `type=ERC721` (docs/behaviour.md: registered twice, both by address).
 */
export function contractInfo(state: State, contract: Contract, asL1Erc721 = false): ContractInfoView {
  const l1 = asL1Erc721 && isMintableType(contract.type);
  return {
    id: contract.id,
    belongs_to: contract.projectUuid ?? '',
    chain_status: CHAIN_STATUS,
    contract_uuid: contract.uuid,
    contract_address: contract.address,
    type: l1 ? 'ERC721' : contract.type,
    count: contract.count,
    name: contract.name,
    decimals: contract.decimals,
    symbol: contract.symbol,
    quantum: contract.quantum.toString(),
    total_supply: totalSupply(state, contract).toString(),
    asset_type: toHex(l1 ? contract.l1AssetType! : contract.assetType),
    asset_info: l1 ? contract.l1AssetInfo! : contract.assetInfo,
    metadata_url: contract.metadataUrl,
    description: contract.description,
    image_url: contract.imageUrl,
    external_link: contract.externalLink,
    banner_image_url: contract.bannerImageUrl,
  };
}

/** `GET /v1/contract_info` with an optional `type` (28 unknown, 15 mismatched; MINTABLE_ERC721 means ERC721M). */
export function contractInfoFor(state: State, address: string, typeText?: string): ContractInfoView {
  const type = typeText === undefined ? undefined : requireTokenType(typeText);
  if (type === 'ETH' || address.toLowerCase() === ETH_KEY) {
    if (address.toLowerCase() !== ETH_KEY)
      fail(ErrorCode.InvalidParam, `contract_address must be "eth" for type ETH, got "${echo(address)}"`);
    if (type !== undefined && type !== 'ETH') fail(ErrorCode.NotSuchContract, `contract_address eth is ETH, not ${echo(typeText!)}`);
    return contractInfo(state, state.contracts.get(ETH_KEY)!);
  }
  contractAddressValue(address);
  const contract = requireContract(state, address);
  // ERC721M and ERC721MC are registered twice: as the L1 ERC721 contract and as their mintable asset type.
  const asL1 = type === 'ERC721' && isMintableType(contract.type);
  if (type !== undefined && type !== contract.type && !asL1)
    fail(ErrorCode.NotSuchContract, `contract ${echo(address)} is ${contract.type}, not ${echo(typeText!)}`);
  return contractInfo(state, contract, asL1);
}

/** `GET /v1/collection` without a collection: the JS 0.8 getCollections item. */
export interface CollectionSummary {
  contract_address: string;
  symbol: string;
  type: string;
  total_supply: string;
  asset_type: string;
  base_uri: string;
}

/** Every registered contract but ETH, in registration order (removed ones too: their collection stays). */
export function collectionSummaries(state: State): CollectionSummary[] {
  const out: CollectionSummary[] = [];
  for (const c of state.contracts.values()) {
    if (c.type === 'ETH') continue;
    out.push({
      contract_address: c.address,
      symbol: c.symbol,
      type: c.type,
      total_supply: totalSupply(state, c).toString(),
      asset_type: toHex(c.assetType),
      base_uri: c.baseUri,
    });
  }
  return out;
}
