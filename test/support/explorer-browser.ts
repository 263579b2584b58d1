// Finds Debian's Chromium for the explorer's browser tests (.ci/run installs it; a test only skips without it).
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

/** The command that installs it (`.ci/run` runs it when Chromium is missing); a test never installs anything. */
export const INSTALL_CHROMIUM = 'apt-get install -y chromium';

/** The Chromium path, or why the browser tests skip (naming the command that enables them). */
export function ensureChromium(path = CHROMIUM): { path: string } | { skip: string } {
  return existsSync(path)
    ? { path }
    : { skip: `${path} is missing: run \`${INSTALL_CHROMIUM}\` (as root) to enable the explorer's browser tests` };
}
