// Puts the devnet's L1 in place: the StarkEx-interface contract, and the genesis tokens at their
// fixed addresses (runtime code by anvil_setCode, then initialize, since no constructor runs there),
// each registered with the asset types the emulator computes; then what the operator writes there
// as accounts are funded and records reach L1.
import { assetInfoHex, assetType } from '../crypto/asset.js';
import type { AssetKind } from '../crypto/asset.js';
import { ETH_QUANTUM } from '../domain/catalog/contracts.js';
import { fungibleQuantum } from '../domain/values/money.js';
import type { Hex } from './codec.js';
import { deployData } from './codec.js';
import type { L1Artifacts } from './artifacts.js';
import { Contract } from './contract.js';
import type { EthRpc } from './rpc.js';
import type { State } from '../domain/state/state.js';
import { RECORD_TYPES } from '../domain/state/state.js';
import { RecordStatus } from '../domain/ledger/records.js';
import type { Devnet } from '../core/devnet.js';
import { DEFAULT_GENESIS_TIME } from '../domain/lifecycle/genesis.js';
import { parseIsoMicros } from '../domain/state/clock.js';

/** A genesis contract as fixtures write it. */
export interface GenesisToken {
  readonly type: 'ERC20' | 'ERC721' | 'ERC721M' | 'ERC721MC';
  readonly address: string;
  readonly name?: string;
  readonly symbol?: string;
  readonly decimals?: number;
  readonly base_uri?: string;
}

/** The genesis document's time (its `time`, else the default genesis time) in seconds: Anvil's first block. */
export function genesisSeconds(genesis: unknown): bigint | undefined {
  const time = (genesis as { time?: unknown } | null)?.time ?? DEFAULT_GENESIS_TIME;
  const micros = typeof time === 'string' ? parseIsoMicros(time) : undefined;
  return micros === undefined ? undefined : micros / 1_000_000n;
}

/** The genesis document's token contracts (each project's `contracts`). */
export function genesisTokens(genesis: unknown): GenesisToken[] {
  const projects = (genesis as { projects?: { contracts?: GenesisToken[] }[] } | null)?.projects ?? [];
  return projects.flatMap((p) => p.contracts ?? []);
}

/** An asset type registered on the L1 contract. */
export interface L1AssetType {
  readonly kind: AssetKind;
  readonly address: Hex | undefined;
  readonly quantum: bigint;
  readonly assetType: bigint;
}

/**
 * The gas limit of the operator's writes (accepting deposits, crediting withdrawals, minting): a
 * bound well above what any of them uses, so the node need not estimate each one, which costs about
 * a sixth of a transaction.
 */
const OPERATOR_GAS = 1_000_000n;

function asAddress(text: string): Hex {
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) throw new TypeError(`not an address: ${text}`);
  return text.toLowerCase() as Hex;
}

type TokenSpec = Omit<GenesisToken, 'address'>;

/** The token contract for a genesis type and its initializer (= constructor) arguments, as its ABI declares them. */
function tokenCode(artifacts: L1Artifacts, token: TokenSpec, operator: Hex, starkEx: Hex) {
  const name = token.name ?? '';
  const symbol = token.symbol ?? '';
  const baseUri = token.base_uri ?? '';
  if (token.type === 'ERC20')
    return {
      artifact: artifacts.contracts.DevnetERC20,
      args: [name, symbol, token.decimals ?? 18, operator],
    };
  if (token.type === 'ERC721')
    return {
      artifact: artifacts.contracts.DevnetERC721,
      args: [name, symbol, baseUri, operator],
    };
  return {
    artifact: artifacts.contracts.DevnetMintableERC721,
    args: [name, symbol, baseUri, starkEx, token.type === 'ERC721MC'],
  };
}

/**
 * Places a genesis token's code at its address and initializes it: ERC20/ERC721 mintable by the
 * operator (the faucet that funds genesis accounts), ERC721M/MC minted by `starkEx` on withdrawal.
 */
