// Genesis: validates a genesis document and builds the initial state from it (pure: no file I/O here).
import { starkKeyFromPrivate } from '../../crypto/keys.js';
import { parseIsoMicros } from '../state/clock.js';
import { buildContract, contractKey, ETH_QUANTUM, ethContract, parseTokenType } from '../catalog/contracts.js';
import { registerContract, requireContract } from '../catalog/contracts.js';
import { deposit } from '../ledger/deposits.js';
import { credit, MAX_BALANCE, recordIssue } from '../ledger/ledger.js';
import { ensureVault } from '../ledger/vaults.js';
import { parseStarkKey } from '../ledger/accounts.js';
import { parseRate } from '../trading/marketplaces.js';
import { DevnetError, ErrorCode, fail } from '../values/errors.js';
import { isNftType } from '../state/state.js';
import { emptyState, type State } from '../state/state.js';
import { readHex, toHex } from '../values/hex.js';
import { createPrng, derivedBytes, formatUuid, nextUuid } from '../state/prng.js';
import { UndoLog } from '../state/undo.js';
import { type GenesisWallet, pinnedWallet, seedWallet, WALLET_CHAIN_ID, walletAccount } from './genesis-wallet.js';

export const GENESIS_FORMAT = 'l2-devnet/genesis@1';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Reddio's StarkEx contracts, unless the genesis names others. */
const STARKEX_CONTRACTS = {
  mainnet: '0xB62BcD40A24985f560b5a9745d478791d8F1945C',
  testnet: '0x8Eb82154f314EC687957CE1e9c1A5Dc3A3234DF9',
  sepolia: '0x682173dd52A16EC51Cb65Bbd6DA1D3baCf831b45',
};

/**
 * A genesis allocation (`"record": false` on a fungible deposit): the balance exists from the start
 * and counts as issued, like an Anvil genesis alloc, but takes no record and no sequence id, so a
 * genesis can fund an account without moving the sequence ids every other record gets.
 */
function allocate(state: State, starkKey: string, contractAddress: string, amount: bigint): void {
  const contract = requireContract(state, contractAddress);
  if (isNftType(contract.type))
    fail(ErrorCode.InvalidParam, `"record": false is for fungible deposits; ${contract.address} is ${contract.type}`);
  if (amount <= 0n || amount > MAX_BALANCE) fail(ErrorCode.AmountInvalid, `amount must be in [1, 2^63), got "${amount}"`);
  const hex = toHex(contract.assetType);
  ensureVault(state, starkKey, hex);
  credit(state, starkKey, state.assets.get(hex)!, amount);
  recordIssue(state, hex, amount);
}

/** A genesis document that failed validation; the message starts with the path of the bad field. */
export class GenesisError extends Error {
  constructor(path: string, reason: string) {
    super(`${path}: ${reason}`);
    this.name = 'GenesisError';
  }
}

function obj(v: unknown, path: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new GenesisError(path, 'must be an object');
  return v as Record<string, unknown>;
}
function arr(v: unknown, path: string): unknown[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new GenesisError(path, 'must be an array');
  return v;
}
/** Each item of an optional array (at `path`) as an object, with its own path. */
function items(v: unknown, path: string, f: (item: Record<string, unknown>, path: string) => void): void {
  arr(v, path).forEach((x, i) => f(obj(x, `${path}[${i}]`), `${path}[${i}]`));
}
function str(v: unknown, path: string): string {
  if (typeof v !== 'string' || v === '') throw new GenesisError(path, 'must be a non-empty string');
  return v;
}
function optStr(v: unknown, path: string): string | null {
  return v === undefined || v === null ? null : str(v, path);
}
function uint(v: unknown, path: string): bigint {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  if (typeof v === 'string' && /^\d+$/.test(v)) return BigInt(v);
  throw new GenesisError(path, `must be a non-negative integer (number or decimal string), got ${JSON.stringify(v)}`);
}

/** Runs a domain step, re-labelling its refusal with the genesis path that caused it. */
function at<T>(path: string, step: () => T): T {
  try {
    return step();
  } catch (e) {
    if (e instanceof DevnetError || e instanceof RangeError) throw new GenesisError(path, e.message);
    throw e;
  }
}

