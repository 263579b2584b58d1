// The contract's logs as L2 takes them: which are deposits and claims, and each taken exactly once.
import type { Devnet } from '../core/devnet.js';
import type { L1AssetType } from './deploy.js';
import { type Abi, decodeLog, type Hex } from './codec.js';
import type { EthRpc, Log } from './rpc.js';

/** Where problems go (an L1 deposit L2 refused, an unreachable node): they do not fail a request. */
export const problem = (message: string): void => void process.stderr.write(`l2-devnet: L1: ${message}\n`);

const hex = (v: bigint): string => `0x${v.toString(16)}`;
const address = (v: bigint): string => `0x${v.toString(16).padStart(40, '0')}`;

/**
 * One event of the contract: a deposit goes to L2 (accepted on L1 when its record reaches it), a claim
 * leaves the withdraw area. Each log is taken once, by its key ("tx:logIndex"), whatever L2 decides.
 */
export function takeLog(devnet: Devnet, byType: ReadonlyMap<bigint, L1AssetType>, log: Log, name: string, a: Record<string, bigint>): void {
  const tx = log.transactionHash;
  // A transaction alone names logs taken before logs had keys (an older journal).
  const key = `${tx}:${BigInt(log.logIndex)}`;
  if (devnet.state.l1Taken.has(key) || devnet.state.l1Taken.has(tx)) return;
  const failed = (e: unknown) => problem(`${name} in ${tx} not taken into L2: ${(e as Error).message}`);
  if (isDeposit(name, a)) {
    const type = byType.get(a.assetType!);
    const asset = name === 'LogDepositWithTokenId' ? { tokenId: a.tokenId! } : { amount: a.quantizedAmount! };
    // An unknown asset type is journaled as refused too: L2 decided about this log, once.
    const contractAddress = type === undefined ? hex(a.assetType!) : (type.address ?? 'eth');
    try {
      const taken = devnet.l1Deposit({ starkKey: hex(a.starkKey!), contractAddress, ...asset }, tx, hex(a.vaultId!), key);
      if (taken.sequence_id === null) failed(new Error(taken.refused));
    } catch (e) {
      failed(e);
    }
  } else if (isClaim(name, a)) {
    // What L1 paid moves out of the withdraw area (an ETH or ERC20 claim names it), not the whole area.
    const paid = name === 'LogWithdrawalPerformed' ? a.quantizedAmount : undefined;
    try {
      devnet.claim(address(a.ownerKey!), name === 'LogWithdrawalPerformed' ? a.assetType! : a.assetId!, key, paid);
    } catch (e) {
      failed(e);
    }
  }
}

export const isDeposit = (name: string, a: Record<string, bigint>): boolean =>
  name === 'LogDeposit' || (name === 'LogDepositWithTokenId' && a.quantizedAmount! > 0n);
export const isClaim = (name: string, a: Record<string, bigint>): boolean =>
  (name === 'LogWithdrawalPerformed' && a.quantizedAmount! > 0n) ||
  name === 'LogNftWithdrawalPerformed' ||
  name === 'LogMintWithdrawalPerformed';

/**
 * Whether the block the bridge read last (`cursor`, whose hash was `hash`) is still there (another
 * party's evm_revert, anvil_reset or a reorg rewrites it): if not, what to say. The bridge then reads the
 * chain again from `firstBlock`; each log's key keeps what L2 took from being taken twice.
 */
export async function chainRewritten(
  rpc: EthRpc,
  contract: Hex,
  cursor: bigint,
  hash: Hex | null | undefined,
  firstBlock: bigint,
): Promise<string | undefined> {
  if (hash === undefined || (await rpc.blockHash(cursor)) === hash) return undefined;
  return (await rpc.getCode(contract)) === '0x'
    ? `the chain was reset under the emulator: the StarkEx contract ${contract} is gone from L1 (L2 keeps what it took; restart to deploy again)`
    : `block ${cursor} of L1 is not the one read before (another party's evm_revert, anvil_reset or a reorg): L1 is read again from block ${firstBlock}`;
}

/** A log of the contract with its event decoded, or nothing for a log of no event it declares. */
export function decodeEvent(abi: Abi, log: Log) {
  const event = decodeLog(abi, log);
  return event === undefined ? [] : [{ log, event, args: event.args as Record<string, bigint> }];
}

/** Whether `work` is still running after `ms` (it goes on either way). */
export async function late(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const grace = new Promise<boolean>((resolve) => void (timer = setTimeout(() => resolve(true), ms)));
  const over = await Promise.race([work.then(() => false), grace]);
  clearTimeout(timer);
  return over;
}

/** Why deploying on (or attaching to) the node failed, with what to do; `savedIn`: the state dir whose l1.json named the contract. */
export function setUpFailed(e: Error, url: string, at: string | undefined, savedIn: string | undefined, ownAnvil: boolean): Error {
  const whose =
    at === undefined
      ? `deploying the StarkEx contract on ${url}:`
      : savedIn !== undefined
        ? `${savedIn}/l1.json names ${at}, but`
        : `--l1-contract ${at}:`;
  const hint = /ALREADY_INITIALIZED/.test(e.message)
    ? ' (the genesis tokens there were set up already, by another emulator or an earlier run: attach to its contract with --l1-contract, or use a fresh node)'
    : savedIn !== undefined && !ownAnvil
      ? ' (was the node restarted? remove l1.json to deploy anew)'
      : '';
  return new Error(`${whose} ${e.message}${hint}`);
}
