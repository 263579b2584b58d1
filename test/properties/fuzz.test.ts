// The property runner (src/testing/fuzz.ts): random command sequences against the model stay in agreement,
// and a deliberately planted fee bug is found, shrunk to a tiny sequence, and replayable from its seed and path.
import { describe, expect, it, vi } from 'vitest';
import { formatReport } from '../../src/cli/fuzz.js';
import { runFuzz } from '../../src/testing/fuzz.js';
import { planted } from '../support/planted-bugs.js';
import { runs } from '../support/runs.js';

vi.mock('../../src/domain/trading/fees.js', async (real) => (await import('../support/planted-bugs.js')).feesWithPlantedBugs(real));

describe('property runner', () => {
  it(
    `${runs(20, 600)} sequences of up to 40 commands: invariants clean and the model in agreement after every command`,
    async () => {
      const n = runs(20, 600);
      const progress: number[][] = [];
      const report = await runFuzz({ runs: n, maxCommands: 40, onProgress: (...call) => progress.push(call) });
      // On failure this shows the seed, the shrunk sequence and the replay path.
      expect(report.ok ? 'ok' : formatReport(report, {})).toBe('ok');
      expect(report.runs).toBe(n);
      // `l2-devnet fuzz` prints from these: the seed before the first sequence, then each one as it ends.
      expect(progress).toEqual(Array.from({ length: n + 1 }, (_, ran) => [ran, n, report.seed]));
    },
    runs(180_000, 600_000),
  );

  it('finds a planted fee bug (marketplace fee rounded up) and shrinks it to one trade', async () => {
    const options = { runs: 2000, maxCommands: 40, seed: 42 };
    planted.marketplaceFeeRoundsUp = true;
    const report = await runFuzz(options);
    // Not printed: a passing run must not show a FAILED report (the assertions below check its text).
    const printed = formatReport(report, options);
    expect(report.ok).toBe(false);
    expect(printed).toMatch(/^seed 42, in-process\nFAILED after \d+ sequences; shrunk counterexample:\n {2}buy\(/);
    // Shrunk: one BID and one ASK on the same token, nothing else.
    const commands = report.counterexample!.split(/,(?=[a-z]+\()/);
    expect(commands).toHaveLength(2);
    expect(commands.map((c) => c.slice(0, c.indexOf('('))).sort()).toEqual(['buy', 'sell']);
    // Conservation holds (seller -1, payee +1), so only the model sees it.
    expect(report.error).toMatch(/carol ETH: model (\d+) available \+ 0 frozen, emulator \d+ available/);
    expect(printed).toContain(
      `replay: l2-devnet fuzz --seed 42 --path ${report.path} --replay-path '${report.replayPath}' --max-commands 40`,
    );

    // The printed seed and path replay exactly that counterexample, at once.
    const replay = await runFuzz({ ...options, path: report.path!, replayPath: report.replayPath! });
    expect(replay).toMatchObject({ ok: false, counterexample: report.counterexample, runs: 1 });
    // Without the bug the same sequence passes.
    planted.marketplaceFeeRoundsUp = false;
    expect((await runFuzz({ ...options, path: report.path!, replayPath: report.replayPath! })).ok).toBe(true);
  }, 180_000);
});
