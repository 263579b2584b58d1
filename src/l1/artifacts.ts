// The compiled L1 contracts: dist/l1/contracts.json, written at build time by
// scripts/compile-contracts.mjs from contracts/*.sol.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from './codec.js';

export interface ContractArtifact {
  readonly abi: Abi;
  /** Creation code (constructor arguments are appended ABI-encoded). */
  readonly bytecode: Hex;
  /** Runtime code, for anvil_setCode at a fixed address. */
  readonly deployedBytecode: Hex;
}

export const L1_CONTRACTS = ['StarkExDevnet', 'DevnetERC20', 'DevnetERC721', 'DevnetMintableERC721'] as const;
export type L1ContractName = (typeof L1_CONTRACTS)[number];

export interface L1Artifacts {
  readonly solc: string;
  readonly contracts: Readonly<Record<L1ContractName, ContractArtifact>>;
}

/** dist/l1/contracts.json, from this module in dist/l1/, from the CLI's bundle in dist/, or from src/l1/. */
function defaultPath(): string {
  const candidates = ['./contracts.json', './l1/contracts.json', '../../dist/l1/contracts.json'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  return candidates.find((p) => existsSync(p)) ?? candidates[2]!;
}

export function loadL1Artifacts(path = defaultPath()): L1Artifacts {
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build (it compiles contracts/)`);
  const artifacts = JSON.parse(readFileSync(path, 'utf8')) as L1Artifacts;
  for (const name of L1_CONTRACTS) if (!artifacts.contracts[name]) throw new Error(`${path} has no ${name}`);
  return artifacts;
}
