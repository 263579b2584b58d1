// Unit tests for src/crypto/messages.ts: Reddio SDK/doc messages (real-service.md) and range checks.
import { describe, expect, it } from 'vitest';
import {
  INSTRUCTION_TYPES,
  cancelOrderMsgHash,
  limitOrderMsgHash,
  limitOrderWithFeeMsgHash,
  transferMsgHash,
  transferWithFeeMsgHash,
  withdrawalMsgHash,
} from '../../../src/crypto/messages.js';
import type { LimitOrderParams, LimitOrderWithFeeParams, TransferParams, TransferWithFeeParams } from '../../../src/crypto/messages.js';
import { FIELD_PRIME } from '../../../src/crypto/pedersen.js';
import { signMessage } from '../../../src/crypto/keys.js';
import { verifyStarkSignature } from '../../../src/crypto/verify.js';
import { hex } from './vector-files.js';

const NEVER_EXPIRES = 4194303n;
const ETH_1E12 = 0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5en;
const NFT_152 = 0xfad619eb58897729c9817e1cc05e824b6b501ab29f2e937ef06b8ac5e98cb2n;
// real-service §7.3: the SDK run used this private key (no 0x prefix, so the SDK signs correctly).
const SDK_PRIV = 0xa7b68cf2ee72b2a0789914daa8ae928aec21b6b0bf020e394833f4c732d99dn;
const SDK_KEY = 0x6736f7449da3bf44bf0f7bdd6463818e1ef272641d43021e8bca17b32ec2df0n;
const SDK_RECEIVER = 0x7865bc66b610d6196a7cbeb9bf066c64984f6f06b5ed3b6f5788bd9a6cb099cn;

type Signed = { name: string; hash: bigint; expected: bigint; r: bigint; s: bigint };

const sdkTransfer = (amount: bigint, token: bigint): TransferParams => ({
  amount,
  nonce: 7n,
  senderVaultId: 23400424n,
  token,
  receiverVaultId: 23400425n,
  receiverPublicKey: SDK_RECEIVER,
  expirationTimestamp: NEVER_EXPIRES,
});

