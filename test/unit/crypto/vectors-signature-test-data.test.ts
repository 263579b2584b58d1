// Checks every vector of StarkWare's signature_test_data.json (hashes, keys, signatures).
import { describe, expect, it } from 'vitest';
import { pedersen } from '../../../src/crypto/pedersen.js';
import { limitOrderMsgHash, limitOrderWithFeeMsgHash, transferMsgHash, transferWithFeeMsgHash } from '../../../src/crypto/messages.js';
import { signMessage, starkKeyFromPrivate } from '../../../src/crypto/keys.js';
import { verifyStarkSignature } from '../../../src/crypto/verify.js';
import { Ledger, big, hex, readVectorFile } from './vector-files.js';

type Sig = { r: string; s: string };
type Order = Record<string, string | number> & { signature?: Sig; public_key?: string };
type Data = {
  fee_info_user: { fee_limit: string; source_vault_id: number; token_id: string };
  settlement: Record<string, Order>;
  meta_data: Record<string, { message_hash: string; private_key?: string }>;
  hash_test: Record<string, { input_1: string; input_2: string; output: string }>;
} & Record<string, unknown>;

const data = readVectorFile('signature_test_data.json') as Data;
const ledger = new Ledger();
const fee = {
  feeToken: big(data.fee_info_user.token_id),
  feeVaultId: big(data.fee_info_user.source_vault_id),
  feeLimit: big(data.fee_info_user.fee_limit),
};

/** Every object in the file that carries a signature, by name (settlement orders included). */
function signedObjects(): Array<[string, Order]> {
  const out: Array<[string, Order]> = [];
  const visit = (obj: Record<string, unknown>): void => {
    for (const [name, value] of Object.entries(obj)) {
      if (typeof value !== 'object' || value === null) continue;
      if ('signature' in value) out.push([name, value as Order]);
      else visit(value as Record<string, unknown>);
    }
  };
  visit(data);
  return out;
}
const SIGNED = signedObjects();
const ORDERS = new Map(SIGNED);

function order(name: string): Order {
  const o = ORDERS.get(name);
  if (o === undefined) throw new Error(`no signed object named ${name}`);
  return o;
}

const limitOrder = (o: Order) => ({
  vaultSell: big(o['vault_id_sell']),
  vaultBuy: big(o['vault_id_buy']),
  amountSell: big(o['amount_sell']),
  amountBuy: big(o['amount_buy']),
  tokenSell: big(o['token_sell']),
  tokenBuy: big(o['token_buy']),
  nonce: big(o['nonce']),
  expirationTimestamp: big(o['expiration_timestamp']),
});
const transfer = (o: Order) => ({
  amount: big(o['amount']),
  nonce: big(o['nonce']),
  senderVaultId: big(o['sender_vault_id']),
  token: big(o['token']),
  receiverVaultId: big(o['target_vault_id']),
  receiverPublicKey: big(o['target_public_key']),
  expirationTimestamp: big(o['expiration_timestamp']),
  ...(o['condition'] === undefined ? {} : { condition: big(o['condition']) }),
});

// How each meta_data hash is formed (README: the *_with_fee entries add fee_info_user, and the
// two 2nd-range entries are fee messages too).
const HASH_OF: Record<string, () => bigint> = {
  party_a_order: () => limitOrderMsgHash(limitOrder(order('party_a_order'))),
  party_b_order: () => limitOrderMsgHash(limitOrder(order('party_b_order'))),
  party_a_order_with_fee: () => limitOrderWithFeeMsgHash({ ...limitOrder(order('party_a_order')), ...fee }),
  party_b_order_with_fee: () => limitOrderWithFeeMsgHash({ ...limitOrder(order('party_b_order')), ...fee }),
  order_with_vault_id_in_2nd_range: () => limitOrderWithFeeMsgHash({ ...limitOrder(order('order_with_vault_id_in_2nd_range')), ...fee }),
  transfer_order: () => transferMsgHash(transfer(order('transfer_order'))),
  conditional_transfer_order: () => transferMsgHash(transfer(order('conditional_transfer_order'))),
  transfer_order_with_fee: () => transferWithFeeMsgHash({ ...transfer(order('transfer_order')), ...fee }),
  conditional_transfer_order_with_fee: () => transferWithFeeMsgHash({ ...transfer(order('conditional_transfer_order')), ...fee }),
  transfer_order_2nd_valid_range: () => transferWithFeeMsgHash({ ...transfer(order('transfer_order_2nd_valid_range')), ...fee }),
};

