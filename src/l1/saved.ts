// With --state, a namespace's L1 is kept beside its journal in `l1.json`: the contract, what the bridge
// has read and still owes, and (with --l1 anvil) the whole chain as Anvil's anvil_dumpState gives it.
// The bridge writes it after each request that followed L1 activity and on stop, so a restart finds
// both layers as the last answer left them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceFile } from '../persistence/files.js';
import type { Hex } from './abi.js';

const FORMAT = 'l2-devnet/l1@1';
const FILE = 'l1.json';

export interface SavedL1 {
  readonly contract: Hex;
  /** The last block whose logs the bridge read. */
  readonly cursor: bigint;
  /** Withdrawal records at AcceptedOnL1 not credited on L1 yet. */
  readonly toCredit: readonly number[];
  /** Anvil's chain (anvil_dumpState); none for a node of the user's, which keeps its own. */
  readonly chain?: Hex | undefined;
}

export function readSavedL1(dir: string): SavedL1 | undefined {
  const path = join(dir, FILE);
  if (!existsSync(path)) return undefined;
  const data = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  if (data.format !== FORMAT) throw new Error(`${path} is not ${FORMAT}`);
  const { contract, cursor, to_credit, chain } = data as { contract: Hex; cursor: string; to_credit: number[]; chain?: Hex };
  return { contract, cursor: BigInt(cursor), toCredit: to_credit, chain };
}

/** False when the directory is gone (its namespace was deleted): nothing is written. */
export function writeSavedL1(dir: string, saved: SavedL1): boolean {
  if (!existsSync(dir)) return false;
  const { contract, cursor, toCredit, chain } = saved;
  const text = JSON.stringify({ format: FORMAT, contract, cursor: cursor.toString(), to_credit: toCredit, chain });
  replaceFile(join(dir, FILE), text, 'write');
  return true;
}
