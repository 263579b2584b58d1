// Property-test run counts. `npm test` runs the quick count, enough for each property to fail on a
// broken guarantee; `npm run test:deep` (vitest.deep.config.ts sets L2_DEVNET_DEEP=1) runs the deep one.
export const deep = process.env.L2_DEVNET_DEEP === '1';

export function runs(quick: number, deepRuns: number): number {
  return deep ? deepRuns : quick;
}
