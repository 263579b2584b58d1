// The Stark key a browser wallet's user gets from the official JS SDK (0.4.5, unmodified, with an ethers
// Wallet answering its eth_signTypedData_v4) equals the one src/crypto/eth-wallet.ts derives; so does
// SDK 0.8's flow (not on npm: its generateFromEthSignature is ethers' typed-data signature for Sepolia
// ground by the StarkWare library it uses), and so does every wallet the build stored.
import { Reddio } from '@reddio.com/js';
import { ethers } from 'ethers';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import {
  ethAddressOf,
  ethPrivateKeyFromSeed,
  hexKey,
  keyFromHex,
  starkKeyFromEthKey,
  starkKeyRequestDigest,
  starkPrivateKeyFromEthKey,
} from '../../src/crypto/eth-wallet.js';
import { SECTIONS, precomputedSection } from '../../src/crypto/precomputed.js';
import { useBuiltCryptoTables } from '../../src/core/crypto-tables-file.js';
import { sdk08StarkKey as sdk08Key } from '../support/sdk-keys.js';

interface AccountRow {
  name: string;
  stark_key: string;
  eth_address: string;
  eth_private_key: string | null;
}

async function devnetAccounts(options: Parameters<typeof createDevnet>[0]): Promise<AccountRow[]> {
  const dn = createDevnet(options);
  try {
    const r = await dn.fetch(new Request('http://devnet/_devnet/accounts'));
    return ((await r.json()) as { accounts: AccountRow[] }).accounts;
  } finally {
    await dn.close();
  }
}

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

  it("sign the EIP-712 digest ethers computes for the SDKs' typed data, on mainnet, Goerli and Sepolia", () => {
    for (const chainId of [1, 5, 11_155_111]) {
      const digest = ethers.utils._TypedDataEncoder.hash(
        { chainId },
        { reddio: [{ name: 'contents', type: 'string' }] },
        { contents: 'Generate layer 2 key' },
      );
      expect(`0x${Buffer.from(starkKeyRequestDigest(chainId)).toString('hex')}`).toBe(digest);
    }
  });

  it("equal SDK 0.8's derivation for Sepolia", async () => {
    const key = ethPrivateKeyFromSeed('42', 'alice');
    expect(BigInt(await sdk08Key(new ethers.Wallet(hexKey(key))))).toBe(starkKeyFromEthKey(key, 11_155_111));
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

describe("the default genesis's accounts in a browser wallet", () => {
  it("have Ethereum keys: a wallet holding one gets that account's Stark key from SDK 0.8 on the default chain (Sepolia)", async () => {
    const accounts = await devnetAccounts({});
    const wallets = accounts.filter((a) => a.eth_private_key !== null);
    expect(wallets.map((a) => a.name)).toEqual(['alice', 'bob', 'carol', 'operator', 'market']);
    for (const a of wallets) {
      const wallet = new ethers.Wallet(a.eth_private_key!);
      expect(a.eth_address).toBe(wallet.address.toLowerCase());
      expect(await sdk08Key(wallet)).toBe(a.stark_key);
    }
  });

  it('keep the pinned entries: airdrop keeps its Stark key and has no Ethereum key (its address is impersonated)', async () => {
    const airdrop = (await devnetAccounts({})).find((a) => a.name === 'airdrop')!;
    expect(airdrop.stark_key).toBe('0x503756893a0a80b4e650b7bbb6fe3485b04c3a68e2bf31161e55ae43a23d100');
    expect(airdrop.eth_private_key).toBeNull();
  });

  it("follow the wallet chain: on chain 5, JS SDK 0.4.5 with alice's key in the wallet derives alice's Stark key", async () => {
    const accounts = await devnetAccounts({ walletChainId: 5, devAccounts: { count: 2, balanceWei: 0n } });
    for (const name of ['alice', 'account1']) {
      const a = accounts.find((x) => x.name === name)!;
      expect((await sdkKeys(new ethers.Wallet(a.eth_private_key!))).publicKey).toBe(a.stark_key);
    }
    const sepolia = await devnetAccounts({});
    expect(sepolia.find((a) => a.name === 'alice')!.eth_private_key).toBe(accounts.find((a) => a.name === 'alice')!.eth_private_key);
    expect(sepolia.find((a) => a.name === 'alice')!.stark_key).not.toBe(accounts.find((a) => a.name === 'alice')!.stark_key);
  });

  it("stored by the build (dist/crypto/tables.bin) are each the wallet computed afresh; the default's accounts are among them", () => {
    useBuiltCryptoTables();
    const bytes = precomputedSection(SECTIONS.wallets);
    expect(bytes).toBeDefined();
    const rows = JSON.parse(new TextDecoder().decode(bytes)) as [string, number, string, string][];
    expect(rows.length).toBe(2 * (5 + 10));
    for (const [key, chain, stark, address] of rows) {
      expect(BigInt(stark)).toBe(starkPrivateKeyFromEthKey(keyFromHex(key), chain));
      expect(address).toBe(ethAddressOf(keyFromHex(key)));
    }
    expect(rows.map((r) => r[0])).toContain(hexKey(ethPrivateKeyFromSeed('l2-devnet', 'alice')));
  });
});
