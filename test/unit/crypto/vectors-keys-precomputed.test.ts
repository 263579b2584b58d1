// Checks every vector of StarkWare's keys_precomputed.json (private key -> Stark key).
import { describe, expect, it } from 'vitest';
import { isOnCurveX, starkKeyFromPrivate } from '../../../src/crypto/keys.js';
import { Ledger, big, hex, readVectorFile } from './vector-files.js';

const cases = Object.entries(readVectorFile('keys_precomputed.json') as Record<string, string>);
const ledger = new Ledger();

describe('keys_precomputed.json', () => {
  // Keys are compared by value: one private key is upper-case hex, several are 2^251 + i.
  it.each(cases)('private key %s', (priv, starkKey) => {
    expect(hex(starkKeyFromPrivate(big(priv)))).toBe(hex(big(starkKey)));
    expect(isOnCurveX(big(starkKey))).toBe(true);
    ledger.record(priv);
  });

  it('checked every vector in the file', () => {
    expect(ledger.ids).toEqual(cases.map(([priv]) => priv).sort());
    expect(ledger.ids).toHaveLength(30);
  });
});
