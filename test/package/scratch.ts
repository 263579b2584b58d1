// A scratch project that installs the packed tarball as a user would (npm pack, then npm install FILE).
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
/** The version our lockfile pins, so the scratch install is served from the npm cache `npm ci` filled. */
export const pinned = (name: string): string => `${name}@${lock.packages[`node_modules/${name}`]!.version}`;

export interface PackResult {
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string; size: number }>;
}

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (never throws on a non-zero exit). */
export function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env, timeout = 120_000): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], timeout });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * `npm pack` of the built tree (npm test builds before it runs the suite, so scripts are skipped
 * here: packing would otherwise rebuild dist/ under the other test files' feet).
 */
export async function pack(dest: string): Promise<PackResult> {
  if (!existsSync(join(ROOT, 'dist/index.js'))) throw new Error('dist/ is not built: run `npm run build` (npm test does) first');
  const { stdout } = await promisify(execFile)('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as PackResult[])[0]!;
}

export interface Scratch {
  dir: string;
  tarball: PackResult;
  /** Runs node in the scratch project. */
  node(args: string[], env?: Record<string, string>): Promise<Run>;
  remove(): void;
}

/** A fresh project in the temp dir with the tarball and `extra` packages installed (from the cache when it has them). */
export async function scratchProject(extra: string[]): Promise<Scratch> {
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-scratch-'));
  const tarball = await pack(dir);
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', version: '1.0.0', private: true }, null, 2));
  const install = await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', `./${tarball.filename}`, ...extra],
    dir,
    process.env,
    240_000,
  );
  if (install.code !== 0) throw new Error(`npm install in ${dir} failed (${install.code}):\n${install.stderr}`);
  return {
    dir,
    tarball,
    node: (args, env = {}) => run(process.execPath, args, dir, { ...cleanEnv(), ...env }),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The environment without L2DEVNET_* and vitest's own variables (a nested vitest must not think it is a worker). */
export function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env))
    if (!k.startsWith('L2DEVNET_') && !k.startsWith('VITEST') && k !== 'NODE_OPTIONS' && k !== 'TEST') env[k] = v;
  return env;
}
