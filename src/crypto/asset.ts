// Owns StarkEx asset info, asset type and asset id (StarkEx contracts TokenAssetData.sol; CU 0.2.1).
import { keccak_256 } from '@noble/hashes/sha3.js';
import { BoundedCache } from './bounded-cache.js';
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { bytesToNumberBE, numberToBytesBE, numberToVarBytesBE } from '@noble/curves/utils.js';
import { assertBigInt, assertInRange } from './assert.js';

export const ASSET_KINDS = ['ETH', 'ERC20', 'ERC721', 'ERC721M', 'MINTABLE_ERC20'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
export type MintableAssetKind = 'ERC721M' | 'MINTABLE_ERC20';

// The on-chain selectors: keccak256 prefixes of the Solidity signatures, hashed once at load (callers
// get copies). ERC721M is Reddio's name for StarkEx's MintableERC721Token.
const SELECTORS = Object.fromEntries(
  Object.entries({
    ETH: 'ETH()',
    ERC20: 'ERC20Token(address)',
    ERC721: 'ERC721Token(address,uint256)',
    ERC721M: 'MintableERC721Token(address,uint256)',
    MINTABLE_ERC20: 'MintableERC20Token(address)',
  } satisfies Record<AssetKind, string>).map(([kind, signature]) => [kind, keccak_256(utf8ToBytes(signature)).slice(0, 4)]),
) as Record<AssetKind, Uint8Array>;

const ADDRESS_BOUND = 1n << 160n;
// TokenRegister.sol QUANTUM_UPPER_BOUND.
const QUANTUM_BOUND = 1n << 128n;
const UINT256_BOUND = 1n << 256n;
const MASK_250 = (1n << 250n) - 1n;
const MASK_240 = (1n << 240n) - 1n;
// Bit 250 marks mintable asset ids. Current StarkEx contracts also set bits 249/248 for mintable
// ERC20, but CU 0.2.1 (and its assets_precomputed.json) does not; we follow CU, which Reddio's
// SDKs build on. ERC721M is the same under both rules.
const MINTABLE_ID_BIT = 1n << 250n;
const NFT_PREFIX = utf8ToBytes('NFT:');
const MINTABLE_PREFIX = utf8ToBytes('MINTABLE:');

function assertKind(value: unknown): asserts value is AssetKind {
  if (typeof value !== 'string' || !(ASSET_KINDS as readonly string[]).includes(value)) {
    throw new TypeError(`kind must be one of ${ASSET_KINDS.join(', ')}, got ${String(value)}`);
  }
}

/** v as a 32-byte big-endian word (Solidity uint256 / abi.encode of one word). */
export const uint256 = (v: bigint): Uint8Array => numberToBytesBE(v, 32);

/**
 * Minimal big-endian bytes of v, as Reddio builds ERC721M minting blobs (RJS hexlify(Number(id)),
 * Go `%x` padded to even length): 2 -> 0x02, 345738 -> 0x05468a. Token 0 gives the single byte
 * 0x00, which is what both hexlify(0) and the Go code produce.
 */
export function minimalBigEndianBytes(v: bigint): Uint8Array {
  assertInRange('tokenId', v, 0n, UINT256_BOUND);
  return numberToVarBytesBE(v);
}

/**
 * StarkEx assetInfo: the 4-byte selector for ETH; selector ‖ uint256(address) for every other kind.
 * For ETH an address, if given, must still be a valid address but is ignored (Reddio's Go tests
 * pass one and expect the bare selector).
 */
export function assetInfo(kind: AssetKind, address?: bigint): Uint8Array {
  assertKind(kind);
  if (kind === 'ETH') {
    if (address !== undefined) assertInRange('address', address, 0n, ADDRESS_BOUND);
    return SELECTORS[kind].slice();
  }
  if (address === undefined) throw new TypeError(`address is required for ${kind}`);
  assertInRange('address', address, 0n, ADDRESS_BOUND);
  return concatBytes(SELECTORS[kind], uint256(address));
}

/** assetInfo as '0x' + lower-case hex with every byte kept (so leading zeros survive). */
export function assetInfoHex(kind: AssetKind, address?: bigint): string {
  return '0x' + bytesToHex(assetInfo(kind, address));
}

// Asset types repeat (every mint and asset id of a contract starts from its type): remembered.
const assetTypes = new BoundedCache<string, bigint>(4096);

/** assetType = keccak256(assetInfo ‖ uint256(quantum)) & (2^250 - 1). */
export function assetType(kind: AssetKind, address: bigint | undefined, quantum: bigint): bigint {
  const info = assetInfo(kind, address);
  assertInRange('quantum', quantum, 1n, QUANTUM_BOUND);
  const key = `${kind}:${kind === 'ETH' ? '' : address!.toString(16)}:${quantum.toString(16)}`;
  let type = assetTypes.get(key);
  if (type === undefined) {
    type = bytesToNumberBE(keccak_256(concatBytes(info, uint256(quantum)))) & MASK_250;
    assetTypes.set(key, type);
  }
  return type;
}

/**
 * Mintable asset id from a raw minting blob:
 * (keccak256("MINTABLE:" ‖ uint256(assetType) ‖ keccak256(blob)) & (2^240 - 1)) | 2^250.
 */
export function mintableAssetIdFromBlob(kind: MintableAssetKind, address: bigint, quantum: bigint, blob: Uint8Array): bigint {
  assertKind(kind);
  if (kind !== 'ERC721M' && kind !== 'MINTABLE_ERC20') {
    throw new TypeError(`kind must be ERC721M or MINTABLE_ERC20, got ${kind}`);
  }
  assertBigInt('address', address);
  if (!(blob instanceof Uint8Array)) throw new TypeError('blob must be a Uint8Array');
  const type = assetType(kind, address, quantum);
  const digest = keccak_256(concatBytes(MINTABLE_PREFIX, uint256(type), keccak_256(blob)));
  return (bytesToNumberBE(digest) & MASK_240) | MINTABLE_ID_BIT;
}

/**
 * StarkEx asset id.
 * - ETH, ERC20: the asset type (tokenId, if given, is ignored, as in Reddio's Go tests).
 * - ERC721: keccak256("NFT:" ‖ uint256(assetType) ‖ uint256(tokenId)) & (2^250 - 1).
 * - ERC721M, MINTABLE_ERC20: mintable id whose blob is minimalBigEndianBytes(tokenId).
 * tokenId is required for the last three kinds and must be in [0, 2^256).
 */
export function assetId(kind: AssetKind, address: bigint | undefined, quantum: bigint, tokenId?: bigint): bigint {
  assertKind(kind);
  if (kind === 'ETH' || kind === 'ERC20') {
    if (tokenId !== undefined) assertInRange('tokenId', tokenId, 0n, UINT256_BOUND);
    return assetType(kind, address, quantum);
  }
  if (tokenId === undefined) throw new TypeError(`tokenId is required for ${kind}`);
  assertInRange('tokenId', tokenId, 0n, UINT256_BOUND);
  if (kind === 'ERC721') {
    const type = assetType(kind, address, quantum);
    const digest = keccak_256(concatBytes(NFT_PREFIX, uint256(type), uint256(tokenId)));
    return bytesToNumberBE(digest) & MASK_250;
  }
  if (address === undefined) throw new TypeError(`address is required for ${kind}`);
  return mintableAssetIdFromBlob(kind, address, quantum, minimalBigEndianBytes(tokenId));
}

/**
 * The minting blob of an ERC721MC token (mintable with a custom URI per token, JS SDK 0.8
 * src/utils/asset.ts): the ABI encoding of (uint256 tokenId, bytes utf8(tokenUrl)).
 */
export function customUriBlob(tokenId: bigint, tokenUrl: string): Uint8Array {
  assertInRange('tokenId', tokenId, 0n, UINT256_BOUND);
  if (typeof tokenUrl !== 'string' || tokenUrl === '') throw new TypeError('tokenUrl must be a non-empty string');
  const url = utf8ToBytes(tokenUrl);
  const padded = new Uint8Array(Math.ceil(url.length / 32) * 32);
  padded.set(url);
  return concatBytes(uint256(tokenId), uint256(64n), uint256(BigInt(url.length)), padded);
}

/**
 * ERC721MC asset id: the mintable formula over the MintableERC721Token asset type (the JS SDK hashes
 * MC as MINTABLE_ERC721) with the custom-URI blob. Printed zero-padded by the SDK; compare as integers.
 */
export function customUriAssetId(address: bigint, quantum: bigint, tokenId: bigint, tokenUrl: string): bigint {
  return mintableAssetIdFromBlob('ERC721M', address, quantum, customUriBlob(tokenId, tokenUrl));
}