export async function placeToken(rpc: EthRpc, artifacts: L1Artifacts, operator: Hex, starkEx: Hex, token: GenesisToken): Promise<Contract> {
  const address = asAddress(token.address);
  const { artifact, args } = tokenCode(artifacts, token, operator, starkEx);
  await rpc.setCode(address, artifact.deployedBytecode);
  const contract = new Contract(rpc, artifact.abi, address, OPERATOR_GAS);
  await contract.write(operator, 'initialize', args);
  return contract;
}

/** Deploys a token normally (its constructor runs) at an address the node picks. */
export async function deployToken(rpc: EthRpc, artifacts: L1Artifacts, operator: Hex, starkEx: Hex, token: TokenSpec): Promise<Contract> {
  const { artifact, args } = tokenCode(artifacts, token, operator, starkEx);
  const address = await rpc.deploy(operator, deployData(artifact.abi, artifact.bytecode, args));
  return new Contract(rpc, artifact.abi, address);
}

/** The asset types a genesis token is known by on L1 (a mintable one also as the plain ERC721 it becomes). */
export function tokenAssetKinds(token: GenesisToken): { kind: AssetKind; quantum: bigint }[] {
  if (token.type === 'ERC20') return [{ kind: 'ERC20', quantum: fungibleQuantum(token.decimals ?? 18) }];
  if (token.type === 'ERC721') return [{ kind: 'ERC721', quantum: 1n }];
  return [
    { kind: 'ERC721M', quantum: 1n },
    { kind: 'ERC721', quantum: 1n },
  ];
}

/** ETH's asset type, then each genesis token's, as src/crypto/asset.ts computes them (the contract refuses a mismatch). */
export function genesisAssetTypes(tokens: readonly GenesisToken[]): L1AssetType[] {
  const eth = { kind: 'ETH' as const, address: undefined, quantum: ETH_QUANTUM };
  const all = [eth, ...tokens.flatMap((t) => tokenAssetKinds(t).map((k) => ({ ...k, address: asAddress(t.address) })))];
  return all.map((t) => ({ ...t, assetType: assetType(t.kind, t.address && BigInt(t.address), t.quantum) }));
}

export interface L1Setup {
  readonly starkEx: Contract;
  readonly tokens: ReadonlyMap<Hex, Contract>;
  readonly assetTypes: readonly L1AssetType[];
}

/** A fresh L1 for a genesis: the contract deployed, every token placed, ETH and the tokens registered. */
export async function setUpL1(
  rpc: EthRpc,
  artifacts: L1Artifacts,
  operator: Hex,
  genesisTokens: readonly GenesisToken[],
): Promise<L1Setup> {
  const { abi, bytecode } = artifacts.contracts.StarkExDevnet;
  const starkEx = new Contract(rpc, abi, await rpc.deploy(operator, bytecode), OPERATOR_GAS);
  const tokens = new Map<Hex, Contract>();
  for (const token of genesisTokens) {
    const contract = await placeToken(rpc, artifacts, operator, starkEx.address, token);
    tokens.set(contract.address, contract);
  }
  const assetTypes = genesisAssetTypes(genesisTokens);
  for (const t of assetTypes)
    await starkEx.write(operator, 'registerToken', [t.assetType, assetInfoHex(t.kind, t.address && BigInt(t.address)), t.quantum]);
  return { starkEx, tokens, assetTypes };
}

/** An L1 set up before (by this emulator, or `--l1-contract`): the contract checked, the genesis tokens bound at their addresses. */
export async function attachL1(
  rpc: EthRpc,
  artifacts: L1Artifacts,
  operator: Hex,
  at: Hex,
  genesisTokens: readonly GenesisToken[],
): Promise<L1Setup> {
  if ((await rpc.getCode(at)) === '0x') throw new Error(`no contract at ${at} on ${rpc.url}`);
  const starkEx = new Contract(rpc, artifacts.contracts.StarkExDevnet.abi, at, OPERATOR_GAS);
  if (!(await starkEx.read('isOperator', [operator]))) throw new Error(`${operator} is not the operator of ${at}`);
  const { DevnetERC20, DevnetERC721 } = artifacts.contracts;
  const tokens = new Map(
    genesisTokens.map((t) => [
      asAddress(t.address),
      new Contract(rpc, (t.type === 'ERC20' ? DevnetERC20 : DevnetERC721).abi, asAddress(t.address), OPERATOR_GAS),
    ]),
  );
  return { starkEx, tokens, assetTypes: genesisAssetTypes(genesisTokens) };
}

