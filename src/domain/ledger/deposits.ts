// Deposits: the emulator's faucet, standing in for L1 deposit events (the real service has no HTTP deposit).
import { ensureNftAsset } from '../catalog/assets.js';
import { requireContract } from '../catalog/contracts.js';
import { fail, ErrorCode } from '../values/errors.js';
import { toHex } from '../values/hex.js';
import { balanceOf, credit, debit, MAX_BALANCE, recordIssue } from './ledger.js';
import { appendRecord, RecordStatus } from './records.js';
import { type Asset, isNftType, RECORD_TYPES, type RecordType, type State } from '../state/state.js';
import { ensureVault } from './vaults.js';

export interface DepositInput {
  /** Normalized stark key. */
  starkKey: string;
  /** `eth` or a contract address. */
  contractAddress: string;
  /** Quantized units (ETH/ERC20). */
  amount?: bigint | undefined;
  /** NFTs. */
  tokenId?: bigint | undefined;
  /** ERC721MC tokens not yet on L2: their URL. */
  tokenUrl?: string | undefined;
}

/** Credits an asset to a stark key and records it (type 1, status 1). Validates fully before applying. */
export function deposit(state: State, input: DepositInput): { sequenceId: number } {
  const contract = requireContract(state, input.contractAddress);
  if (isNftType(contract.type)) {
    if (input.tokenId === undefined) fail(ErrorCode.TokenIDMissing, `token_id is required to deposit ${contract.type} ${contract.address}`);
    if (input.amount !== undefined && input.amount !== 1n)
      fail(ErrorCode.AmountInvalid, `amount of an NFT deposit must be 1, got "${input.amount}"`);
    if (input.tokenId < 0n || input.tokenId >= 1n << 256n)
      fail(ErrorCode.TokenIDInvalid, `token_id must be a uint256, got "${input.tokenId}"`);
    const existing = contract.tokens.get(input.tokenId.toString());
    if (existing !== undefined && state.assets.get(existing)!.holder !== null)
      fail(ErrorCode.TokenIDInvalid, `token_id ${input.tokenId} of ${contract.address} already exists on L2`);
    const asset = ensureNftAsset(state, contract, input.tokenId, input.tokenUrl);
    return { sequenceId: issue(state, RECORD_TYPES.deposit, input.starkKey, asset, 1n) };
  }
  if (input.tokenId !== undefined)
    fail(ErrorCode.InvalidParam, `token_id is only for NFT deposits; ${contract.address} is ${contract.type}`);
  if (input.amount === undefined) fail(ErrorCode.AmountInvalid, 'amount is required for a fungible deposit');
  if (input.amount <= 0n) fail(ErrorCode.AmountInvalid, `amount must be a positive integer, got "${input.amount}"`);
  const asset = state.assets.get(toHex(contract.assetType))!;
  const b = balanceOf(state, input.starkKey, asset.hex);
  if (b.available + b.frozen + input.amount > MAX_BALANCE)
    fail(ErrorCode.AmountInvalid, `amount ${input.amount} would push the balance above 2^63-1`);
  return { sequenceId: issue(state, RECORD_TYPES.deposit, input.starkKey, asset, input.amount) };
}

/** Brings `amount` of an asset onto L2 for `starkKey` (a deposit or a mint): credited, issued and recorded at status 1. */
export function issue(state: State, type: RecordType, starkKey: string, asset: Asset, amount: bigint): number {
  ensureVault(state, starkKey, asset.hex);
  credit(state, starkKey, asset, amount);
  recordIssue(state, asset.hex, amount);
  return appendRecord(state, { type, starkKey, assetHex: asset.hex, amount, status: RecordStatus.AcceptedByService }).sequenceId;
}

/**
 * Sets `starkKey`'s available balance of a fungible asset to `amount` (Anvil's `anvil_setBalance`),
 * with no record: the difference is issued (or withdrawn from issue when it lowers it), as a genesis
 * allocation is, so conservation still holds. Frozen funds (open orders) stay as they are.
 */
export function setBalance(
  state: State,
  starkKey: string,
  contractAddress: string,
  amount: bigint,
): { asset_id: string; available: bigint } {
  const contract = requireContract(state, contractAddress);
  if (isNftType(contract.type))
    fail(ErrorCode.InvalidParam, `set-balance is for ETH and ERC20; ${contract.address} is ${contract.type} (deposit a token instead)`);
  const asset = state.assets.get(toHex(contract.assetType))!;
  const b = balanceOf(state, starkKey, asset.hex);
  if (amount + b.frozen > MAX_BALANCE)
    fail(ErrorCode.AmountInvalid, `amount ${amount} with ${b.frozen} frozen would push the balance above 2^63-1`);
  const change = amount - b.available;
  if (change !== 0n) {
    ensureVault(state, starkKey, asset.hex);
    if (change > 0n) credit(state, starkKey, asset, change);
    else debit(state, starkKey, asset, -change);
    recordIssue(state, asset.hex, change);
  }
  return { asset_id: asset.hex, available: amount };
}
