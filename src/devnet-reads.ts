// The read side of a devnet: every query, answered from the current state without changing it.
import { createHash } from 'node:crypto';
import { nextNonce, parseStarkKey } from './domain/ledger/accounts.js';
import { assetIdFromInputs, requireAsset } from './domain/catalog/assets.js';
import type { AssetIdInput } from './domain/catalog/assets.js';
import { balanceRowOf, balanceRowsV1, balanceRowsV2, balanceRowsV3 } from './domain/ledger/balances.js';
import type { BalanceRowV1, BalanceRowV2, BalanceRowV3 } from './domain/ledger/balances.js';
import { collectionListings } from './domain/trading/collection-listings.js';
import type { CollectionListing } from './domain/trading/collection-listings.js';
import { contractAddressValue, contractKeyFilter, marketContract, requireContract, requireTokenType } from './domain/catalog/contracts.js';
import { dumpChunks, dumpState, stateHash } from './domain/lifecycle/dump.js';
import type { Sha256Text } from './domain/lifecycle/dump.js';
import { echo, ErrorCode, fail } from './domain/values/errors.js';
import { findViolations } from './domain/lifecycle/invariants.js';
import { listIndexViolations } from './domain/lifecycle/list-indexes.js';
import { balanceOf } from './domain/ledger/ledger.js';
import { namedNfts, nftsOf } from './domain/catalog/nfts.js';
import type { NftEntry, TokenOwner } from './domain/catalog/nfts.js';
import { projectsOf } from './domain/catalog/projects.js';
import { mintedToken, recordFor, recordsBySignature, recordsFor } from './domain/records/record-views.js';
import type { RecordQuery, RecordView, SingleRecordView } from './domain/records/record-views.js';
import { collectionSummaries, contractInfoFor } from './domain/catalog/views.js';
import type { CollectionSummary, ContractInfoView } from './domain/catalog/views.js';
import { parseEthAddress, withdrawAreaView } from './domain/ledger/withdrawals.js';
import type { WithdrawAreaEntry } from './domain/ledger/withdrawals.js';
import { depth, trades } from './domain/trading/depth.js';
import type { TradeQuery } from './domain/trading/depth.js';
import { openOrderOn, orderDetail, orderListing } from './domain/trading/order-views.js';
import type { OrderEntry, OrderFilter } from './domain/trading/order-views.js';
import type { DevnetStorage } from './devnet-storage.js';
import type { Contract, State } from './domain/state/state.js';
import type { Listing } from './domain/values/listing.js';
import { isNftType } from './domain/state/state.js';

/** The state hash's sha256, native (about ten times @noble/hashes on a big state); the same digest. */
export const nativeSha256: Sha256Text = () => {
  const h = createHash('sha256');
  return { update: (text) => void h.update(text, 'utf8'), digest: () => '0x' + h.digest('hex') };
};

/** Queries only; Devnet (devnet.ts) adds the commands and owns the state. */
export abstract class DevnetReads {
  abstract get state(): State;
  /** Uploads, the storage index's queries and the gateway (see devnet-storage.ts). */
  abstract readonly storage: DevnetStorage;

  contractInfo(address: string, typeText?: string): ContractInfoView {
    return contractInfoFor(this.state, address, typeText);
  }

  /** StarkEx asset id from its inputs; the contract need not be registered (quantum from it when it is). */
  assetId(input: AssetIdInput): string {
    return assetIdFromInputs(this.state, input);
  }

  nonce(starkKeyText: string | undefined): bigint {
    return nextNonce(this.state, parseStarkKey(starkKeyText));
  }

  balance(starkKeyText: string | undefined, assetId: bigint): BalanceRowV1 {
    const key = parseStarkKey(starkKeyText);
    const asset = requireAsset(this.state, assetId);
    return balanceRowOf(this.state, key, asset, balanceOf(this.state, key, asset.hex));
  }

  balances(starkKeyText: string | undefined, contractAddress?: string): Listing<BalanceRowV1> {
    const key = parseStarkKey(starkKeyText);
    return balanceRowsV1(this.state, key, contractKeyFilter(this.state, contractAddress));
  }

