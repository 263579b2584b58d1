// The Dockerfile cannot be built here (no docker engine): this reads it, and runs its ENTRYPOINT and HEALTHCHECK
// with the environment it sets, from the repository root (laid out like the image's /app).
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanEnv, withTimeout } from '../support/cli.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Instruction {
  op: string;
  args: string;
}

/** Dockerfile -> instructions of each stage (comments dropped, `\` continuations joined). */
function stages(text: string): Instruction[][] {
  const joined = text.split('\n').filter((l) => !/^\s*#/.test(l)).join('\n').replace(/\\\n/g, ' ');
  const out: Instruction[][] = [];
  for (const line of joined.split('\n')) {
    const m = /^\s*([A-Z]+)\s+(.*)$/.exec(line);
    if (!m) continue;
    if (m[1] === 'FROM') out.push([]);
    out[out.length - 1]!.push({ op: m[1]!, args: m[2]!.trim() });
  }
  return out;
}

/** `A=1 B=2` (the form this Dockerfile uses) -> {A: '1', B: '2'}. */
function envOf(stage: Instruction[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of stage.filter((x) => x.op === 'ENV')) for (const [, k, v] of i.args.matchAll(/(\w+)=(\S+)/g)) env[k!] = v!;
  return env;
}

function execForm(args: string): string[] {
  const argv = JSON.parse(args) as unknown;
  expect(Array.isArray(argv), `exec form (a JSON array) expected: ${args}`).toBe(true);
  return argv as string[];
}

const dockerfile = readFileSync(`${ROOT}Dockerfile`, 'utf8');
const all = stages(dockerfile);
const runtime = all[all.length - 1]!;
const get = (op: string) => runtime.filter((i) => i.op === op);
const children = new Set<ChildProcess>();

afterEach(() => {
  for (const c of children) c.kill('SIGKILL');
  children.clear();
});

describe('Dockerfile', () => {
  it('is conventional: node:20-slim, production install, non-root user, health check on /_devnet/health, 0.0.0.0', () => {
    for (const stage of all) expect(stage[0]!.args).toMatch(/^node:20-slim\b/);
    const env = envOf(runtime);
    expect(env).toMatchObject({ NODE_ENV: 'production', L2DEVNET_HOST: '0.0.0.0' });
    expect(get('RUN').map((i) => i.args).join(' ')).toContain('npm ci --omit=dev');
    const user = get('USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(get('EXPOSE').map((i) => i.args)).toEqual([env.L2DEVNET_PORT]);
    const health = get('HEALTHCHECK')[0]!.args;
    expect(health).toContain('/_devnet/health');
    // Every file the build copies from the context exists, and .dockerignore does not hide it.
    const ignored = readFileSync(`${ROOT}.dockerignore`, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
    for (const i of all.flat().filter((x) => x.op === 'COPY' && !x.args.startsWith('--from'))) {
      for (const src of i.args.split(/\s+/).slice(0, -1)) {
        expect(existsSync(`${ROOT}${src}`), `COPY ${src}`).toBe(true);
        expect(ignored, `COPY ${src} is in .dockerignore`).not.toContain(src);
      }
    }
    for (const heavy of ['node_modules', '.git', 'dist']) expect(ignored).toContain(heavy);
  });

  it('its ENTRYPOINT with its ENV serves on 0.0.0.0, logs JSON lines, passes its HEALTHCHECK, and stops on SIGTERM', async () => {
    const argv = execForm(get('ENTRYPOINT')[0]!.args);
    // The one change: port 0, since tests run in parallel on a shared machine (8080 may be taken).
    const env = cleanEnv({ ...envOf(runtime), L2DEVNET_PORT: '0' });
    const child = spawn(argv[0] === 'node' ? process.execPath : argv[0]!, argv.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    await withTimeout((async () => { while (!out.includes('\n')) await new Promise((r) => setTimeout(r, 20)); })(), 8_000, 'the ready line');
    const ready = JSON.parse(out.slice(0, out.indexOf('\n'))) as { event: string; url: string };
    expect(ready.event).toBe('ready');
    expect(ready.url).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
    const port = new URL(ready.url).port;

    const healthArgv = execForm(get('HEALTHCHECK')[0]!.args.replace(/^.*?\bCMD\s+/, ''));
    const check = () => spawnSync(healthArgv[0] === 'node' ? process.execPath : healthArgv[0]!, healthArgv.slice(1), { env: { ...env, L2DEVNET_PORT: port }, timeout: 5_000 }).status;
    expect(check()).toBe(0);
    await withTimeout((async () => { while (!out.includes('"event":"request"')) await new Promise((r) => setTimeout(r, 20)); })(), 3_000, 'the health check request line');
    expect(JSON.parse(out.split('\n')[1]!)).toMatchObject({ event: 'request', method: 'GET', path: '/_devnet/health', status: 200 });

    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await withTimeout(exited, 5_000, 'exit after SIGTERM')).toBe(0);
    expect(check()).toBe(1);
  }, 20_000);

  it('its HEALTHCHECK sends L2DEVNET_CONTROL_TOKEN when the control plane needs one', async () => {
    const argv = execForm(get('ENTRYPOINT')[0]!.args);
    const env = cleanEnv({ ...envOf(runtime), L2DEVNET_PORT: '0', L2DEVNET_CONTROL_TOKEN: 'docker-token' });
    const child = spawn(argv[0] === 'node' ? process.execPath : argv[0]!, argv.slice(1), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    await withTimeout((async () => { while (!out.includes('\n')) await new Promise((r) => setTimeout(r, 20)); })(), 8_000, 'the ready line');
    const port = new URL((JSON.parse(out.slice(0, out.indexOf('\n'))) as { url: string }).url).port;
    const healthArgv = execForm(get('HEALTHCHECK')[0]!.args.replace(/^.*?\bCMD\s+/, ''));
    const check = (extra: Record<string, string | undefined>) =>
      spawnSync(healthArgv[0] === 'node' ? process.execPath : healthArgv[0]!, healthArgv.slice(1), { env: { ...env, L2DEVNET_PORT: port, ...extra }, timeout: 5_000 }).status;
    expect(check({})).toBe(0);
    expect(check({ L2DEVNET_CONTROL_TOKEN: 'wrong' })).toBe(1);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await withTimeout(exited, 5_000, 'exit after SIGTERM')).toBe(0);
  }, 20_000);
});
