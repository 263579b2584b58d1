// The scenario's L1 steps on a real Anvil: scenarios/l1-flow.json deposits ETH, an ERC20 and an NFT
// from L1, trades them on L2, and claims the withdrawals on L1, with balances checked on both layers.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { anvilUnavailable } from '../../src/l1/anvil.js';
import { scenarioCommand } from '../../src/cli/scenario.js';
import { startDevnet } from '../../src/server/server.js';

const unavailable = anvilUnavailable();
if (unavailable !== undefined) console.warn(`test/l1/scenario.test.ts skipped: Anvil cannot run here (${unavailable})`);
const FLOW = join(import.meta.dirname, '../../scenarios/l1-flow.json');

async function run(file: string, ...flags: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await scenarioCommand([file, ...flags], (t) => (out += t));
  return { code, out };
}

describe.skipIf(unavailable !== undefined)('scenario L1 steps (--l1 anvil)', () => {
  it('scenarios/l1-flow.json passes on a fresh emulator and Anvil', async () => {
    const { code, out } = await run(FLOW, '--l1', 'anvil');
    expect(out).toContain('✓ 19');
    expect(out).toContain('1 of 1 scenario passed');
    expect(code).toBe(0);
  }, 60_000);

  it('runs against a running emulator with --url and its node with --l1 URL', async () => {
    const running = await startDevnet({ port: 0, l1: 'anvil' });
    try {
      const { code, out } = await run(FLOW, '--url', running.url, '--l1', running.l1!.url);
      expect(out).toContain('1 of 1 scenario passed');
      expect(code).toBe(0);
    } finally {
      await running.close();
    }
  }, 60_000);

  it('an L1 balance that does not match fails the step, naming it', async () => {
    const flow = JSON.parse(readFileSync(FLOW, 'utf8'));
    flow.steps[0].expect.l1_balances.alice.ETH = '9997';
    flow.steps.length = 1;
    const file = join(mkdtempSync(join(tmpdir(), 'l1-flow-')), 'wrong.json');
    writeFileSync(file, JSON.stringify(flow));
    const { code, out } = await run(file, '--l1', 'anvil');
    expect(out).toContain('l1_balances.alice.ETH: expected 9997, got 9998000000000000000000 base units');
    expect(code).toBe(1);
  }, 60_000);

  it('a file with L1 steps and no --url or --l1 starts its own Anvil: all of scenarios/*.json pass', async () => {
    const dir = join(import.meta.dirname, '../../scenarios');
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => join(dir, f));
    const { code, out } = await run(files[0]!, ...files.slice(1));
    expect(out).toContain(`l1-flow.json, fresh, --l1 anvil)`);
    expect(out).toContain(`${files.length} of ${files.length} scenarios passed`);
    expect(code).toBe(0);
  }, 120_000);

  it('L1 steps against a running emulator without --l1 say how to give one', async () => {
    const running = await startDevnet({ port: 0 });
    try {
      const { code, out } = await run(FLOW, '--url', running.url);
      expect(out).toContain('L1 steps need the L1 node: run with --l1 anvil');
      expect(code).toBe(1);
    } finally {
      await running.close();
    }
  });
});
