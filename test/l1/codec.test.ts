// The L1 codec (micro-eth-signer behind src/l1/codec.ts) against ethers' ABI coder, a second library,
// over every function, output, event and constructor of the contracts the bridge deploys and of the
// StarkEx interface the official JS SDK ships; and against the emulator's own ERC721MC blob encoding.
// (codec-anvil.test.ts checks it against the deployed contract on Anvil; bridge.test.ts and
// contract.test.ts drive the contracts through it.)
import { ethers } from 'ethers';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { customUriBlob } from '../../src/crypto/asset.js';
import { decodeLog, decodeOutput, deployData, encodeCall, eventTopic, findFunction, toHex } from '../../src/l1/codec.js';
import type { Abi, AbiItem, AbiValue, Hex } from '../../src/l1/codec.js';
import depositsAbi from './abi/Deposits.json' with { type: 'json' };
import withdrawAbi from './abi/Withdraw.abi.json' with { type: 'json' };

const deposits = depositsAbi as Abi;
const withdrawals = withdrawAbi as Abi;
const artifacts = JSON.parse(readFileSync(new URL('../../dist/l1/contracts.json', import.meta.url), 'utf8')).contracts as Record<
  string,
  { abi: Abi; bytecode: string }
>;
const ABIS: [string, Abi][] = [
  ...Object.entries(artifacts).map(([n, a]) => [n, a.abi] as [string, Abi]),
  ['Deposits', deposits],
  ['Withdraw', withdrawals],
];

/** A value of `type` varied by `i`, as the bridge passes it. */
function sample(type: string, i: number): AbiValue {
  if (type === 'uint8') return BigInt(i + 6);
  if (type.startsWith('uint')) return BigInt(i) * 98_765_432_123n + 1n;
  if (type === 'address') return `0x${(0xabc + i).toString(16).padStart(40, '0')}`;
  if (type === 'bool') return i % 2 === 0;
  if (type === 'string') return `héllo ${i}`;
  if (type === 'bytes') return `0x${'0a'.repeat(i + 1)}`;
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) return `0x${'cd'.repeat(Number(fixed[1]))}`;
  throw new TypeError(`no sample for ${type}`);
}

/** ethers' decoded value as the codec gives it: bigints, lowercase hex. */
function plain(v: unknown): unknown {
  if (ethers.BigNumber.isBigNumber(v)) return v.toBigInt();
  return typeof v === 'string' && v.startsWith('0x') ? v.toLowerCase() : v;
}

const signatureOf = (item: AbiItem): string => `${item.name}(${(item.inputs ?? []).map((p) => p.type).join(',')})`;

