import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/bench/**', 'node_modules/**'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Records what the emulator answers in-process, for the contract check run after this suite
    // (vitest.contract.config.ts). test-output/traffic/ is cleared at the start of each run.
    globalSetup: ['test/contract/global-setup.ts'],
    setupFiles: ['test/contract/record-traffic.setup.ts'],
  },
});