export interface GenesisOptions {
  /** Overrides the document's seed (`--seed`). */
  seed?: string | undefined;
  /** `--accounts N --balance X`: account0... after the named ones, keys derived from the seed, each allocated `balanceWei` (no record). */
  devAccounts?: { count: number; balanceWei: bigint } | undefined;
  /** The chain whose Stark-key request the accounts' Ethereum keys sign (`--l1-chain-id`); default Sepolia's. */
  walletChainId?: number | undefined;
}

export const DEFAULT_GENESIS_TIME = '2026-01-01T00:00:00.000000Z';
/** Builds the initial state. Throws GenesisError naming the first bad field. */
export function buildGenesisState(doc: unknown, options: GenesisOptions = {}): State {
  const g = obj(doc, 'genesis');
  if (g.format !== undefined && g.format !== GENESIS_FORMAT)
    throw new GenesisError('genesis.format', `must be "${GENESIS_FORMAT}", got ${JSON.stringify(g.format)}`);
  const seed = options.seed ?? (g.seed === undefined ? 'l2-devnet' : str(g.seed, 'genesis.seed'));
  const timeText = g.time === undefined ? DEFAULT_GENESIS_TIME : str(g.time, 'genesis.time');
  const nowMicros = parseIsoMicros(timeText);
  if (nowMicros === undefined)
    throw new GenesisError(
      'genesis.time',
      `must be an ISO 8601 UTC time from 1970 on, such as 2026-01-01T00:00:00.000000Z, got "${timeText}"`,
    );

  const sc = g.starkex_contracts === undefined ? {} : obj(g.starkex_contracts, 'genesis.starkex_contracts');
  const state = emptyState(new UndoLog());
  state.clock.nowMicros = nowMicros;
  state.prng = createPrng(seed);
  for (const [net, address] of Object.entries(STARKEX_CONTRACTS) as [keyof State['starkexContracts'], string][])
    state.starkexContracts[net] = sc[net] === undefined ? address : str(sc[net], `genesis.starkex_contracts.${net}`);
  registerContract(state, ethContract(formatUuid(derivedBytes(seed, 'contract/eth')), nowMicros));

  const chain = options.walletChainId ?? WALLET_CHAIN_ID;
  const names = genesisAccounts(state, g, seed, chain);
  const operatorName = g.operator === undefined ? 'operator' : str(g.operator, 'genesis.operator');
  const operator = names.get(operatorName);
  if (!operator) throw new GenesisError('genesis.operator', `names no account ("${operatorName}"); the operator collects the service fee`);
  state.operator = operator;

  const keyNames = genesisApiKeys(state, g, seed);
  genesisProjects(state, g, keyNames, nowMicros);
  devAccounts(state, seed, names, options.devAccounts, chain);
  genesisDeposits(state, g, names);
  genesisMarketplaces(state, g, names, keyNames, nowMicros);
  // Building the genesis is not something to undo.
  state.undo.releaseAll();
  return state;
}

/** Adds a named account with its keys; name -> stark key. */
function addAccount(state: State, names: Map<string, string>, name: string, { priv, ethAddress, ethPrivateKey }: GenesisWallet): string {
  const starkKey = toHex(starkKeyFromPrivate(priv));
  names.set(name, starkKey);
  state.namedAccounts.push({ name, starkKey, privateKey: toHex(priv), ethAddress, ...(ethPrivateKey && { ethPrivateKey }) });
  return starkKey;
}

function genesisAccounts(state: State, g: Record<string, unknown>, seed: string, chain: number): Map<string, string> {
  const names = new Map<string, string>();
  items(g.accounts, 'genesis.accounts', (acc, path) => {
    const name = str(acc.name, `${path}.name`);
    if (names.has(name)) throw new GenesisError(`${path}.name`, `duplicate account name "${name}"`);
    if (acc.eth_private_key !== undefined && acc.private_key !== undefined)
      throw new GenesisError(`${path}.eth_private_key`, 'give private_key or eth_private_key, not both');
    if (acc.private_key !== undefined) {
      const pinned = readHex(str(acc.private_key, `${path}.private_key`));
      if (pinned === undefined) throw new GenesisError(`${path}.private_key`, 'must be 0x hex');
      at(`${path}.private_key`, () => addAccount(state, names, name, pinnedWallet(seed, name, pinned)));
      return;
    }
    const wallet =
      acc.eth_private_key === undefined ? seedWallet(seed, name, chain) : walletAccount(acc.eth_private_key, acc.chain_id, chain);
    if (typeof wallet === 'string') throw new GenesisError(`${path}.eth_private_key`, wallet);
    addAccount(state, names, name, wallet);
  });
  return names;
}

