// README.md's quick start in its own order, in two terminals, on a fresh clone: `npm ci`; terminal 1
// runs `node dist/main.js`; terminal 2 rebuilds dist/ under it (what `npm test` does before its suite),
// then sends the first request, a call that loads a lazily built module, and the scenario command.
// The running server must answer all of them as before the rebuild. Runs in `npm run test:install`
// (it installs the dev dependencies and builds, about 100 s here), not in `npm test`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, cleanEnv, run } from './scratch.js';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const blocks = [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) =>
  m[1]!
    .split('\n')
    .map((l) => l.replace(/\s+#\s.*$/, '').trim())
    .filter(Boolean),
);
const commands = blocks.flat();
const env = { ...cleanEnv(), npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };

let dir: string;
let server: ChildProcess | undefined;
let firstLine: string;

/** Terminal 2: one README command in the clone, with the server of terminal 1 still running. */
const terminal2 = (line: string, timeout = 300_000) => run('bash', ['-euo', 'pipefail', '-c', line], dir, env, timeout);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'l2-devnet-readme-'));
  const clone = await run('git', ['clone', '--quiet', ROOT, dir], tmpdir(), env);
  expect(clone.code, clone.stderr).toBe(0);
  const ci = await terminal2(commands[0]!, 580_000);
  expect(ci.code, ci.stderr).toBe(0);
}, 600_000);

afterAll(() => {
  server?.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
});

describe("README.md's quick start, in its order, in two terminals", () => {
  it('has the commands this check runs, in this order', () => {
    expect(commands.slice(0, 3)).toEqual(['npm ci', 'node dist/main.js', 'npm test']);
    expect(commands[3]).toMatch(/^curl -s 'http:\/\/127\.0\.0\.1:8080\/v1\/balances\?stark_key=0x[0-9a-f]+'$/);
    expect(commands[4]).toBe('node dist/main.js scenario scenarios/nft-sale.json');
  });

  it('terminal 1: the first stdout line is the JSON ready line', async () => {
    server = spawn('bash', ['-c', `exec ${commands[1]}`], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines = createInterface({ input: server.stdout! });
    firstLine = await new Promise<string>((resolve, reject) => {
      lines.once('line', resolve);
      server!.once('exit', (code) => reject(new Error(`the server exited (${code}) before its ready line`)));
    });
    expect(JSON.parse(firstLine)).toMatchObject({ event: 'ready', url: 'http://127.0.0.1:8080' });
  }, 60_000);

  it("terminal 2: npm test's build swaps dist/ under the running server; its files stay executable", async () => {
    const build = await terminal2('npm run build');
    expect(build.code, build.stderr).toBe(0);
    expect(statSync(join(dir, 'dist/main.js')).mode & 0o111).toBe(0o111);
  }, 300_000);

  it('terminal 2: the first request, a lazily loaded check and the scenario all succeed against the running server', async () => {
    const balances = await terminal2(commands[3]!);
    expect(balances.code, balances.stderr).toBe(0);
    expect(JSON.parse(balances.stdout)).toMatchObject({ status: 'OK', error: '' });
    // The invariants check lives in a chunk loaded on first use, after the rebuild swapped dist/.
    const invariants = await terminal2("curl -s 'http://127.0.0.1:8080/_devnet/invariants'");
    expect(JSON.parse(invariants.stdout)).toMatchObject({ ok: true, violations: [] });
    const scenario = await terminal2(commands[4]!);
    expect(scenario.code, scenario.stdout + scenario.stderr).toBe(0);
    expect(server!.exitCode).toBeNull();
  }, 300_000);
});