// Requests produced by @reddio.com/js 0.4.5 (real-service §2.6, §2.7, §7.3).
const SDK_MESSAGES: Signed[] = [
  {
    name: 'transfer ERC20 RDD20 2.5',
    hash: transferMsgHash(sdkTransfer(2500000n, 0x348d9f01e42582dee55ba5db85b0ab036671786ca9e140642d7b7a010abb159n)),
    expected: 0x1e083f293abf2fbc678b920d8f43e30c1920610410c676dfd15a02518464aefn,
    r: 0x4848e3def2b90cae5151353c74f4370d59a659fa1ef1ff19ffef6eef0a8bdfan,
    s: 0x358a228f95c3ec06e1a77b32a13e3ee0d593655e1c8925bb9806756b3f18b36n,
  },
  {
    name: 'transfer ERC721 #497',
    hash: transferMsgHash(sdkTransfer(1n, 0x1c9c7dee2be5015eddff167dda36f319f6bfcd4bd41f9d5cb49fe164bc58cb1n)),
    expected: 0x791013a72d8d62442a3857734ac6857fda5275c218de7a38c037c64147f6c92n,
    r: 0x2327c572182a01ea861c8e45b699114494d2997801169c9d9f31a0a2e01ff96n,
    s: 0x296d683bad8c5ca4bc49f7a185e415c3909ca41120d8cfa59773266d15fdc8cn,
  },
  {
    name: 'transfer ETH 0.0013',
    hash: transferMsgHash(sdkTransfer(1300n, ETH_1E12)),
    expected: 0x6057fff78f6014ac23367b0f8f757ff41b263f7a9d572c1257e7df22828af69n,
    r: 0x6ceb7ec1c3213558b8c9b4cdd8fd86ffaa85909c04bb3fc99a33dfc9064ffdan,
    s: 0x3d77cba185a40af02d1a868d08fb5399e6d166d3996a5fbc51d79a2744be52dn,
  },
  {
    name: 'withdrawal ERC721M #5 to an ETH address',
    hash: withdrawalMsgHash({
      amount: 1n,
      nonce: 7n,
      senderVaultId: 23400424n,
      token: 0x40035fedbf656c2e84b262bed7ce69976e085ed5cd00ed73458644a9cdc5dc6n,
      receiverVaultId: 23400425n,
      ethAddress: 0x76f2fc7ed90039d986e3eb4db294f05e160c8f03n,
      expirationTimestamp: NEVER_EXPIRES,
    }),
    expected: 0xd801a27ca1c7730ea519fd23840c3a18c5da9215763015d2b98563494d84d0n,
    r: 0x727375d5d2da2564e9f9aac2ef9f886cf67c279b1d880bbe24f7b435f1d18e5n,
    s: 0x293acd757d6e3106b709f9e23e1fb12e64eda332df87731c4f0d997f9709611n,
  },
  {
    name: 'sell order NFT #152 (type 3)',
    hash: limitOrderWithFeeMsgHash({
      vaultSell: 21639066n,
      vaultBuy: 21535787n,
      amountSell: 1n,
      amountBuy: 1000n,
      tokenSell: NFT_152,
      tokenBuy: ETH_1E12,
      nonce: 8n,
      expirationTimestamp: NEVER_EXPIRES,
      feeToken: ETH_1E12,
      feeVaultId: 21535787n,
      feeLimit: 5n,
    }),
    expected: 0x13317f490be539ab66d20b7091bdcf3cfb629cdc2e7aaf45cbb0fc2683eab45n,
    r: 0x48966ba80f1b1b82d429693014fc09acdec855705753441a76211833bbae9e8n,
    s: 0x390310bb8aeafd0c2017c9cb359a9ef178ce645657bd1851384d5fd3bf9b5b7n,
  },
  {
    // fee_limit is 61.5 on the wire, but the SDK's BN truncates it: the signature is over 61.
    name: 'buy order NFT #152 (type 3, fee_limit 61.5 signed as 61)',
    hash: limitOrderWithFeeMsgHash({
      vaultSell: 21535787n,
      vaultBuy: 21639066n,
      amountSell: 12300n,
      amountBuy: 1n,
      tokenSell: ETH_1E12,
      tokenBuy: NFT_152,
      nonce: 8n,
      expirationTimestamp: NEVER_EXPIRES,
      feeToken: ETH_1E12,
      feeVaultId: 21535787n,
      feeLimit: 61n,
    }),
    expected: 0x4e69563caf012fd20a8f8a654935ef7da91735a0ece698db1adb4c1359738dan,
    r: 0x4e53e894fec5e36e207b2166468cff8de912c4440158d46816c3cff0434ddd2n,
    s: 0x2f2f55f9c0595c70a7a884a8fcd243b4f098f718fb51b16d9ac004fb2fa6023n,
  },
  {
    name: 'cancel order 233',
    hash: cancelOrderMsgHash(233n),
    expected: 0x2d97ce4376a8cec568b243857eafd329fd90afca2437a3368f34884eed53fd3n,
    r: 0x1847420679737066626ad88012e5c69e254b2ea4b678fd1078c16a780d6dd33n,
    s: 0x42581bb5295a320a52e6d2a9fe91ca64f83d644cb672dbac586c0991d43e63cn,
  },
];

describe('Reddio JS SDK 0.4.5 requests (real-service §7.3)', () => {
  it.each(SDK_MESSAGES)('$name: hash, signature verifies, sign reproduces it', (m) => {
    expect(hex(m.hash)).toBe(hex(m.expected));
    expect(verifyStarkSignature(m.hash, m.r, m.s, SDK_KEY)).toBe(true);
    const sig = signMessage(m.hash, SDK_PRIV);
    expect({ r: hex(sig.r), s: hex(sig.s) }).toEqual({ r: hex(m.r), s: hex(m.s) });
  });
});

