// The package as a user installs it without a registry: `npm pack`, then `npm install ./l2-devnet-X.tgz`
// in a fresh project; the CLI, the library and l2-devnet/testing run from there, as ESM and through require().
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, pinned, run, scratchProject } from './scratch.js';
import type { Scratch } from './scratch.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
let scratch: Scratch;

beforeAll(async () => {
  scratch = await scratchProject([pinned('fast-check')]);
}, 300_000);
afterAll(() => scratch?.remove());

/** A signed transfer through the scenario runner, in-process: what both module systems run. */
const SCENARIO = `{ name: 'signed', steps: [{ as: 'alice', call: 'transfer', with: { to: 'bob', asset: 'ETH', amount: '0.25' }, expect: { balances: { alice: { ETH: '9.75' }, bob: { ETH: '10.25' } } } }] }`;

describe('npm pack', () => {
  it('ships the licence, the README, dist/ and fixtures/; no source maps, no tests, nothing dist/ does not import', () => {
    const paths = scratch.tarball.files.map((f) => f.path);
    for (const p of [
      'LICENSE',
      'README.md',
      'package.json',
      'dist/main.js',
      'dist/index.js',
      'dist/testing.js',
      'dist/vitest.js',
      'dist/vitest-setup.js',
      'fixtures/default.json',
    ])
      expect(paths).toContain(p);
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(paths.filter((p) => /(^|\/)test\/|\.test\.|planted/.test(p))).toEqual([]);
    expect(
      paths.every((p) => ['LICENSE', 'README.md', 'package.json'].includes(p) || p.startsWith('dist/') || p.startsWith('fixtures/')),
    ).toBe(true);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
  });

  it('is the size docs/install.md states (within 10%)', () => {
    const readme = readFileSync(join(ROOT, 'docs/install.md'), 'utf8');
    const m = /`npm pack --dry-run`[^.]*?\sabout\s([\d.]+)\skB\spacked,\s([\d.]+)\skB\sunpacked/.exec(readme);
    expect(m, 'docs/install.md states "`npm pack --dry-run` ... about N kB packed, M kB unpacked"').not.toBeNull();
    const ratio = (stated: string, actual: number) => Number(stated) / (actual / 1000);
    expect(ratio(m![1]!, scratch.tarball.size)).toBeGreaterThan(0.9);
    expect(ratio(m![1]!, scratch.tarball.size)).toBeLessThan(1.1);
    expect(ratio(m![2]!, scratch.tarball.unpackedSize)).toBeGreaterThan(0.9);
    expect(ratio(m![2]!, scratch.tarball.unpackedSize)).toBeLessThan(1.1);
  });

  it('exports package.json, and marks fast-check and vitest as optional peers', async () => {
    expect(Object.keys(pkg.exports)).toEqual([
      '.',
      './testing',
      './vitest',
      './vitest/setup',
      './crypto-tables',
      './openapi-examples',
      './fixtures/default.json',
      './package.json',
    ]);
    expect(pkg.peerDependenciesMeta).toEqual({ 'fast-check': { optional: true }, vitest: { optional: true } });
    expect(Object.keys(pkg.dependencies)).not.toContain('fast-check');
    const r = await scratch.node(['-p', "require('l2-devnet/package.json').version"]);
    expect(r.stdout.trim()).toBe(pkg.version);
    // The precomputed crypto tables ship, and resolve by the name the emulator looks them up by.
    const tables = await scratch.node(['-p', "require('node:fs').statSync(require.resolve('l2-devnet/crypto-tables')).size"]);
    expect(Number(tables.stdout.trim())).toBeGreaterThan(1_000_000);
    // So does the default genesis, by the name the emulator finds it by from dist/ or its bundle.
    const genesis = await scratch.node(['-p', "require(require.resolve('l2-devnet/fixtures/default.json')).format"]);
    expect(genesis.stdout.trim()).toBe('l2-devnet/genesis@1');
  });

  it('depends on exactly the packages dist/ imports; the optional peers are the only others (no test-only dependency)', () => {
    const imported = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith('.js')) {
          // import and export ... from, import(), and a lazy createRequire(import.meta.url)('pkg'), in
          // either quote (the CLI bundle prints double quotes, and bare builtins such as "http"). Comment
          // lines are skipped: a bundled package's JSDoc may show an import of another package.
          const code = readFileSync(join(dir, e.name), 'utf8')
            .split('\n')
            .filter((l) => !/^\s*(\*|\/\/|\/\*)/.test(l))
            .join('\n');
          for (const [, , spec] of code.matchAll(/(?:from |import\(|createRequire\(import\.meta\.url\)\()(['"])([^.'"][^'"]*)\1/g)) {
            if (!spec!.startsWith('node:') && !builtinModules.includes(spec!)) imported.add(/^(@[^/]+\/[^/]+|[^/]+)/.exec(spec!)![1]!);
          }
        }
      }
    };
    walk(join(ROOT, 'dist'));
    expect([...imported].filter((d) => !(d in pkg.peerDependenciesMeta)).sort()).toEqual(Object.keys(pkg.dependencies).sort());
    expect([...imported].filter((d) => d in pkg.peerDependenciesMeta).sort()).toEqual(['fast-check', 'vitest']);
  });
});

