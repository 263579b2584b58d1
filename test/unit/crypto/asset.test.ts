// Unit tests for src/crypto/asset.ts, including Reddio's published asset values (real-service.md).
import { describe, expect, it } from 'vitest';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import {
  ASSET_KINDS,
  assetId,
  assetInfo,
  assetInfoHex,
  assetType,
  customUriAssetId,
  customUriBlob,
  minimalBigEndianBytes,
  mintableAssetIdFromBlob,
} from '../../../src/crypto/asset.js';
import { hex } from './vector-files.js';

const REDDIO721 = 0x941661bd1134dc7cc3d107bf006b8631f6e65ad5n;

describe('selectors (real-service §2.2)', () => {
  it.each([
    ['ETH', '0x8322fff2'],
    ['ERC20', '0xf47261b0'],
    ['ERC721', '0x02571792'],
    ['ERC721M', '0xb8b86672'],
    ['MINTABLE_ERC20', '0x68646e2d'],
  ] as const)('%s selector is %s', (kind, selector) => {
    expect(assetInfoHex(kind, kind === 'ETH' ? undefined : 1n).slice(0, 10)).toBe(selector);
  });

  it('ETH asset info is the bare 4-byte selector', () => {
    expect(assetInfoHex('ETH')).toBe('0x8322fff2');
    expect(assetInfo('ETH')).toHaveLength(4);
  });

  it('keeps the leading zeros of the padded address (doc example ERC721M)', () => {
    const info = assetInfoHex('ERC721M', 0x03c555c770bb94bbffdeb94178b7a655d9963019n);
    expect(info).toBe('0xb8b8667200000000000000000000000003c555c770bb94bbffdeb94178b7a655d9963019');
    expect(assetInfo('ERC721M', 0x03c555c770bb94bbffdeb94178b7a655d9963019n)).toHaveLength(36);
  });
});

describe('asset types (real-service §7.1)', () => {
  it.each([
    ['ETH', undefined, 1000000000000n, 0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5en],
    ['ETH', undefined, 1n, 0x1142460171646987f20c714eda4b92812b22b811f56f27130937c267e29bd9en],
    ['ETH', undefined, 1000000000n, 0x3b83087698ebb06fea866ab8690b68f17cd7a2796087a9380fa378491c5626fn],
    ['ERC20', 0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086n, 10n ** 12n, 0x348d9f01e42582dee55ba5db85b0ab036671786ca9e140642d7b7a010abb159n],
    ['ERC20', 0x4240e8b8c0b6e6464a13f555f6395bbfe1c4bdf1n, 1n, 0x264216e50c3b4cc251b5a220f1369bb7fe798b63f7837ae7240ad125cb00abn],
    ['ERC20', 0x20a36b174dfb726a33a8416ed2e4894719236140n, 6n, 0x24472b3d6de7eb4126da9effb48951f9f397acd92c9b9b528ec9506cc51fbb0n],
    ['ERC721', REDDIO721, 1n, 0x2b405eba724b638f4cf82ccadcd2741a120d2dbc69cb89a5fc315a9c443d592n],
    ['ERC721', 0x35b346a2bc5f90855340b50325f727083691063en, 1n, 0x2d6e7b6a8e809f94ed4bef245e06437c18e033044a5787e15eda57be47929fn],
    ['ERC721M', 0x0b26f9dbbeef0636e90a98651a693ceb1769d16bn, 1n, 0x5836f15aead555b938a0d56b156fed17836162412ccc77a2e675bcb66336e6n],
    ['ERC721M', 0x03c555c770bb94bbffdeb94178b7a655d9963019n, 1n, 0x23aeb3f174da7bb0fbb60bab99959ef152e0ba39532579ca202c352f5698188n],
    ['ERC721M', 0xb05a5851ee69b58abf3a293c241570868cc4199en, 1n, 0x208bb4524fff0ee0c90c06d9e0132fd21e521d1f5987b03328581c167e420adn],
  ] as const)('%s %s quantum %s', (kind, address, quantum, expected) => {
    expect(hex(assetType(kind, address, quantum))).toBe(hex(expected));
  });

  it('ETH and ERC20 asset id equals the asset type, tokenId ignored', () => {
    expect(assetId('ETH', undefined, 10n ** 12n)).toBe(assetType('ETH', undefined, 10n ** 12n));
    const usdt = 0xdac17f958d2ee523a2206206994597c13d831ec7n;
    expect(assetId('ERC20', usdt, 10000n, 1n)).toBe(assetType('ERC20', usdt, 10000n));
  });
});

