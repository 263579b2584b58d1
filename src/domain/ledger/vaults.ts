// Vault ids: one per (owner, asset), allocated deterministically on first use.
import { parseOwner } from './accounts.js';
import { requireAsset } from '../catalog/assets.js';
import { findContract } from '../catalog/contracts.js';
import { toHex } from '../values/hex.js';
import { fail, ErrorCode } from '../values/errors.js';
import { type Asset, isNftType, type State } from '../state/state.js';

/** Any vault id below 2^31 fits the signed message formats. */
const VAULT_LIMIT = 1n << 31n;

function vaultKey(owner: string, assetHex: string): string {
  return `${owner}|${assetHex}`;
}

export function findVault(state: State, owner: string, assetHex: string): bigint | undefined {
  return state.vaults.get(vaultKey(owner, assetHex));
}

/** Returns the vault of (owner, asset), allocating the next id when there is none yet. */
export function ensureVault(state: State, owner: string, assetHex: string): bigint {
  const key = vaultKey(owner, assetHex);
  let id = state.vaults.get(key);
  if (id === undefined) {
    id = state.nextVaultId;
    if (id >= VAULT_LIMIT) throw new RangeError('vault id space exhausted');
    state.nextVaultId = id + 1n; // a register: restored by the command's transaction
    state.vaults.set(key, id);
  }
  return id;
}

/**
 * An asset id, or the address of a registered fungible contract standing for its one asset id (the
 * platform's own /v1/vaults example passes an ERC20 address as asset_id). An asset id is looked up
 * first; an address is at most 160 bits, an asset id almost always far more. Else 6.
 */
function assetOrFungible(state: State, id: bigint): Asset {
  const asset = state.assets.get(toHex(id));
  if (asset !== undefined || id >= 1n << 160n) return asset ?? requireAsset(state, id);
  const contract = findContract(state, toHex(id));
  if (contract === undefined || isNftType(contract.type)) return requireAsset(state, id);
  return state.assets.get(toHex(contract.assetType))!;
}

/**
 * `GET /v1/vaults`: lists of equal length pair up item by item; a single owner or a single asset
 * applies to every item of the other list. Everything is validated before any vault is allocated.
 */
export function vaultsFor(state: State, ownerTexts: string[], assetIds: bigint[]): string[] {
  const owners = ownerTexts.map((o) => parseOwner(o));
  const assets = assetIds.map((id) => assetOrFungible(state, id));
  if (owners.length !== assets.length && owners.length !== 1 && assets.length !== 1)
    fail(
      ErrorCode.InvalidParam,
      `stark_keys (${owners.length}) and asset_id (${assets.length}) must have the same length, or one of them a single item`,
    );
  const at = <T>(list: T[], i: number): T => list[list.length === 1 ? 0 : i]!;
  return Array.from({ length: Math.max(owners.length, assets.length) }, (_, i) =>
    ensureVault(state, at(owners, i), at(assets, i).hex).toString(),
  );
}