// Known-bad signatures (vectors/README.md "Known quirks"): transfer_order's r,s is not a valid
// signature of any hash in the file (the reference verify rejects it too), the conditional and
// 2nd-range transfers reuse it, and order_with_vault_id_in_2nd_range reuses party_a's r,s, which
// was made for a different hash. They must be rejected.
const KNOWN_BAD_SIGNATURES = new Set([
  'transfer_order',
  'conditional_transfer_order',
  'transfer_order_2nd_valid_range',
  'order_with_vault_id_in_2nd_range',
]);

const hashCases = Object.entries(data.hash_test);
const metaCases = Object.entries(data.meta_data);
const keyCases = metaCases.filter(([, m]) => m.private_key !== undefined);
const baseName = (metaName: string) => metaName.replace(/_with_fee$/, '');

describe('signature_test_data.json', () => {
  it.each(hashCases)('hash_test %s: pedersen', (name, v) => {
    expect(hex(pedersen(big(v.input_1), big(v.input_2)))).toBe(hex(big(v.output)));
    ledger.record(`hash_test.${name}`);
  });

  it.each(metaCases)('meta_data %s: message hash recomputed', (name, m) => {
    const build = HASH_OF[name];
    expect(build, `no hash builder for meta_data.${name}`).toBeDefined();
    expect(hex(build!())).toBe(hex(big(m.message_hash)));
    ledger.record(`meta_data.${name}.hash`);
  });

  it.each(keyCases)('meta_data %s: private key gives the order public key', (name, m) => {
    const o = order(baseName(name));
    expect(hex(starkKeyFromPrivate(big(m.private_key)))).toBe(hex(big(o.public_key)));
    ledger.record(`meta_data.${name}.public_key`);
  });

  it.each(keyCases)('meta_data %s: sign/verify round trip with the x-only key', (name, m) => {
    const hash = big(m.message_hash);
    const sig = signMessage(hash, big(m.private_key));
    expect(verifyStarkSignature(hash, sig.r, sig.s, big(order(baseName(name)).public_key))).toBe(true);
    // Where the file's own signature is genuine, deterministic signing must reproduce it.
    if (name === baseName(name) && !KNOWN_BAD_SIGNATURES.has(name)) {
      const expected = order(name).signature!;
      expect({ r: hex(sig.r), s: hex(sig.s) }).toEqual({
        r: hex(big(expected.r)),
        s: hex(big(expected.s)),
      });
      ledger.record(`${name}.sign_reproduces`);
    }
    ledger.record(`meta_data.${name}.roundtrip`);
  });

  it.each(SIGNED)('%s: official signature against its meta_data hash', (name, o) => {
    const hash = big(data.meta_data[name]!.message_hash);
    const ok = verifyStarkSignature(hash, big(o.signature!.r), big(o.signature!.s), big(o.public_key));
    expect(ok).toBe(!KNOWN_BAD_SIGNATURES.has(name));
    ledger.record(`${name}.signature`);
  });

  it('checked every vector in the file', () => {
    const expected = [
      ...hashCases.map(([n]) => `hash_test.${n}`),
      ...metaCases.map(([n]) => `meta_data.${n}.hash`),
      ...keyCases.flatMap(([n]) => [`meta_data.${n}.public_key`, `meta_data.${n}.roundtrip`]),
      ...SIGNED.map(([n]) => `${n}.signature`),
      ...SIGNED.filter(([n]) => !KNOWN_BAD_SIGNATURES.has(n)).map(([n]) => `${n}.sign_reproduces`),
    ].sort();
    expect(ledger.ids).toEqual(expected);
    // 2 pedersen + 10 hashes + 8×2 key checks + 6 signatures + 2 reproduced signatures.
    expect(hashCases).toHaveLength(2);
    expect(metaCases).toHaveLength(10);
    expect(SIGNED).toHaveLength(6);
    expect(ledger.ids).toHaveLength(36);
  });
});