describe('ERC721 asset ids, contract 0x941661bd… (real-service §7.1)', () => {
  it.each([
    [1n, 0x26c914ae2db0f02306e8699e3bb3cfe27cc9f86f3f196835e428bf7a5106fa2n],
    [2n, 0x1c2873bae9cd0c38a658c710393911df193eb58dd65b20dd3b6b016b77b19e0n],
    [3n, 0x30795524239792b76df89a90744d539a69728b4467e946e295d0a8216607338n],
    [11n, 0x35306eb23be3c2d2fc3059a5fe4cf7bdba94230a1517e8645d121ea1891013an],
    [152n, 0xfad619eb58897729c9817e1cc05e824b6b501ab29f2e937ef06b8ac5e98cb2n],
    [155n, 0x1b3d132e815d83b0fd62cd8eaf6e607c09201b428c73d8d7edb2b6744e70706n],
    [214n, 0x245a4ba263774b82d45baa8b52b26e681ca161ac6aeef48597ddad160419736n],
    [255n, 0x36943f9a5f1e83ff2ed74e9d2c94088c3648c1cff7184f1b565a1890f2b640fn],
    [284n, 0xcfb95dfecf98fa393db76de409510b77a84ec8f5bc11a70fdb0a885eb11624n],
    [496n, 0x212cc1ee0a97b49c5a308864e7aaea701fac36e5028b247f195a0a25631b162n],
    [497n, 0x1c9c7dee2be5015eddff167dda36f319f6bfcd4bd41f9d5cb49fe164bc58cb1n],
    [499n, 0xcd7426893d55aeb8aebb3e8cd4942d62f7566879ca013291c93fb2ed8b1fc1n],
    [610n, 0x275e2efd2e4940ab9a8592588334f05986ccac4a3f70108f0515c06ca94246n],
    [671n, 0x135caafee332f20a186073b49e12439d2e27ddfb2150d58110b1fd839c6cf78n],
    [674n, 0x385f3bf3fb3db6b4f152c84dd7a508d4b609caa97535725fe2828e8fe351b9dn],
    [1041n, 0x186c5c7aea54893970e449b6e73604c5f21e60f7004ce948829366a5384de7an],
  ])('token %s', (tokenId, expected) => {
    expect(hex(assetId('ERC721', REDDIO721, 1n, tokenId))).toBe(hex(expected));
  });

  it('contract 0x490a36B1… token 20', () => {
    expect(hex(assetId('ERC721', 0x490a36b174dfb726a33a8416ed2e489471923640n, 1n, 20n))).toBe(
      '0x34a3d452eec45ff2491610f4261bcd2aa0305730b1eeb9bec373ed679eedd47',
    );
  });

  it('token ids above 2^53 are exact (no float rounding)', () => {
    const t = 2n ** 53n;
    const ids = [t, t + 1n, t + 2n].map((id) => assetId('ERC721', REDDIO721, 1n, id));
    expect(new Set(ids).size).toBe(3);
    // Independent recomputation of the NFT formula for a 256-bit token id.
    const big = 2n ** 256n - 1n;
    const type = assetType('ERC721', REDDIO721, 1n);
    const digest = keccak_256(hexToBytes('4e46543a' + type.toString(16).padStart(64, '0') + big.toString(16).padStart(64, '0')));
    const expected = BigInt('0x' + bytesToHex(digest)) & (2n ** 250n - 1n);
    expect(assetId('ERC721', REDDIO721, 1n, big)).toBe(expected);
  });
});

