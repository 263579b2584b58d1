// Spawning the built CLI (dist/main.js) in tests: ready line, exit, timeouts. `npm test` builds first.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface Cli {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the parsed first stdout line (the ready line). */
  ready: Promise<{ line: string; json: Record<string, unknown> }>;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export const live = new Set<ChildProcess>();

/** The environment of the test runner minus any L2DEVNET_* variables, plus `extra`. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('L2DEVNET_')) env[k] = v;
  return { ...env, ...extra };
}

export function startCli(args: string[], extraEnv: Record<string, string> = {}): Cli {
  const child = spawn(process.execPath, [MAIN, ...args], { env: cleanEnv(extraEnv), stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8');
  child.stderr!.setEncoding('utf8');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal });
    });
  });
  const ready = new Promise<{ line: string; json: Record<string, unknown> }>((resolve, reject) => {
    let done = false;
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      if (done) return;
      const nl = out.indexOf('\n');
      if (nl === -1) return;
      done = true;
      const line = out.slice(0, nl);
      try {
        resolve({ line, json: JSON.parse(line) as Record<string, unknown> });
      } catch (e) {
        reject(new Error(`first stdout line is not JSON: ${JSON.stringify(line)} (${(e as Error).message})`));
      }
    });
    void exited.then(({ code, signal }) => {
      if (!done) reject(new Error(`CLI exited (code ${code}, signal ${signal}) before the ready line; stderr: ${err}`));
    });
  });
  ready.catch(() => {}); // avoid unhandled rejections for tests that never await it
  child.stderr!.on('data', (chunk: string) => {
    err += chunk;
  });
  return { child, stdout: () => out, stderr: () => err, ready, exited };
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/** Runs a CLI invocation that is expected to exit by itself. */
export async function runToExit(args: string[], extraEnv: Record<string, string> = {}) {
  const cli = startCli(args, extraEnv);
  const { code, signal } = await withTimeout(cli.exited, 8_000, `exit of l2-devnet ${args.join(' ')}`);
  return { code, signal, stdout: cli.stdout(), stderr: cli.stderr() };
}

/** Starts a server and waits for its ready line; returns the base URL. */
export async function startServer(
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ cli: Cli; url: string; json: Record<string, unknown> }> {
  const cli = startCli(args, extraEnv);
  const { json } = await withTimeout(cli.ready, 8_000, 'the ready line');
  return { cli, url: String(json.url), json };
}

export async function stop(cli: Cli, signal: NodeJS.Signals = 'SIGTERM') {
  cli.child.kill(signal);
  return withTimeout(cli.exited, 5_000, `exit after ${signal}`);
}