/** API keys, derived from the seed unless pinned; name -> key. */
function genesisApiKeys(state: State, g: Record<string, unknown>, seed: string): Map<string, string> {
  const keyNames = new Map<string, string>();
  items(g.api_keys, 'genesis.api_keys', (spec, path) => {
    const name = str(spec.name, `${path}.name`);
    const key = spec.key === undefined ? 'rk-' + formatUuid(derivedBytes(seed, `api-key/${name}`)) : str(spec.key, `${path}.key`);
    if (state.apiKeys.has(key) || keyNames.has(name)) throw new GenesisError(path, `duplicate API key "${name}"`);
    state.apiKeys.set(key, { key, name });
    keyNames.set(name, key);
  });
  return keyNames;
}

/** Projects and their contracts, each owned by an API key named in genesis.api_keys. */
function genesisProjects(state: State, g: Record<string, unknown>, keyNames: Map<string, string>, nowMicros: bigint): void {
  items(g.projects, 'genesis.projects', (spec, path) => {
    const name = str(spec.name, `${path}.name`);
    const keyName = str(spec.api_key, `${path}.api_key`);
    const owner = keyNames.get(keyName);
    if (!owner) throw new GenesisError(`${path}.api_key`, `names no entry of genesis.api_keys ("${keyName}")`);
    const project = { uuid: nextUuid(state.prng), name, owner, createdAtMicros: nowMicros, contracts: [] as string[] };
    state.projects.set(project.uuid, project);
    items(spec.contracts, `${path}.contracts`, (cs, cpath) => {
      const typeText = str(cs.type, `${cpath}.type`);
      const type = parseTokenType(typeText);
      if (!type || type === 'ETH') throw new GenesisError(`${cpath}.type`, `must be ERC20, ERC721, ERC721M or ERC721MC, got "${typeText}"`);
      const address = str(cs.address, `${cpath}.address`);
      if (state.contracts.has(contractKey(address))) throw new GenesisError(`${cpath}.address`, `duplicate contract ${address}`);
      const contract = at(cpath, () =>
        buildContract(
          {
            uuid: nextUuid(state.prng),
            address,
            type,
            name: optStr(cs.name, `${cpath}.name`),
            symbol: optStr(cs.symbol, `${cpath}.symbol`),
            decimals: cs.decimals === undefined ? null : Number(uint(cs.decimals, `${cpath}.decimals`)),
            count: cs.count === undefined ? 0n : uint(cs.count, `${cpath}.count`),
            projectUuid: project.uuid,
            owner,
            baseUri: optStr(cs.base_uri, `${cpath}.base_uri`) ?? '',
            metadataUrl: optStr(cs.metadata_url, `${cpath}.metadata_url`),
            description: optStr(cs.description, `${cpath}.description`),
            imageUrl: optStr(cs.image_url, `${cpath}.image_url`),
            externalLink: optStr(cs.external_link, `${cpath}.external_link`),
            bannerImageUrl: optStr(cs.banner_image_url, `${cpath}.banner_image_url`),
          },
          nowMicros,
        ),
      );
      registerContract(state, contract);
      project.contracts.push(contract.key);
    });
  });
}

/** `--accounts N --balance X`: account0... after the named ones, each allocated X (no record). */
function devAccounts(state: State, seed: string, names: Map<string, string>, dev: GenesisOptions['devAccounts'], chain: number): void {
  if (dev !== undefined && dev.balanceWei % ETH_QUANTUM !== 0n)
    throw new GenesisError('--balance', `must be a whole number of ETH quanta (10^-6 ETH), got ${dev.balanceWei} wei`);
  for (let i = 0; i < (dev?.count ?? 0); i++) {
    const name = `account${i}`;
    if (names.has(name)) throw new GenesisError('--accounts', `the genesis already names an account "${name}"`);
    const starkKey = addAccount(state, names, name, seedWallet(seed, name, chain));
    if (dev!.balanceWei > 0n) at('--balance', () => allocate(state, starkKey, 'eth', dev!.balanceWei / ETH_QUANTUM));
  }
}

