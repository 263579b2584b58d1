// Checks every vector of StarkWare's assets_precomputed.json (asset types and asset ids).
import { describe, expect, it } from 'vitest';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import type { AssetKind } from '../../../src/crypto/asset.js';
import { assetId, assetType, mintableAssetIdFromBlob } from '../../../src/crypto/asset.js';
import { Ledger, big, hex, readVectorFile } from './vector-files.js';

type Entry = {
  type: string;
  data: { quantum?: string; tokenAddress?: string; tokenId?: string; blob?: string };
};
type Data = { assetType: Record<string, Entry>; assetId: Record<string, Entry> };

const data = readVectorFile('assets_precomputed.json') as Data;
const ledger = new Ledger();

// CU's names for the kinds; MINTABLE_ERC721 is what Reddio calls ERC721M.
const KIND: Record<string, AssetKind> = {
  ETH: 'ETH',
  ERC20: 'ERC20',
  ERC721: 'ERC721',
  MINTABLE_ERC20: 'MINTABLE_ERC20',
  MINTABLE_ERC721: 'ERC721M',
};

function kindOf(e: Entry): AssetKind {
  const kind = KIND[e.type];
  if (kind === undefined) throw new Error(`unknown asset type in vectors: ${e.type}`);
  return kind;
}
const address = (e: Entry) => (e.data.tokenAddress === undefined ? undefined : big(e.data.tokenAddress));
// CU defaults the quantum to 1 when the asset data has none (NFTs, mintables).
const quantum = (e: Entry) => (e.data.quantum === undefined ? 1n : big(e.data.quantum));

const typeCases = Object.entries(data.assetType);
const idCases = Object.entries(data.assetId);

describe('assets_precomputed.json', () => {
  it.each(typeCases)('assetType %s', (expected, e) => {
    expect(hex(assetType(kindOf(e), address(e), quantum(e)))).toBe(hex(big(expected)));
    ledger.record(`assetType.${expected}`);
  });

  it.each(idCases)('assetId %s', (expected, e) => {
    const kind = kindOf(e);
    let id: bigint;
    if (kind === 'ERC721M' || kind === 'MINTABLE_ERC20') {
      // The blob here is UTF-8 text, hashed as its UTF-8 bytes.
      id = mintableAssetIdFromBlob(kind, address(e)!, quantum(e), utf8ToBytes(e.data.blob!));
    } else {
      const tokenId = e.data.tokenId === undefined ? undefined : big(e.data.tokenId);
      id = assetId(kind, address(e), quantum(e), tokenId);
    }
    expect(hex(id)).toBe(hex(big(expected)));
    ledger.record(`assetId.${expected}`);
  });

  it('checked every vector in the file', () => {
    const expected = [...typeCases.map(([k]) => `assetType.${k}`), ...idCases.map(([k]) => `assetId.${k}`)].sort();
    expect(ledger.ids).toEqual(expected);
    expect(ledger.ids).toHaveLength(12);
  });
});