describe('the L1 codec, against ethers', () => {
  for (const [name, abi] of ABIS) {
    it(`${name}: calldata, outputs, events and constructor agree`, () => {
      const iface = new ethers.utils.Interface(abi as never);
      let compared = 0;
      for (const item of abi) {
        const inputs = item.inputs ?? [];
        if (item.type === 'function') {
          const fn = iface.getFunction(signatureOf(item));
          const args = inputs.map((p, i) => sample(p.type, i));
          expect(encodeCall(abi, item, args)).toBe(iface.encodeFunctionData(fn, args as never));
          const outputs = (item.outputs ?? []).map((p, i) => sample(p.type, i + 3));
          const data = iface.encodeFunctionResult(fn, outputs as never) as `0x${string}`;
          expect(decodeOutput(abi, item, data)).toEqual(outputs.map(plain));
          compared += 2;
        }
        if (item.type === 'event') {
          const values = inputs.map((p, i) => sample(p.type, i + 5));
          const log = iface.encodeEventLog(iface.getEvent(signatureOf(item)), values as never);
          expect(log.topics[0]).toBe(eventTopic(item));
          const decoded = decodeLog(abi, log)!;
          const parsed = iface.parseLog(log);
          expect(decoded.name).toBe(parsed.name);
          inputs.forEach((p, i) => {
            const theirs = parsed.args[i];
            expect(decoded.args[p.name || String(i)]).toEqual(ethers.utils.Indexed.isIndexed(theirs) ? theirs.hash : plain(theirs));
          });
          compared++;
        }
        if (item.type === 'constructor' && artifacts[name]) {
          const args = inputs.map((p, i) => sample(p.type, i));
          const bytecode = artifacts[name].bytecode;
          expect(deployData(abi, bytecode, args).toLowerCase()).toBe((bytecode + iface.encodeDeploy(args as never).slice(2)).toLowerCase());
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
    });
  }

  it('chooses an overload by arity, and gives the known selectors', () => {
    expect(encodeCall(withdrawals, findFunction(withdrawals, 'withdraw', 2), [1n, 2n]).slice(0, 10)).toBe('0x441a3e70');
    expect(encodeCall(withdrawals, findFunction(withdrawals, 'withdrawAndMint', 3), [1n, 2n, '0x']).slice(0, 10)).toBe('0xd91443b7');
    const three = encodeCall(deposits, findFunction(deposits, 'deposit', 3), [1n, 2n, 3n]);
    expect(three.slice(0, 10)).not.toBe(encodeCall(deposits, findFunction(deposits, 'deposit', 4), [1n, 2n, 3n, 4n]).slice(0, 10));
    expect(() => findFunction(deposits, 'depositEth', 2)).toThrow(/no function/);
  });

  it('encodes (uint256, bytes url) exactly as the emulator builds ERC721MC blobs', () => {
    const blob: Abi = [{ type: 'constructor', inputs: [{ type: 'uint256' }, { type: 'bytes' }] }];
    for (const [id, url] of [
      [12n, 'https://www.google.com'],
      [0n, 'x'],
      [2n ** 200n, `ipfs://${'a'.repeat(70)}`],
    ] as const)
      expect(deployData(blob, '0x', [id, utf8ToBytes(url)])).toBe(toHex(customUriBlob(id, url)));
  });

  // The known answers of the hand-written coder this replaced (test/l1/abi.test.ts until issue 45), kept:
  // each is the ABI spec's, not that coder's. A constructor with no bytecode gives plain abi.encode.
  const encode = (types: readonly string[], values: readonly AbiValue[]): Hex =>
    deployData([{ type: 'constructor', inputs: types.map((type) => ({ type })) }], '0x', values);

  it('gives the ERC20 transfer selector, and encodes static words then dynamic bytes behind their head offsets', () => {
    const transfer: AbiItem = { type: 'function', name: 'transfer', inputs: [{ type: 'address' }, { type: 'uint256' }] };
    expect(encodeCall([transfer], transfer, [`0x${'0'.repeat(40)}`, 0n]).slice(0, 10)).toBe('0xa9059cbb');
    expect(encode(['uint256', 'bytes', 'address'], [5n, '0x0102', `0x${'aa'.padStart(40, '0')}`])).toBe(
      `0x${'5'.padStart(64, '0')}${'60'.padStart(64, '0')}${'aa'.padStart(64, '0')}${'2'.padStart(64, '0')}${'0102'.padEnd(64, '0')}`,
    );
  });

  it('decodes what it encodes: uint as bigint, address lowercase, bool, bytes and bytesN as hex, string', () => {
    const types = ['uint256', 'address', 'bool', 'bytes', 'string', 'bytes4'];
    const values = [2n ** 255n + 7n, `0x${'ff'.padStart(40, '0')}`, true, '0xdeadbeef', 'héllo', '0x8322fff2'];
    const item: AbiItem = { type: 'function', name: 'f', inputs: [], outputs: types.map((type) => ({ type })) };
    expect(decodeOutput([item], item, encode(types, values))).toEqual(values);
    expect(decodeOutput([item], item, encode(types, [...values.slice(0, 1), `0x${'AB'.repeat(20)}`, ...values.slice(2)]))[1]).toBe(
      `0x${'ab'.repeat(20)}`,
    );
  });

  it('decodes a LogDeposit to its named values', () => {
    const item = deposits.find((i) => i.type === 'event' && i.name === 'LogDeposit')!;
    const data = encode(
      ['address', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256'],
      [`0x${'aa'.padStart(40, '0')}`, 1n, 2n, 3n, 4n, 5n],
    );
    expect(decodeLog(deposits, { topics: [eventTopic(item)], data })).toEqual({
      name: 'LogDeposit',
      args: {
        depositorEthKey: `0x${'aa'.padStart(40, '0')}`,
        starkKey: 1n,
        vaultId: 2n,
        assetType: 3n,
        nonQuantizedAmount: 4n,
        quantizedAmount: 5n,
      },
    });
  });

  it('refuses values out of range and a wrong count; a log of another event decodes to nothing', () => {
    expect(() => encode(['uint8'], [256n])).toThrow();
    expect(() => encode(['address'], ['0x12'])).toThrow();
    const item = findFunction(deposits, 'depositEth', 3);
    expect(() => encodeCall(deposits, item, [-1n, 2n, 3n])).toThrow();
    expect(() => encodeCall(deposits, item, [2n ** 256n, 2n, 3n])).toThrow();
    expect(() => encodeCall(deposits, item, [1n, 2n])).toThrow(/expected 3 values/);
    expect(decodeLog(deposits, { topics: [`0x${'0'.repeat(64)}`], data: '0x' })).toBeUndefined();
  });
});
