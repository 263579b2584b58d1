// The read side of a devnet: every query, answered from the current state without changing it. Devnet
// (core/devnet.ts) makes each a method of the same name and parameters (after the context).
import { createHash } from 'node:crypto';
import { nextNonce, parseStarkKey } from '../domain/ledger/accounts.js';
import { assetIdFromInputs, requireAsset, type AssetIdInput } from '../domain/catalog/assets.js';
import { balanceRowOf, balanceRowsV1, balanceRowsV2, balanceRowsV3 } from '../domain/ledger/balances.js';
import { collectionListings } from '../domain/trading/collection-listings.js';
import { contractAddressValue, contractKeyFilter, marketContract, requireContract, requireTokenType } from '../domain/catalog/contracts.js';
import { dumpChunks, dumpState, stateHash, type Sha256Text } from '../domain/lifecycle/dump.js';
import { echo, ErrorCode, fail } from '../domain/values/errors.js';
import { findViolations } from '../domain/lifecycle/invariants.js';
import { listIndexViolations } from '../domain/lifecycle/list-indexes.js';
import { balanceOf } from '../domain/ledger/ledger.js';
import { namedNfts, nftsOf, type TokenOwner } from '../domain/catalog/nfts.js';
import { projectsOf } from '../domain/catalog/projects.js';
import {
  contractRecords,
  mintedToken,
  recordFor,
  recordsBySignature,
  recordsFor,
  type RecordQuery,
} from '../domain/records/record-views.js';
import { collectionSummaries, contractInfoFor } from '../domain/catalog/views.js';
import { metadataContract, tokenJson } from '../domain/catalog/metadata.js';
import { parseEthAddress, withdrawAreaView } from '../domain/ledger/withdrawals.js';
import { depth, trades, type TradeQuery } from '../domain/trading/depth.js';
import { openOrderOn, orderDetail, orderListing, type OrderFilter } from '../domain/trading/order-views.js';
import type { DevnetStorage } from './storage.js';
import type { Listing } from '../domain/values/listing.js';
import type { Methods } from './commands.js';
import { isNftType, type Contract, type State } from '../domain/state/state.js';

/** The state hash's sha256, native (about ten times @noble/hashes on a big state); the same digest. */
export const nativeSha256: Sha256Text = () => {
  const h = createHash('sha256');
  return { update: (text) => void h.update(text, 'utf8'), digest: () => '0x' + h.digest('hex') };
};

/** What a query reads: the current state, the storage (its invariants), the attached L1's StarkEx contract. */
export interface ReadContext {
  readonly state: State;
  readonly storage: DevnetStorage;
  readonly l1Contract: string | undefined;
}

type Ctx = ReadContext;

function nftContract(state: State, address: string): Contract {
  contractAddressValue(address);
  const contract = requireContract(state, address);
  if (!isNftType(contract.type)) fail(ErrorCode.InvalidParam, `contract ${echo(address)} is ${contract.type}, not an NFT contract`);
  return contract;
}

/** sha256 of the canonical state image: equal hashes mean equal states. */
const hashOf = (c: Ctx): string => stateHash(c.state, nativeSha256);

