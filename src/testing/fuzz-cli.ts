// `l2-devnet fuzz [--runs N] [--seed S] [--max-commands N] [--url URL] [--path P --replay-path R]`: prints the seed, and on failure the shrunk sequence and how to replay it.
import { runFuzz } from './fuzz.js';
import type { FuzzOptions, FuzzReport } from './fuzz.js';

export const FUZZ_USAGE = [
  'Usage: l2-devnet fuzz [--runs N] [--seed S] [--max-commands N] [--url URL] [--path P --replay-path R]',
  '  Random sequences of deposits, transfers, withdrawals, mints, orders, cancels, batches, claims,',
  '  clock moves, snapshots and reverts, checked after every command against a small model and',
  '  GET /_devnet/invariants. In-process by default (signatures skipped); with --url against a running',
  '  emulator, which is reset (POST /_devnet/reset) before each sequence and must verify signatures.',
].join('\n');

type Write = (text: string) => void;

function intFlag(name: string, v: string | undefined): number {
  if (v === undefined || !/^\d+$/.test(v)) throw new RangeError(`--${name} needs a non-negative integer, got ${JSON.stringify(v)}`);
  return Number(v);
}

/** Runs the subcommand; returns the exit code (0 passed, 1 a counterexample, 2 bad usage). */
export async function fuzzCommand(argv: readonly string[], write: Write = (t) => process.stdout.write(t)): Promise<number> {
  const o: FuzzOptions = {};
  try {
    for (let i = 0; i < argv.length; i++) {
      const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
      const value = () => inline ?? argv[++i];
      if (flag === '--help' || flag === '-h') { write(FUZZ_USAGE + '\n'); return 0; }
      else if (flag === '--runs') o.runs = intFlag('runs', value());
      else if (flag === '--seed') o.seed = intFlag('seed', value());
      else if (flag === '--max-commands') o.maxCommands = intFlag('max-commands', value());
      else if (flag === '--url') o.url = value();
      else if (flag === '--path') o.path = value();
      else if (flag === '--replay-path') o.replayPath = value();
      else throw new RangeError(`unknown argument ${flag}`);
    }
  } catch (e) {
    write(`l2-devnet fuzz: ${(e as Error).message}\n${FUZZ_USAGE}\n`);
    return 2;
  }
  const report = await runFuzz(o);
  write(formatReport(report, o));
  return report.ok ? 0 : 1;
}

/** The run's outcome as printed: the seed, and on failure the shrunk sequence, what disagreed and the replay command. */
export function formatReport(report: FuzzReport, o: FuzzOptions): string {
  const head = `seed ${report.seed}, ${o.url ?? 'in-process'}\n`;
  if (report.ok) return head + `ok: ${report.runs} sequences of up to ${o.maxCommands ?? 40} commands, invariants clean and the model in agreement after every command\n`;
  return head + [
    `FAILED after ${report.runs} sequences; shrunk counterexample:`,
    `  ${report.counterexample}`,
    'what disagreed:',
    `  ${report.error!.split('\n').join('\n  ')}`,
    `replay: l2-devnet fuzz --seed ${report.seed} --path ${report.path} --replay-path '${report.replayPath}'${o.maxCommands !== undefined ? ` --max-commands ${o.maxCommands}` : ''}${o.url ? ` --url ${o.url}` : ''}`,
  ].join('\n') + '\n';
}
