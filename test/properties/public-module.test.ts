// The published `l2-devnet/testing` entry (package.json "exports", built dist/testing.js) is enough to write a property.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

describe('l2-devnet/testing', () => {
  it('resolves through the exports map and runs a user-written property over its arbitraries', async () => {
    // Specifiers as values: typecheck runs before the build, so the types come from src/ instead.
    const entry = (name: string) => import(name);
    const { createDevnet } = (await entry('l2-devnet')) as typeof import('../../src/index.js');
    const t = (await entry('l2-devnet/testing')) as typeof import('../../src/testing.js');
    await fc.assert(
      fc.asyncProperty(
        t.transferArbitrary.filter((x) => !x.asset.includes('#')),
        async (x) => {
          const target = t.inProcessTarget(createDevnet().fetch);
          // Signed as the SDK would; a transfer beyond the balance is accepted too (it fails asynchronously).
          const r = await t.runScenario(
            {
              name: 'one transfer',
              steps: [
                {
                  as: x.from,
                  call: 'transfer',
                  with: { to: x.to, asset: x.asset, amount: t.display6(x.amount) },
                  expect: { result: { sequence_id: 13 } },
                },
              ],
            },
            target,
          );
          expect(r.steps[0]!.mismatches).toEqual([]);
          await t.checkInvariants(target);
        },
      ),
      { numRuns: 3 },
    );
  });
});
