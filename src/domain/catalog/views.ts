// Contract views in the real service's shapes, each declared once as a schema (contract_info, collection, project).
import * as v from 'valibot';
import { contractAddressValue, requireContract, requireTokenType } from './contracts.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { toHex } from '../values/hex.js';
import { type Contract, ETH_KEY, isMintableType, isNftType, type State, TOKEN_TYPE, TOKEN_TYPES } from '../state/state.js';
import { CONTRACT_ADDRESS, count, decimalInt, exactInt, hex, int, isoTime, orNull, text, uuid } from '../values/wire.js';

/** The `chain_status` of every contract (the seed's only shown value). */
export const CHAIN_STATUS = 'pending';
const CHAIN_STATUS_FIELD = v.pipe(v.literal(CHAIN_STATUS), v.description('always pending: the emulator has no L1 registration step'));

/** The collection fields set at contract creation (null when not given). */
const collectionFields = {
  metadata_url: orNull('metadata URL'),
  description: orNull('collection description'),
  image_url: orNull('collection image'),
  external_link: orNull('external link'),
  banner_image_url: orNull('banner image'),
};

const contractFields = {
  contract_address: CONTRACT_ADDRESS,
  type: TOKEN_TYPE,
  count: exactInt('contract_count given at creation (0 when none)'),
  name: orNull('contract name'),
  decimals: count('decimals of the token (0 for NFTs)'),
  symbol: text(),
  quantum: decimalInt('quantum: base units of one quantized unit'),
  total_supply: decimalInt('NFTs: tokens on L2; fungibles: quantized units deposited or minted'),
  asset_type: hex('StarkEx asset type'),
  asset_info: hex('StarkEx asset info: selector and address'),
  ...collectionFields,
};

/**
 * GET /v1/contract_info: a registered contract (an ERC721M or ERC721MC asked as ERC721 answers as its
 * L1 registration). Besides the seed's fields, the three the JS, Java and C# models declare
 * (docs/sdk.md lists the client models).
 */
export const CONTRACT_INFO = v.pipe(
  v.strictObject({
    id: int('registration number: 1, 2, … in registration order (ETH is 1)'),
    belongs_to: v.pipe(
      v.union([v.literal(''), uuid('the project')]),
      v.description('the project it is in; "" for ETH and for a removed contract'),
    ),
    chain_status: CHAIN_STATUS_FIELD,
    contract_uuid: uuid('the contract'),
    ...contractFields,
  }),
  v.title('ContractInfo'),
);
export type ContractInfoView = v.InferOutput<typeof CONTRACT_INFO>;

/** GET /v1/collection/{address}: contract_info without id, belongs_to, chain_status and contract_uuid. */
export const COLLECTION = v.pipe(v.strictObject(contractFields), v.title('Collection'));

/** A contract as listed inside a project (the seed's shape: count and quantum as text). */
const PROJECT_CONTRACT = v.pipe(
  v.strictObject({
    contract_uuid: uuid('the contract'),
    ...contractFields,
    contract_address: text('as registered (case kept)'),
    type: v.pipe(v.picklist(TOKEN_TYPES.filter((t) => t !== 'ETH')), v.description('token standard')),
    count: decimalInt('contract_count given at creation (0 when none)'),
    chain_status: CHAIN_STATUS_FIELD,
    created_at: isoTime('when it was registered'),
  }),
  v.title('ProjectContract'),
);

/** GET /v1/project: one of the caller's projects. */
export const PROJECT = v.pipe(
  v.strictObject({
    project_name: text(),
    project_uuid: uuid('the project'),
    created_at: isoTime('when it was created'),
    contracts: v.array(PROJECT_CONTRACT),
  }),
  v.title('Project'),
);

/** A row of GET /v1/collection without a collection (JS 0.8 getCollections): one per registered contract but ETH. */
export const COLLECTION_SUMMARY = v.pipe(
  v.strictObject({
    contract_address: text('as registered (case kept)'),
    symbol: text(),
    type: TOKEN_TYPE,
    total_supply: decimalInt('NFTs: tokens on L2; fungibles: quantized units deposited or minted'),
    asset_type: hex('StarkEx asset type'),
    base_uri: text('NFT metadata base URI; "" when none'),
  }),
  v.title('CollectionSummary'),
);
export type CollectionSummary = v.InferOutput<typeof COLLECTION_SUMMARY>;

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

/** Every registered contract but ETH, in registration order (removed ones too: their collection stays). */
export function collectionSummaries(state: State): CollectionSummary[] {
  return [...state.contracts.values()]
    .filter((c) => c.type !== 'ETH')
    .map((c) => ({
      contract_address: c.address,
      symbol: c.symbol,
      type: c.type,
      total_supply: totalSupply(state, c).toString(),
      asset_type: toHex(c.assetType),
      base_uri: c.baseUri,
    }));
}
