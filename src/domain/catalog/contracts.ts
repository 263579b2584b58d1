// Token contracts: registration (with their StarkEx asset types) and lookup by address.
import { assetInfoHex, assetType } from '../../crypto/asset.js';
import { echo, ErrorCode, fail } from '../values/errors.js';
import { readHex } from '../values/hex.js';
import { fungibleQuantum } from '../values/money.js';
import { type Contract, ETH_KEY, isMintableType, isNftType, type State, TOKEN_TYPES, type TokenType } from '../state/state.js';
import { TrackedMap } from '../state/undo.js';

/** ETH quantum of the real service (10^12 wei), so 6-decimal SDK amounts map 1:1 to quantized units. */
export const ETH_QUANTUM = 1_000_000_000_000n;

/** What a contract is registered with: its optional fields may be left out (null or default), symbol and decimals too. */
export type ContractSpec = Pick<Contract, 'uuid' | 'address' | 'type'> &
  Partial<Pick<Contract, 'name' | 'count' | 'projectUuid' | 'owner' | 'baseUri' | 'metadataUrl' | 'description' | 'imageUrl'>> &
  Partial<Pick<Contract, 'externalLink' | 'bannerImageUrl'>> & { symbol?: string | null; decimals?: number | null };

/** Query names for token types: the JS SDK 0.4.5 asks for `MINTABLE_ERC721` where it means ERC721M. */
export function parseTokenType(text: string): TokenType | undefined {
  const upper = text.toUpperCase();
  if (upper === 'MINTABLE_ERC721') return 'ERC721M';
  return (TOKEN_TYPES as readonly string[]).includes(upper) ? (upper as TokenType) : undefined;
}

/** Like parseTokenType, failing with 28 (NoSuchContractType) for an unknown name. */
export function requireTokenType(text: string): TokenType {
  const t = parseTokenType(text);
  if (!t) fail(ErrorCode.NoSuchContractType, `type must be ETH, ERC20, ERC721, ERC721M, ERC721MC or MINTABLE_ERC721, got "${echo(text)}"`);
  return t;
}

/** An Ethereum contract address as an integer; `eth`/`ETH` is the native currency (undefined). */
export function contractAddressValue(address: string): bigint {
  const v = readHex(address);
  if (v === undefined || v >= 1n << 160n)
    fail(ErrorCode.InvalidParam, `contract_address must be a 20-byte 0x hex address, got "${echo(address)}"`);
  return v;
}

export function contractKey(address: string): string {
  const lower = address.toLowerCase();
  if (lower === ETH_KEY) return ETH_KEY;
  // Compare by value so padding and case do not matter.
  const v = readHex(lower);
  return v === undefined ? lower : '0x' + v.toString(16).padStart(40, '0');
}

export function ethContract(uuid: string, createdAtMicros: bigint): Contract {
  return buildContract({ uuid, address: ETH_KEY, type: 'ETH', name: 'ETH', symbol: 'ETH' }, createdAtMicros, true);
}

/** Builds a contract record (asset type computed, quantum by the fungible rule). Pure: does not register. ETH is only built in. */
export function buildContract(spec: ContractSpec, createdAtMicros: bigint, builtIn = false): Contract {
  const eth = spec.type === 'ETH';
  if (eth && !builtIn) fail(ErrorCode.NoSuchContractType, 'contract_type ETH is built in and cannot be registered');
  const address = eth ? undefined : contractAddressValue(spec.address);
  const nft = isNftType(spec.type);
  const decimals = nft ? 0 : (spec.decimals ?? 18);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36)
    fail(ErrorCode.InvalidParam, `decimals must be an integer in [0, 36], got ${decimals}`);
  const quantum = eth ? ETH_QUANTUM : nft ? 1n : fungibleQuantum(decimals);
  const mintable = isMintableType(spec.type);
  // ERC721MC tokens use the same mintable asset type as ERC721M (the JS SDK hashes MC as MINTABLE_ERC721).
  const kind = mintable ? 'ERC721M' : (spec.type as 'ETH' | 'ERC20' | 'ERC721');
  return {
    id: 0,
    uuid: spec.uuid,
    address: spec.address,
    key: contractKey(spec.address),
    type: spec.type,
    name: spec.name ?? null,
    symbol: spec.symbol ?? (nft ? 'NFT' : 'TOKEN'),
    decimals,
    quantum,
    assetType: assetType(kind, address, quantum),
    assetInfo: assetInfoHex(kind, address),
    l1AssetType: mintable ? assetType('ERC721', address, quantum) : null,
    l1AssetInfo: mintable ? assetInfoHex('ERC721', address) : null,
    count: spec.count ?? 0n,
    projectUuid: spec.projectUuid ?? null,
    owner: spec.owner ?? null,
    createdAtMicros,
    baseUri: spec.baseUri ?? '',
    metadataUrl: spec.metadataUrl ?? null,
    description: spec.description ?? null,
    imageUrl: spec.imageUrl ?? null,
    externalLink: spec.externalLink ?? null,
    bannerImageUrl: spec.bannerImageUrl ?? null,
    tokens: new Map(),
    maxTokenId: 0n,
    recordCount: 0,
    removed: false,
  };
}

/** Registers a built contract and, for fungibles, its single asset id. Caller has checked uniqueness. */
export function registerContract(state: State, contract: Contract): void {
  // From here on its token index is state, so its edits must be undoable.
  contract.tokens = TrackedMap.create(state.undo, {}, contract.tokens);
  contract.id = state.contracts.size + 1;
  state.contracts.set(contract.key, contract);
  state.contractsByUuid.set(contract.uuid, contract.key);
  if (contract.type === 'ETH' || contract.type === 'ERC20') {
    const hex = '0x' + contract.assetType.toString(16);
    state.assets.set(hex, { id: contract.assetType, hex, contractKey: contract.key, tokenId: null, holder: null, uri: null });
  }
}

/** A list filter by contract: `eth` or a registered address (19 malformed, 15 unknown); undefined when absent. */
export function contractKeyFilter(state: State, address: string | undefined): string | undefined {
  if (address === undefined || address === '') return undefined;
  if (address.toLowerCase() === ETH_KEY) return ETH_KEY;
  contractAddressValue(address);
  return requireContract(state, address).key;
}

/** A market's base (ETH or ERC20) or quote (ERC20 or NFT) contract. */
export function marketContract(state: State, address: string | undefined, field: string, quote: boolean): Contract {
  const key = contractKeyFilter(state, address);
  if (key === undefined) fail(ErrorCode.InvalidParam, `${field} is required`);
  const c = state.contracts.get(key)!;
  if (!quote && c.type !== 'ETH' && c.type !== 'ERC20') fail(ErrorCode.InvalidParam, `${field} must be ETH or an ERC20, got ${c.type}`);
  if (quote && c.type === 'ETH') fail(ErrorCode.InvalidParam, `${field} cannot be ETH`);
  return c;
}

export function findContract(state: State, address: string): Contract | undefined {
  return state.contracts.get(contractKey(address));
}

/** Looks a contract up by address, failing with 15 (NotSuchContract) when it is not registered. */
export function requireContract(state: State, address: string, field = 'contract_address'): Contract {
  const c = findContract(state, address);
  if (!c) fail(ErrorCode.NotSuchContract, `${field} ${echo(address)} is not a registered contract`);
  return c;
}
