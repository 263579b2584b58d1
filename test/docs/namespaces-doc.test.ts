// docs/namespaces.md runs as written: its sh blocks against a spawned emulator (the start command
// with --port 0), its JSON refusal against the real answer, and its vitest example in a vitest of its own.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, startCli, withTimeout } from '../support/cli.js';
import type { Cli } from '../support/cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs/namespaces.md'), 'utf8');
const blocks = (lang: string): string[] => [...DOC.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

function run(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let cli: Cli;
let url: string;
const scratch = join(ROOT, 'test-output', 'docs-namespaces');

beforeAll(async () => {
  // The page's start command, on a free port.
  const start = blocks('sh').find((b) => b.startsWith('npx l2-devnet'))!;
  const flags = start.trim().split(/\s+/).slice(2);
  cli = startCli([...flags, '--port', '0', '--log', 'silent']);
  url = (await withTimeout(cli.ready, 15_000, 'the ready line')).json.url as string;
});
afterAll(async () => {
  cli.child.kill('SIGTERM');
  await withTimeout(cli.exited, 10_000, 'the CLI to exit');
  rmSync(scratch, { recursive: true, force: true });
});

describe('docs/namespaces.md', () => {
  it('has the blocks this test runs: the curl session, the start command, the refusal, the vitest example', () => {
    expect(blocks('sh').map((b) => b.split('\n')[0])).toEqual([
      'URL=http://127.0.0.1:8080',
      'npx l2-devnet --max-namespaces 32 --namespace-ttl 3600',
    ]);
    expect(blocks('json')).toHaveLength(1);
    expect(blocks('js')).toHaveLength(1);
  });

  it('the start command starts, with the cap and TTL it names', async () => {
    const listed = (await (await fetch(`${url}/_devnet/namespaces`)).json()) as Record<string, unknown>;
    expect(listed).toMatchObject({ max_namespaces: 32, ttl_seconds: 3600 });
  });

  it('the curl session runs as written and each answer is what the page says', async () => {
    // As written, but on this emulator's URL, failing on an HTTP error, one answer per line.
    const script = blocks('sh')[0]!
      .replace('URL=http://127.0.0.1:8080', `URL=${url}`)
      .replace(/^curl /gm, 'curl -f ')
      .split('\n')
      .map((l) => (l === '' || l.startsWith('#') || l.startsWith('URL=') || l.endsWith('\\') ? l : l + '; echo'))
      .join('\n');
    const r = await run('bash', ['-euo', 'pipefail', '-c', script], cleanEnv());
    expect(r.code, r.stderr).toBe(0);
    const [accounts, deposit, listing, deleted] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(accounts.accounts.map((a: { name: string }) => a.name)).toContain('alice');
    expect(deposit).toEqual({ sequence_id: expect.any(Number) });
    expect(listing).toEqual({
      current: 'default',
      namespaces: [
        { name: 'default', idle_seconds: 0, state_dir: null },
        { name: 'worker-1', idle_seconds: 0, state_dir: null },
      ],
      max_namespaces: 32,
      ttl_seconds: 3600,
    });
    expect(deleted).toEqual({ deleted: 'worker-1' });
    const names = ((await (await fetch(`${url}/_devnet/namespaces`)).json()) as { namespaces: Array<{ name: string }> }).namespaces.map(
      (n) => n.name,
    );
    expect(names).toEqual(['default']);
  });

  it('the refusal shown is the answer to /ns/Worker1/', async () => {
    const res = await fetch(`${url}/ns/Worker1/_devnet/health`);
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(blocks('json')[0]!.trim());
  });

  it('the vitest example passes in a vitest run of its own against the emulator', async () => {
    const example = blocks('js')[0]!;
    const file = /^\/\/ (\S+)\n/.exec(example)![1]!;
    mkdirSync(join(scratch, 'test'), { recursive: true });
    writeFileSync(join(scratch, file), example);
    // The page imports the package by name; here the package is this repository's build.
    writeFileSync(
      join(scratch, 'vitest.config.mjs'),
      `export default { resolve: { alias: { 'l2-devnet/testing': ${JSON.stringify(join(ROOT, 'dist/testing.js'))} } }, test: { include: ['test/**/*.test.mjs'] } };\n`,
    );
    const r = await run(
      process.execPath,
      [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'vitest.config.mjs', '--root', scratch],
      cleanEnv({ L2DEVNET_URL: url }),
      scratch,
    );
    const out = (r.stdout + r.stderr).replace(/\x1b\[[0-9;]*m/g, '');
    expect(r.code, out).toBe(0);
    expect(out).toMatch(/Tests\s+1 passed \(1\)/);
    const names = ((await (await fetch(`${url}/_devnet/namespaces`)).json()) as { namespaces: Array<{ name: string }> }).namespaces.map(
      (n) => n.name,
    );
    expect(names.some((n) => /^worker-\d+$/.test(n))).toBe(true);
  }, 120_000);
});
