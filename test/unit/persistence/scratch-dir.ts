// Scratch state dirs for the persistence tests (each removed after its test), and a devnet of the
// default genesis opened on one, with a deposit to carol and her ETH balance at hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { Devnet } from '../../../src/core/devnet.js';
import { readGenesisFile } from '../../../src/emulator/genesis-file.js';
import { openStateDir } from '../../../src/persistence/state-dir.js';
import type { StateDirOptions } from '../../../src/persistence/state-dir.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

export function tempDir(prefix: string): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

export function open(dir: string, options: StateDirOptions = {}) {
  const devnet = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
  const sd = openStateDir(dir, devnet, options);
  const carol = devnet.accounts().accounts[2]!.stark_key;
  const deposit = (amount: bigint) => devnet.deposit({ starkKey: carol, contractAddress: 'eth', amount });
  return { devnet, sd, deposit, balance: () => devnet.state.accounts.get(carol)!.balances.values().next().value!.available };
}
