// docs/install.md's commands (clone, install from a git URL, npm ci + npm pack): each installs the dev
// dependencies and builds, so they run as their own step of .ci/run, after `npm test`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/package/**/*.check.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
