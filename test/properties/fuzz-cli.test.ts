// End-to-end: `l2-devnet fuzz` of the built CLI, in-process and against a running emulator (signed, reset per sequence).
import { afterAll, describe, expect, it } from 'vitest';
import { live, runToExit, startServer, stop } from '../support/cli.js';

afterAll(() => {
  for (const child of live) child.kill('SIGKILL');
});

describe('l2-devnet fuzz', () => {
  it('prints the seed and passes in-process', async () => {
    const r = await runToExit(['fuzz', '--runs', '5', '--seed', '3', '--max-commands', '12']);
    // Progress goes to stderr (not a terminal here: a line each), the result to stdout.
    expect(r.stderr).toBe(
      [
        'l2-devnet fuzz: seed 3, 5 sequences, in-process',
        ...[1, 2, 3, 4, 5].map((n) => `l2-devnet fuzz: ${n} sequences run of 5`),
        '',
      ].join('\n'),
    );
    expect(r.stdout).toBe(
      'seed 3, in-process\nok: 5 sequences of up to 12 commands, invariants clean and the model in agreement after every command\n',
    );
    expect(r.code).toBe(0);
  });

  it('runs signed sequences against a running emulator with --url', async () => {
    const { cli, url } = await startServer(['--port', '0', '--log', 'silent']);
    try {
      const r = await runToExit(['fuzz', '--runs', '3', '--seed', '5', '--max-commands', '8', `--url=${url}`]);
      expect(r.stdout).toContain(`seed 5, ${url}\nok: 3 sequences`);
      expect(r.code).toBe(0);
    } finally {
      await stop(cli);
    }
  });

  it('exits 2 on bad usage; no flag plants a bug', async () => {
    expect((await runToExit(['fuzz', '--runs', 'many'])).code).toBe(2);
    const r = await runToExit(['fuzz', '--planted-bug', 'service-fee-rounds-up']);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('unknown flag --planted-bug');
  });
});
