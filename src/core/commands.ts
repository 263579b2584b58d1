// The commands that are domain operations as they are, by name: Devnet (core/devnet.ts) makes each a method that runs it
// atomically and journals it, and a journal replay calls them by the names recorded.
import { parseStarkKey } from '../domain/ledger/accounts.js';
import { requireAsset } from '../domain/catalog/assets.js';
import { deposit, setBalance, type DepositInput } from '../domain/ledger/deposits.js';
import { createMarketplace, type NewMarketplace } from '../domain/trading/marketplaces.js';
import { mint, type MintInput } from '../domain/ledger/mints.js';
import { createContract, createProject, removeContract, removeProject, renameProject } from '../domain/catalog/projects.js';
import type { NewContract } from '../domain/catalog/projects.js';
import { formatUuid, nextBlock } from '../domain/state/prng.js';
import { moveClock, moveRecord, runBatch, type BatchLayer, type BatchResult, type ClockMove } from '../domain/records/settlement.js';
import { type SignedMoveInput, submitTransfer } from '../domain/ledger/signed-moves.js';
import type { Signature, SignatureCheck } from '../domain/ledger/signed.js';
import type { State } from '../domain/state/state.js';
import { submitBatchTransfer, submitMultiTransfer } from '../domain/ledger/batch-transfers.js';
import type { BatchTransferInput, MultiTransferInput } from '../domain/ledger/batch-transfers.js';
import { vaultsFor } from '../domain/ledger/vaults.js';
import { drawWallets, type Wallet } from '../domain/ledger/wallets.js';
import { claimWithdrawal, parseEthAddress, submitWithdrawal } from '../domain/ledger/withdrawals.js';
import { DevnetError } from '../domain/values/errors.js';
import { rollback } from '../domain/lifecycle/transaction.js';
import { orderInfo } from '../domain/trading/order-info.js';
import { cancelOrder, placeOrder, type OrderInput } from '../domain/trading/orders.js';
import { recordUpload, removeUpload, type NewUpload } from '../domain/storage/storage.js';
import { type NewTokenMetadata, setTokenMetadata } from '../domain/catalog/metadata.js';

export type { L1Origin } from '../domain/state/state.js';

/** What a command works on: the current state, and the signature check (passes while the journal is replayed). */
export interface CommandContext {
  readonly state: State;
  readonly checkSig: SignatureCheck;
}

type Ctx = CommandContext;

/**
 * The commands that are the domain's operations as they are: each becomes a Devnet method of the same
 * name and parameters (after the context) that runs it atomically and journals it (see Devnet.command).
 */
