// `l2-devnet scenario FILE... [--url URL]`: a progress line per step, a readable diff on failure, exit 0 only if all pass.
import { FlagError, flagLines, parseCommandLine, type FlagSpec, type Parsed } from './command-line.js';
import { createDevnet } from '../index.js';
import { ScenarioError } from '../scenario/context.js';
import { freshTarget, loadScenario, needsL1, runScenario, scenarioDir, type StepResult } from '../scenario/runner.js';

interface ScenarioFlags {
  url?: string;
  l1?: string;
}

const SCENARIO_FLAGS: readonly FlagSpec<ScenarioFlags>[] = [
  { name: 'url', help: 'a running emulator to run against (reset before each file)', set: (o, v) => (o.url = v) },
  {
    name: 'l1',
    help: 'for L1 steps: `anvil` runs each file on a fresh emulator started with --l1 anvil (the default for a file with L1 steps when no --url is given); with --url, the JSON-RPC URL of its L1 node',
    set: (o, v) => (o.l1 = v),
  },
];

export const SCENARIO_USAGE = [
  'Usage: l2-devnet scenario FILE... [--url URL] [--l1 anvil|URL]',
  '  Runs each scenario from the genesis: in-process by default; with --url against a running emulator, which is reset (POST /_devnet/reset) before each file.',
  ...flagLines(SCENARIO_FLAGS, false),
].join('\n');

type Write = (text: string) => void;

function stepLine(r: StepResult, write: Write): void {
  write(`  ${r.ok ? '✓' : '✗'} ${String(r.index).padStart(2)} ${r.label.length > 110 ? r.label.slice(0, 107) + '...' : r.label}\n`);
  if (r.ok) return;
  for (const m of r.mismatches) write(`       - ${m}\n`);
  if (r.reply)
    write(`       response (HTTP ${r.reply.http}): ${r.reply.text.length > 600 ? r.reply.text.slice(0, 600) + '...' : r.reply.text}\n`);
}

/** Runs the subcommand; returns the exit code (0 all passed, 1 a scenario failed, 2 bad usage). */
export async function scenarioCommand(argv: readonly string[], write: Write = (t) => process.stdout.write(t)): Promise<number> {
  let parsed: Parsed<ScenarioFlags>;
  try {
    parsed = parseCommandLine(SCENARIO_FLAGS, argv, {}, { positionals: true });
  } catch (e) {
    if (!(e instanceof FlagError)) throw e;
    write(`l2-devnet scenario: ${e.message}\n${SCENARIO_USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    write(SCENARIO_USAGE + '\n');
    return 0;
  }
  const files = parsed.positionals;
  const { url, l1 } = parsed.options;
  if (files.length === 0 || url === '' || (url !== undefined && l1 === 'anvil')) {
    write(`${SCENARIO_USAGE}\n`);
    return 2;
  }
  let failed = 0;
  for (const file of files) {
    let ok = false;
    try {
      const scenario = loadScenario(file);
      // With neither --url nor --l1, a file with L1 steps gets its own Anvil, as --l1 anvil would start (and stop).
      const fileL1 = l1 ?? (url === undefined && needsL1(scenario) ? 'anvil' : undefined);
      write(`${scenario.name} (${file}, ${url ?? (fileL1 === undefined ? 'in-process' : `fresh, --l1 ${fileL1}`)})\n`);
      const target = await freshTarget(url, createDevnet, fileL1);
      try {
        const options = {
          baseDir: scenarioDir(file),
          onStep: (r: StepResult) => stepLine(r, write),
          ...(target.l1 ? { l1: target.l1 } : {}),
        };
        ok = (await runScenario(scenario, target.target, options)).ok;
      } finally {
        await target.close();
      }
    } catch (e) {
      if (!(e instanceof ScenarioError) && !(e instanceof TypeError)) throw e;
      write(`  ✗ ${e.message}\n`);
    }
    if (!ok) failed++;
  }
  write(`${files.length - failed} of ${files.length} scenario${files.length === 1 ? '' : 's'} passed\n`);
  return failed === 0 ? 0 : 1;
}
