// With --state, a namespace's L1 is kept beside its journal in `l1.json`: the contract, how far the
// bridge has read, and (with --l1 anvil) the whole chain as Anvil's anvil_dumpState gives it. The
// bridge writes it before L2 takes a deposit or a claim, after each request that followed L1 activity
// and on stop, so a restart finds both layers as the last answer left them. What L1 still owes (credits
// and acceptances) is not kept here: the bridge rebuilds it from the journal and the contract's logs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Devnet } from '../core/devnet.js';
import { RecordStatus } from '../domain/ledger/records.js';
import { RECORD_TYPES } from '../domain/state/state.js';
import { replaceFile } from '../persistence/files.js';
import { decodeLog, eventTopic } from './codec.js';
import type { Hex } from './codec.js';
import type { Contract } from './contract.js';
import type { EthRpc } from './rpc.js';

const FORMAT = 'l2-devnet/l1@2';
const FILE = 'l1.json';

export interface SavedL1 {
  readonly contract: Hex;
  /** The last block whose logs the bridge read. */
  readonly cursor: bigint;
  /** The first record sequence id the bridge follows (withdrawals before it are not L1's to credit). */
  readonly firstSequence: number;
  /** Anvil's chain (anvil_dumpState); none for a node of the user's, which keeps its own. */
  readonly chain?: Hex | undefined;
}

export function readSavedL1(dir: string): SavedL1 | undefined {
  const path = join(dir, FILE);
  if (!existsSync(path)) return undefined;
  try {
    const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    if (data.format !== FORMAT) throw new Error(`its format is not ${FORMAT}`);
    const { contract, cursor, first_sequence, chain } = data as { contract: Hex; cursor: string; first_sequence: number; chain?: Hex };
    if (!/^0x[0-9a-f]{40}$/.test(contract) || !Number.isSafeInteger(first_sequence) || (chain !== undefined && typeof chain !== 'string'))
      throw new Error('it has no valid contract, first_sequence or chain');
    return { contract, cursor: BigInt(cursor), firstSequence: first_sequence, chain };
  } catch (e) {
    throw new Error(`${path} cannot be read (${(e as Error).message}); remove it to start L1 anew`);
  }
}

/** False when the directory is gone (its namespace was deleted): nothing is written. */
export function writeSavedL1(dir: string, saved: SavedL1): boolean {
  if (!existsSync(dir)) return false;
  const { contract, cursor, firstSequence, chain } = saved;
  const text = JSON.stringify({ format: FORMAT, contract, cursor: cursor.toString(), first_sequence: firstSequence, chain });
  replaceFile(join(dir, FILE), text, 'write');
  return true;
}

/** Loads a saved chain into a fresh Anvil; its next block is stamped a second after the last, not from the genesis time again. */
export async function loadChain(rpc: EthRpc, chain: Hex): Promise<void> {
  await rpc.request('anvil_loadState', [chain]);
  const latest = await rpc.request<{ timestamp: Hex }>('eth_getBlockByNumber', ['latest', false]);
  await rpc.request('evm_setNextBlockTimestamp', [Number(BigInt(latest.timestamp) + 1n)]);
}

/**
 * After a restart, what L1 still owes: the records at AcceptedOnL1 (from `firstSequence`, where the
 * bridge first attached) that are withdrawals or L1 deposits, and that no LogWithdrawalCredited or
 * LogDepositAccepted up to block `upTo` names. Rebuilt from the journal, so a stop between L2 moving
 * one and L1 settling it loses nothing.
 */
export async function owedOnL1(starkEx: Contract, devnet: Devnet, firstSequence: number, upTo: bigint): Promise<number[]> {
  const settled = await settledOnL1(starkEx, upTo);
  const owed: number[] = [];
  for (const r of devnet.state.records.values()) {
    if (r.sequenceId < firstSequence || r.status !== RecordStatus.AcceptedOnL1 || settled.has(r.sequenceId)) continue;
    if (r.type === RECORD_TYPES.withdrawal || (r.type === RECORD_TYPES.deposit && devnet.l1Origin(r.sequenceId) !== undefined))
      owed.push(r.sequenceId);
  }
  return owed;
}

/** The sequence ids the contract's LogWithdrawalCredited and LogDepositAccepted name up to block `upTo` (default: the latest). */
export async function settledOnL1(starkEx: Contract, upTo?: bigint): Promise<Set<number>> {
  const topics = starkEx.abi.filter((i) => i.name === 'LogWithdrawalCredited' || i.name === 'LogDepositAccepted').map(eventTopic);
  const toBlock = upTo ?? (await starkEx.rpc.blockNumber());
  const logs = await starkEx.rpc.getLogs({ address: starkEx.address, fromBlock: 0n, toBlock, topics: [topics] });
  return new Set(logs.map((l) => Number((decodeLog(starkEx.abi, l)!.args as Record<string, bigint>).sequenceId)));
}
