// The process around the state dir: SIGTERM right after the ready line exits 0, and the dir's lock
// holds across PID namespaces (two containers on one volume, both pid 1).
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, live, MAIN, startCli, withTimeout } from '../support/cli.js';

const TIMEOUT = 90_000;
const dirs: string[] = [];
const children: ChildProcess[] = [];

afterEach(() => {
  for (const c of live) c.kill('SIGKILL');
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'l2-devnet-proc-'));
  dirs.push(d);
  return d;
}

describe('signals', () => {
  it(
    'SIGTERM sent the moment the ready line appears exits 0, every time (it used to die by the signal in 4 of 10 runs)',
    async () => {
      const dir = tempDir();
      const outcomes: string[] = [];
      for (let i = 0; i < 16; i++) {
        // --log pretty prints the accounts table after the ready line: the widest window there was.
        const args = i % 2 === 0 ? ['--port', '0', '--log', 'pretty'] : ['--port', '0', '--log', 'pretty', '--state', dir];
        const cli = startCli(args);
        await withTimeout(cli.ready, 8_000, 'the ready line');
        cli.child.kill('SIGTERM');
        const { code, signal } = await withTimeout(cli.exited, 8_000, 'exit after SIGTERM');
        outcomes.push(`${code}/${signal}`);
      }
      expect(outcomes).toEqual(Array(16).fill('0/null'));
    },
    TIMEOUT,
  );
});

/** Why two PID namespaces cannot be made here (the test then skips and says so), or undefined. */
function noUnshare(): string | undefined {
  if (process.platform !== 'linux') return 'PID namespaces are Linux only';
  const r = spawnSync('unshare', ['--pid', '--fork', '--kill-child', 'sh', '-c', 'echo $$'], { encoding: 'utf8' });
  if (r.error) return `unshare is not available: ${r.error.message}`;
  if (r.status !== 0 || r.stdout.trim() !== '1') return `unshare --pid needs CAP_SYS_ADMIN (root): ${r.stderr.trim()}`;
  return undefined;
}
const unshareMissing = noUnshare();

/** The CLI as pid 1 of a new PID namespace, as in a container; resolves with its ready line or its exit. */
function inNamespace(dir: string): {
  child: ChildProcess;
  outcome: Promise<{ ready?: Record<string, unknown>; code?: number | null; stderr: string }>;
} {
  const child = spawn(
    'unshare',
    ['--pid', '--fork', '--kill-child', process.execPath, MAIN, '--port', '0', '--log', 'silent', '--state', dir],
    { env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const outcome = new Promise<{ ready?: Record<string, unknown>; code?: number | null; stderr: string }>((resolve) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl !== -1) resolve({ ready: JSON.parse(out.slice(0, nl)) as Record<string, unknown>, stderr: err });
    });
    child.once('exit', (code) => resolve({ code, stderr: err }));
  });
  return { child, outcome };
}

describe.skipIf(unshareMissing)(`the state dir lock across PID namespaces${unshareMissing ? ` (skipped: ${unshareMissing})` : ''}`, () => {
  it(
    'a second process in another PID namespace (both pid 1) is refused while the first holds the dir, and takes it once the first is killed',
    async () => {
      const dir = tempDir();
      const first = inNamespace(dir);
      const a = await withTimeout(first.outcome, 10_000, 'the first devnet');
      expect(a.ready, a.stderr).toBeDefined();
      // Both see themselves as pid 1: a lock that trusts pids would let the second in.
      expect(JSON.parse(readFileSync(join(dir, 'lock'), 'utf8')).pid).toBe(1);
      const second = inNamespace(dir);
      const b = await withTimeout(second.outcome, 10_000, 'the second devnet');
      expect(b.ready).toBeUndefined();
      expect(b.code).toBe(1);
      expect(b.stderr).toMatch(/is in use by another l2-devnet \(process 1 on host /);

      // kill -9 of the holder frees the lock at once (the kernel drops it with the process): nothing goes stale.
      first.child.kill('SIGKILL');
      await new Promise((r) => first.child.once('exit', r));
      const third = inNamespace(dir);
      const c = await withTimeout(third.outcome, 10_000, 'the third devnet');
      expect(c.ready, c.stderr).toBeDefined();
      expect(c.ready!.state).toMatchObject({ restored: true });
    },
    TIMEOUT,
  );
});