describe('ERC721M (mintable) asset ids (real-service §7.1)', () => {
  it.each([
    [0x0b26f9dbbeef0636e90a98651a693ceb1769d16bn, 1n, 0x400558804d40a71b6b8e41bbacbb05c37c36d749b5dcdf6590421c4c9c66d89n],
    [0x0b26f9dbbeef0636e90a98651a693ceb1769d16bn, 2n, 0x400c8cfab3df79d45d2dfdd979fd9e1ba5bd40cbf0c8d4a85b2a2f0ea6540ddn],
    [0x0b26f9dbbeef0636e90a98651a693ceb1769d16bn, 5n, 0x40035fedbf656c2e84b262bed7ce69976e085ed5cd00ed73458644a9cdc5dc6n],
    [0x7aa10dc07a32bf7284171594839ac3b86d7a23aan, 9n, 0x40018e56a4484693a7041332f302b11f604ec1f42763b567cb936cd3e7f135bn],
    [0x7aa10dc07a32bf7284171594839ac3b86d7a23aan, 10n, 0x4009b9796fa021cbac2a5034c56dd4c5c0b46e71dd22856a9a2ff2736324552n],
    [0x490a36b174dfb726a33a8416ed2e489471923640n, 2n, 0x4001092dca3411adf0e2c242bfe94321deea57ffede4acef78af20c270a5348n],
    [0x490a36b174dfb726a33a8416ed2e489471923640n, 67n, 0x400aa6e72093b2960a575428b4627e64257d24a08b8a4e566790937e9e61d54n],
    [0x490a36b174dfb726a33a8416ed2e489471923640n, 345738n, 0x40051d57bde18dddb7e6e149ecc7f449d88af7b54f73990d3162c2992224248n],
  ])('contract %s token %s', (address, tokenId, expected) => {
    expect(hex(assetId('ERC721M', address, 1n, tokenId))).toBe(hex(expected));
  });

  it('minting blob is the minimal big-endian bytes of the token id', () => {
    expect(bytesToHex(minimalBigEndianBytes(2n))).toBe('02');
    expect(bytesToHex(minimalBigEndianBytes(5n))).toBe('05');
    expect(bytesToHex(minimalBigEndianBytes(5978n))).toBe('175a');
    expect(bytesToHex(minimalBigEndianBytes(345738n))).toBe('05468a');
    expect(bytesToHex(minimalBigEndianBytes(2n ** 256n - 1n))).toBe('ff'.repeat(32));
  });

  it('token 0 uses the single byte 0x00 as its blob', () => {
    expect(bytesToHex(minimalBigEndianBytes(0n))).toBe('00');
    const address = 0x490a36b174dfb726a33a8416ed2e489471923640n;
    expect(assetId('ERC721M', address, 1n, 0n)).toBe(mintableAssetIdFromBlob('ERC721M', address, 1n, Uint8Array.of(0)));
  });

  it('every mintable id has bit 250 set and nothing above it', () => {
    const id = assetId('ERC721M', 0x490a36b174dfb726a33a8416ed2e489471923640n, 1n, 7n);
    expect(id >> 250n).toBe(1n);
    expect(id & ((1n << 250n) - (1n << 240n))).toBe(0n);
  });

  it('ERC721MC blob (abi.encode(tokenId, url), computed only in real-service §7.1)', () => {
    const blob = hexToBytes(
      '0000000000000000000000000000000000000000000000000000000000000001' +
        '0000000000000000000000000000000000000000000000000000000000000040' +
        '000000000000000000000000000000000000000000000000000000000000001a' +
        '68747470733a2f2f6578616d706c652e636f6d2f312e6a736f6e000000000000',
    );
    expect(bytesToHex(keccak_256(blob))).toBe('95a9d5c257936129dc61d80c11142b53adc02b00ae4a2061f5e98f2d4697bdd9');
    const id = mintableAssetIdFromBlob('ERC721M', 0xb05a5851ee69b58abf3a293c241570868cc4199en, 1n, blob);
    expect(id).toBe(0x04003c27eb94a07574d952d8d44898d187ffb4ec13d4ea68d2e2ec4e1c3d74c7n);
  });
});

