// docs/container.md's commands (test/package/container-docs.engine.ts): they build and run the image
// with podman, so they run on demand (`npm run test:container`), neither in `npm test` nor in CI.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/package/**/*.engine.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
