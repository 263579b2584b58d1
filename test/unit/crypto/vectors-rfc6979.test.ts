// Checks every vector of StarkWare's rfc6979_signature_test_vector.json (deterministic signing).
import { describe, expect, it } from 'vitest';
import { signMessage, starkKeyFromPrivate } from '../../../src/crypto/keys.js';
import { verifyStarkSignature } from '../../../src/crypto/verify.js';
import { Ledger, big, readVectorFile } from './vector-files.js';

type Data = { private_key: string; messages: Array<{ hash: string; r: string; s: string }> };

const data = readVectorFile('rfc6979_signature_test_vector.json') as Data;
const priv = big(data.private_key);
const starkKey = starkKeyFromPrivate(priv);
const ledger = new Ledger();

describe('rfc6979_signature_test_vector.json', () => {
  // r and s are decimal strings in this file.
  it.each(data.messages)('hash $hash: sign gives the exact r,s and it verifies', (m) => {
    const hash = big(m.hash);
    const sig = signMessage(hash, priv);
    expect({ r: sig.r.toString(), s: sig.s.toString() }).toEqual({ r: m.r, s: m.s });
    expect(verifyStarkSignature(hash, big(m.r), big(m.s), starkKey)).toBe(true);
    ledger.record(m.hash);
  });

  it('checked every vector in the file', () => {
    expect(ledger.ids).toEqual(data.messages.map((m) => m.hash).sort());
    expect(ledger.ids).toHaveLength(9);
  });
});
