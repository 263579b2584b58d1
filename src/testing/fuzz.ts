// The property runner: random command sequences against a fresh emulator and the model, shrunk on failure.
import fc from 'fast-check';
import { createDevnet } from '../index.js';
import type { DevnetOptions } from '../index.js';
import { Context } from '../scenario/context.js';
import { prepareCall } from '../scenario/calls.js';
import { freshTarget } from '../scenario/runner.js';
import type { Target } from '../scenario/target.js';
import { fuzzCommands } from './commands.js';
import type { FuzzReal } from './commands.js';
import { genesisModel } from './model.js';

export interface FuzzOptions {
  runs?: number;
  /** Commands per sequence, at most. */
  maxCommands?: number;
  seed?: number;
  /** Replays one counterexample (with its seed and replayPath), as printed by a failing run. */
  path?: string;
  /** fc.commands' own replay path (which commands of the drawn sequence ran), printed beside `path`. */
  replayPath?: string;
  /** A running emulator (reset before each sequence; it must verify the signatures we make). Default: in-process. */
  url?: string;
  /** In-process only: sign requests (default false: the emulator skips signatures, ~3x faster). */
  sign?: boolean;
  /** In-process only: options of the emulator under test (a test plants a wrong fee rule here). */
  devnet?: DevnetOptions;
  /** Called before the first sequence (ran 0) and as each ends, shrinking included: how many have run, of how many to try. */
  onProgress?: (ran: number, runs: number, seed: number) => void;
}

export interface FuzzReport {
  ok: boolean;
  seed: number;
  runs: number;
  /** On failure: the shrunk command sequence, the replay path, and what disagreed. */
  counterexample?: string;
  path?: string;
  replayPath?: string;
  error?: string;
}

/** A marketplace for the run: 1.5% to carol, created with the genesis API key (no sequence id). */
async function setUp(target: Target, sign: boolean): Promise<FuzzReal> {
  const ctx = await Context.open(target);
  ctx.sign = sign;
  const { out } = await prepareCall(ctx, 'marketplace', undefined, { name: 'fuzz', payee: 'carol', fee: '0.015' });
  const r = await target.send(out);
  if (!r.ok) throw new Error(`creating the marketplace failed: ${r.text.slice(0, 200)}`);
  return { ctx, marketplace: (r.result as { marketplace_uuid: string }).marketplace_uuid };
}

/** Runs the property; on failure fast-check has already shrunk the sequence to a small one. */
export async function runFuzz(o: FuzzOptions = {}): Promise<FuzzReport> {
  const seed = o.seed ?? (Date.now() ^ (Math.random() * 0x100000000)) >>> 0;
  const runs = o.runs ?? 200;
  const sign = o.url !== undefined || o.sign === true;
  let ran = 0;
  const property = fc.asyncProperty(fuzzCommands(o.maxCommands ?? 40, o.replayPath), async (cmds) => {
    const fresh = await freshTarget(o.url, () =>
      createDevnet({ signatures: o.sign ? 'verify' : 'skip', settlement: 'manual', ...o.devnet }),
    );
    try {
      const real = await setUp(fresh.target, sign);
      await fc.asyncModelRun(() => ({ model: { s: genesisModel(), saved: new Map(), ids: [] }, real }), cmds);
    } finally {
      await fresh.close();
      o.onProgress?.(++ran, runs, seed);
    }
  });
  o.onProgress?.(0, runs, seed);
  const details = await fc.check(property, { numRuns: runs, seed, ...(o.path !== undefined ? { path: o.path, endOnFailure: true } : {}) });
  if (!details.failed) return { ok: true, seed, runs: details.numRuns };
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  // fc.commands prints its replay path after the commands: keep the two apart.
  const printed = String(details.counterexample?.[0]);
  const replayPath = /\/\*replayPath="([^"]*)"\*\/$/.exec(printed)?.[1] ?? '';
  return {
    ok: false,
    seed,
    runs: details.numRuns,
    counterexample: printed.replace(/ ?\/\*replayPath=.*$/, ''),
    path: details.counterexamplePath ?? '',
    replayPath,
    error,
  };
}
