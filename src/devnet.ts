// The command/query surface of one emulator instance: every route makes exactly one call here.
import { assetId as computeAssetId } from './crypto/asset.js';
import { privateKeyFromSeed, starkKeyFromPrivate } from './crypto/keys.js';
import { requireAsset, contractOf } from './domain/assets.js';
import { nextNonce, parseOwner, parseStarkKey } from './domain/accounts.js';
import { balanceOf } from './domain/ledger.js';
import { balanceRowV1, balanceRowsV1, balanceRowsV2 } from './domain/balances.js';
import type { BalanceRowV1, BalanceRowV2 } from './domain/balances.js';
import { contractAddressValue, ETH_QUANTUM, findContract, parseTokenType, requireContract } from './domain/contracts.js';
import { deposit } from './domain/deposits.js';
import type { DepositInput } from './domain/deposits.js';
import { ErrorCode, fail } from './domain/errors.js';
import { buildGenesisState } from './domain/genesis.js';
import { toHex } from './domain/hex.js';
import { fungibleQuantum } from './domain/money.js';
import { nextBlock } from './domain/prng.js';
import type { State, TokenType } from './domain/state.js';
import { ETH_KEY } from './domain/state.js';
import { ensureVault } from './domain/vaults.js';
import { contractInfo } from './domain/views.js';
import type { ContractInfoView } from './domain/views.js';
import { verifyStarkSignature } from './crypto/verify.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { dumpState } from './domain/dump.js';
import { findViolations } from './domain/invariants.js';
import { stringify } from './domain/json.js';
import { createMarketplace } from './domain/marketplaces.js';
import type { NewMarketplace } from './domain/marketplaces.js';
import { nftsOf } from './domain/nfts.js';
import type { NftEntry } from './domain/nfts.js';
import { createContract, createProject, projectsOf, removeContract, removeProject, renameProject } from './domain/projects.js';
import type { NewContract } from './domain/projects.js';
import { formatUuid, nextBlock as drawBlock } from './domain/prng.js';
import { advanceClock, isoMicros, parseIsoMicros } from './domain/clock.js';
import { mint } from './domain/mints.js';
import type { MintInput } from './domain/mints.js';
import { flattenView, recordView, recordsOf } from './domain/record-views.js';
import type { RecordFilter, RecordView } from './domain/record-views.js';
import { moveRecord, runBatch, runDueBatches } from './domain/settlement.js';
import type { BatchLayer } from './domain/settlement.js';
import type { SignatureCheck } from './domain/signed.js';
import type { SettlementMode } from './domain/state.js';
import { submitTransfer } from './domain/transfers.js';
import type { SignedMoveInput } from './domain/transfers.js';
import { claimWithdrawal, parseEthAddress, submitWithdrawal, withdrawAreaView } from './domain/withdrawals.js';
import type { WithdrawAreaEntry } from './domain/withdrawals.js';

export type SignatureMode = 'verify' | 'skip';

/** `auto` and `manual` wait for POST /_devnet/batches; `interval` cuts a batch every N clock seconds. */
export type SettlementOption = 'auto' | 'manual' | { interval: number };

export interface DevnetConfig {
  /** Parsed genesis document. */
  genesis: unknown;
  seed?: string | undefined;
  signatures?: SignatureMode;
  settlement?: SettlementOption;
  /** Extra API keys (`--api-key`), each owning nothing until it creates something. */
  apiKeys?: string[] | undefined;
}

/** Parses `auto`, `manual` or `interval:SECONDS` (SECONDS a positive integer). */
export function parseSettlement(text: string): SettlementOption | undefined {
  if (text === 'auto' || text === 'manual') return text;
  const m = /^interval:(\d+)$/.exec(text);
  if (!m || Number(m[1]) < 1 || !Number.isSafeInteger(Number(m[1]))) return undefined;
  return { interval: Number(m[1]) };
}

export interface Wallet {
  stark_key: string;
  stark_private_key: string;
}

export const MAX_WALLETS = 100;

/**
 * One emulator: its state and the operations on it. Commands validate everything first and then
 * apply steps that cannot fail, so a refused command leaves the state exactly as it was.
 */
