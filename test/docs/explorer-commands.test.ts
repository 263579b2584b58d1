// Every shell command docs/explorer.md shows runs, against the built CLI (as `npm start` runs it), and
// answers what the doc says it answers (JSON from the explorer's reads, Prometheus text from /metrics).
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const DOC = 'docs/explorer.md';

/** The commands of the doc's sh blocks, one per line. */
const commands = [...readFileSync(join(ROOT, DOC), 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1]!.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#')));

let cli: ChildProcess;
let url = '';

beforeAll(async () => {
  cli = spawn(process.execPath, ['dist/main.js', '--port', '0', '--log', 'silent'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const first = await new Promise<string>((resolve) => createInterface({ input: cli.stdout! }).once('line', resolve));
  url = (JSON.parse(first) as { url: string }).url;
  // Something to show: a refused transfer for the journal's filters.
  await fetch(`${url}/v1/transfers`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
}, 30_000);
afterAll(() => void cli?.kill('SIGTERM'));

describe(`commands shown in ${DOC}`, () => {
  it('finds them (so an empty list cannot pass)', () => {
    expect(commands.length).toBeGreaterThanOrEqual(9);
    expect(commands).toContain('curl -s http://127.0.0.1:8080/metrics');
  });

  it.each(commands)('%s', (line) => {
    const run = spawnSync('bash', ['-euo', 'pipefail', '-c', line.replaceAll('http://127.0.0.1:8080', url)], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.status, run.stderr).toBe(0);
    if (line.includes('/metrics')) expect(run.stdout).toMatch(/^# HELP l2devnet_http_requests_total /);
    else expect(() => JSON.parse(run.stdout), run.stdout).not.toThrow();
    if (!line.includes('/metrics')) expect(JSON.parse(run.stdout).status, run.stdout).not.toBe('FAILED');
  });
});