describe('installed from the tarball', () => {
  it('installs without building: its prepare script does nothing outside a clone (npm may run it for a tarball)', async () => {
    const installed = join(scratch.dir, 'node_modules', 'l2-devnet');
    const before = readdirSync(join(installed, 'dist')).sort();
    const prepare = await run('npm', ['run', 'prepare'], installed);
    expect(prepare.code, prepare.stderr).toBe(0);
    expect(prepare.stdout).not.toMatch(/> l2-devnet@\S+ build/);
    expect(readdirSync(join(installed, 'dist')).sort()).toEqual(before);
  });

  it('runs the CLI from node_modules/.bin: --version, a server, `l2-devnet health`, a stop', async () => {
    const bin = join(scratch.dir, 'node_modules/.bin/l2-devnet');
    expect((await run(bin, ['--version'], scratch.dir)).stdout.trim()).toBe(pkg.version);
    const { spawn } = await import('node:child_process');
    const server = spawn(bin, ['--port', '0', '--log', 'silent'], { cwd: scratch.dir, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
        });
        server.once('exit', (code) => reject(new Error(`exited ${code} before the ready line`)));
      });
      const port = new URL((JSON.parse(line) as { url: string }).url).port;
      const health = await run(bin, ['health', '--port', port], scratch.dir);
      expect(health.code, health.stderr).toBe(0);
      expect(JSON.parse(health.stdout)).toMatchObject({ status: 'ok', version: pkg.version });
    } finally {
      const exited = new Promise((r) => server.once('exit', (code) => r(code)));
      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it("imports as ESM: the library (ErrorCode: the real service's 39 codes, 0-35, 400, 401, 500), l2-devnet/testing (a signed transfer) and package.json", async () => {
    writeFileSync(
      join(scratch.dir, 'esm.mjs'),
      `
import { createDevnet, ErrorCode, VERSION } from 'l2-devnet';
import { inProcessTarget, runScenario } from 'l2-devnet/testing';
import meta from 'l2-devnet/package.json' with { type: 'json' };
const dn = createDevnet();
const r = await runScenario(${SCENARIO}, inProcessTarget(dn.fetch));
console.log(JSON.stringify({ VERSION, version: meta.version, ok: r.ok, mismatches: r.steps.flatMap((s) => s.mismatches), health: await dn.control.health(), invalidSignature: ErrorCode.InvalidSignature, codes: Object.keys(ErrorCode).length }));
`,
    );
    const r = await scratch.node(['esm.mjs']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      VERSION: pkg.version,
      version: pkg.version,
      ok: true,
      mismatches: [],
      health: { status: 'ok', version: pkg.version },
      invalidSignature: 34,
      codes: 39,
    });
  });

  it('loads through require() (Node >= 20.19 requires ES modules): the library, l2-devnet/testing and package.json', async () => {
    writeFileSync(
      join(scratch.dir, 'cjs.cjs'),
      `
const { createDevnet, VERSION } = require('l2-devnet');
const { inProcessTarget, runScenario } = require('l2-devnet/testing');
const meta = require('l2-devnet/package.json');
(async () => {
  const dn = createDevnet();
  const r = await runScenario(${SCENARIO}, inProcessTarget(dn.fetch));
  console.log(JSON.stringify({ VERSION, version: meta.version, ok: r.ok, mismatches: r.steps.flatMap((s) => s.mismatches) }));
})();
`,
    );
    const r = await scratch.node(['cjs.cjs']);
    expect(r.code, r.stderr).toBe(0);
    // Not even an ExperimentalWarning for require() of an ES module (Node 20.19+, 22.12+, 24).
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ VERSION: pkg.version, version: pkg.version, ok: true, mismatches: [] });
  });

  it('serves and runs the library without the optional peers (fast-check, vitest); `l2-devnet fuzz` says what it needs', async () => {
    // A resolve hook that hides the optional peers, as in a project that never installed them.
    writeFileSync(
      join(scratch.dir, 'no-peers.mjs'),
      `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
export async function resolve(specifier, context, next) {
  if (/^(fast-check|vitest)(\\\\/|$)/.test(specifier)) throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
  return next(specifier, context);
}\`));
`,
    );
    writeFileSync(
      join(scratch.dir, 'lib.mjs'),
      `
import { createDevnet } from 'l2-devnet';
const dn = createDevnet();
console.log(JSON.stringify(await dn.control.health()));
`,
    );
    const lib = await scratch.node(['--import', './no-peers.mjs', 'lib.mjs']);
    expect(lib.code, lib.stderr).toBe(0);
    expect(JSON.parse(lib.stdout)).toMatchObject({ status: 'ok' });
    const main = join(scratch.dir, 'node_modules/l2-devnet/dist/main.js');
    writeFileSync(join(scratch.dir, 'transfer.json'), JSON.stringify(new Function(`return ${SCENARIO}`)()));
    const scenario = await scratch.node(['--import', './no-peers.mjs', main, 'scenario', 'transfer.json']);
    expect(scenario.code, scenario.stdout + scenario.stderr).toBe(0);
    const fuzz = await scratch.node(['--import', './no-peers.mjs', main, 'fuzz']);
    expect(fuzz.code).toBe(2);
    expect(fuzz.stderr).toBe(
      'l2-devnet fuzz: needs fast-check, an optional peer dependency of l2-devnet: npm install --save-dev fast-check\n',
    );
    // And the hook does hide it: l2-devnet/testing needs fast-check.
    const testing = await scratch.node([
      '--import',
      './no-peers.mjs',
      '-e',
      "import('l2-devnet/testing').then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })",
    ]);
    expect(testing.code).toBe(3);
  });
});