describe('asset input checks', () => {
  const addr = 0x57f3560b6793dcc2cb274c39e8b8eba1dd18a086n;

  it('exports the five kinds', () => {
    expect(ASSET_KINDS).toEqual(['ETH', 'ERC20', 'ERC721', 'ERC721M', 'MINTABLE_ERC20']);
  });

  it('rejects an unknown kind with TypeError', () => {
    expect(() => assetInfo('ERC1155' as never, addr)).toThrow(TypeError);
    expect(() => assetType('eth' as never, undefined, 1n)).toThrow(/kind must be one of/);
  });

  it('requires an address below 2^160 for non-ETH kinds', () => {
    expect(() => assetInfo('ERC20')).toThrow(TypeError);
    expect(() => assetInfo('ERC20', 2n ** 160n)).toThrow(RangeError);
    expect(() => assetInfo('ERC721', -1n)).toThrow(/address must be/);
    expect(() => assetInfo('ERC20', 1 as unknown as bigint)).toThrow(TypeError);
    expect(assetInfoHex('ERC20', 2n ** 160n - 1n)).toBe('0xf47261b0' + '0'.repeat(24) + 'f'.repeat(40));
  });

  it('ignores a valid address for ETH but still rejects a malformed one', () => {
    expect(assetInfoHex('ETH', addr)).toBe('0x8322fff2');
    expect(() => assetInfo('ETH', 2n ** 160n)).toThrow(RangeError);
  });

  it('requires quantum in [1, 2^128)', () => {
    expect(() => assetType('ETH', undefined, 0n)).toThrow(RangeError);
    expect(() => assetType('ETH', undefined, 2n ** 128n)).toThrow(/quantum must be/);
    expect(() => assetType('ETH', undefined, 1 as unknown as bigint)).toThrow(TypeError);
    expect(() => assetType('ETH', undefined, 2n ** 128n - 1n)).not.toThrow();
  });

  it('requires a token id in [0, 2^256) for NFTs and mintables', () => {
    expect(() => assetId('ERC721', addr, 1n)).toThrow(/tokenId is required/);
    expect(() => assetId('ERC721M', addr, 1n)).toThrow(TypeError);
    expect(() => assetId('ERC721', addr, 1n, -1n)).toThrow(RangeError);
    expect(() => assetId('ERC721M', addr, 1n, 2n ** 256n)).toThrow(/tokenId must be/);
    expect(() => assetId('ERC721M', undefined, 1n, 1n)).toThrow(/address is required/);
  });

  it('mintableAssetIdFromBlob accepts only the mintable kinds and a byte blob', () => {
    expect(() => mintableAssetIdFromBlob('ERC721' as never, addr, 1n, Uint8Array.of(1))).toThrow(TypeError);
    expect(() => mintableAssetIdFromBlob('ERC721M', addr, 1n, '0x01' as never)).toThrow(/blob/);
  });
});

describe('ERC721MC asset ids (reference/clients.md §8: the JS SDK 0.8 vectors)', () => {
  it.each([
    [
      '0x823e0E1E0a3122177DcEaF7162669d93Edea7A42',
      12n,
      'https://www.google.com',
      '0x04007380aa272ac43823fa4698034cfa82c7e53047be8d5f7318d70eebe654ad',
    ],
    [
      '0xb95623b1d26a6e892c5B4e7B15B83D134156f3AA',
      1100n,
      'https://api-dev.reddio.com/v3/balances?stark_key=0x179be264ab70bdc0949bbf3ae2ae3dcefd74562f24bd33459754df1c321f93',
      '0x0400ed0a3f43c22b6370f66810ea49bcc64017550a791dc3d189410b7854a53a',
    ],
  ])('%s #%s at %s', (address, tokenId, url, id) => {
    expect(customUriAssetId(BigInt(address), 1n, tokenId, url)).toBe(BigInt(id));
  });

  it('the asset type is the ERC721M (MintableERC721Token) type', () => {
    expect(assetType('ERC721M', BigInt('0x823e0E1E0a3122177DcEaF7162669d93Edea7A42'), 1n)).toBe(
      0x3aaebe69c52f6fd4ec95972e82358330725fd6af7bc2ebd84ba52c3aba80323n,
    );
    expect(assetType('ERC721M', BigInt('0xb95623b1d26a6e892c5B4e7B15B83D134156f3AA'), 1n)).toBe(
      0x77520880ddb1e5eabc51cec2f1786d23020a366ede198333abbba747a66329n,
    );
  });

  it('refuses an empty URL and a token id beyond uint256', () => {
    expect(() => customUriBlob(1n, '')).toThrow(TypeError);
    expect(() => customUriBlob(1n << 256n, 'x')).toThrow();
  });

  it('lays the blob out as abi.encode(uint256, bytes): id, offset 64, length, data padded to 32 bytes', () => {
    const blob = customUriBlob(12n, 'ab');
    expect(blob.length).toBe(128);
    expect(blob[31]).toBe(12);
    expect(blob[63]).toBe(64);
    expect(blob[95]).toBe(2);
    expect([blob[96], blob[97], blob[98]]).toEqual([0x61, 0x62, 0]);
  });
});
