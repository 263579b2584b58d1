// l2-devnet/vitest's loadFixture (Hardhat's): run once, then each later test reverts to its snapshot.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const dir = fileURLToPath(new URL('./fixtures/load-fixture/', import.meta.url));

it('two tests each start from the fixture state, and the fixture runs once', () => {
  const vitest = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
  const r = spawnSync(process.execPath, [vitest, 'run', '--config', 'vitest.config.mjs'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, L2DEVNET_URL: '' },
  });
  expect(r.stdout + r.stderr).toContain('2 passed');
  expect(r.status).toBe(0);
});