export class Devnet {
  readonly state: State;
  readonly signatures: SignatureMode;
  private readonly checkSig: SignatureCheck;

  constructor(config: DevnetConfig) {
    this.state = buildGenesisState(config.genesis, { seed: config.seed });
    this.signatures = config.signatures ?? 'verify';
    this.checkSig = this.signatures === 'skip' ? () => true : (hash, sig, key) => verifyStarkSignature(hash, sig.r, sig.s, key);
    for (const key of config.apiKeys ?? []) {
      if (key.trim() === '') throw new RangeError('an API key must not be empty');
      if (!this.state.apiKeys.has(key)) this.state.apiKeys.set(key, { key, name: 'cli' });
    }
    const settlement = config.settlement ?? 'auto';
    if (typeof settlement === 'object') {
      const intervalMicros = BigInt(settlement.interval) * 1_000_000n;
      this.state.settlement = { mode: 'interval' as SettlementMode, intervalMicros, nextCutMicros: this.state.clock.nowMicros + intervalMicros };
    } else {
      this.state.settlement = { mode: settlement, intervalMicros: 0n, nextCutMicros: 0n };
    }
  }

  // ---- queries ----

  contractInfo(address: string, typeText?: string): ContractInfoView {
    const type = typeText === undefined ? undefined : this.tokenType(typeText);
    if (type === 'ETH' || address.toLowerCase() === ETH_KEY) {
      if (address.toLowerCase() !== ETH_KEY) fail(ErrorCode.InvalidParam, `contract_address must be "eth" for type ETH, got "${address}"`);
      if (type !== undefined && type !== 'ETH') fail(ErrorCode.NotSuchContract, `contract_address eth is ETH, not ${typeText}`);
      return contractInfo(this.state, this.state.contracts.get(ETH_KEY)!);
    }
    contractAddressValue(address);
    const contract = requireContract(this.state, address);
    // ERC721M is registered twice: as the L1 ERC721 contract and as its mintable asset type.
    const asL1 = type === 'ERC721' && contract.type === 'ERC721M';
    if (type !== undefined && type !== contract.type && !asL1) fail(ErrorCode.NotSuchContract, `contract ${address} is ${contract.type}, not ${typeText}`);
    return contractInfo(this.state, contract, asL1);
  }

  /** StarkEx asset id from its inputs; the contract need not be registered (quantum from it when it is). */
  assetId(input: { type: string; contractAddress?: string | undefined; tokenId?: bigint | undefined; quantum?: bigint | undefined }): string {
    const type = this.tokenType(input.type);
    const known = input.contractAddress === undefined ? undefined : findContract(this.state, input.contractAddress);
    if (type === 'ETH') return toHex(computeAssetId('ETH', undefined, input.quantum ?? ETH_QUANTUM));
    if (input.contractAddress === undefined) fail(ErrorCode.ContractAddressMissing, `contract_address is required for type ${type}`);
    const address = contractAddressValue(input.contractAddress);
    if (type === 'ERC20') return toHex(computeAssetId('ERC20', address, input.quantum ?? known?.quantum ?? fungibleQuantum(18)));
    if (input.tokenId === undefined) fail(ErrorCode.TokenIDMissing, `token_id is required for type ${type}`);
    return toHex(computeAssetId(type, address, input.quantum ?? 1n, input.tokenId));
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
    return balanceRowsV1(this.state, key, this.contractFilter(contractAddress));
  }

