// Browser-wallet keys: an Ethereum key, its address, and the Stark key the Reddio JS SDK derives from
// it (`generateFromEthSignature`): the wallet signs the EIP-712 typed data
// {domain: {chainId}, primaryType: "reddio", message: {contents: "Generate layer 2 key"}}, and the
// signature's r is ground into the Stark private key. The domain's chain id changes the key: SDK 0.4
// signs for 5 (Goerli), SDK 0.8 for 11155111 (Sepolia).
//
// The one fast path here: a cold secp256k1 signature costs ~90 ms (noble builds its base-point table on
// first use), past the start-up goal (docs/benchmarks.md), so the build computes the wallets of the
// default seed's genesis accounts with the functions below and `walletOf` reads them from the tables
// file (precomputed.ts). Any other key is computed; test/unit/eth-wallet.test.ts checks every stored one.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { numberToBytesBE } from '@noble/curves/utils.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { grindKey, starkKeyFromPrivate } from './keys.js';
import { SECTIONS, precomputedSection } from './precomputed.js';

/** Sepolia's chain id: the chain JS SDK 0.8 (the official marketplace app) signs the Stark-key request for. */
export const SEPOLIA_CHAIN_ID = 11_155_111;

const word = (n: bigint): Uint8Array => numberToBytesBE(n, 32);
const keccak = (...parts: Uint8Array[]): Uint8Array => keccak_256(concatBytes(...parts));

/** The EIP-712 digest the SDK asks the wallet to sign for the Stark key on chain `chainId`. */
export function starkKeyRequestDigest(chainId: number | bigint): Uint8Array {
  const domain = keccak(keccak(utf8ToBytes('EIP712Domain(uint256 chainId)')), word(BigInt(chainId)));
  const message = keccak(keccak(utf8ToBytes('reddio(string contents)')), keccak(utf8ToBytes('Generate layer 2 key')));
  return keccak(Uint8Array.of(0x19, 0x01), domain, message);
}

/** A secp256k1 private key (32 bytes) from a seed and a label, stable across runs: keccak, re-hashed until valid. */
export function ethPrivateKeyFromSeed(seed: string, label: string): Uint8Array {
  let key = keccak(utf8ToBytes(`l2-devnet eth key\u0000${seed}\u0000${label}`));
  while (!secp256k1.utils.isValidSecretKey(key)) key = keccak(key);
  return key;
}

/** The checksum-free, lowercase Ethereum address of a private key. */
export function ethAddressOf(privateKey: Uint8Array): string {
  const pub = secp256k1.getPublicKey(privateKey, false);
  return `0x${bytesToHex(keccak_256(pub.subarray(1)).subarray(12))}`;
}

/**
 * The Stark private key the JS SDK derives for this Ethereum key: the wallet's RFC 6979 signature of
 * the typed data (as MetaMask and ethers sign it), whose r (32 bytes) is ground as StarkWare's key derivation does.
 */
export function starkPrivateKeyFromEthKey(privateKey: Uint8Array, chainId: number | bigint): bigint {
  const sig = secp256k1.sign(starkKeyRequestDigest(chainId), privateKey, { prehash: false, format: 'compact' });
  return grindKey(sig.subarray(0, 32));
}

/** The Stark key (public) an SDK user with this Ethereum key has on chain `chainId`. */
export function starkKeyFromEthKey(privateKey: Uint8Array, chainId: number | bigint): bigint {
  return starkKeyFromPrivate(starkPrivateKeyFromEthKey(privateKey, chainId));
}

export const hexKey = (privateKey: Uint8Array): string => `0x${bytesToHex(privateKey)}`;
export const keyFromHex = (hex: string): Uint8Array => hexToBytes(hex.replace(/^0x/, '').padStart(64, '0'));

/** An Ethereum key's wallet on chain `chainId`: the Stark private key the SDK derives, and the key's address. */
export interface EthWallet {
  readonly starkPrivateKey: bigint;
  readonly address: string;
}

/** The wallets of the build's tables: `${hex key}:${chain}` -> wallet, read once (undefined: none stored). */
let stored: Map<string, EthWallet> | undefined;

/** A stored wallet list: [hex key, chain id, hex Stark private key, address] per entry, as JSON. */
export function encodeWallets(keys: readonly Uint8Array[], chainIds: readonly number[]): Uint8Array {
  const rows = keys.flatMap((key) =>
    chainIds.map((chain) => [hexKey(key), chain, `0x${starkPrivateKeyFromEthKey(key, chain).toString(16)}`, ethAddressOf(key)]),
  );
  return utf8ToBytes(JSON.stringify(rows));
}

function storedWallets(): Map<string, EthWallet> {
  if (stored) return stored;
  stored = new Map();
  const bytes = precomputedSection(SECTIONS.wallets);
  if (!bytes) return stored;
  try {
    for (const [key, chain, stark, address] of JSON.parse(new TextDecoder().decode(bytes)) as [string, number, string, string][])
      stored.set(`${key}:${chain}`, { starkPrivateKey: BigInt(stark), address });
  } catch {
    stored.clear();
  }
  return stored;
}

/** The wallet of `privateKey` on `chainId`: from the build's tables when stored there, else computed. */
export function walletOf(privateKey: Uint8Array, chainId: number): EthWallet {
  return (
    storedWallets().get(`${hexKey(privateKey)}:${chainId}`) ?? {
      starkPrivateKey: starkPrivateKeyFromEthKey(privateKey, chainId),
      address: ethAddressOf(privateKey),
    }
  );
}
