// The Stark key JS SDK 0.8 derives for a wallet (its generateFromEthSignature at HEAD, src/utils/keypair.ts;
// 0.8 is not on npm): the wallet's EIP-712 signature of the key request for the chain, ground by
// StarkWare's crypto utils, the library the SDK calls. Written from the SDK's flow, not from ours.
import { keyDerivation } from '@starkware-industries/starkware-crypto-utils';
import type { ethers } from 'ethers';

export async function sdk08StarkKey(wallet: ethers.Wallet, chainId = 11_155_111): Promise<string> {
  const signature = await wallet._signTypedData(
    { chainId },
    { reddio: [{ name: 'contents', type: 'string' }] },
    { contents: 'Generate layer 2 key' },
  );
  return `0x${keyDerivation.privateToStarkKey(keyDerivation.getPrivateKeyFromEthSignature(signature))}`;
}
