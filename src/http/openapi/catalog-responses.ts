// Answers of the catalog routes: contract info and collections, asset ids, projects and their contracts, mints, NFTs.
import * as v from 'valibot';
import { CHAIN_STATUS } from '../../domain/catalog/views.js';
import { TOKEN_TYPES } from '../../domain/state/state.js';
import { ORDER_ENTRY } from './trading-responses.js';
import {
  CONTRACT_ADDRESS,
  SEQUENCE_IDS,
  STARK_KEY,
  TOKEN_TYPE,
  count,
  decimalInt,
  exactInt,
  hex,
  int,
  isoTime,
  message,
  text,
  uuid,
} from './responses.js';

const orNull = (description: string) => v.pipe(v.nullable(v.string()), v.description(description));

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

const CHAIN_STATUS_FIELD = v.pipe(v.literal(CHAIN_STATUS), v.description('always pending: the emulator has no L1 registration step'));

/** GET /v1/contract_info: a registered contract (an ERC721M or ERC721MC asked as ERC721 answers as its L1 registration). */
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

/** GET /v1/collection/{address}: contract_info without id, belongs_to, chain_status and contract_uuid. */
export const COLLECTION = v.pipe(v.strictObject(contractFields), v.title('Collection'));

export const ASSET_ID = v.strictObject({ asset_id: hex('StarkEx asset id') });
export const STARKEX_CONTRACTS = v.strictObject({
  mainnet: text('StarkEx L1 contract on mainnet'),
  testnet: text('StarkEx L1 contract on the testnet'),
  sepolia: text('StarkEx L1 contract on Sepolia'),
});

/** A contract as listed inside a project (the seed's shape: count and quantum as text). */
const PROJECT_CONTRACT = v.pipe(
  v.strictObject({
    contract_uuid: uuid('the contract'),
    contract_address: text('as registered (case kept)'),
    type: v.pipe(v.picklist(TOKEN_TYPES.filter((t) => t !== 'ETH')), v.description('token standard')),
    count: decimalInt('contract_count given at creation (0 when none)'),
    chain_status: CHAIN_STATUS_FIELD,
    name: orNull('contract name'),
    decimals: count('decimals of the token (0 for NFTs)'),
    symbol: text(),
    quantum: decimalInt('quantum: base units of one quantized unit'),
    total_supply: decimalInt('NFTs: tokens on L2; fungibles: quantized units deposited or minted'),
    asset_type: hex('StarkEx asset type'),
    asset_info: hex('StarkEx asset info: selector and address'),
    ...collectionFields,
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

export const PROJECT_CREATED = v.strictObject({ message: v.literal('Project created.'), project_uuid: uuid('the new project') });
export const PROJECT_EDITED = v.strictObject({ message: v.literal('Project edited.'), project_uuid: uuid('the project') });
export const PROJECT_REMOVED = message('Project removed.');
export const CONTRACT_CREATED = v.strictObject({ message: v.literal('Contract created.'), contract_uuid: uuid('the new contract') });
export const CONTRACT_REMOVED = message('Contract removed.');

export const MINTED = v.strictObject({
  sequence_ids: v.pipe(SEQUENCE_IDS, v.description('the type-2 records of the tokens minted, one per token')),
});

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

/** GET /v1/token: the token id a mint created. */
export const MINTED_TOKEN = v.strictObject({ token_id: exactInt('the token id') });

const nftFields = {
  token_id: decimalInt('token id'),
  contract_address: text('as registered (case kept)'),
  owner: v.pipe(STARK_KEY, v.description('stark key of the holder')),
  symbol: text(),
  asset_id: hex('StarkEx asset id of the token'),
};

/** A row of GET /v1/contracts/{address}/tokens: an NFT and its holder (an Nft without the order). */
export const TOKEN_OWNER = v.pipe(v.strictObject(nftFields), v.title('TokenOwner'));

/** GET /v1/nfts/{address}: a token on L2 with its holder and its open order. */
export const NFT = v.pipe(
  v.strictObject({
    ...nftFields,
    order: v.pipe(v.nullable(ORDER_ENTRY), v.description('the most recent open order on the token, or null')),
  }),
  v.title('Nft'),
);