/** Deposits (recorded, or allocated without a record) of amounts and NFT tokens to named accounts. */
function genesisDeposits(state: State, g: Record<string, unknown>, names: Map<string, string>): void {
  items(g.deposits, 'genesis.deposits', (spec, path) => {
    const accountName = str(spec.account, `${path}.account`);
    const starkKey = names.get(accountName);
    if (!starkKey) throw new GenesisError(`${path}.account`, `names no account ("${accountName}")`);
    const contractAddress = str(spec.contract, `${path}.contract`);
    if (spec.token_ids !== undefined) {
      // ERC721MC tokens need their URLs (their asset ids are computed from them): token_urls, one per id.
      const urls = spec.token_urls === undefined ? undefined : arr(spec.token_urls, `${path}.token_urls`);
      const ids = arr(spec.token_ids, `${path}.token_ids`);
      if (urls !== undefined && urls.length !== ids.length)
        throw new GenesisError(`${path}.token_urls`, `must list one URL per token id (${ids.length}), got ${urls.length}`);
      ids.forEach((t, k) => {
        const tokenId = uint(t, `${path}.token_ids[${k}]`);
        const tokenUrl = urls === undefined ? undefined : str(urls[k], `${path}.token_urls[${k}]`);
        at(`${path}.token_ids[${k}]`, () => deposit(state, { starkKey, contractAddress, tokenId, tokenUrl }));
      });
    } else {
      const amount = uint(spec.amount, `${path}.amount`);
      if (spec.record === false) at(path, () => allocate(state, starkKey, contractAddress, amount));
      else if (spec.record !== undefined && spec.record !== true) throw new GenesisError(`${path}.record`, 'must be true or false');
      else at(path, () => deposit(state, { starkKey, contractAddress, amount }));
    }
  });
}

/**
 * Marketplaces: a payee (account name or stark key), a fee rate, an owner API key (by name) and
 * optionally a pinned uuid (apps hard-code theirs); the project defaults to the key's first.
 */
function genesisMarketplaces(
  state: State,
  g: Record<string, unknown>,
  names: Map<string, string>,
  keyNames: Map<string, string>,
  nowMicros: bigint,
): void {
  items(g.marketplaces, 'genesis.marketplaces', (spec, path) => {
    const name = str(spec.name, `${path}.name`);
    const keyName = str(spec.api_key, `${path}.api_key`);
    const owner = keyNames.get(keyName);
    if (!owner) throw new GenesisError(`${path}.api_key`, `names no entry of genesis.api_keys ("${keyName}")`);
    const payeeText = str(spec.payee, `${path}.payee`);
    const payee = payeeText.startsWith('0x') ? at(`${path}.payee`, () => parseStarkKey(payeeText, 'payee')) : names.get(payeeText);
    if (!payee) throw new GenesisError(`${path}.payee`, `names no account ("${payeeText}")`);
    const fee = at(`${path}.fee`, () => parseRate(spec.fee, 'fee'));
    const projectName = optStr(spec.project, `${path}.project`);
    const project = [...state.projects.values()].find((p) => p.owner === owner && (projectName === null || p.name === projectName));
    if (!project)
      throw new GenesisError(
        `${path}.project`,
        projectName === null
          ? `API key "${keyName}" owns no project for the marketplace`
          : `names no project of API key "${keyName}" ("${projectName}")`,
      );
    const uuid = spec.uuid === undefined ? nextUuid(state.prng) : str(spec.uuid, `${path}.uuid`).toLowerCase();
    if (!UUID_RE.test(uuid))
      throw new GenesisError(`${path}.uuid`, `must be a UUID such as 11ed793a-cc11-4e44-9738-97165c4e14a7, got "${uuid}"`);
    if (state.marketplaces.has(uuid)) throw new GenesisError(`${path}.uuid`, `duplicate marketplace ${uuid}`);
    state.marketplaces.set(uuid, { uuid, name, payee, fee, projectUuid: project.uuid, owner, createdAtMicros: nowMicros });
  });
}
