// A genesis account a browser wallet can hold: given by an Ethereum private key (`eth_private_key`),
// its address is that key's, and its Stark key the one the JS SDK derives from the key's signature
// of the Stark-key typed data for `chain_id` (default: the chain --l1 anvil starts, 11155111).
import { ethAddressOf, keyFromHex, starkPrivateKeyFromEthKey } from '../../crypto/eth-wallet.js';

/** Sepolia's id: the chain JS SDK 0.8 (the official marketplace app) signs the Stark-key request for. */
export const WALLET_CHAIN_ID = 11_155_111;

/** The account's Stark private key and Ethereum address, or a message saying what is wrong. */
export function walletAccount(ethKey: unknown, chainId: unknown): { priv: bigint; ethAddress: string } | string {
  if (typeof ethKey !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(ethKey)) return 'eth_private_key must be 0x and 64 hex digits';
  const chain = chainId ?? WALLET_CHAIN_ID;
  if (typeof chain !== 'number' || !Number.isSafeInteger(chain) || chain < 1) return 'chain_id must be a whole number >= 1';
  const key = keyFromHex(ethKey);
  try {
    return { priv: starkPrivateKeyFromEthKey(key, chain), ethAddress: ethAddressOf(key) };
  } catch {
    return 'eth_private_key is no valid secp256k1 key';
  }
}
