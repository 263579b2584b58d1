// The state object keeps V8's fast properties: built field by field under computed names it fell into
// dictionary mode, which made the genesis build about twice as slow and every field read a hash lookup.
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { emptyState } from '../../../../src/domain/state/state.js';
import { UndoLog } from '../../../../src/domain/state/undo.js';
import { createDevnet } from '../../../../src/index.js';

setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (o: object) => boolean;

describe('the state object', () => {
  it('has fast properties, empty and once a devnet has built and changed it', async () => {
    expect(hasFastProperties({ a: 1 })).toBe(true);
    const slow: Record<string, number> = {};
    for (let i = 0; i < 40; i++) slow[`field${i}`] = i;
    expect(hasFastProperties(slow)).toBe(false);
    expect(hasFastProperties(emptyState(new UndoLog()))).toBe(true);
    const dn = createDevnet();
    const alice = dn.devnet.accounts().accounts[0]!.stark_key;
    dn.devnet.deposit({ starkKey: alice, contractAddress: 'eth', amount: 5n });
    expect(hasFastProperties(dn.devnet.state)).toBe(true);
    const loaded = createDevnet();
    loaded.devnet.loadPieces(dn.devnet.dumpText());
    expect(hasFastProperties(loaded.devnet.state)).toBe(true);
    await Promise.all([dn.close(), loaded.close()]);
  });
});
