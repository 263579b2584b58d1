// The read side of a devnet: every query, answered from the current state without changing it.
import { nextNonce, parseStarkKey } from './domain/ledger/accounts.js';
import { assetIdFromInputs, contractOf, requireAsset } from './domain/catalog/assets.js';
import type { AssetIdInput } from './domain/catalog/assets.js';
import { balanceRowV1, balanceRowsV1, balanceRowsV2 } from './domain/ledger/balances.js';
import type { BalanceRowV1, BalanceRowV2 } from './domain/ledger/balances.js';
import { collectionListings } from './domain/trading/collection-listings.js';
import type { CollectionListing } from './domain/trading/collection-listings.js';
import { contractAddressValue, contractKeyFilter, marketContract, requireContract } from './domain/catalog/contracts.js';
import { stateHash } from './domain/lifecycle/dump.js';
import { echo, ErrorCode, fail } from './domain/values/errors.js';
import { findViolations } from './domain/lifecycle/invariants.js';
import { balanceOf } from './domain/ledger/ledger.js';
import { nftsOf } from './domain/catalog/nfts.js';
import type { NftEntry } from './domain/catalog/nfts.js';
import { projectsOf } from './domain/catalog/projects.js';
import { recordFor, recordsFor } from './domain/records/record-views.js';
import type { RecordQuery, RecordView } from './domain/records/record-views.js';
import { contractInfoFor } from './domain/catalog/views.js';
import type { ContractInfoView } from './domain/catalog/views.js';
import { parseEthAddress, withdrawAreaView } from './domain/ledger/withdrawals.js';
import type { WithdrawAreaEntry } from './domain/ledger/withdrawals.js';
import { depth, trades } from './domain/trading/depth.js';
import type { TradeQuery } from './domain/trading/depth.js';
import { openOrderOn, openOrders, orderDetail, orderEntry } from './domain/trading/order-views.js';
import type { OrderFilter } from './domain/trading/order-views.js';
import type { DevnetStorage } from './devnet-storage.js';
import type { State } from './domain/state/state.js';

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
    return balanceRowV1(contractOf(this.state, asset), asset, balanceOf(this.state, key, asset.hex));
  }

  balances(starkKeyText: string | undefined, contractAddress?: string): BalanceRowV1[] {
    const key = parseStarkKey(starkKeyText);
    return balanceRowsV1(this.state, key, contractKeyFilter(this.state, contractAddress));
  }

  balancesV2(starkKeyText: string | undefined, contractAddress?: string): BalanceRowV2[] {
    const key = parseStarkKey(starkKeyText);
    return balanceRowsV2(this.state, key, contractKeyFilter(this.state, contractAddress));
  }

  starkexContracts(): State['starkexContracts'] {
    return { ...this.state.starkexContracts };
  }

  accounts(): { accounts: Array<{ name: string; stark_key: string; private_key: string; eth_address: string }>; api_keys: string[]; operator: string } {
    return {
      accounts: this.state.namedAccounts.map((a) => ({ name: a.name, stark_key: a.starkKey, private_key: a.privateKey, eth_address: a.ethAddress })),
      api_keys: [...this.state.apiKeys.keys()],
      operator: this.state.operator,
    };
  }

  /** `GET /v1/records`: newest first. */
  records(starkKeyText: string | undefined, filter: RecordQuery): RecordView[] {
    return recordsFor(this.state, parseStarkKey(starkKeyText), filter);
  }

  /** `GET /v1/record`: an array with the one record, flattened. */
  record(starkKeyText: string | undefined, sequenceId: number): RecordView[] {
    return [recordFor(this.state, parseStarkKey(starkKeyText), sequenceId)];
  }

  withdrawalStatus(stage: string, ethAddressText: string | undefined): WithdrawAreaEntry[] {
    if (stage !== 'withdrawarea') fail(ErrorCode.InvalidParam, `stage must be "withdrawarea" (the only stage supported), got "${echo(stage)}"`);
    return withdrawAreaView(this.state, parseEthAddress(ethAddressText, 'ethaddress'));
  }

  /** Throws 32 (401) unless the key is known. Empty counts as absent. */
  checkApiKey(key: string | undefined): string {
    if (key === undefined || key.trim() === '') fail(ErrorCode.InvalidAPIKey, 'x-api-key header is required for this endpoint');
    if (!this.state.apiKeys.has(key.trim())) fail(ErrorCode.InvalidAPIKey, 'x-api-key is not a known API key');
    return key.trim();
  }

  /** `GET /_devnet/invariants`: every guarantee checked now, plus a hash of the canonical state. */
  invariants(): { ok: boolean; violations: string[]; state_hash: string } {
    const violations = [...findViolations(this.state), ...this.storage.violations()];
    return { ok: violations.length === 0, violations, state_hash: this.stateHash() };
  }

  /** sha256 of the canonical state image: equal hashes mean equal states. */
  stateHash(): string {
    return stateHash(this.state);
  }

  projects(apiKey: string): Array<Record<string, unknown>> {
    return projectsOf(this.state, apiKey);
  }

  /** `GET /v1/collection/{address}`: the contract's collection fields (contract_info without the uuid). */
  collection(address: string): Omit<ContractInfoView, 'contract_uuid'> {
    const { contract_uuid: _u, ...rest } = this.contractInfo(address);
    return rest;
  }

  /** `GET /v1/collection?quote_contract_address&token_ids&base_contract_address`: open ASKs in a collection. */
  collectionListings(quoteAddress: string | undefined, baseAddress: string | undefined, tokenIds: bigint[] | undefined): CollectionListing[] {
    const quote = marketContract(this.state, quoteAddress, 'quote_contract_address', true);
    // 0.4.5 orders are always priced in ETH, so ETH is the base when none is named.
    const base = marketContract(this.state, baseAddress === undefined || baseAddress === '' ? 'eth' : baseAddress, 'base_contract_address', false);
    return collectionListings(this.state, quote, base, tokenIds);
  }

  /** `GET /v1/nfts/{address}`: tokens on L2 with owner and asset id. */
  nfts(address: string): NftEntry[] {
    contractAddressValue(address);
    const contract = requireContract(this.state, address);
    if (contract.type !== 'ERC721' && contract.type !== 'ERC721M') fail(ErrorCode.InvalidParam, `contract ${echo(address)} is ${contract.type}, not an NFT contract`);
    return nftsOf(this.state, contract, (hex) => openOrderOn(this.state, hex));
  }

  /** `GET /v1/orders`: open orders only, newest first. */
  orders(filter: Omit<OrderFilter, 'contractKey'> & { contractAddress?: string | undefined }): Array<Record<string, unknown>> {
    const { contractAddress, ...rest } = filter;
    return openOrders(this.state, { ...rest, contractKey: contractKeyFilter(this.state, contractAddress) }).map((o) => orderEntry(this.state, o));
  }

  /** `GET /v1/order`: any order, with `order_state`. */
  order(orderId: number): Record<string, unknown> {
    const o = this.state.orders.get(orderId);
    if (!o) fail(ErrorCode.InvalidParam, `no order with order_id ${orderId}`);
    return orderDetail(this.state, o);
  }

  /** `GET /v1/depth?base_contract&quote_contract`. */
  depth(baseAddress: string, quoteAddress: string): ReturnType<typeof depth> {
    return depth(this.state, marketContract(this.state, baseAddress, 'base_contract', false), marketContract(this.state, quoteAddress, 'quote_contract', true));
  }

  /** `GET /v1/trades`: by order_id, by stark_key, or by market (both contracts). */
  trades(f: TradeQuery): Array<Record<string, unknown>> {
    return trades(this.state, f);
  }

}