  balancesV2(starkKeyText: string | undefined, contractAddress?: string): BalanceRowV2[] {
    const key = parseStarkKey(starkKeyText);
    return balanceRowsV2(this.state, key, this.contractFilter(contractAddress));
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
  records(starkKeyText: string | undefined, filter: { contractAddress?: string | undefined; recordType?: number | undefined; sequenceIds?: number[] | undefined }): RecordView[] {
    const key = parseStarkKey(starkKeyText);
    const f: RecordFilter = {
      contractKey: this.contractFilter(filter.contractAddress),
      recordType: filter.recordType === 0 ? undefined : filter.recordType,
      sequenceIds: filter.sequenceIds === undefined ? undefined : new Set(filter.sequenceIds),
    };
    return recordsOf(this.state, key, f).map((r) => recordView(this.state, r));
  }

  /** `GET /v1/record`: an array with the one record, flattened. */
  record(starkKeyText: string | undefined, sequenceId: number): RecordView[] {
    const key = parseStarkKey(starkKeyText);
    const record = this.state.records.get(sequenceId);
    const listed = record !== undefined && (record.starkKey === key || record.to === key);
    if (!listed) fail(ErrorCode.InvalidParam, `no record with sequence_id ${sequenceId} for stark_key ${key}`);
    return [flattenView(recordView(this.state, record))];
  }

  withdrawalStatus(stage: string, ethAddressText: string | undefined): WithdrawAreaEntry[] {
    if (stage !== 'withdrawarea') fail(ErrorCode.InvalidParam, `stage must be "withdrawarea" (the only stage supported), got "${stage}"`);
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
    const violations = findViolations(this.state);
    return { ok: violations.length === 0, violations, state_hash: this.stateHash() };
  }

  /** sha256 of the canonical state image: equal hashes mean equal states. */
  stateHash(): string {
    return '0x' + bytesToHex(sha256(utf8ToBytes(stringify(dumpState(this.state)))));
  }

  projects(apiKey: string): Array<Record<string, unknown>> {
    return projectsOf(this.state, apiKey);
  }

  /** `GET /v1/collection/{address}`: the contract's collection fields (contract_info without the uuid). */
  collection(address: string): Omit<ContractInfoView, 'contract_uuid'> {
    const { contract_uuid: _u, ...rest } = this.contractInfo(address);
    return rest;
  }

  /** `GET /v1/nfts/{address}`: tokens on L2 with owner and asset id. */
  nfts(address: string): NftEntry[] {
    contractAddressValue(address);
    const contract = requireContract(this.state, address);
    if (contract.type !== 'ERC721' && contract.type !== 'ERC721M') fail(ErrorCode.InvalidParam, `contract ${address} is ${contract.type}, not an NFT contract`);
    return nftsOf(this.state, contract);
  }

  // ---- commands ----

  createApiKey(name = 'control-plane'): { api_key: string } {
    const key = 'rk-' + formatUuid(drawBlock(this.state.prng));
    this.state.apiKeys.set(key, { key, name });
    return { api_key: key };
  }

  createProject(apiKey: string, name: string): { message: string; project_uuid: string } {
    return { message: 'Project created.', project_uuid: createProject(this.state, apiKey, name).uuid };
  }

  renameProject(apiKey: string, uuid: string, name: string): { message: string; project_uuid: string } {
    return { message: 'Project edited.', project_uuid: renameProject(this.state, apiKey, uuid, name).uuid };
  }

  removeProject(apiKey: string, uuid: string): { message: string } {
    removeProject(this.state, apiKey, uuid);
    return { message: 'Project removed.' };
  }

  createContract(apiKey: string, spec: NewContract): { message: string; contract_uuid: string } {
    return { message: 'Contract created.', contract_uuid: createContract(this.state, apiKey, spec).uuid };
  }

  removeContract(apiKey: string, uuid: string): { message: string } {
    removeContract(this.state, apiKey, uuid);
    return { message: 'Contract removed.' };
  }

  createMarketplace(apiKey: string, input: NewMarketplace): { message: string; marketplace_uuid: string } {
    return { message: 'Marketplace created.', marketplace_uuid: createMarketplace(this.state, apiKey, input).uuid };
  }

  transfer(input: SignedMoveInput): { sequence_id: number } {
    return { sequence_id: submitTransfer(this.state, input, this.checkSig) };
  }

  withdraw(input: SignedMoveInput): { sequence_id: number } {
    return { sequence_id: submitWithdrawal(this.state, input, this.checkSig) };
  }

  mint(input: MintInput): { sequence_ids: number[] } {
    return { sequence_ids: mint(this.state, input) };
  }

  batches(layer: BatchLayer): { moved: number[] } {
    return { moved: runBatch(this.state, layer) };
  }

  moveRecord(sequenceId: number, status: number): { sequence_id: number; status: number } {
    const r = moveRecord(this.state, sequenceId, status);
    return { sequence_id: r.sequenceId, status: r.status };
  }

  claim(ethAddressText: string | undefined, assetId: bigint): { ethaddress: string; asset_id: string; amount: bigint } {
    const address = parseEthAddress(ethAddressText, 'ethaddress');
    const asset = requireAsset(this.state, assetId);
    return { ethaddress: address, asset_id: asset.hex, amount: claimWithdrawal(this.state, address, asset.hex) };
  }

  /** Moves virtual time forward (by seconds, or to an instant) and cuts any interval batches that fell due. */
  setClock(input: { advanceSeconds?: bigint | undefined; set?: string | undefined }): { now: string; moved: number[] } {
    if ((input.advanceSeconds === undefined) === (input.set === undefined)) fail(ErrorCode.InvalidParam, 'give exactly one of advance_seconds or set');
    if (input.set !== undefined) {
      const target = parseIsoMicros(input.set);
      if (target === undefined) fail(ErrorCode.InvalidParam, `set must be an ISO 8601 UTC time such as 2026-01-01T00:00:00.000000Z, got "${input.set}"`);
      if (target < this.state.clock.nowMicros) fail(ErrorCode.InvalidParam, `set ${input.set} is before the emulator's now (${isoMicros(this.state.clock.nowMicros)}); the clock never goes backwards`);
      this.state.clock.nowMicros = target;
    } else {
      advanceClock(this.state.clock, input.advanceSeconds!);
    }
    return { now: isoMicros(this.state.clock.nowMicros), moved: runDueBatches(this.state) };
  }

  /**
   * `GET /v1/vaults`: one vault id per (owner, asset), allocated on first use. Lists of equal length
   * pair up; a single owner or a single asset applies to every item of the other list.
   */
  vaults(ownerTexts: string[], assetIds: bigint[]): string[] {
    const owners = ownerTexts.map((o) => parseOwner(o));
    const assets = assetIds.map((id) => requireAsset(this.state, id));
    const n = Math.max(owners.length, assets.length);
    if (owners.length !== assets.length && owners.length !== 1 && assets.length !== 1) {
      fail(ErrorCode.InvalidParam, `stark_keys (${owners.length}) and asset_id (${assets.length}) must have the same length, or one of them a single item`);
    }
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const owner = owners[owners.length === 1 ? 0 : i]!;
      const asset = assets[assets.length === 1 ? 0 : i]!;
      out.push(ensureVault(this.state, owner, asset.hex).toString());
    }
    return out;
  }

