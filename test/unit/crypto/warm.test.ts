// Crypto tables built in slices (idle time after start-up) are the tables built at once.
import { describe, expect, it } from 'vitest';
import { Point, pedersen as scurePedersen, sign } from '@scure/starknet';
import { FixedBaseTable } from '../../../src/crypto/fixed-base.js';
import { Jacobian, affineX } from '../../../src/crypto/jacobian.js';
import { pedersen } from '../../../src/crypto/pedersen.js';
import { cryptoWarmUp, verifyStarkSignature } from '../../../src/crypto/verify.js';

const G = { x: Point.BASE.x, y: Point.BASE.y };

describe('crypto warm-up in slices', () => {
  it('a table built in slices gives the multiples the one built at once gives, one column (a multiple d of every window base) per slice', () => {
    const whole = new FixedBaseTable(G, 252, 4);
    const steps = FixedBaseTable.inSlices(G, 252, 4);
    let slices = 0;
    let step = steps.next();
    while (!step.done) {
      slices++;
      step = steps.next();
    }
    expect(slices).toBe(2 ** (whole.window - 1) - 1);
    const sliced = step.value;
    for (const k of [1n, 2n, 15n, 16n, 0xdeadbeefn, (1n << 251n) + 12345n, Point.Fn.ORDER - 1n]) {
      const a = Jacobian.infinity();
      whole.addMultiple(a, k);
      const b = Jacobian.infinity();
      sliced.addMultiple(b, k);
      expect(affineX(b)).toBe(affineX(a));
      expect(affineX(b)).toBe(Point.BASE.multiply(k).toAffine().x);
    }
  });

  it('runs to the end in small steps, after which hashes and verifies agree with @scure/starknet', () => {
    const priv = 0x2b3d073423dadc6d7c034f914161c839a5f5281eda81d4fbb1981bb3f8f2948n;
    const key = Point.BASE.multiply(priv).toAffine().x;
    let steps = 0;
    for (const _ of cryptoWarmUp([key])) steps++;
    // Pedersen rows (2 x 29), generator rows and the key's (a pause after its point, then its rows).
    expect(steps).toBeGreaterThan(60);
    expect(pedersen(123n, 456n)).toBe(BigInt(scurePedersen(123n, 456n)));
    const hash = 0x1234567890abcdefn;
    const sig = sign(hash.toString(16), priv.toString(16));
    expect(verifyStarkSignature(hash, sig.r, sig.s, key)).toBe(true);
    expect(verifyStarkSignature(hash + 1n, sig.r, sig.s, key)).toBe(false);
  });
});
