// `l2-devnet scenario FILE... [--url URL]`: a progress line per step, a readable diff on failure, exit 0 only if all pass.
import { createDevnet } from '../index.js';
import { ScenarioError } from './context.js';
import { loadScenario, runScenario, scenarioDir } from './runner.js';
import type { StepResult } from './runner.js';
import { inProcessTarget, urlTarget } from './target.js';
import type { Target } from './target.js';

export const SCENARIO_USAGE = 'Usage: l2-devnet scenario FILE... [--url URL]\n  Runs each scenario from the genesis: in-process by default; with --url against a running emulator, which is reset (POST /_devnet/reset) before each file.';

type Write = (text: string) => void;

function stepLine(r: StepResult, write: Write): void {
  write(`  ${r.ok ? '✓' : '✗'} ${String(r.index).padStart(2)} ${r.label.length > 110 ? r.label.slice(0, 107) + '...' : r.label}\n`);
  if (r.ok) return;
  for (const m of r.mismatches) write(`       - ${m}\n`);
  if (r.reply) write(`       response (HTTP ${r.reply.http}): ${r.reply.text.length > 600 ? r.reply.text.slice(0, 600) + '...' : r.reply.text}\n`);
}

async function freshTarget(url: string | undefined): Promise<{ target: Target; close: () => Promise<void> }> {
  if (url === undefined) {
    const dn = createDevnet();
    return { target: inProcessTarget(dn.fetch), close: () => dn.close() };
  }
  const target = urlTarget(url);
  const r = await target.send({ method: 'POST', path: '/_devnet/reset', body: {} });
  if (!r.ok) throw new ScenarioError(`POST ${url}/_devnet/reset failed (HTTP ${r.http}): ${r.text.slice(0, 200)}`);
  return { target, close: async () => {} };
}

/** Runs the subcommand; returns the exit code (0 all passed, 1 a scenario failed, 2 bad usage). */
export async function scenarioCommand(argv: readonly string[], write: Write = (t) => process.stdout.write(t)): Promise<number> {
  const files: string[] = [];
  let url: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') { write(SCENARIO_USAGE + '\n'); return 0; }
    if (a === '--url') url = argv[++i];
    else if (a.startsWith('--url=')) url = a.slice(6);
    else if (a.startsWith('--')) { write(`l2-devnet scenario: unknown flag ${a}\n${SCENARIO_USAGE}\n`); return 2; }
    else files.push(a);
  }
  if (files.length === 0 || url === '') { write(`${SCENARIO_USAGE}\n`); return 2; }
  let failed = 0;
  for (const file of files) {
    let ok = false;
    try {
      const scenario = loadScenario(file);
      write(`${scenario.name} (${file}, ${url ?? 'in-process'})\n`);
      const { target, close } = await freshTarget(url);
      try {
        ok = (await runScenario(scenario, target, { baseDir: scenarioDir(file), onStep: (r) => stepLine(r, write) })).ok;
      } finally {
        await close();
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
