// Guards the vector folder itself: every JSON file there must have a test file that checks it.
import { describe, expect, it } from 'vitest';
import { VECTOR_FILES, VECTORS_DIR, listVectorFiles } from './vector-files.js';

describe('shared vector folder', () => {
  it(`every .json file in ${VECTORS_DIR} is one the crypto tests check`, () => {
    expect(listVectorFiles()).toEqual([...VECTOR_FILES].sort());
  });
});