describe('Reddio doc order payloads (real-service §7.2)', () => {
  const DOC_STARK_KEY = 0x38cae143fe6d2b8bdb7051f211744017d98f7e6a67e45a5dfc08759c119cf3cn;
  const RDD_NFT = 0x400fcfa0889b788c49ecdbe90b494b4dc692532467466b88c1179779096a163n;
  const orders = [
    {
      name: 'sell (direction 0)',
      params: {
        vaultSell: 21639066n,
        vaultBuy: 21535787n,
        amountSell: 1n,
        amountBuy: 1000n,
        tokenSell: RDD_NFT,
        tokenBuy: ETH_1E12,
        feeVaultId: 21535787n,
      },
      r: 0x54a0add087576b75244236dc2d53befdaacd5e5bb01dd988f7b34d7349844e7n,
      s: 0x38c262afd2a0132759cd3c7eb37c52107bf29aa0438a7832c5be7cdbc7a9849n,
      accountId: 0x13b314ccfe334151abc7e1ab50c4c5d77f8941777d1616cb381d9d9b2273bdbn,
    },
    {
      name: 'buy (direction 1)',
      params: {
        vaultSell: 21433994n,
        vaultBuy: 21648107n,
        amountSell: 1000n,
        amountBuy: 1n,
        tokenSell: ETH_1E12,
        tokenBuy: RDD_NFT,
        feeVaultId: 21433994n,
      },
      r: 0x4d308e89375fb3d6eaea836aa6615f6e52a4842da3b2d2de73b53996da7e082n,
      s: 0x2d532e42c43756a179496245c124acf082418081f0b3f94522e9bc5fc0f914n,
      accountId: 0x3d2161b60487fb223760e586efaf70004ddc018b53b8cdb39cb75ef4b4e25f7n,
    },
  ];

  it.each(orders)('$name verifies against account_id, not the stark_key shown', (o) => {
    const hash = limitOrderWithFeeMsgHash({
      ...o.params,
      nonce: 52n,
      expirationTimestamp: NEVER_EXPIRES,
      feeToken: ETH_1E12,
      feeLimit: 5n,
    });
    expect(verifyStarkSignature(hash, o.r, o.s, o.accountId)).toBe(true);
    expect(verifyStarkSignature(hash, o.r, o.s, DOC_STARK_KEY)).toBe(false);
  });
});

// ---- range checks ----------------------------------------------------------------------------

const order: LimitOrderParams = {
  vaultSell: 21n,
  vaultBuy: 27n,
  amountSell: 2154686749748910716n,
  amountBuy: 1470242115489520459n,
  tokenSell: 0x5fa3383597691ea9d827a79e1a4f0f7989c35ced18ca9619de8ab97e661020n,
  tokenBuy: 0x774961c824a3b0fb3d2965f01471c9c7734bf8dbde659e0c08dca2ef18d56an,
  nonce: 0n,
  expirationTimestamp: 438953n,
};
const fee = {
  feeToken: 0x70bf591713d7cb7150523cf64add8d49fa6b61036bba9f596bd2af8e3bb86f9n,
  feeVaultId: 593128169n,
  feeLimit: 7n,
};
const orderWithFee: LimitOrderWithFeeParams = { ...order, ...fee };
const transfer: TransferParams = {
  amount: 2154549703648910716n,
  nonce: 1n,
  senderVaultId: 34n,
  token: 0x3003a65651d3b9fb2eff934a4416db301afd112a8492aaf8d7297fc87dcd9f4n,
  receiverVaultId: 21n,
  receiverPublicKey: 0x5fa3383597691ea9d827a79e1a4f0f7949435ced18ca9619de8ab97e661020n,
  expirationTimestamp: 438953n,
};
const transferWithFee: TransferWithFeeParams = { ...transfer, ...fee };

const P63 = 2n ** 63n;
const P31 = 2n ** 31n;

