// The Stark key a browser wallet's user gets from the official JS SDK (0.4.5, unmodified, with an ethers
// Wallet answering its eth_signTypedData_v4) equals the one src/crypto/eth-wallet.ts derives.
import { Reddio } from '@reddio.com/js';
import { ethers } from 'ethers';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import { ethAddressOf, ethPrivateKeyFromSeed, hexKey, starkKeyFromEthKey, starkPrivateKeyFromEthKey } from '../../src/crypto/eth-wallet.js';

/** What the SDK derives for `wallet`: its generateFromEthSignature, the wallet signing the typed data it sends. */
async function sdkKeys(wallet: ethers.Wallet): Promise<{ privateKey: string; publicKey: string }> {
  const provider = {
    getSigner: () => wallet,
    send: async (method: string, [, json]: [string, string]) => {
      expect(method).toBe('eth_signTypedData_v4');
      const { domain, types, message } = JSON.parse(json);
      const { EIP712Domain: _, ...rest } = types;
      return wallet._signTypedData(domain, rest, message);
    },
  };
  const sdk = new Reddio({ provider, env: 'test' } as unknown as ConstructorParameters<typeof Reddio>[0]);
  return sdk.keypair.generateFromEthSignature();
}

describe('Stark keys from an Ethereum key (the JS SDK typed-data flow)', () => {
  it("equal JS SDK 0.4.5's derivation, which signs for chain 5", async () => {
    for (const label of ['alice', 'bob', 'carol']) {
      const key = ethPrivateKeyFromSeed('42', label);
      const wallet = new ethers.Wallet(hexKey(key));
      expect(ethAddressOf(key)).toBe(wallet.address.toLowerCase());
      const sdk = await sdkKeys(wallet);
      expect(BigInt(`0x${sdk.privateKey}`)).toBe(starkPrivateKeyFromEthKey(key, 5));
      expect(BigInt(sdk.publicKey)).toBe(starkKeyFromEthKey(key, 5));
    }
  });

  it('depend on the chain id of the typed data: Sepolia (SDK 0.8) gives another key than Goerli', () => {
    const key = ethPrivateKeyFromSeed('42', 'alice');
    expect(starkKeyFromEthKey(key, 11_155_111)).not.toBe(starkKeyFromEthKey(key, 5));
  });

  it('are stable for a seed and differ between labels and seeds', () => {
    expect(hexKey(ethPrivateKeyFromSeed('42', 'alice'))).toBe(hexKey(ethPrivateKeyFromSeed('42', 'alice')));
    expect(hexKey(ethPrivateKeyFromSeed('42', 'alice'))).not.toBe(hexKey(ethPrivateKeyFromSeed('42', 'bob')));
    expect(hexKey(ethPrivateKeyFromSeed('43', 'alice'))).not.toBe(hexKey(ethPrivateKeyFromSeed('42', 'alice')));
  });
});

describe('a genesis account given by eth_private_key', () => {
  const DEFAULT = JSON.parse(readFileSync(new URL('../../fixtures/default.json', import.meta.url), 'utf8'));
  const key = ethPrivateKeyFromSeed('l2-devnet', 'dana');

  async function accounts(extra: Record<string, unknown>[]) {
    const dn = createDevnet({ genesis: { ...DEFAULT, accounts: [...DEFAULT.accounts, ...extra] } });
    try {
      const r = await dn.fetch(new Request('http://devnet/_devnet/accounts'));
      return ((await r.json()) as { accounts: { name: string; stark_key: string; eth_address: string }[] }).accounts;
    } finally {
      await dn.close();
    }
  }

  it("has the Stark key JS SDK 0.4.5 derives from that key (chain_id 5) and the key's address", async () => {
    const wallet = new ethers.Wallet(hexKey(key));
    const sdk = await sdkKeys(wallet);
    const dana = (await accounts([{ name: 'dana', eth_private_key: hexKey(key), chain_id: 5 }])).find((a) => a.name === 'dana')!;
    expect(BigInt(dana.stark_key)).toBe(BigInt(sdk.publicKey));
    expect(dana.eth_address).toBe(wallet.address.toLowerCase());
  });

  it('by default has the key for Sepolia (SDK 0.8), the chain --l1 anvil starts; the pinned accounts keep theirs', async () => {
    const before = await accounts([]);
    const after = await accounts([{ name: 'dana', eth_private_key: hexKey(key) }]);
    expect(BigInt(after.find((a) => a.name === 'dana')!.stark_key)).toBe(starkKeyFromEthKey(key, 11_155_111));
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it('refuses a malformed key, and a private_key beside it', async () => {
    await expect(accounts([{ name: 'dana', eth_private_key: '0x12' }])).rejects.toThrow(/eth_private_key must be 0x and 64 hex digits/);
    await expect(accounts([{ name: 'dana', eth_private_key: hexKey(key), private_key: '0x1' }])).rejects.toThrow(/not both/);
  });
});
