// The payment hash against the Java SDK's own test vectors (reference/clients.md §9:
// PaymentSHA3Test.java, PaymentSignTest.java).
import { describe, expect, it } from 'vitest';
import { paymentMsgHash } from '../../../src/crypto/messages.js';
import { verifyStarkSignature } from '../../../src/crypto/verify.js';

describe('paymentMsgHash (Java PaymentSHA3)', () => {
  it('hash of ("0", "", 0)', () => {
    expect(paymentMsgHash('0', '', 0n).toString(16)).toBe('a864605cfa7f106dec7ce9fbffa6230e26eddd92375bbe268df99967c27587');
  });

  it('hash of ("233", "OK", 2333)', () => {
    expect(paymentMsgHash('233', 'OK', 2333n).toString(16)).toBe('7aab5b275be161d65ed7232cae8fb6da5d0185f340d5cb1a47ec34132d87f4a');
  });

  it('PaymentSignTest\'s signature verifies over the hash of ("123456789", "", 6), and not over another nonce', () => {
    const pub = 0x79006ea58e526cadd243657801b3e66097f5e501b746e8c0116d1bbf74f3ee6n;
    const r = 0xc74ef49c7713c67c555b9482ab7ebb6e0dc5e1e177e31180e7f01aacaf5201n;
    const s = 0x44d7412b1d9910da2293b0825665be3ec41addf94408c0e8e5db3974ef0f099n;
    expect(verifyStarkSignature(paymentMsgHash('123456789', '', 6n), r, s, pub)).toBe(true);
    expect(verifyStarkSignature(paymentMsgHash('123456789', '', 7n), r, s, pub)).toBe(false);
  });

  it('refuses a negative nonce and non-string ids', () => {
    expect(() => paymentMsgHash('1', '', -1n)).toThrow();
    expect(() => paymentMsgHash(1 as unknown as string, '', 0n)).toThrow();
  });
});
