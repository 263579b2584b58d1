// Runs a scenario step by step: prepare the request, send it, check what the step expects, capture.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { prepareCall, type Prepared } from './calls.js';
import { Context, ScenarioError } from './context.js';
import { balanceMismatches, replyMismatches, subsetMismatches } from './expect.js';
import type { Scenario, Step } from './format.js';
import { l1BalanceMismatches, l1Step } from './l1.js';
import type { FetchLike } from '../emulator/control-client.js';
import { inProcessTarget, urlTarget, type Reply, type Target } from './target.js';

export interface StepResult {
  index: number;
  label: string;
  ok: boolean;
  /** One line per unmet expectation (empty when ok). */
  mismatches: string[];
  reply?: Reply;
}

export interface ScenarioResult {
  name: string;
  ok: boolean;
  steps: StepResult[];
}

export interface RunOptions {
  /** Called after each step (progress lines). */
  onStep?: (r: StepResult) => void;
  /** Where `request.file` paths are relative to (the scenario file's folder). */
  baseDir?: string;
  /** The L1 node's JSON-RPC URL, for L1 steps. */
  l1?: string;
}

function label(step: Step): string {
  if (step.note) return step.note;
  const who = step.as ? `${step.as} ` : '';
  if (step.call) return `${who}${step.call} ${step.with ? JSON.stringify(step.with) : ''}`.trim();
  if (step.get) return `GET ${step.get}`;
  return step.request ? `${step.request.method} ${step.request.path}` : '(empty step)';
}

async function prepare(ctx: Context, step: Step, baseDir: string): Promise<Prepared> {
  const as = step.as === undefined ? undefined : ctx.actor(step.as);
  if (step.call !== undefined) return prepareCall(ctx, step.call, as, ctx.resolve(step.with ?? {}));
  if (step.get !== undefined) return { out: { method: 'GET', path: ctx.resolve(step.get) }, owner: as?.stark_key };
  if (step.request !== undefined) {
    const { file, ...out } = ctx.resolve(step.request);
    return { out: file === undefined ? out : { ...out, filePath: resolve(baseDir, file) }, owner: as?.stark_key };
  }
  throw new ScenarioError('a step needs "call", "request" or "get"');
}

async function runStep(ctx: Context, step: Step, index: number, baseDir: string): Promise<StepResult> {
  const base = { index, label: label(step) };
  let reply: Reply | undefined;
  try {
    let owner: string | undefined;
    if (step.call === 'l1_deposit' || step.call === 'l1_claim') {
      if (step.as === undefined) throw new ScenarioError(`call "${step.call}" needs "as": the account whose Ethereum address sends it`);
      reply = await l1Step(ctx, step.call, ctx.actor(step.as), ctx.resolve(step.with ?? {}));
    } else {
      const prepared = await prepare(ctx, step, baseDir);
      owner = prepared.owner;
      if (step.tamper) prepared.out.body = { ...(prepared.out.body as object), ...ctx.resolve(step.tamper) };
      reply = await ctx.target.send(prepared.out);
    }
    const e = ctx.resolve(step.expect ?? {});
    const mismatches = replyMismatches(e, reply);
    if (e.record !== undefined) {
      const seq = (reply.result as { sequence_id?: unknown } | null)?.sequence_id;
      const r = await ctx.target.send({ method: 'GET', path: `/v1/record?stark_key=${owner}&sequence_id=${String(seq)}` });
      mismatches.push(...subsetMismatches(e.record, Array.isArray(r.result) ? r.result[0] : r.body, 'record'));
    }
    if (e.balances !== undefined) mismatches.push(...(await balanceMismatches(ctx, e.balances)));
    if (e.l1_balances !== undefined) mismatches.push(...(await l1BalanceMismatches(ctx, e.l1_balances)));
    const inv = (await ctx.target.send({ method: 'GET', path: '/_devnet/invariants' })).body as { ok?: boolean; violations?: string[] };
    if (inv.ok !== true) mismatches.push(...(inv.violations ?? ['GET /_devnet/invariants is not ok']).map((v) => `invariants: ${v}`));
    if (step.capture !== undefined && mismatches.length === 0) {
      if (ctx.actors.has(step.capture)) throw new ScenarioError(`capture: "${step.capture}" is an account name`);
      ctx.captures.set(step.capture, reply.result);
    }
    return { ...base, ok: mismatches.length === 0, mismatches, reply };
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    return { ...base, ok: false, mismatches: [`scenario error: ${e.message}`], ...(reply ? { reply } : {}) };
  }
}

/** Runs `scenario` against `target`, which must be at the genesis state; stops at the first failing step. */
export async function runScenario(scenario: Scenario, target: Target, options: RunOptions = {}): Promise<ScenarioResult> {
  const ctx = await Context.open(target);
  ctx.l1Url = options.l1;
  const steps: StepResult[] = [];
  for (const [i, step] of scenario.steps.entries()) {
    const r = await runStep(ctx, step, i + 1, options.baseDir ?? process.cwd());
    steps.push(r);
    options.onStep?.(r);
    if (!r.ok) break;
  }
  return { name: scenario.name, ok: steps.every((s) => s.ok) && steps.length === scenario.steps.length, steps };
}

/** Reads and shape-checks a scenario file. */
export function loadScenario(path: string): Scenario {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ScenarioError(`${path}: ${(e as Error).message}`);
  }
  const s = doc as Partial<Scenario> | null;
  if (!s || typeof s !== 'object' || typeof s.name !== 'string' || !Array.isArray(s.steps))
    throw new ScenarioError(`${path}: a scenario is {"name": string, "steps": [...]}`);
  return s as Scenario;
}

/** Whether a scenario has L1 steps or L1 balance checks, which need an L1 node. */
export function needsL1(scenario: Scenario): boolean {
  return scenario.steps.some((s) => s.call === 'l1_deposit' || s.call === 'l1_claim' || s.expect?.l1_balances !== undefined);
}

export const scenarioDir = (path: string): string => dirname(resolve(path));

/**
 * A target at the genesis: a new emulator from `create`, or the one at `url` after `POST /_devnet/reset`;
 * with `l1` (the L1 node's URL, or `anvil` without `url`: a new emulator on a socket started with it) also the L1 node's URL.
 */
export async function freshTarget(
  url: string | undefined,
  create: () => { fetch: FetchLike; close(): Promise<void> },
  l1?: string,
): Promise<{ target: Target; l1?: string; close: () => Promise<void> }> {
  if (url === undefined && l1 !== undefined) {
    const running = await (await import('../server/server.js')).startDevnet({ port: 0, l1 });
    return { target: urlTarget(running.url), l1: running.l1!.url, close: () => running.close() };
  }
  if (url === undefined) {
    const dn = create();
    return { target: inProcessTarget(dn.fetch), close: () => dn.close() };
  }
  const target = urlTarget(url);
  const r = await target.send({ method: 'POST', path: '/_devnet/reset', body: {} });
  if (!r.ok) throw new ScenarioError(`POST ${url}/_devnet/reset failed (HTTP ${r.http}): ${r.text.slice(0, 200)}`);
  return { target, ...(l1 === undefined ? {} : { l1 }), close: async () => {} };
}
