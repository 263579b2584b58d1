// Browser-wallet keys: an Ethereum key, its address, and the Stark key the Reddio JS SDK derives from
// it (`generateFromEthSignature`): the wallet signs the EIP-712 typed data
// {domain: {chainId}, primaryType: "reddio", message: {contents: "Generate layer 2 key"}}, and the
// signature's r is ground into the Stark private key. The domain's chain id changes the key: SDK 0.4
// signs for 5 (Goerli), SDK 0.8 for 11155111 (Sepolia).
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { numberToBytesBE } from '@noble/curves/utils.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { grindKey, starkKeyFromPrivate } from './keys.js';

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
