// Every shell command that README.md and docs/*.md show runs: here, against the built CLI, or in the
// test or CI step named for it below. A command that is in neither place fails this file, so a doc
// cannot show a command nobody runs. Inline `npm run NAME` and `npm run bench -- NAME` mentions must
// name scripts and benchmarks that exist.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

interface Command {
  doc: string;
  line: string;
}

/** The commands of a doc's sh blocks: continuations joined, comments cut, `a && b` split. */
function commandsOf(doc: string): Command[] {
  const out: Command[] = [];
  for (const m of read(doc).matchAll(/```(?:sh|bash|shell)\n([\s\S]*?)```/g)) {
    for (const raw of m[1]!.replaceAll('\\\n', ' ').split('\n')) {
      const line = raw.replace(/\s+#\s.*$/, '').trim();
      if (line === '' || line.startsWith('#')) continue;
      for (const part of line.split(' && ')) out.push({ doc, line: part.trim() });
    }
  }
  return out;
}

/**
 * Commands run elsewhere, each with the file that runs it: the file must exist and mention what it
 * runs (`mentions`), so the pointer cannot go stale unnoticed.
 */
const ELSEWHERE: { match: RegExp; by: string; mentions: string; why: string }[] = [
  {
    match: /^npm (install|ci)$/,
    by: '.ci/run',
    mentions: 'npm ci',
    why: 'CI installs a clean clone from the lockfile before anything else',
  },
  { match: /^npm test$/, by: '.ci/run', mentions: 'npm test', why: 'CI runs exactly the README test command' },
  {
    match: /^docker (build|run) /,
    by: 'test/e2e/docker.test.ts',
    mentions: 'HEALTHCHECK',
    why: 'no engine on CI: the image entrypoint and health check run there; scripts/container-smoke.sh builds and runs it where an engine exists',
  },
];

/**
 * Pages whose every block another test runs as written (each needs what this file does not have: a
 * scratch project and npm, or a container engine). The test must read the page.
 */
const PAGES_RUN_ELSEWHERE: Record<string, string> = {
  'docs/install.md': 'test/package/install-docs.check.ts',
  'docs/container.md': 'test/package/container-docs.engine.ts',
  'docs/namespaces.md': 'test/docs/namespaces-doc.test.ts',
  'docs/l1.md': 'test/l1/bridge.test.ts',
};

/** The CLI on a free port, for the curl commands. */
let cli: ChildProcess;
let url = '';

beforeAll(async () => {
  cli = spawn(process.execPath, ['dist/main.js', '--port', '0', '--log', 'silent'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve) => createInterface({ input: cli.stdout! }).once('line', resolve));
  url = (JSON.parse(first) as { url: string }).url;
}, 30_000);
afterAll(() => void cli?.kill('SIGTERM'));

const bash = (script: string, timeout = 120_000) =>
  spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
/** A documented local URL pointed at the CLI this file started. */
const local = (line: string) => line.replaceAll(/http:\/\/(127\.0\.0\.1|localhost):8080/g, url);

const all = DOCS.flatMap(commandsOf);

describe('commands shown in README.md and docs/', () => {
  it('finds the README commands (so an empty list cannot pass)', () => {
    expect(all.filter((c) => c.doc === 'README.md').map((c) => c.line)).toEqual(
      expect.arrayContaining(['npm test', 'node dist/main.js', 'node dist/main.js scenario scenarios/nft-sale.json']),
    );
  });

  it.each(Object.entries(PAGES_RUN_ELSEWHERE))('%s: every block is run by %s', (doc, by) => {
    expect(commandsOf(doc).length).toBeGreaterThan(0);
    expect(read(by)).toContain(doc);
  });

  it.each(all.filter((c) => PAGES_RUN_ELSEWHERE[c.doc] === undefined).map((c) => [c.doc, c.line, c] as const))(
    '%s: %s',
    async (_doc, _line, { line }) => {
      const elsewhere = ELSEWHERE.find((e) => e.match.test(line));
      if (elsewhere) {
        expect(existsSync(join(ROOT, elsewhere.by)), `${elsewhere.by} runs "${line}"`).toBe(true);
        expect(read(elsewhere.by)).toContain(elsewhere.mentions);
        return;
      }
      if (line === 'node dist/main.js') {
        // The README's server command, on a free port: a ready line first, then a healthy server.
        const server = spawn(process.execPath, ['dist/main.js', '--port', '0', '--log', 'silent'], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        try {
          const first = await new Promise<string>((resolve) => createInterface({ input: server.stdout! }).once('line', resolve));
          const ready = JSON.parse(first) as { event: string; url: string };
          expect(ready.event).toBe('ready');
          expect(await (await fetch(`${ready.url}/_devnet/health`)).json()).toMatchObject({ status: 'ok' });
        } finally {
          server.kill('SIGTERM');
        }
        return;
      }
      if (line.startsWith('curl ')) {
        const r = bash(local(line));
        expect(r.status, r.stderr).toBe(0);
        // GET /metrics answers Prometheus text (docs/explorer.md); everything else JSON.
        if (/\/metrics$/.test(line)) return void expect(r.stdout).toMatch(/^# HELP l2devnet_/);
        const body = JSON.parse(r.stdout) as { status?: string };
        expect(body.status ?? 'OK').toBe('OK');
        return;
      }
      // `npx l2-devnet` as in a project that installed the package; `node dist/main.js` as in a clone.
      const npx = /^(?:npx l2-devnet|node dist\/main\.js) (.*)$/.exec(line);
      if (npx) {
        const r = bash(`node dist/main.js ${npx[1]}`);
        expect(r.status, r.stdout + r.stderr).toBe(0);
        return;
      }
      throw new Error(`"${line}" is run by no test: run it here or name the test that does in ELSEWHERE`);
    },
    180_000,
  );

  const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
  const benches = [...read('test/bench/run.ts').matchAll(/^\s+'?([\w-]+)'?: \(o\) =>/gm)].map((m) => m[1]!);
  const mentioned = DOCS.flatMap((doc) =>
    [...read(doc).matchAll(/npm run ([\w:-]+)( -- (\w[\w-]*))?/g)].map((m) => ({ doc, script: m[1]!, bench: m[3] })),
  );

  it('every `npm run NAME` names a script of package.json, and every bench a benchmark of test/bench/run.ts', () => {
    expect(benches.length).toBeGreaterThan(3);
    const unknown = mentioned.filter(
      (m) => !scripts.includes(m.script) || (m.script === 'bench' && m.bench !== undefined && !benches.includes(m.bench)),
    );
    expect(unknown).toEqual([]);
  });
});