export const COMMAND_TABLE = {
  orderInfo: (c: Ctx, starkKey: string, contract1: string, contract2: string) => orderInfo(c.state, starkKey, contract1, contract2),
  placeOrder: (c: Ctx, input: OrderInput) => ({ sequence_id: placeOrder(c.state, input, c.checkSig) }),
  cancelOrder: (c: Ctx, orderId: number, starkKey: string, signature: Signature) => ({
    sequence_id: cancelOrder(c.state, orderId, starkKey, signature, c.checkSig),
  }),
  createApiKey: (c: Ctx, name = 'control-plane') => {
    const key = 'rk-' + formatUuid(nextBlock(c.state.prng));
    c.state.apiKeys.set(key, { key, name });
    return { api_key: key };
  },
  createProject: (c: Ctx, apiKey: string, name: string) => ({
    message: 'Project created.',
    project_uuid: createProject(c.state, apiKey, name).uuid,
  }),
  renameProject: (c: Ctx, apiKey: string, uuid: string, name: string) => ({
    message: 'Project edited.',
    project_uuid: renameProject(c.state, apiKey, uuid, name).uuid,
  }),
  removeProject: (c: Ctx, apiKey: string, uuid: string) => {
    removeProject(c.state, apiKey, uuid);
    return { message: 'Project removed.' };
  },
  createContract: (c: Ctx, apiKey: string, spec: NewContract) => ({
    message: 'Contract created.',
    contract_uuid: createContract(c.state, apiKey, spec).uuid,
  }),
  removeContract: (c: Ctx, apiKey: string, uuid: string) => {
    removeContract(c.state, apiKey, uuid);
    return { message: 'Contract removed.' };
  },
  createMarketplace: (c: Ctx, apiKey: string, input: NewMarketplace) => ({
    message: 'Marketplace created.',
    marketplace_uuid: createMarketplace(c.state, apiKey, input).uuid,
  }),
  transfer: (c: Ctx, input: SignedMoveInput) => ({ sequence_id: submitTransfer(c.state, input, c.checkSig) }),
  batchTransfer: (c: Ctx, input: BatchTransferInput) => ({ sequence_id: submitBatchTransfer(c.state, input, c.checkSig) }),
  multiTransfer: (c: Ctx, input: MultiTransferInput) => ({ sequence_id: submitMultiTransfer(c.state, input, c.checkSig) }),
  withdraw: (c: Ctx, input: SignedMoveInput) => ({ sequence_id: submitWithdrawal(c.state, input, c.checkSig) }),
  mint: (c: Ctx, input: MintInput) => ({ sequence_ids: mint(c.state, input) }),
  batches: (c: Ctx, layer: BatchLayer): BatchResult => runBatch(c.state, layer),
  moveRecord: (c: Ctx, sequenceId: number, status: number) => {
    const r = moveRecord(c.state, sequenceId, status);
    return { sequence_id: r.sequenceId, status: r.status };
  },
  /**
   * `POST /_devnet/withdrawals/claim`, or a claim logged on L1: `l1Log` names its log (kept so that a
   * re-read does not take it twice) and `paid` what L1 paid out (a claim moves that, not the whole area).
   */
  claim: (c: Ctx, ethAddressText: string | undefined, assetId: bigint, l1Log?: string, paid?: bigint) => {
    const address = parseEthAddress(ethAddressText, 'ethaddress');
    const asset = requireAsset(c.state, assetId);
    const amount = claimWithdrawal(c.state, address, asset.hex, paid);
    if (l1Log !== undefined) c.state.l1Taken.set(l1Log, c.state.nextSequenceId);
    return { ethaddress: address, asset_id: asset.hex, amount };
  },
  /** Moves virtual time forward (by seconds, or to an instant) and cuts any interval batches that fell due. */
  setClock: (c: Ctx, input: ClockMove) => moveClock(c.state, input),
  /** `GET /v1/vaults`: one vault id per (owner, asset), allocated on first use. */
  vaults: (c: Ctx, ownerTexts: string[], assetIds: bigint[]) => vaultsFor(c.state, ownerTexts, assetIds),
  /** `GET /v1/wallets`: fresh key pairs from the seeded PRNG (a testing helper of the real service). */
  wallets: (c: Ctx, count: number): Wallet[] => drawWallets(c.state, count),
  deposit: (c: Ctx, input: Omit<DepositInput, 'starkKey'> & { starkKey: string | undefined }) => ({
    sequence_id: deposit(c.state, { ...input, starkKey: parseStarkKey(input.starkKey) }).sequenceId,
  }),
  /**
   * A deposit logged on L1 (src/l1/bridge.ts reads it): the faucet's deposit, journaled with its L1
   * transaction, vault and log (`l1Log`, "tx:logIndex") whatever L2 decides, so that a re-read after a
   * crash or a rewritten chain takes each log exactly once. A refusal answers `refused` and changes nothing else.
   */
  l1Deposit: (c: Ctx, input: DepositInput, l1Tx: string, l1Vault?: string, l1Log: string = l1Tx) => {
    const start = c.state.undo.size;
    try {
      const seq = deposit(c.state, { ...input, starkKey: parseStarkKey(input.starkKey) }).sequenceId;
      c.state.l1Deposits.set(seq, l1Vault === undefined ? { tx: l1Tx } : { tx: l1Tx, vault: l1Vault });
      c.state.l1Taken.set(l1Log, seq);
      return { sequence_id: seq as number | null };
    } catch (e) {
      if (!(e instanceof DevnetError)) throw e;
      rollback(c.state, start);
      c.state.l1Taken.set(l1Log, c.state.nextSequenceId);
      return { sequence_id: null, refused: e.message };
    }
  },
  /** `POST /_devnet/set-balance`: the available balance of a fungible asset set to `amount` (no record; see setBalance). */
  setBalance: (c: Ctx, starkKey: string, contractAddress: string, amount: bigint) => ({
    stark_key: starkKey,
    ...setBalance(c.state, starkKey, contractAddress, amount),
  }),
  // The storage index (blocks are committed to the block store before these run).
  recordUpload: (c: Ctx, apiKey: string, projectUuid: string, upload: NewUpload) => void recordUpload(c.state, apiKey, projectUuid, upload),
  removeUpload: (c: Ctx, apiKey: string, projectUuid: string, cid: string): void => removeUpload(c.state, apiKey, projectUuid, cid),
  /** `POST /v1/project/contract/{uuid}/metadata`, once its media (if any) is stored and listed. */
  setTokenMetadata: (c: Ctx, apiKey: string, contractUuid: string, input: NewTokenMetadata) =>
    setTokenMetadata(c.state, apiKey, contractUuid, input),
};

export type TableCommand = keyof typeof COMMAND_TABLE;
/** A table's entries as the methods they become: the same parameters after the context, the same answer. */
export type Methods<T> = { [K in keyof T]: T[K] extends (c: never, ...args: infer A) => infer R ? (...args: A) => R : never };
export type Commands = Methods<typeof COMMAND_TABLE>;

/** Every method the journal may name (commands that can change the state). */
export const COMMANDS = [...(Object.keys(COMMAND_TABLE) as TableCommand[]), 'snapshot', 'revert', 'deleteSnapshot', 'tick'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** One accepted command as the journal keeps it: replaying the entries in order rebuilds the state. */
export interface CommandEntry {
  cmd: CommandName;
  args: unknown[];
  /** The emulator clock when the command ran (wall clock mode only: replay sets it first). */
  at?: bigint;
}

/**
 * Where accepted commands go (the journal). Both calls save before the change counts: a throw means
 * "not saved" and the change is undone (a DevnetError passes through, e.g. 503 for a disk that refuses writes).
 */
export interface CommandSink {
  append(entry: CommandEntry): void;
  /** A whole new state (reset, load) as its dump's text in pieces, saved before it replaces the current one. */
  replace(dump: () => Iterable<string>): void;
}
