// Genesis accounts a browser wallet can hold. An account is given by an Ethereum private key
// (`eth_private_key`) or, with neither key given, gets one derived from the seed and its name, like
// Anvil's dev accounts; its address is that key's, and its Stark key the one the JS SDK derives from
// the key's signature of the Stark-key typed data for the wallet chain (`chain_id`, else the genesis
// option, else Sepolia's: the chain --l1 anvil starts). An account pinned by `private_key` (a Stark
// key) has no Ethereum key: its address is derived from the seed, and impersonated on L1.
import { bytesToHex } from '@noble/hashes/utils.js';
import { ethPrivateKeyFromSeed, hexKey, keyFromHex, SEPOLIA_CHAIN_ID, walletOf } from '../../crypto/eth-wallet.js';
import { derivedBytes } from '../state/prng.js';
import { toPaddedHex } from '../values/hex.js';

/** The wallet chain when neither the account nor the genesis options name one. */
export const WALLET_CHAIN_ID = SEPOLIA_CHAIN_ID;

export interface GenesisWallet {
  readonly priv: bigint;
  readonly ethAddress: string;
  /** Undefined for an account pinned by its Stark key. */
  readonly ethPrivateKey: string | undefined;
}

/** The account's keys for a given `eth_private_key`, or a message saying what is wrong. */
export function walletAccount(ethKey: unknown, chainId: unknown, defaultChain = WALLET_CHAIN_ID): GenesisWallet | string {
  if (typeof ethKey !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(ethKey)) return 'eth_private_key must be 0x and 64 hex digits';
  const chain = chainId ?? defaultChain;
  if (typeof chain !== 'number' || !Number.isSafeInteger(chain) || chain < 1) return 'chain_id must be a whole number >= 1';
  try {
    return wallet(keyFromHex(ethKey), chain);
  } catch {
    return 'eth_private_key is no valid secp256k1 key';
  }
}

/** The keys of an account named `name` that pins no key: its Ethereum key derived from the seed. */
export function seedWallet(seed: string, name: string, chain = WALLET_CHAIN_ID): GenesisWallet {
  return wallet(ethPrivateKeyFromSeed(seed, name), chain);
}

/** An account pinned by its Stark private key: no Ethereum key, an address derived from the seed. */
export function pinnedWallet(seed: string, name: string, priv: bigint): GenesisWallet {
  const ethAddress = toPaddedHex(BigInt(`0x${bytesToHex(derivedBytes(seed, `eth/${name}`).subarray(12))}`), 20);
  return { priv, ethAddress, ethPrivateKey: undefined };
}

/** The Stark private key of a genesis account that pins no key: the SDK's, from its seed-derived Ethereum key. */
export function accountPrivateKey(seed: string, name: string, chain = WALLET_CHAIN_ID): bigint {
  return seedWallet(seed, name, chain).priv;
}

function wallet(key: Uint8Array, chain: number): GenesisWallet {
  const { starkPrivateKey, address } = walletOf(key, chain);
  return { priv: starkPrivateKey, ethAddress: address, ethPrivateKey: hexKey(key) };
}
