// The crypto tables the build writes (dist/crypto/tables.bin): their layout, that they are the tables a
// process would build, and that a missing or damaged copy falls back to building them.
import { existsSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { Point, pedersen as scurePedersen } from '@scure/starknet';
import { describe, expect, it, vi } from 'vitest';
import { G, N, P } from '../../../src/crypto/curve.js';
import { FixedBaseTable, decodePoints, encodePoints } from '../../../src/crypto/fixed-base.js';
import { PEDERSEN_CONSTANT_POINTS, buildPedersenTables, pedersenTableBytes } from '../../../src/crypto/pedersen.js';
import { Jacobian, affineX, multiplyJacobian } from '../../../src/crypto/jacobian.js';
import { SECTIONS, decodeSections, encodeSections } from '../../../src/crypto/precomputed.js';
import { buildGeneratorTable } from '../../../src/crypto/keys.js';
import { cryptoTablesPath } from '../../../src/core/crypto-tables-file.js';

const scalar = fc.bigInt({ min: 0n, max: (1n << 248n) - 1n });

/** x of k·table's base, by the table. */
function viaTable(t: FixedBaseTable, k: bigint): bigint | 'infinity' {
  const acc = Jacobian.infinity();
  t.addMultiple(acc, k);
  return acc.isInfinity() ? 'infinity' : affineX(acc);
}

describe('the table file layout', () => {
  it('sections round-trip, and another layout, a truncated file or trailing bytes are refused', () => {
    const sections = [new Uint8Array([1, 2, 3]), new Uint8Array(0), new Uint8Array([4]), new Uint8Array([5, 6]), new Uint8Array([7])];
    const bytes = encodeSections(sections);
    expect(decodeSections(bytes).map((s) => [...s])).toEqual(sections.map((s) => [...s]));
    const wrongMagic = bytes.slice();
    wrongMagic[0] = wrongMagic[0]! ^ 1;
    expect(() => decodeSections(wrongMagic)).toThrow(/not a crypto table file/);
    const wrongVersion = bytes.slice();
    wrongVersion[7] = wrongVersion[7]! ^ 1;
    expect(() => decodeSections(wrongVersion)).toThrow(/not a crypto table file/);
    expect(() => decodeSections(bytes.subarray(0, bytes.length - 1))).toThrow(/truncated/);
    expect(() => decodeSections(new Uint8Array([...bytes, 0]))).toThrow(/trailing/);
    expect(() => decodeSections(encodeSections(sections.slice(0, 4)))).toThrow(/expected 5 sections/);
  });

  it('a table read from bytes gives the multiples of the table it was written from (property)', () => {
    const built = new FixedBaseTable(PEDERSEN_CONSTANT_POINTS.A_LOW, 248, 6);
    const read = FixedBaseTable.fromBytes(PEDERSEN_CONSTANT_POINTS.A_LOW, 248, 6, built.toBytes());
    expect(read.toBytes()).toEqual(built.toBytes());
    fc.assert(
      fc.property(scalar, (k) => viaTable(read, k) === viaTable(built, k)),
      { numRuns: 60 },
    );
  });

  it('bytes of another size or of another base point are refused', () => {
    const bytes = new FixedBaseTable(G, 252, 4).toBytes();
    expect(() => FixedBaseTable.fromBytes(G, 252, 4, bytes.subarray(64))).toThrow(/takes \d+ bytes/);
    expect(() => FixedBaseTable.fromBytes(PEDERSEN_CONSTANT_POINTS.B_LOW, 252, 4, bytes)).toThrow(/not of this base point/);
    expect(() => decodePoints(encodePoints([G, G]), 3)).toThrow(/3 points take/);
  });
});

describe('the file the build wrote', () => {
  const path = cryptoTablesPath();
  it('exists after `npm run build` (npm test builds first)', () => {
    expect(existsSync(path)).toBe(true);
  });

  it('holds exactly the tables a process builds from the curve constants', () => {
    const sections = decodeSections(readFileSync(path));
    const pedersen = pedersenTableBytes(buildPedersenTables());
    expect(Buffer.from(sections[SECTIONS.aLow]!).equals(Buffer.from(pedersen.aLow))).toBe(true);
    expect(Buffer.from(sections[SECTIONS.bLow]!).equals(Buffer.from(pedersen.bLow))).toBe(true);
    expect(Buffer.from(sections[SECTIONS.pedersenStart]!).equals(Buffer.from(pedersen.start))).toBe(true);
    expect(Buffer.from(sections[SECTIONS.generator]!).equals(Buffer.from(buildGeneratorTable().toBytes()))).toBe(true);
  });
});

describe('a process', () => {
  it('uses the build file once a Devnet registers it, and its hashes equal @scure/starknet', async () => {
    vi.resetModules();
    const fast = await import('../../../src/crypto/pedersen.js');
    const { useBuiltCryptoTables } = await import('../../../src/core/crypto-tables-file.js');
    useBuiltCryptoTables();
    expect(fast.pedersenTablesPrecomputed()).toBe(true);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: P - 1n }),
        fc.bigInt({ min: 0n, max: P - 1n }),
        (a, b) => fast.pedersen(a, b) === BigInt(scurePedersen(a, b)),
      ),
      { numRuns: 40 },
    );
  });

  it('builds the tables itself when the file is damaged, and hashes the same', async () => {
    vi.resetModules();
    const fast = await import('../../../src/crypto/pedersen.js');
    const pre = await import('../../../src/crypto/precomputed.js');
    const damaged = new Uint8Array(readFileSync(cryptoTablesPath()));
    // A flipped byte in the first point of aLow: the base check refuses the section.
    damaged[4 * 7] = damaged[4 * 7]! ^ 0xff;
    pre.setPrecomputedSource(() => damaged);
    expect(fast.pedersenTablesPrecomputed()).toBe(false);
    expect(fast.pedersen(G.x, G.y)).toBe(BigInt(scurePedersen(G.x, G.y)));
  });

  it('builds the tables itself when there is no file', async () => {
    vi.resetModules();
    const fast = await import('../../../src/crypto/pedersen.js');
    const pre = await import('../../../src/crypto/precomputed.js');
    pre.setPrecomputedSource(() => {
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    });
    expect(fast.pedersenTablesPrecomputed()).toBe(false);
    expect(fast.pedersen(1n, 2n)).toBe(BigInt(scurePedersen(1n, 2n)));
  });
});

describe('multiplication without a table (a key verified for the first time)', () => {
  it('equals @scure/starknet, and 0 or n gives the point at infinity (property)', () => {
    expect(multiplyJacobian(G, 0n).isInfinity()).toBe(true);
    expect(multiplyJacobian(G, N).isInfinity()).toBe(true);
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: N - 1n }), (k) => affineX(multiplyJacobian(G, k)) === Point.BASE.multiply(k).toAffine().x),
      { numRuns: 30 },
    );
    expect(() => multiplyJacobian(G, -1n)).toThrow(/must not be negative/);
  });
});
