// The hand-written ABI coder against known selectors and encodings, and against the emulator's own
// blob encoding (src/crypto/asset.ts customUriBlob is abi.encode(uint256, bytes)).
import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { customUriBlob } from '../../src/crypto/asset.js';
import { decode, decodeLog, encode, encodeCall, eventTopic, findFunction, fromHex, selector, toHex } from '../../src/l1/abi.js';
import type { Abi } from '../../src/l1/abi.js';
import depositsAbi from './abi/Deposits.json' with { type: 'json' };
import withdrawAbi from './abi/Withdraw.abi.json' with { type: 'json' };

const deposits = depositsAbi as Abi;
const withdrawals = withdrawAbi as Abi;

describe('ABI coder', () => {
  it('computes the selectors of the shipped ABIs (values from StarkEx bindings and ERC20)', () => {
    expect(selector({ type: 'function', name: 'transfer', inputs: [{ type: 'address' }, { type: 'uint256' }] })).toBe('0xa9059cbb');
    expect(selector(findFunction(withdrawals, 'withdraw', 2))).toBe('0x441a3e70');
    expect(selector(findFunction(withdrawals, 'withdrawAndMint', 3))).toBe('0xd91443b7');
    // Overloads are told apart by arity.
    expect(selector(findFunction(deposits, 'deposit', 3))).not.toBe(selector(findFunction(deposits, 'deposit', 4)));
    expect(() => findFunction(deposits, 'depositEth', 2)).toThrow(/no function/);
  });

  it('encodes static words and dynamic bytes with head offsets', () => {
    const data = toHex(encode(['uint256', 'bytes', 'address'], [5n, '0x0102', '0x00000000000000000000000000000000000000aa']));
    expect(data).toBe(
      '0x' + '5'.padStart(64, '0') + '60'.padStart(64, '0') + 'aa'.padStart(64, '0') + '2'.padStart(64, '0') + '0102'.padEnd(64, '0'),
    );
  });

  it('encodes (uint256, bytes url) exactly as the emulator builds ERC721MC blobs', () => {
    for (const [id, url] of [
      [12n, 'https://www.google.com'],
      [0n, 'x'],
      [2n ** 200n, 'ipfs://' + 'a'.repeat(70)],
    ] as const) {
      expect(toHex(encode(['uint256', 'bytes'], [id, utf8ToBytes(url)]))).toBe(toHex(customUriBlob(id, url)));
    }
  });

  it('decodes what it encodes, and refuses out-of-range values', () => {
    const types = ['uint256', 'address', 'bool', 'bytes', 'string', 'bytes4'];
    const values = [2n ** 255n + 7n, '0x00000000000000000000000000000000000000ff', true, '0xdeadbeef', 'héllo', '0x8322fff2'];
    expect(decode(types, encode(types, values))).toEqual(values);
    expect(() => encode(['uint8'], [256n])).toThrow(RangeError);
    expect(() => encode(['uint256'], [-1n])).toThrow(RangeError);
    expect(() => encode(['address'], ['0x12'])).toThrow(TypeError);
  });

  it('decodes a log by its event topic', () => {
    const item = deposits.find((i) => i.type === 'event' && i.name === 'LogDeposit')!;
    const data = toHex(
      encode(
        ['address', 'uint256', 'uint256', 'uint256', 'uint256', 'uint256'],
        ['0x00000000000000000000000000000000000000aa', 1n, 2n, 3n, 4n, 5n],
      ),
    );
    expect(decodeLog(deposits, { topics: [eventTopic(item)], data })).toEqual({
      name: 'LogDeposit',
      args: {
        depositorEthKey: '0x00000000000000000000000000000000000000aa',
        starkKey: 1n,
        vaultId: 2n,
        assetType: 3n,
        nonQuantizedAmount: 4n,
        quantizedAmount: 5n,
      },
    });
    expect(decodeLog(deposits, { topics: ['0x' + '0'.repeat(64)], data })).toBeUndefined();
  });

  it('builds calldata as selector then arguments', () => {
    const call = encodeCall(findFunction(withdrawals, 'withdraw', 2), [1n, 2n]);
    expect(call.slice(0, 10)).toBe('0x441a3e70');
    expect(decode(['uint256', 'uint256'], fromHex('0x' + call.slice(10)))).toEqual([1n, 2n]);
  });
});