  /** `GET /v1/wallets`: fresh key pairs from the seeded PRNG (a testing helper of the real service). */
  wallets(count: number): Wallet[] {
    if (!Number.isInteger(count) || count < 1 || count > MAX_WALLETS) fail(ErrorCode.InvalidParam, `count must be an integer in [1, ${MAX_WALLETS}], got ${count}`);
    const out: Wallet[] = [];
    for (let i = 0; i < count; i++) {
      const priv = privateKeyFromSeed(nextBlock(this.state.prng));
      out.push({ stark_key: toHex(starkKeyFromPrivate(priv)), stark_private_key: toHex(priv) });
    }
    return out;
  }

  deposit(input: Omit<DepositInput, 'starkKey'> & { starkKey: string | undefined }): { sequence_id: number } {
    const starkKey = parseStarkKey(input.starkKey);
    return { sequence_id: deposit(this.state, { ...input, starkKey }).sequenceId };
  }

  // ---- helpers ----

  private tokenType(text: string): TokenType {
    const t = parseTokenType(text);
    if (!t) fail(ErrorCode.NoSuchContractType, `type must be ETH, ERC20, ERC721, ERC721M or MINTABLE_ERC721, got "${text}"`);
    return t;
  }

  private contractFilter(address: string | undefined): string | undefined {
    if (address === undefined || address === '') return undefined;
    if (address.toLowerCase() === ETH_KEY) return ETH_KEY;
    contractAddressValue(address);
    return requireContract(this.state, address).key;
  }
}
