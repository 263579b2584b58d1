// The L1 codec (micro-eth-signer behind src/l1/codec.ts) against the StarkEx devnet contract deployed
// on a real Anvil: what the library encodes, the contract's own (solc) decoder reads as sent; what the
// contract returns or logs, the library decodes to the values set. codec.test.ts compares the library
// with ethers on made-up data; here the other side is the EVM. Edge values on purpose: words at 0 and
// 2^256 - 1, bytes around the 32-byte padding, addresses with letters. Every real log is also parsed
// by ethers, so a disagreement says which side is wrong.
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { ethers } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshChainPerTest } from '../support/anvil-tests.js';
import { assetInfoHex, assetType } from '../../src/crypto/asset.js';
import { anvilUnavailable, startAnvil } from '../../src/l1/anvil.js';
import type { Anvil } from '../../src/l1/anvil.js';
import { loadL1Artifacts } from '../../src/l1/artifacts.js';
import type { L1Artifacts } from '../../src/l1/artifacts.js';
import { toHex } from '../../src/l1/codec.js';
import type { DecodedEvent, Hex } from '../../src/l1/codec.js';
import type { Contract } from '../../src/l1/contract.js';
import { deployToken, setUpL1 } from '../../src/l1/deploy.js';
import type { L1Setup } from '../../src/l1/deploy.js';
import type { Receipt } from '../../src/l1/rpc.js';

const unavailable = anvilUnavailable();
if (unavailable !== undefined) console.warn(`test/l1/codec-anvil.test.ts skipped: Anvil cannot run here (${unavailable})`);

const MAX = 2n ** 256n - 1n;
const MASK_250 = (1n << 250n) - 1n;
const MASK_240 = (1n << 240n) - 1n;
const ETH_QUANTUM = 10n ** 12n;
const ETH_TYPE = assetType('ETH', undefined, ETH_QUANTUM);
const word = (v: bigint): Uint8Array => numberToBytesBE(v, 32);
const keccak = (...parts: Uint8Array[]): bigint => bytesToNumberBE(keccak_256(concatBytes(...parts)));
/** n bytes, no two neighbours alike (a shifted or truncated copy would not pass). */
const blob = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 0xff);
/** Around every padding boundary the ABI has: empty, short, one word, one byte either side, several words. */
const LENGTHS = [0, 1, 4, 31, 32, 33, 36, 63, 64, 65, 200];

/** ethers' decoded value in the codec's shape: bigints, lowercase hex. */
function plain(v: unknown): unknown {
  if (ethers.BigNumber.isBigNumber(v)) return v.toBigInt();
  return typeof v === 'string' && v.startsWith('0x') ? v.toLowerCase() : v;
}

/** The logs `c` emitted in `receipt`, as ethers parses them (a second decoder on the same real logs). */
function byEthers(c: Contract, receipt: Receipt): DecodedEvent[] {
  const iface = new ethers.utils.Interface(c.abi as never);
  return receipt.logs
    .filter((l) => l.address.toLowerCase() === c.address.toLowerCase())
    .map((l) => {
      const parsed = iface.parseLog({ topics: [...l.topics], data: l.data });
      const args = parsed.eventFragment.inputs.map((p, i) => [p.name || String(i), plain(parsed.args[i])]);
      return { name: parsed.name, args: Object.fromEntries(args) };
    });
}