  balancesV2(starkKeyText: string | undefined, contractAddress?: string): BalanceRowV2[] {
    const key = parseStarkKey(starkKeyText);
    return balanceRowsV2(this.state, key, contractKeyFilter(this.state, contractAddress));
  }

  /** `GET /v3/balances`: per contract, with token lists; empty filters count as absent (Java sends `contract_address=&type=`). */
  balancesV3(starkKeyText: string | undefined, contractAddress?: string, typeText?: string): Listing<BalanceRowV3> {
    const key = parseStarkKey(starkKeyText);
    const type = typeText === undefined || typeText === '' ? undefined : requireTokenType(typeText);
    return balanceRowsV3(this.state, key, contractKeyFilter(this.state, contractAddress), type);
  }

  starkexContracts(): State['starkexContracts'] {
    return { ...this.state.starkexContracts };
  }

  accounts(): {
    accounts: Array<{ name: string; stark_key: string; private_key: string; eth_address: string }>;
    api_keys: string[];
    operator: string;
  } {
    return {
      accounts: this.state.namedAccounts.map((a) => ({
        name: a.name,
        stark_key: a.starkKey,
        private_key: a.privateKey,
        eth_address: a.ethAddress,
      })),
      api_keys: [...this.state.apiKeys.keys()],
      operator: this.state.operator,
    };
  }

  /** `GET /v1/records`: newest first. */
  records(starkKeyText: string | undefined, filter: RecordQuery): Listing<RecordView> {
    return recordsFor(this.state, parseStarkKey(starkKeyText), filter);
  }

  /** `GET /v1/record` (any record when no key is given) and `GET /v1/txn`: an array with the one record, flattened. */
  record(starkKey: string | undefined, sequenceId: number): SingleRecordView[] {
    return [recordFor(this.state, starkKey, sequenceId)];
  }

  /** `GET /v1/record/by/signature`: the records of the accepted request signed (r, s); [] when none. */
  recordsBySignature(r: bigint, s: bigint): SingleRecordView[] {
    return recordsBySignature(this.state, r, s);
  }

  /** `GET /v1/token?seq_id=`: the token id a mint created. */
  mintedToken(sequenceId: number): ReturnType<typeof mintedToken> {
    return mintedToken(this.state, sequenceId);
  }

  withdrawalStatus(stage: string, ethAddressText: string | undefined): WithdrawAreaEntry[] {
    if (stage !== 'withdrawarea')
      fail(ErrorCode.InvalidParam, `stage must be "withdrawarea" (the only stage supported), got "${echo(stage)}"`);
    return withdrawAreaView(this.state, parseEthAddress(ethAddressText, 'ethaddress'));
  }

  /** Throws 32 (401) unless the key is known. Empty counts as absent. */
  checkApiKey(key: string | undefined): string {
    if (key === undefined || key.trim() === '') fail(ErrorCode.InvalidAPIKey, 'x-api-key header is required for this endpoint');
    if (!this.state.apiKeys.has(key.trim())) fail(ErrorCode.InvalidAPIKey, 'x-api-key is not a known API key');
    return key.trim();
  }

  /** `GET /_devnet/invariants`: every guarantee checked now (the list indexes too), plus a hash of the canonical state. */
  invariants(): { ok: boolean; violations: string[]; state_hash: string } {
    const violations = [...findViolations(this.state), ...listIndexViolations(this.state), ...this.storage.violations()];
    return { ok: violations.length === 0, violations, state_hash: this.stateHash() };
  }

  /** sha256 of the canonical state image: equal hashes mean equal states. */
  stateHash(): string {
    return stateHash(this.state, nativeSha256);
  }

  /** The canonical, versioned image of the whole state, as one object (small states, tests). */
  dump(): Record<string, unknown> {
    return dumpState(this.state);
  }

  /** `GET /_devnet/state`: the image as text in pieces of ~64 KiB, all taken now (later commands cannot tear it), never joined. */
  dumpText(): string[] {
    return [...dumpChunks(this.state)];
  }

  /** The dump's text in pieces, taken from the live state as they are consumed (synchronously: the image writer). */
  dumpPieces(): Iterable<string> {
    return dumpChunks(this.state);
  }

