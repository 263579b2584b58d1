// `npm run test:deep`: the property tests with their deep run counts (test/support/runs.ts), which
// `npm test` runs with quick ones. CI runs both. No traffic recording: the contract check reads npm test's.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/properties/{fuzz,ledger,lists,matching,snapshot-ids,snapshots}.test.ts'],
    env: { L2_DEVNET_DEEP: '1' },
    maxWorkers: availableParallelism(),
    testTimeout: 600_000,
    hookTimeout: 60_000,
  },
});
