// Finds Debian's Chromium for the explorer's browser test, installing it through apt once when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM = '/usr/bin/chromium';

/** The flags the browser test runs with: headless, sandbox off (containers run as root), nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function apt(args: string[]): boolean {
  const r = spawnSync('apt-get', args, {
    stdio: 'ignore',
    timeout: 15 * 60_000,
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return r.status === 0;
}

/**
 * The Chromium path, or why there is none. apt needs root; a fresh image may have no package lists
 * yet, so a failed install is retried once after `apt-get update`.
 */
export function ensureChromium(path = CHROMIUM): { path: string } | { skip: string } {
  if (existsSync(path)) return { path };
  if (process.platform !== 'linux' || typeof process.getuid !== 'function' || process.getuid() !== 0) {
    return {
      skip: `${path} is missing and apt-get needs root here: run \`apt-get install -y chromium\` to enable the explorer's browser test`,
    };
  }
  if (spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0)
    return { skip: `${path} is missing and there is no apt-get to install it` };
  const installed = apt(['install', '-y', 'chromium']) || (apt(['update']) && apt(['install', '-y', 'chromium']));
  if (installed && existsSync(path)) return { path };
  return { skip: `${path} is missing and \`apt-get install -y chromium\` failed (offline?)` };
}
