// `l2-devnet fuzz [--runs N] [--seed S] [--max-commands N] [--url URL] [--path P --replay-path R]`: prints the seed, and on failure the shrunk sequence and how to replay it.
import { FlagError, flagLines, parseCommandLine, refuse } from './command-line.js';
import type { FlagSpec } from './command-line.js';
import { runFuzz } from '../testing/fuzz.js';
import type { FuzzOptions, FuzzReport } from '../testing/fuzz.js';

const count = (v: string): number => (/^\d+$/.test(v) ? Number(v) : refuse('needs a non-negative integer'));

const FUZZ_FLAGS: readonly FlagSpec<FuzzOptions>[] = [
  { name: 'runs', help: 'sequences to try', set: (o, v) => (o.runs = count(v)) },
  { name: 'seed', help: 'the run to repeat', set: (o, v) => (o.seed = count(v)) },
  { name: 'max-commands', help: 'commands per sequence at most', set: (o, v) => (o.maxCommands = count(v)) },
  { name: 'url', help: 'a running emulator', set: (o, v) => (o.url = v) },
  { name: 'path', help: 'with --replay-path: the failure to replay', set: (o, v) => (o.path = v) },
  { name: 'replay-path', help: 'with --path: the failure to replay', set: (o, v) => (o.replayPath = v) },
];

export const FUZZ_USAGE = [
  'Usage: l2-devnet fuzz [--runs N] [--seed S] [--max-commands N] [--url URL] [--path P --replay-path R]',
  '  Random sequences of deposits, transfers, withdrawals, mints, orders, cancels, batches, claims,',
  '  clock moves, snapshots and reverts, checked after every command against a small model and',
  '  GET /_devnet/invariants. In-process by default (signatures skipped); with --url against a running',
  '  emulator, which is reset (POST /_devnet/reset) before each sequence and must verify signatures.',
  ...flagLines(FUZZ_FLAGS, false),
].join('\n');

type Write = (text: string) => void;

/** Runs the subcommand; returns the exit code (0 passed, 1 a counterexample, 2 bad usage). */
export async function fuzzCommand(argv: readonly string[], write: Write = (t) => process.stdout.write(t)): Promise<number> {
  let o: FuzzOptions;
  try {
    const parsed = parseCommandLine(FUZZ_FLAGS, argv);
    if (parsed.help) {
      write(FUZZ_USAGE + '\n');
      return 0;
    }
    o = parsed.options;
  } catch (e) {
    if (!(e instanceof FlagError)) throw e;
    write(`l2-devnet fuzz: ${e.message}\n${FUZZ_USAGE}\n`);
    return 2;
  }
  const report = await runFuzz({ ...o, onProgress: progress(o) });
  write(formatReport(report, o));
  return report.ok ? 0 : 1;
}

/** Progress on stderr, so a long run is not silent: the seed first, then a line at each tenth of the runs (in place on a terminal). */
function progress(o: FuzzOptions): (ran: number, runs: number, seed: number) => void {
  const err = process.stderr;
  const end = err.isTTY ? '\r' : '\n';
  return (ran, runs, seed) => {
    const step = Math.max(1, Math.ceil(runs / 10));
    if (ran === 0) err.write(`l2-devnet fuzz: seed ${seed}, ${runs} sequences, ${o.url ?? 'in-process'}\n`);
    else if (ran % step === 0)
      err.write(`l2-devnet fuzz: ${ran} sequences run${ran > runs ? ' (shrinking a failure)' : ` of ${runs}`}${end}`);
  };
}

/** The run's outcome as printed: the seed, and on failure the shrunk sequence, what disagreed and the replay command. */
export function formatReport(report: FuzzReport, o: FuzzOptions): string {
  const head = `seed ${report.seed}, ${o.url ?? 'in-process'}\n`;
  if (report.ok)
    return (
      head +
      `ok: ${report.runs} sequences of up to ${o.maxCommands ?? 40} commands, invariants clean and the model in agreement after every command\n`
    );
  return (
    head +
    [
      `FAILED after ${report.runs} sequences; shrunk counterexample:`,
      `  ${report.counterexample}`,
      'what disagreed:',
      `  ${report.error!.split('\n').join('\n  ')}`,
      `replay: l2-devnet fuzz --seed ${report.seed} --path ${report.path} --replay-path '${report.replayPath}'${o.maxCommands !== undefined ? ` --max-commands ${o.maxCommands}` : ''}${o.url ? ` --url ${o.url}` : ''}`,
    ].join('\n') +
    '\n'
  );
}
