// `npm ci` on any Node the package's engines field admits must not warn EBADENGINE: every package the
// lockfile installs (development ones included, since the README's test command installs them) must
// accept the lowest version of each line our engines field names.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

/** The lowest version of each `||` branch of a range, e.g. 20.19.0, 22.12.0 and 24.0.0. */
function lowestOfEachLine(range: string): string[] {
  return range.split('||').map((part) => semver.minVersion(part.trim())!.version);
}

/** npm skips (without an engine check) optional packages built for another platform and what only they need. */
const installsHere = (path: string) => existsSync(join(path, 'package.json'));

describe('engines', () => {
  const lines = lowestOfEachLine(pkg.engines.node);

  it('names Node 20, 22 and 24', () => {
    expect(lines.map((v) => semver.major(v))).toEqual([20, 22, 24]);
  });

  it.each(lines)('every locked package installs on Node %s without EBADENGINE', (node) => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, meta]) => path !== '' && meta.engines && !Array.isArray(meta.engines) && meta.engines.node)
      .filter(([path]) => installsHere(path))
      .filter(([, meta]) => !semver.satisfies(node, (meta.engines as { node: string }).node))
      .map(([path, meta]) => `${path} wants node ${(meta.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