/**
 * What L2 had from its genesis or the faucet never came from L1: before a withdrawal of it is
 * credited, the exchange is given what it owes (ETH and ERC20 up to the whole withdraw area of
 * that asset, an ERC721 token that does not exist on L1 yet). Mintable tokens are minted on claim.
 */
export async function backWithdrawal(
  starkEx: Contract,
  tokens: ReadonlyMap<Hex, Contract>,
  operator: Hex,
  state: State,
  assetHex: string,
): Promise<void> {
  const asset = state.assets.get(assetHex)!;
  const contract = state.contracts.get(asset.contractKey)!;
  const exchange = starkEx.address;
  if (contract.type === 'ETH' || contract.type === 'ERC20') {
    let owed = 0n;
    for (const area of state.withdrawArea.values()) owed += area.get(assetHex) ?? 0n;
    owed *= contract.quantum;
    if (contract.type === 'ETH') {
      const held = await starkEx.rpc.getBalance(exchange);
      if (held < owed) await starkEx.rpc.setBalance(exchange, owed);
    } else {
      const token = tokens.get(contract.key as Hex)!;
      const held = BigInt(await token.read('balanceOf', [exchange]));
      if (held < owed) await token.write(operator, 'mint', [exchange, owed - held]);
    }
  } else if (contract.type === 'ERC721' && asset.tokenId !== null) {
    const token = tokens.get(contract.key as Hex)!;
    const exists = await token.read('ownerOf', [asset.tokenId]).then(
      () => true,
      () => false,
    );
    if (!exists) await token.write(operator, 'mint', [exchange, asset.tokenId]);
  }
}

/** What each genesis account's Ethereum address gets on connect. */
export const FUNDED_WEI = 10n ** 22n;
export const FUNDED_ERC20_UNITS = 1_000_000n;

/**
 * Unlocks (impersonates) the accounts' Ethereum addresses so that eth_sendTransaction sends from
 * them, and, unless `give` is false (a restart: they have it already), gives each ETH and every ERC20.
 */
export async function fundAccounts(
  rpc: EthRpc,
  erc20s: readonly Contract[],
  operator: Hex,
  accounts: readonly { eth_address: string }[],
  give: boolean,
): Promise<void> {
  for (const account of accounts) {
    const eth = account.eth_address as Hex;
    await rpc.impersonate(eth);
    if (!give) continue;
    await rpc.setBalance(eth, FUNDED_WEI);
    for (const token of erc20s) {
      const decimals = BigInt(await token.read('decimals'));
      await token.write(operator, 'mint', [eth, FUNDED_ERC20_UNITS * 10n ** decimals]);
    }
  }
}

/**
 * What the operator does on L1 for a record that reached AcceptedOnL1: a withdrawal is credited (the
 * exchange backed first), an L1 deposit accepted (no longer pending); other records need nothing.
 */
export async function settleRecord(
  starkEx: Contract,
  tokens: ReadonlyMap<Hex, Contract>,
  operator: Hex,
  devnet: Devnet,
  seq: number,
): Promise<void> {
  const r = devnet.state.records.get(seq);
  if (r?.status !== RecordStatus.AcceptedOnL1) return;
  const vault = r.type === RECORD_TYPES.deposit ? devnet.l1Origin(seq)?.vault : undefined;
  if (vault !== undefined)
    await starkEx.write(operator, 'acceptDeposit', [BigInt(r.starkKey), BigInt(r.assetHex), BigInt(vault), r.amount, BigInt(seq)]);
  else if (r.type === RECORD_TYPES.withdrawal) {
    await backWithdrawal(starkEx, tokens, operator, devnet.state, r.assetHex);
    await starkEx.write(operator, 'creditWithdrawal', [BigInt(r.to!), BigInt(r.assetHex), r.amount, BigInt(seq)]);
  }
}