describe.skipIf(unavailable !== undefined)('the L1 codec against the StarkEx devnet contract on Anvil', () => {
  let anvil: Anvil;
  let artifacts: L1Artifacts;
  let l1: L1Setup;
  let operator: Hex;
  let alice: Hex;

  beforeAll(async () => {
    artifacts = loadL1Artifacts();
    anvil = await startAnvil();
    [operator, alice] = (await anvil.rpc.accounts()) as [Hex, Hex];
    // No genesis tokens: ETH alone is registered, the tests register their own.
    l1 = await setUpL1(anvil.rpc, artifacts, operator, []);
  }, 120_000);

  afterAll(async () => {
    await anvil?.stop();
  });

  // Every test starts from the freshly set-up chain.
  freshChainPerTest(() => anvil);

  it('a bytes argument of any length reaches the contract as sent: it hashes it as keccak over the raw bytes does', async () => {
    for (const n of LENGTHS)
      for (const quantum of [0n, 1n, 2n ** 128n - 1n, MAX]) {
        const info = blob(n);
        const expected = keccak(info, word(quantum)) & MASK_250;
        expect(await l1.starkEx.read('calculateAssetType', [toHex(info), quantum])).toBe(expected);
        // Bytes given as bytes, not hex, encode the same.
        expect(await l1.starkEx.read('calculateAssetType', [info, quantum])).toBe(expected);
      }
  });

  it('a word before a dynamic bytes keeps its place (calculateMintableAssetId(uint256, bytes))', async () => {
    for (const n of LENGTHS)
      for (const type of [0n, ETH_TYPE, MAX]) {
        const b = blob(n);
        const expected = (keccak(utf8ToBytes('MINTABLE:'), word(type), keccak_256(b)) & MASK_240) | (1n << 250n);
        expect(await l1.starkEx.read('calculateMintableAssetId', [type, toHex(b)])).toBe(expected);
      }
  });

  it('an address return decodes to lowercase hex, a bool return to a boolean', async () => {
    const keys = [0n, 1n, 0xabcdef0123456789abcdef0123456789abcdef01n, 2n ** 160n - 1n];
    for (const key of keys) expect(await l1.starkEx.read('getEthKey', [key])).toBe(`0x${key.toString(16).padStart(40, '0')}`);
    // Beyond 160 bits a key is a Stark key: no Ethereum address.
    expect(await l1.starkEx.read('getEthKey', [MAX])).toBe(`0x${'0'.repeat(40)}`);
    expect(await l1.starkEx.read('isFrozen')).toBe(false);
    expect(await l1.starkEx.read('isAssetRegistered', [ETH_TYPE])).toBe(true);
    expect(await l1.starkEx.read('isAssetRegistered', [ETH_TYPE ^ 1n])).toBe(false);
  });

  it('a real deposit logs the values sent, extreme words included; the balance read back agrees', async () => {
    for (const [starkKey, vaultId] of [
      [MAX, 0n],
      [0n, MAX],
      [0x6736f7449da3bf44bf0f7bdd6463818e1ef272641d43021e8bca17b32ec2df0n, 23400424n],
    ] as const) {
      const wei = 7n * ETH_QUANTUM;
      const { receipt, events } = await l1.starkEx.write(alice, 'depositEth', [starkKey, ETH_TYPE, vaultId], wei);
      const expected = [
        {
          name: 'LogDeposit',
          args: { depositorEthKey: alice, starkKey, vaultId, assetType: ETH_TYPE, nonQuantizedAmount: wei, quantizedAmount: 7n },
        },
      ];
      expect(events).toEqual(expected);
      expect(byEthers(l1.starkEx, receipt)).toEqual(expected);
      expect(await l1.starkEx.read('getQuantizedDepositBalance', [starkKey, ETH_TYPE, vaultId])).toBe(7n);
    }
  });

  it('strings reach a constructor and come back from a view; a bytes logged and stored comes back as sent (both registerToken overloads)', async () => {
    const name = 'Ünïcödé ✓ token whose name is longer than one 32-byte word';
    const erc20 = await deployToken(anvil.rpc, artifacts, operator, l1.starkEx.address, { type: 'ERC20', name, symbol: '', decimals: 6 });
    expect([await erc20.read('name'), await erc20.read('symbol'), await erc20.read('decimals')]).toEqual([name, '', 6n]);

    const erc721 = await deployToken(anvil.rpc, artifacts, operator, l1.starkEx.address, { type: 'ERC721', name: 'N', symbol: 'N' });
    for (const [kind, token, quantum] of [
      ['ERC20', erc20, 2n ** 128n - 1n],
      ['ERC721', erc721, 1n],
    ] as const) {
      const info = assetInfoHex(kind, BigInt(token.address));
      const type = assetType(kind, BigInt(token.address), quantum);
      // An NFT takes the 2-argument overload (quantum 1), chosen by arity.
      const args = kind === 'ERC721' ? [type, info] : [type, info, quantum];
      const { receipt, events } = await l1.starkEx.write(operator, 'registerToken', args);
      const expected = [{ name: 'LogTokenRegistered', args: { assetType: type, assetInfo: info, quantum } }];
      expect(events).toEqual(expected);
      expect(byEthers(l1.starkEx, receipt)).toEqual(expected);
      expect(await l1.starkEx.read('getAssetInfo', [type])).toBe(info);
      expect(await l1.starkEx.read('getQuantum', [type])).toBe(quantum);
    }
  });

  it('indexed addresses come out of the topics lowercase, the unindexed amount out of the data (an ERC20 mint)', async () => {
    const erc20 = await deployToken(anvil.rpc, artifacts, operator, l1.starkEx.address, { type: 'ERC20', name: 'T', symbol: 'T' });
    const { receipt, events } = await erc20.write(operator, 'mint', [alice, MAX]);
    const expected = [{ name: 'Transfer', args: { from: `0x${'0'.repeat(40)}`, to: alice, value: MAX } }];
    expect(events).toEqual(expected);
    expect(byEthers(erc20, receipt)).toEqual(expected);
    expect(await erc20.read('balanceOf', [alice])).toBe(MAX);
  });
});
