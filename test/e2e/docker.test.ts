// No docker engine runs on CI's machines: this reads the Dockerfile, and runs its ENTRYPOINT and HEALTHCHECK
// with the environment it sets, from the repository root (laid out like the image's /app).
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  const joined = text
    .split('\n')
    .filter((l) => !/^\s*#/.test(l))
    .join('\n')
    .replace(/\\\n/g, ' ');
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
  it('is conventional: node:24-slim (an LTS line), production install, non-root user, health check through `l2-devnet health`, 0.0.0.0', () => {
    for (const stage of all) expect(stage[0]!.args).toMatch(/^node:24-slim\b/);
    const env = envOf(runtime);
    expect(env).toMatchObject({ NODE_ENV: 'production', L2DEVNET_HOST: '0.0.0.0' });
    expect(env.L2DEVNET_LISTEN_FILE).toMatch(/^\/tmp\//);
    expect(
      get('RUN')
        .map((i) => i.args)
        .join(' '),
    ).toContain('npm ci --omit=dev');
    const user = get('USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(get('EXPOSE').map((i) => i.args)).toEqual([env.L2DEVNET_PORT]);
    expect(execForm(get('HEALTHCHECK')[0]!.args.replace(/^.*?\bCMD\s+/, ''))).toEqual([...execForm(get('ENTRYPOINT')[0]!.args), 'health']);
    // Every file the build copies from the context exists, and .dockerignore does not hide it.
    const ignored = readFileSync(`${ROOT}.dockerignore`, 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const i of all.flat().filter((x) => x.op === 'COPY' && !x.args.startsWith('--from'))) {
      for (const src of i.args.split(/\s+/).slice(0, -1)) {
        expect(existsSync(`${ROOT}${src}`), `COPY ${src}`).toBe(true);
        expect(ignored, `COPY ${src} is in .dockerignore`).not.toContain(src);
      }
    }
    for (const heavy of ['node_modules', '.git', 'dist']) expect(ignored).toContain(heavy);
  });

  it('carries the OCI labels, with the version and licence of package.json', () => {
    const labels: Record<string, string> = {};
    for (const i of get('LABEL')) for (const [, k, v] of i.args.matchAll(/([\w.-]+)="([^"]*)"/g)) labels[k!] = v!;
    const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string; license: string; description: string };
    expect(labels).toEqual({
      'org.opencontainers.image.title': 'l2-devnet',
      'org.opencontainers.image.description': pkg.description,
      'org.opencontainers.image.version': pkg.version,
      'org.opencontainers.image.licenses': pkg.license,
      'org.opencontainers.image.base.name': `docker.io/library/${runtime[0]!.args}`,
    });
  });

  it('its ENTRYPOINT with its ENV and a flag after the image advertises loopback, passes its HEALTHCHECK unlogged, and stops on SIGTERM', async () => {
    const argv = execForm(get('ENTRYPOINT')[0]!.args);
    // As `docker run IMAGE --port 0`: the flag overrides the image's L2DEVNET_PORT, and the health
    // check (which gets the image's environment, never the flags) must still find the server.
    // The listen file moves to a fresh directory: tests run in parallel on a shared machine.
    const listenFile = join(mkdtempSync(join(tmpdir(), 'l2-devnet-listen-')), 'l2-devnet.url');
    const env = cleanEnv({ ...envOf(runtime), L2DEVNET_LISTEN_FILE: listenFile });
    const child = spawn(argv[0] === 'node' ? process.execPath : argv[0]!, [...argv.slice(1), '--port', '0'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    await withTimeout(
      (async () => {
        while (!out.includes('\n')) await new Promise((r) => setTimeout(r, 20));
      })(),
      8_000,
      'the ready line',
    );
    const ready = JSON.parse(out.slice(0, out.indexOf('\n'))) as { event: string; url: string };
    expect(ready.event).toBe('ready');
    // Bound to 0.0.0.0, advertised as an address a client can connect to.
    expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.url).not.toBe('http://127.0.0.1:8080');
    expect(readFileSync(listenFile, 'utf8').trim()).toBe(ready.url);

    const healthArgv = execForm(get('HEALTHCHECK')[0]!.args.replace(/^.*?\bCMD\s+/, ''));
    const check = () =>
      spawnSync(healthArgv[0] === 'node' ? process.execPath : healthArgv[0]!, healthArgv.slice(1), {
        cwd: ROOT,
        env,
        timeout: 5_000,
        encoding: 'utf8',
      });
    const healthy = check();
    expect(healthy.status, healthy.stderr).toBe(0);
    expect(JSON.parse(healthy.stdout)).toMatchObject({ status: 'ok', url: ready.url });
    // Probes leave no log line; other requests do.
    await (await fetch(`${ready.url}/v1/nonce?stark_key=0x5`)).text();
    await withTimeout(
      (async () => {
        while (!out.includes('"event":"request"')) await new Promise((r) => setTimeout(r, 20));
      })(),
      3_000,
      'a request line',
    );
    expect(
      out
        .split('\n')
        .filter((l) => l.includes('"event":"request"'))
        .map((l) => (JSON.parse(l) as { path: string }).path),
    ).toEqual(['/v1/nonce']);

    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await withTimeout(exited, 5_000, 'exit after SIGTERM')).toBe(0);
    expect(existsSync(listenFile)).toBe(false);
    const after = check();
    expect(after.status).toBe(1);
    expect(after.stderr).toContain('not listening');
  }, 20_000);

  it('its HEALTHCHECK sends L2DEVNET_CONTROL_TOKEN when the control plane needs one', async () => {
    const argv = execForm(get('ENTRYPOINT')[0]!.args);
    const env = cleanEnv({ ...envOf(runtime), L2DEVNET_PORT: '0', L2DEVNET_CONTROL_TOKEN: 'docker-token' });
    const child = spawn(argv[0] === 'node' ? process.execPath : argv[0]!, argv.slice(1), {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => (out += d));
    await withTimeout(
      (async () => {
        while (!out.includes('\n')) await new Promise((r) => setTimeout(r, 20));
      })(),
      8_000,
      'the ready line',
    );
    const port = new URL((JSON.parse(out.slice(0, out.indexOf('\n'))) as { url: string }).url).port;
    const healthArgv = execForm(get('HEALTHCHECK')[0]!.args.replace(/^.*?\bCMD\s+/, ''));
    const check = (extra: Record<string, string | undefined>) =>
      spawnSync(healthArgv[0] === 'node' ? process.execPath : healthArgv[0]!, healthArgv.slice(1), {
        env: { ...env, L2DEVNET_PORT: port, ...extra },
        timeout: 5_000,
      }).status;
    expect(check({})).toBe(0);
    expect(check({ L2DEVNET_CONTROL_TOKEN: 'wrong' })).toBe(1);
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    expect(await withTimeout(exited, 5_000, 'exit after SIGTERM')).toBe(0);
  }, 20_000);
});

describe('scripts/container-smoke.sh', () => {
  it('exits 2 and says why when no engine answers (a docker client without a daemon, as on CI)', () => {
    // Stand-ins for clients whose daemon is down: `info` fails, as the docker client does here.
    const bin = mkdtempSync(join(tmpdir(), 'l2-devnet-no-engine-'));
    for (const engine of ['docker', 'podman'])
      writeFileSync(join(bin, engine), '#!/bin/sh\necho "Cannot connect to the daemon" >&2\nexit 1\n', { mode: 0o755 });
    const r = spawnSync('bash', [`${ROOT}scripts/container-smoke.sh`], {
      env: { ...cleanEnv(), PATH: `${bin}:${process.env.PATH}`, CONTAINER_ENGINE: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toBe("container-smoke: neither docker nor podman answers 'info' here (a client without an engine is not enough)\n");
  });
});