/** The queries, at most three parameters each (Devnet's methods hand on three). */
export const QUERY_TABLE = {
  contractInfo: (c: Ctx, address: string, typeText?: string) => contractInfoFor(c.state, address, typeText),
  /** StarkEx asset id from its inputs; the contract need not be registered (quantum from it when it is). */
  assetId: (c: Ctx, input: AssetIdInput): string => assetIdFromInputs(c.state, input),
  nonce: (c: Ctx, starkKeyText: string | undefined): bigint => nextNonce(c.state, parseStarkKey(starkKeyText)),
  balance: (c: Ctx, starkKeyText: string | undefined, assetId: bigint) => {
    const key = parseStarkKey(starkKeyText);
    const asset = requireAsset(c.state, assetId);
    return balanceRowOf(c.state, key, asset, balanceOf(c.state, key, asset.hex));
  },
  balances: (c: Ctx, starkKeyText: string | undefined, contractAddress?: string) =>
    balanceRowsV1(c.state, parseStarkKey(starkKeyText), contractKeyFilter(c.state, contractAddress)),
  balancesV2: (c: Ctx, starkKeyText: string | undefined, contractAddress?: string) =>
    balanceRowsV2(c.state, parseStarkKey(starkKeyText), contractKeyFilter(c.state, contractAddress)),
  /** `GET /v3/balances`: per contract, with token lists; empty filters count as absent (Java sends `contract_address=&type=`). */
  balancesV3: (c: Ctx, starkKeyText: string | undefined, contractAddress?: string, typeText?: string) => {
    const key = parseStarkKey(starkKeyText);
    const type = typeText === undefined || typeText === '' ? undefined : requireTokenType(typeText);
    return balanceRowsV3(c.state, key, contractKeyFilter(c.state, contractAddress), type);
  },
  /** The genesis's addresses, or the attached L1's contract (`--l1`) for every network. */
  starkexContracts: ({ state, l1Contract: a }: Ctx): State['starkexContracts'] =>
    a === undefined ? { ...state.starkexContracts } : { mainnet: a, testnet: a, sepolia: a },
  accounts: ({ state }: Ctx) => ({
    accounts: state.namedAccounts.map((a) => ({
      name: a.name,
      stark_key: a.starkKey,
      private_key: a.privateKey,
      eth_address: a.ethAddress,
      eth_private_key: a.ethPrivateKey ?? null,
    })),
    api_keys: [...state.apiKeys.keys()],
    operator: state.operator,
  }),
  /** `GET /v1/records`: newest first. */
  records: (c: Ctx, starkKeyText: string | undefined, filter: RecordQuery) => recordsFor(c.state, parseStarkKey(starkKeyText), filter),
  /**
   * `GET /v1/txns`: a stark key's records (as /v1/records; narrowed to a contract when both are given),
   * or a contract's records of every key; 19 when neither is given.
   */
  txns: (c: Ctx, starkKeyText: string | undefined, contractAddress: string | undefined) => {
    if (starkKeyText !== undefined) return recordsFor(c.state, parseStarkKey(starkKeyText), { contractAddress });
    if (contractAddress === undefined || contractAddress === '') fail(ErrorCode.InvalidParam, 'stark_key or contract_address is required');
    return contractRecords(c.state, contractAddress);
  },
  /** `GET /v1/record` (any record when no key is given) and `GET /v1/txn`: an array with the one record, flattened. */
  record: (c: Ctx, starkKey: string | undefined, sequenceId: number) => [recordFor(c.state, starkKey, sequenceId)],
  /** `GET /v1/record/by/signature`: the records of the accepted request signed (r, s); [] when none. */
  recordsBySignature: (c: Ctx, r: bigint, s: bigint) => recordsBySignature(c.state, r, s),
  /** `GET /v1/token?seq_id=`: the token id a mint created. */
  mintedToken: (c: Ctx, sequenceId: number) => mintedToken(c.state, sequenceId),
  withdrawalStatus: (c: Ctx, stage: string, ethAddressText: string | undefined) => {
    if (stage !== 'withdrawarea')
      fail(ErrorCode.InvalidParam, `stage must be "withdrawarea" (the only stage supported), got "${echo(stage)}"`);
    return withdrawAreaView(c.state, parseEthAddress(ethAddressText, 'ethaddress'));
  },
  /** Throws 32 (401) unless the key is known. Empty counts as absent. */
  checkApiKey: (c: Ctx, key: string | undefined): string => {
    if (key === undefined || key.trim() === '') fail(ErrorCode.InvalidAPIKey, 'x-api-key header is required for this endpoint');
    if (!c.state.apiKeys.has(key.trim())) fail(ErrorCode.InvalidAPIKey, 'x-api-key is not a known API key');
    return key.trim();
  },
  /** `GET /_devnet/invariants`: every guarantee checked now (the list indexes too), plus a hash of the canonical state. */
  invariants: (c: Ctx): { ok: boolean; violations: string[]; state_hash: string } => {
    const violations = [...findViolations(c.state), ...listIndexViolations(c.state), ...c.storage.violations()];
    return { ok: violations.length === 0, violations, state_hash: hashOf(c) };
  },
  stateHash: hashOf,
  /** The canonical, versioned image of the whole state, as one object (small states, tests). */
  dump: (c: Ctx): Record<string, unknown> => dumpState(c.state),
  /** `GET /_devnet/state`: the image as text in pieces of ~64 KiB, all taken now (later commands cannot tear it), never joined. */
  dumpText: (c: Ctx): string[] => [...dumpChunks(c.state)],
  /** The dump's text in pieces, taken from the live state as they are consumed (synchronously: the image writer). */
  dumpPieces: (c: Ctx): Iterable<string> => dumpChunks(c.state),
  projects: (c: Ctx, apiKey: string) => projectsOf(c.state, apiKey),
  /** `GET /v1/collection/{address}`: the contract's collection fields (contract_info without the uuid and the client-model extras). */
  collection: (c: Ctx, address: string) => {
    const { contract_uuid: _u, id: _i, belongs_to: _b, chain_status: _c, ...rest } = contractInfoFor(c.state, address);
    return rest;
  },
  /** `GET /v1/collection?quote_contract_address&token_ids&base_contract_address`: open ASKs in a collection. */
  collectionListings: (c: Ctx, quoteAddress: string | undefined, baseAddress: string | undefined, tokenIds: bigint[] | undefined) => {
    const quote = marketContract(c.state, quoteAddress, 'quote_contract_address', true);
    // 0.4.5 orders are always priced in ETH, so ETH is the base when none is named.
    const base = marketContract(
      c.state,
      baseAddress === undefined || baseAddress === '' ? 'eth' : baseAddress,
      'base_contract_address',
      false,
    );
    return collectionListings(c.state, quote, base, tokenIds);
  },
  /**
   * `GET /v1/collection` without a collection (JS 0.8 getCollections): every registered NFT and ERC20
   * contract, removed ones included (their collection stays), in registration order. token_ids or a
   * base contract narrow a collection, so without one they fail with 27.
   */
  collections: (c: Ctx, tokenIds?: bigint[], baseAddress?: string) => {
    if (tokenIds !== undefined || (baseAddress !== undefined && baseAddress !== ''))
      fail(ErrorCode.ContractAddressMissing, 'quote_contract_address is required with token_ids or base_contract_address');
    return collectionSummaries(c.state);
  },
  /** Checked before a metadata upload's body is read: the caller's NFT contract (15, 33, 19); its project stores the media. */
  metadataProject: (c: Ctx, apiKey: string, contractUuid: string): string => metadataContract(c.state, apiKey, contractUuid).projectUuid!,
  /** `GET /metadata/{address}/{token_id}`: the token JSON, its image at `gateway`. */
  tokenJson: (c: Ctx, address: string, tokenId: bigint, gateway: string) => tokenJson(c.state, address, tokenId, gateway),
  /** `GET /v1/contracts/{address}/tokens`: the tokens of an NFT contract with their owners, optionally only `tokenIds`. */
  tokenOwners: (c: Ctx, address: string, tokenIds?: bigint[]): Listing<TokenOwner> => {
    const contract = nftContract(c.state, address);
    const entries = tokenIds === undefined ? nftsOf(c.state, contract) : namedNfts(c.state, contract, tokenIds);
    return { total: entries.total, page: (offset, limit) => entries.page(offset, limit).map(({ order: _o, ...owner }) => owner) };
  },
  /** `GET /v1/nfts/{address}`: tokens on L2 with owner and asset id. */
  nfts: ({ state }: Ctx, address: string) => nftsOf(state, nftContract(state, address), (hex) => openOrderOn(state, hex)),
  /** `GET /v1/orders`: open orders only, newest first. */
  orders: (c: Ctx, filter: Omit<OrderFilter, 'contractKey'> & { contractAddress?: string | undefined }) => {
    const { contractAddress, ...rest } = filter;
    return orderListing(c.state, { ...rest, contractKey: contractKeyFilter(c.state, contractAddress) });
  },
  /** `GET /v1/order`: any order, with `order_state`. */
  order: (c: Ctx, orderId: number) => {
    const o = c.state.orders.get(orderId);
    if (!o) fail(ErrorCode.InvalidParam, `no order with order_id ${orderId}`);
    return orderDetail(c.state, o);
  },
  /** `GET /v1/depth?base_contract&quote_contract`. */
  depth: (c: Ctx, baseAddress: string, quoteAddress: string) =>
    depth(
      c.state,
      marketContract(c.state, baseAddress, 'base_contract', false),
      marketContract(c.state, quoteAddress, 'quote_contract', true),
    ),
  /** `GET /v1/trades`: by order_id, by stark_key, or by market (both contracts). */
  trades: (c: Ctx, f: TradeQuery) => trades(c.state, f),
};

export type Queries = Methods<typeof QUERY_TABLE>;
