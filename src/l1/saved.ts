// With --state, a namespace's L1 is kept beside its journal in `l1.json`: the contract, how far the
// bridge has read, and (with --l1 anvil) the whole chain as Anvil's anvil_dumpState gives it. The
// bridge writes it before L2 takes a deposit, after each request that followed L1 activity and on
// stop, so a restart finds both layers as the last answer left them. What L1 still owes (credits of
// withdrawals) is not kept here: the bridge rebuilds it from the journal and the contract's logs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { replaceFile } from '../persistence/files.js';
import type { Hex } from './abi.js';

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
