import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Vitest's default leaves a core to its own process (one worker on 2 cores); that process is mostly
    // idle and many tests wait on child processes, so use every core.
    maxWorkers: availableParallelism(),
    // Records what the emulator answers in-process, for the contract check run after this suite
    // (vitest.contract.config.ts). test-output/traffic/ is cleared at the start of each run.
    globalSetup: ['test/contract/global-setup.ts'],
    setupFiles: ['test/contract/record-traffic.setup.ts'],
  },
});
