import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a worker of their own: in a shared one they would see, or leave behind, state of
 * another file. A new file goes here when it mocks a module (vi.mock, vi.resetModules), needs the
 * crypto tables cold, or compares with the global Request/Response (@hono/node-server replaces them
 * once a file in the worker has started a server).
 */
const ISOLATED = [
  'test/properties/fuzz.test.ts', // vi.mock of the fees module plants a bug
  'test/unit/crypto/precomputed.test.ts', // vi.resetModules, and the tables' file registered or not
  'test/unit/crypto/warm.test.ts', // counts the warm-up steps from cold tables
  'test/unit/http/json-response.test.ts', // instanceof the global Response
  'test/unit/http/text-request.test.ts', // instanceof the global Request
  'test/unit/domain/state/fields.test.ts', // vi.mock of the state's fields adds two
];

const common = {
  testTimeout: 30_000,
  hookTimeout: 30_000,
  // Records what the emulator answers in-process, for the contract check run after this suite
  // (vitest.contract.config.ts). The setup file runs before each test file, shared worker or not.
  setupFiles: ['test/contract/record-traffic.setup.ts'],
};

export default defineConfig({
  test: {
    // Vitest's default leaves a core to its own process (one worker on 2 cores); that process is mostly
    // idle and many tests wait on child processes, so use every core.
    maxWorkers: availableParallelism(),
    // test-output/traffic/ is cleared at the start of each run (once, for both projects).
    globalSetup: ['test/contract/global-setup.ts'],
    projects: [
      {
        // A fresh worker per file costs about a second of CPU (a process, then src/ evaluated again);
        // most files build their own emulators and share nothing through modules, so they share workers.
        test: {
          ...common,
          name: 'shared',
          include: ['test/**/*.test.ts'],
          exclude: ['test/bench/**', 'node_modules/**', ...ISOLATED],
          isolate: false,
        },
      },
      { test: { ...common, name: 'isolated', include: ISOLATED } },
    ],
  },
});
