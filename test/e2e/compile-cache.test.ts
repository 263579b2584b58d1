// The bin turns Node's compile cache on before it loads the CLI (src/main.ts): on Node 22.1 and later a
// start writes the V8 code of what it compiled to the cache directory, and the next start reads it; Node 20
// has no compile cache and the bin starts as it always did, writing nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { VERSION } from '../../src/core/version.js';
import { cleanEnv, MAIN } from '../support/cli.js';

const hasCompileCache = typeof (module as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** The test runner's environment with the temp directory `dir` and no compile-cache variable of its own. */
function cacheEnv(dir: string): NodeJS.ProcessEnv {
  const env = cleanEnv({ TMPDIR: dir });
  delete env.NODE_COMPILE_CACHE;
  delete env.NODE_DISABLE_COMPILE_CACHE;
  return env;
}

describe('the compile cache', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('is turned on by the bin before anything else loads: the bin imports the CLI alone, after the call', () => {
    const bin = readFileSync(MAIN, 'utf8');
    const staticImports = [...bin.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(staticImports).toEqual(['node:module']);
    const dynamic = [...bin.matchAll(/await import\("(\.\/main-[^"]+\.js)"\)/g)].map((m) => m[1]);
    expect(dynamic).toHaveLength(1);
    expect(bin.indexOf('enableCompileCache?.()')).toBeGreaterThan(-1);
    expect(bin.indexOf('enableCompileCache?.()')).toBeLessThan(bin.indexOf('await import('));
  });

  it(`a run leaves the compiled code under the temp directory, where Node keeps it by default (Node ${process.versions.node}: ${hasCompileCache ? 'has' : 'has no'} compile cache)`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-compile-cache-'));
    dirs.push(dir);
    // TMPDIR moves the default cache directory (os.tmpdir()/node-compile-cache) into this test's own;
    // NODE_COMPILE_CACHE would turn the cache on by itself, without the bin.
    const run = spawnSync(process.execPath, [MAIN, '--version'], { env: cacheEnv(dir), encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(VERSION);
    const files = filesUnder(dir);
    if (hasCompileCache) {
      // One entry per module compiled: the bin, the CLI's bundle and its chunks.
      expect(files.length).toBeGreaterThanOrEqual(3);
    } else {
      expect(files).toEqual([]);
    }
  });

  it('NODE_DISABLE_COMPILE_CACHE=1 leaves the cache directory empty, and the bin still runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-compile-cache-'));
    dirs.push(dir);
    const env = { ...cacheEnv(dir), NODE_DISABLE_COMPILE_CACHE: '1' };
    const run = spawnSync(process.execPath, [MAIN, '--version'], { env, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(filesUnder(dir)).toEqual([]);
  });
});
