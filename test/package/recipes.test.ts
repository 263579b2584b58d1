// docs/testing.md runs as written: its files are copied into a project that installed the packed tarball,
// and vitest (l2-devnet/vitest), jest and, where an engine runs, testcontainers run them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, pinned, run, scratchProject } from './scratch.js';
import type { Scratch } from './scratch.js';
import { whyNoTestcontainers } from './engine.js';

const DOC = readFileSync(join(ROOT, 'docs/testing.md'), 'utf8');
/** The jest the recipe was written against; not a dependency of this repository, so installed here only. */
const JEST = 'jest@30.5.2';
/** testcontainers 12 needs Node 22.22 or later; 11 runs on every Node this package supports. */
const TESTCONTAINERS = 'testcontainers@11.14.0';

/** Every js block of the page that opens with `// FILE`: FILE -> its text. */
function docFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, body] of DOC.matchAll(/```js\n([\s\S]*?)```/g)) {
    const m = /^\/\/ (\S+)\n/.exec(body!);
    if (m) files.set(m[1]!, body!);
  }
  return files;
}

let scratch: Scratch;
const files = docFiles();

beforeAll(async () => {
  scratch = await scratchProject([pinned('vitest'), pinned('fast-check'), JEST]);
  for (const [name, text] of files) {
    mkdirSync(dirname(join(scratch.dir, name)), { recursive: true });
    writeFileSync(join(scratch.dir, name), text);
  }
}, 300_000);
// The scratch project holds jest, vitest and testcontainers: removing it can take longer than the default hook timeout.
afterAll(() => scratch?.remove(), 120_000);

const vitest = (args: string[], env: Record<string, string> = {}) => scratch.node(['node_modules/vitest/vitest.mjs', 'run', ...args], env);
const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');

describe('docs/testing.md', () => {
  it('has the files the recipes name', () => {
    expect([...files.keys()].sort()).toEqual(
      [
        'balances.jest.test.cjs',
        'devnet.container-setup.mjs',
        'devnet.jest-setup.mjs',
        'devnet.jest-teardown.mjs',
        'devnet.setup.mjs',
        'jest.config.cjs',
        'test/genesis.test.mjs',
        'test/transfer.test.mjs',
        'vitest.config.mjs',
        'vitest.container.config.mjs',
      ].sort(),
    );
  });

  it("vitest: one emulator for the run; each test starts from the file's fixture, each file from what the last one found", async () => {
    const r = await vitest(['--config', 'vitest.config.mjs', 'test/']);
    expect(r.code, plain(r.stdout + r.stderr)).toBe(0);
    expect(plain(r.stdout)).toMatch(/Tests\s+3 passed \(3\)/);
  });

  it('vitest: devnet.setup.mjs starts it with options', async () => {
    writeFileSync(
      join(scratch.dir, 'vitest.options.config.mjs'),
      "import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { globalSetup: ['./devnet.setup.mjs'], fileParallelism: false } });\n",
    );
    const r = await vitest(['--config', 'vitest.options.config.mjs', 'test/genesis.test.mjs']);
    expect(r.code, plain(r.stdout + r.stderr)).toBe(0);
    expect(plain(r.stdout)).toMatch(/Tests\s+1 passed \(1\)/);
  });

  it('vitest: files in parallel get a namespace per worker of the one emulator, and pass as they do one at a time', async () => {
    const r = await vitest(['--config', 'vitest.config.mjs', '--fileParallelism', '--maxWorkers=2', 'test/']);
    expect(r.code, plain(r.stdout + r.stderr)).toBe(0);
    expect(plain(r.stdout)).not.toContain('failed');
  });

  it('jest: a globalSetup starts it, tests snapshot and revert over HTTP', async () => {
    const r = await scratch.node(['node_modules/jest/bin/jest.js', '--config', 'jest.config.cjs', '--ci']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Tests:\s+2 passed, 2 total/);
  });

  const why = whyNoTestcontainers();
  it.skipIf(why !== undefined)(
    `testcontainers: the image as the run's emulator${why ? ` (skipped: ${why})` : ''}`,
    async () => {
      // scripts/container-smoke.sh builds the image (and checks it) with whatever ENGINE_ARGS,
      // BUILD_ARGS and RUN_ARGS this machine needs; the recipe then starts that image.
      const smoke = await run(
        'bash',
        [join(ROOT, 'scripts/container-smoke.sh')],
        ROOT,
        { ...process.env, IMAGE: 'l2-devnet:recipe-test' },
        900_000,
      );
      expect(smoke.code, smoke.stdout + smoke.stderr).toBe(0);
      const install = await run(
        'npm',
        ['install', '--prefer-offline', '--no-audit', '--no-fund', TESTCONTAINERS],
        scratch.dir,
        process.env,
        300_000,
      );
      expect(install.code, install.stderr).toBe(0);
      const r = await vitest(['--config', 'vitest.container.config.mjs'], { L2DEVNET_IMAGE: 'l2-devnet:recipe-test' });
      expect(r.code, plain(r.stdout + r.stderr)).toBe(0);
      expect(plain(r.stdout)).toMatch(/Tests\s+1 passed \(1\)/);
    },
    1_200_000,
  );
});