describe('message hash range checks (RangeError, field named)', () => {
  const cases: Array<[string, () => unknown, RegExp]> = [
    ['limit order amountSell 2^63', () => limitOrderMsgHash({ ...order, amountSell: P63 }), /amountSell/],
    ['limit order amountBuy -1', () => limitOrderMsgHash({ ...order, amountBuy: -1n }), /amountBuy/],
    ['limit order nonce 2^31', () => limitOrderMsgHash({ ...order, nonce: P31 }), /nonce/],
    ['limit order expiration 2^22', () => limitOrderMsgHash({ ...order, expirationTimestamp: 2n ** 22n }), /expirationTimestamp/],
    ['limit order vault 2^31 (31-bit format)', () => limitOrderMsgHash({ ...order, vaultSell: P31 }), /vaultSell/],
    ['limit order vault 2^63 (31-bit format)', () => limitOrderMsgHash({ ...order, vaultBuy: P63 }), /vaultBuy/],
    ['limit order tokenSell = p', () => limitOrderMsgHash({ ...order, tokenSell: FIELD_PRIME }), /tokenSell/],
    ['transfer amount 2^63', () => transferMsgHash({ ...transfer, amount: P63 }), /amount/],
    ['transfer nonce 2^31', () => transferMsgHash({ ...transfer, nonce: P31 }), /nonce/],
    ['transfer expiration 2^22', () => transferMsgHash({ ...transfer, expirationTimestamp: 2n ** 22n }), /expirationTimestamp/],
    ['transfer sender vault 2^31', () => transferMsgHash({ ...transfer, senderVaultId: P31 }), /senderVaultId/],
    [
      'transfer receiver vault 2^63+10 (31-bit format)',
      () => transferMsgHash({ ...transfer, receiverVaultId: P63 + 10n }),
      /receiverVaultId/,
    ],
    ['transfer receiver key = p', () => transferMsgHash({ ...transfer, receiverPublicKey: FIELD_PRIME }), /receiverPublicKey/],
    ['transfer condition = p', () => transferMsgHash({ ...transfer, condition: FIELD_PRIME }), /condition/],
    ['order with fee amountBuy 2^63', () => limitOrderWithFeeMsgHash({ ...orderWithFee, amountBuy: P63 }), /amountBuy/],
    ['order with fee nonce 2^31', () => limitOrderWithFeeMsgHash({ ...orderWithFee, nonce: P31 }), /nonce/],
    [
      'order with fee expiration 2^22',
      () => limitOrderWithFeeMsgHash({ ...orderWithFee, expirationTimestamp: 2n ** 22n }),
      /expirationTimestamp/,
    ],
    ['order with fee vault 2^63+2^31', () => limitOrderWithFeeMsgHash({ ...orderWithFee, vaultSell: P63 + P31 }), /vaultSell/],
    ['order with fee vault 2^31 (gap between ranges)', () => limitOrderWithFeeMsgHash({ ...orderWithFee, vaultBuy: P31 }), /vaultBuy/],
    [
      'order with fee vault 2^63-1 (gap between ranges)',
      () => limitOrderWithFeeMsgHash({ ...orderWithFee, vaultBuy: P63 - 1n }),
      /vaultBuy/,
    ],
    ['order with fee feeVaultId 2^63+2^31', () => limitOrderWithFeeMsgHash({ ...orderWithFee, feeVaultId: P63 + P31 }), /feeVaultId/],
    ['order with fee feeLimit 2^63', () => limitOrderWithFeeMsgHash({ ...orderWithFee, feeLimit: P63 }), /feeLimit/],
    ['order with fee feeToken = p', () => limitOrderWithFeeMsgHash({ ...orderWithFee, feeToken: FIELD_PRIME }), /feeToken/],
    ['transfer with fee amount 2^63', () => transferWithFeeMsgHash({ ...transferWithFee, amount: P63 }), /amount/],
    [
      'transfer with fee sender vault 2^63+2^31',
      () => transferWithFeeMsgHash({ ...transferWithFee, senderVaultId: P63 + P31 }),
      /senderVaultId/,
    ],
    [
      'transfer with fee receiver vault 2^32',
      () => transferWithFeeMsgHash({ ...transferWithFee, receiverVaultId: 2n ** 32n }),
      /receiverVaultId/,
    ],
    ['transfer with fee feeLimit -1', () => transferWithFeeMsgHash({ ...transferWithFee, feeLimit: -1n }), /feeLimit/],
    ['withdrawal ethAddress 2^160', () => withdrawalMsgHash({ ...transfer, ethAddress: 2n ** 160n }), /ethAddress/],
    ['withdrawal amount 2^63', () => withdrawalMsgHash({ ...transfer, amount: P63, ethAddress: 1n }), /amount/],
    ['cancel orderId = p', () => cancelOrderMsgHash(FIELD_PRIME), /orderId/],
    ['cancel orderId -1', () => cancelOrderMsgHash(-1n), /orderId/],
  ];

  it.each(cases)('%s', (_name, run, field) => {
    expect(run).toThrow(RangeError);
    expect(run).toThrow(field);
  });

  it('throws TypeError for numbers, strings and missing fields', () => {
    expect(() => transferMsgHash({ ...transfer, amount: 1 as unknown as bigint })).toThrow(TypeError);
    expect(() => limitOrderMsgHash({ ...order, nonce: '0' as unknown as bigint })).toThrow(/nonce must be a bigint/);
    const { feeLimit: _omit, ...noFeeLimit } = orderWithFee;
    expect(() => limitOrderWithFeeMsgHash(noFeeLimit as LimitOrderWithFeeParams)).toThrow(TypeError);
    expect(() => transferMsgHash(null as unknown as TransferParams)).toThrow(TypeError);
    expect(() => cancelOrderMsgHash(233 as unknown as bigint)).toThrow(TypeError);
  });

  it('accepts every field at its largest allowed value', () => {
    const max = {
      amount: P63 - 1n,
      nonce: P31 - 1n,
      expirationTimestamp: 2n ** 22n - 1n,
      token: FIELD_PRIME - 1n,
      receiverPublicKey: FIELD_PRIME - 1n,
    };
    expect(() => transferMsgHash({ ...transfer, ...max, senderVaultId: P31 - 1n, receiverVaultId: P31 - 1n })).not.toThrow();
    expect(() =>
      transferWithFeeMsgHash({
        ...transferWithFee,
        ...max,
        senderVaultId: P63 + P31 - 1n,
        receiverVaultId: P63,
        feeVaultId: P63 + P31 - 1n,
        feeLimit: P63 - 1n,
        condition: FIELD_PRIME - 1n,
      }),
    ).not.toThrow();
    expect(() => withdrawalMsgHash({ ...transfer, ethAddress: 2n ** 160n - 1n })).not.toThrow();
  });
});

describe('message structure', () => {
  it('instruction type constants', () => {
    expect(INSTRUCTION_TYPES).toEqual({
      LIMIT_ORDER: 0n,
      TRANSFER: 1n,
      CONDITIONAL_TRANSFER: 2n,
      LIMIT_ORDER_WITH_FEE: 3n,
      TRANSFER_WITH_FEE: 4n,
      CONDITIONAL_TRANSFER_WITH_FEE: 5n,
    });
  });

  it('withdrawal is the type-1 transfer with the ETH address as receiver key', () => {
    const ethAddress = 0xc664b68afced392656ed8c4adaefa8e8ffbf65dcn;
    const { receiverPublicKey: _k, ...rest } = transfer;
    expect(withdrawalMsgHash({ ...rest, ethAddress })).toBe(transferMsgHash({ ...transfer, receiverPublicKey: ethAddress }));
  });

  it('a condition switches the transfer to a different (conditional) message', () => {
    expect(transferMsgHash({ ...transfer, condition: 0n })).not.toBe(transferMsgHash(transfer));
    expect(transferWithFeeMsgHash({ ...transferWithFee, condition: 0n })).not.toBe(transferWithFeeMsgHash(transferWithFee));
  });
});
