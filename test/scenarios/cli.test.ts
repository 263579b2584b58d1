// End-to-end: `l2-devnet scenario FILE... [--url URL]` of the built CLI: progress lines, the diff, exit codes.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, live, runToExit, startServer, stop } from '../support/cli.js';

let dir: string;
beforeAll(() => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} does not exist: run \`npm run build\` first (npm test builds)`);
  dir = mkdtempSync(join(tmpdir(), 'l2-scenario-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const child of live) child.kill('SIGKILL');
});

const WRONG = {
  name: 'Wrong figure on purpose',
  steps: [
    {
      as: 'alice',
      call: 'transfer',
      with: { to: 'bob', asset: 'ETH', amount: '1' },
      expect: { balances: { alice: { ETH: '9' }, bob: { ETH: '12' } } },
    },
    { call: 'batch' },
  ],
};

describe('l2-devnet scenario', () => {
  it('runs scenarios in-process with a progress line per step and exits 0 when all pass', async () => {
    const r = await runToExit(['scenario', 'scenarios/nft-sale.json', 'scenarios/erc20-partial-fills.json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'NFT sale without a marketplace: 0.5% service fee to the operator (scenarios/nft-sale.json, in-process)\n  ✓  1 alice sell {"asset":"REDDIO721#1","price":"0.001"}\n',
    );
    expect(r.stdout.match(/^ {2}✓/gm)).toHaveLength(15);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('2 of 2 scenarios passed');
  });

  it('exits 1 on a failing step and prints a readable diff with the response', async () => {
    const file = join(dir, 'wrong.json');
    writeFileSync(file, JSON.stringify(WRONG));
    const r = await runToExit(['scenario', 'scenarios/nft-sale.json', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '  ✗  1 alice transfer {"to":"bob","asset":"ETH","amount":"1"}\n       - balances.bob.ETH: expected 12, got 11\n       response (HTTP 200): {"status":"OK","data":{"sequence_id":13}',
    );
    expect(r.stdout).not.toContain(' 2 batch');
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('1 of 2 scenarios passed');
  });

  it('runs against a running emulator with --url, resetting it before each file', async () => {
    const { cli, url } = await startServer(['--port', '0', '--log', 'silent']);
    try {
      const first = await runToExit(['scenario', 'scenarios/rolled-transfer.json', 'scenarios/snapshot-and-revert.json', '--url', url]);
      expect(first.stdout).toContain(`(scenarios/rolled-transfer.json, ${url})`);
      expect(first.code).toBe(0);
      // Sequence ids start at 13 again: the target was reset, not left where the last run ended.
      const again = await runToExit(['scenario', 'scenarios/rolled-transfer.json', `--url=${url}`]);
      expect(again.code).toBe(0);
    } finally {
      await stop(cli);
    }
  });

  it('exits 2 on bad usage and 1 on an unreadable file', async () => {
    expect((await runToExit(['scenario'])).code).toBe(2);
    expect((await runToExit(['scenario', '--bogus', 'x.json'])).code).toBe(2);
    const missing = await runToExit(['scenario', join(dir, 'absent.json')]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toMatch(/✗ .*absent\.json: ENOENT/);
  });
});