  projects(apiKey: string): ReturnType<typeof projectsOf> {
    return projectsOf(this.state, apiKey);
  }

  /** `GET /v1/collection/{address}`: the contract's collection fields (contract_info without the uuid and the client-model extras). */
  collection(address: string): Omit<ContractInfoView, 'contract_uuid' | 'id' | 'belongs_to' | 'chain_status'> {
    const { contract_uuid: _u, id: _i, belongs_to: _b, chain_status: _c, ...rest } = this.contractInfo(address);
    return rest;
  }

  /** `GET /v1/collection?quote_contract_address&token_ids&base_contract_address`: open ASKs in a collection. */
  collectionListings(
    quoteAddress: string | undefined,
    baseAddress: string | undefined,
    tokenIds: bigint[] | undefined,
  ): Listing<CollectionListing> {
    const quote = marketContract(this.state, quoteAddress, 'quote_contract_address', true);
    // 0.4.5 orders are always priced in ETH, so ETH is the base when none is named.
    const base = marketContract(
      this.state,
      baseAddress === undefined || baseAddress === '' ? 'eth' : baseAddress,
      'base_contract_address',
      false,
    );
    return collectionListings(this.state, quote, base, tokenIds);
  }

  /**
   * `GET /v1/collection` without a collection (JS 0.8 getCollections): every registered NFT and ERC20
   * contract, removed ones included (their collection stays), in registration order. token_ids or a
   * base contract narrow a collection, so without one they fail with 27.
   */
  collections(tokenIds?: bigint[], baseAddress?: string): CollectionSummary[] {
    if (tokenIds !== undefined || (baseAddress !== undefined && baseAddress !== ''))
      fail(ErrorCode.ContractAddressMissing, 'quote_contract_address is required with token_ids or base_contract_address');
    return collectionSummaries(this.state);
  }

  /** `GET /v1/contracts/{address}/tokens`: the tokens of an NFT contract with their owners, optionally only `tokenIds`. */
  tokenOwners(address: string, tokenIds?: bigint[]): Listing<TokenOwner> {
    const contract = this.nftContract(address);
    const entries = tokenIds === undefined ? nftsOf(this.state, contract) : namedNfts(this.state, contract, tokenIds);
    return { total: entries.total, page: (offset, limit) => entries.page(offset, limit).map(({ order: _o, ...owner }) => owner) };
  }

  /** `GET /v1/nfts/{address}`: tokens on L2 with owner and asset id. */
  nfts(address: string): Listing<NftEntry<OrderEntry>> {
    return nftsOf(this.state, this.nftContract(address), (hex) => openOrderOn(this.state, hex));
  }

  private nftContract(address: string): Contract {
    contractAddressValue(address);
    const contract = requireContract(this.state, address);
    if (!isNftType(contract.type)) fail(ErrorCode.InvalidParam, `contract ${echo(address)} is ${contract.type}, not an NFT contract`);
    return contract;
  }

  /** `GET /v1/orders`: open orders only, newest first. */
  orders(filter: Omit<OrderFilter, 'contractKey'> & { contractAddress?: string | undefined }): Listing<OrderEntry> {
    const { contractAddress, ...rest } = filter;
    return orderListing(this.state, { ...rest, contractKey: contractKeyFilter(this.state, contractAddress) });
  }

  /** `GET /v1/order`: any order, with `order_state`. */
  order(orderId: number): ReturnType<typeof orderDetail> {
    const o = this.state.orders.get(orderId);
    if (!o) fail(ErrorCode.InvalidParam, `no order with order_id ${orderId}`);
    return orderDetail(this.state, o);
  }

  /** `GET /v1/depth?base_contract&quote_contract`. */
  depth(baseAddress: string, quoteAddress: string): ReturnType<typeof depth> {
    return depth(
      this.state,
      marketContract(this.state, baseAddress, 'base_contract', false),
      marketContract(this.state, quoteAddress, 'quote_contract', true),
    );
  }

  /** `GET /v1/trades`: by order_id, by stark_key, or by market (both contracts). */
  trades(f: TradeQuery): ReturnType<typeof trades> {
    return trades(this.state, f);
  }
}
