// docs/install.md runs as written: each sh block in a fresh directory, with this repository standing in
// for the git URL (a clone of its HEAD commit) and no registry but npm's for the dependencies.
// Each block installs the dev dependencies and builds (about 100 s here), so this file runs as its own
// step of .ci/run (`npm run test:install`), not in `npm test`.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, cleanEnv, run } from './scratch.js';

const DOC = readFileSync(join(ROOT, 'docs/install.md'), 'utf8');
const URL_IN_DOC = 'https://github.com/your-org/l2-devnet.git';
const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The sh block under a `## heading` of docs/install.md. */
function block(heading: string): string {
  const at = DOC.indexOf(`## ${heading}\n`);
  expect(at, `docs/install.md has "## ${heading}"`).toBeGreaterThan(-1);
  const m = /```sh\n([\s\S]*?)```/.exec(DOC.slice(at));
  return m![1]!;
}

/** Runs `script` with bash -e in a fresh directory that holds an empty project. */
async function runInScratch(script: string) {
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-docs-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'your-project', version: '1.0.0', private: true }));
  // --prefer-offline: served from the cache that `npm ci` filled, where it can be.
  const env = {
    ...cleanEnv(),
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_loglevel: 'error',
  };
  return { dir, ...(await run('bash', ['-euo', 'pipefail', '-c', script], dir, env, 540_000)) };
}

describe('docs/install.md', () => {
  it('names the version that package.json has', () => {
    expect(DOC).toContain(`l2-devnet-${version}.tgz`);
  });

  it('"From a git URL": npm clones, builds with prepare, installs; npx l2-devnet runs', async () => {
    const script = block('From a git URL');
    expect(script).toContain(`git+${URL_IN_DOC}`);
    const r = await runInScratch(script.replaceAll(URL_IN_DOC, `file://${ROOT}`));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe(version);
    const installed = JSON.parse(readFileSync(join(r.dir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(installed.devDependencies['l2-devnet']).toMatch(/^git\+file:/);
  }, 600_000);

  it('"From a tarball": clone, npm ci, npm pack, install the file; npx l2-devnet runs', async () => {
    const script = block('From a tarball');
    expect(script).toContain(`git clone ${URL_IN_DOC}`);
    const r = await runInScratch(script.replaceAll(`git clone ${URL_IN_DOC}`, `git clone ${ROOT} l2-devnet`));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').at(-1)).toBe(version);
    const installed = JSON.parse(readFileSync(join(r.dir, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(installed.devDependencies['l2-devnet']).toBe(`file:l2-devnet/l2-devnet-${version}.tgz`);
  }, 600_000);
});
