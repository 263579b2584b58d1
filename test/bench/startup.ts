// Startup benchmark: cold start (spawn -> first HTTP 200 from the health URL) and idle RSS of the l2-devnet CLI,
// compared with a bare hono hello-world server started the same way. A report, not an assertion.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const BARE = fileURLToPath(new URL('./bare-hono.mjs', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));

// Issue 20's goals: start-up <= 1.5x a bare hono server, idle RSS <= 1.3x.
const STARTUP_GOAL = 1.5;
const RSS_GOAL = 1.3;
const WARMUP = 2;
const READY_TIMEOUT_MS = 15_000;

export interface StartupOptions {
  /** Runs per server, including the warm-up runs. Default 15. */
  runs?: number;
  /** Runs per server for idle RSS (each waits 500 ms). Default 5. */
  rssRuns?: number;
}

export interface Target {
  label: string;
  args: string[];
}

const TARGETS: readonly Target[] = [
  { label: 'l2-devnet', args: [MAIN, '--port', '0', '--log', 'silent'] },
  { label: 'bare hono', args: [BARE] },
];

const live = new Set<ChildProcess>();

function killAll(): void {
  for (const c of live) {
    try {
      c.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
}

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('L2DEVNET_') && k !== 'NODE_OPTIONS') env[k] = v;
  return env;
}

interface Started {
  child: ChildProcess;
  healthUrl: string;
  /** ms from spawn to the first 200 from the health URL. */
  coldStartMs: number;
}

/** Spawns a server, waits for its ready line, then polls the health URL until it answers 200. */
export async function start(target: Target): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, target.args, { cwd: REPO, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  live.add(child);
  child.once('exit', () => live.delete(child));
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${target.label}: no ready line within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      if (out.includes('\n')) return;
      out += d;
      const nl = out.indexOf('\n');
      if (nl === -1) return;
      clearTimeout(timer);
      try {
        resolve(String((JSON.parse(out.slice(0, nl)) as { url: unknown }).url));
      } catch (e) {
        reject(new Error(`${target.label}: bad ready line ${JSON.stringify(out.slice(0, nl))}: ${(e as Error).message}`));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${target.label} exited (code ${code}, signal ${signal}) before its ready line; stderr: ${stderr}`));
    });
  });
  const healthUrl = `${url}/_devnet/health`;
  const deadline = t0 + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const res = await fetch(healthUrl);
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {
      // not accepting yet: poll again
    }
    if (performance.now() > deadline) throw new Error(`${target.label}: ${healthUrl} did not answer 200 within ${READY_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 1));
  }
  return { child, healthUrl, coldStartMs: performance.now() - t0 };
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGKILL');
  await exited;
}

/** VmRSS of a process in MiB, from /proc (Linux); undefined elsewhere. */
function rssMiB(pid: number): number | undefined {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

function quantile(sorted: readonly number[], q: number): number {
  // Nearest-rank: the smallest value with at least q of the samples at or below it.
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function p90(xs: readonly number[]): number {
  return quantile(
    [...xs].sort((a, b) => a - b),
    0.9,
  );
}

function verdict(name: string, ratio: number, goal: number): string {
  return `${name}: ${ratio <= goal ? 'GOAL MET' : 'GOAL MISSED'} (${ratio.toFixed(2)}x ${ratio <= goal ? '<=' : '>'} ${goal}x)`;
}

/** Prints the figures; returns the two ratios (undefined when not measured) for the scale table. */
export async function runStartup(options: StartupOptions = {}): Promise<{ startRatio?: number; rssRatio?: number }> {
  const result: { startRatio?: number; rssRatio?: number } = {};
  if (!existsSync(MAIN)) {
    console.error(`startup: ${MAIN} is missing; run \`npm run build\` first`);
    process.exitCode = 1;
    return result;
  }
  const runs = Math.max(WARMUP + 1, options.runs ?? 15);
  const rssRuns = Math.max(1, options.rssRuns ?? 5);
  const onSignal = (): void => {
    killAll();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('exit', killAll);
  try {
    console.log(
      `startup benchmark (node ${process.version}, ${process.platform}/${process.arch}): ${runs} runs each, interleaved, first ${WARMUP} of each dropped as warm-up`,
    );

    // Cold start, interleaved a/b/a/b so both share the machine's noise.
    const times = new Map<string, number[]>(TARGETS.map((t) => [t.label, []]));
    for (let i = 0; i < runs; i++) {
      for (const t of TARGETS) {
        const s = await start(t);
        await stop(s.child);
        if (i >= WARMUP) times.get(t.label)!.push(s.coldStartMs);
      }
    }
    for (const t of TARGETS) {
      const xs = times.get(t.label)!;
      console.log(`  ${t.label.padEnd(10)} cold start: median ${median(xs).toFixed(1)} ms, p90 ${p90(xs).toFixed(1)} ms (n=${xs.length})`);
    }
    const startRatio = median(times.get('l2-devnet')!) / median(times.get('bare hono')!);
    result.startRatio = startRatio;
    console.log(`startup ratio (median l2-devnet / bare hono): ${startRatio.toFixed(2)}x (goal <= ${STARTUP_GOAL}x)`);
    console.log(verdict('startup', startRatio, STARTUP_GOAL));

    // Idle RSS: start, one health call (the first 200), wait 500 ms, read VmRSS.
    const rss = new Map<string, number[]>(TARGETS.map((t) => [t.label, []]));
    for (let i = 0; i < rssRuns; i++) {
      for (const t of TARGETS) {
        const s = await start(t);
        await new Promise((r) => setTimeout(r, 500));
        const mib = rssMiB(s.child.pid!);
        await stop(s.child);
        if (mib !== undefined) rss.get(t.label)!.push(mib);
      }
    }
    if (rss.get('l2-devnet')!.length === 0 || rss.get('bare hono')!.length === 0) {
      console.log('idle RSS: n/a (no /proc/<pid>/status on this platform)');
    } else {
      for (const t of TARGETS) {
        const xs = rss.get(t.label)!;
        console.log(
          `  ${t.label.padEnd(10)} idle RSS:   median ${median(xs).toFixed(1)} MiB, max ${Math.max(...xs).toFixed(1)} MiB (n=${xs.length})`,
        );
      }
      const rssRatio = median(rss.get('l2-devnet')!) / median(rss.get('bare hono')!);
      result.rssRatio = rssRatio;
      console.log(`idle RSS ratio (median l2-devnet / bare hono): ${rssRatio.toFixed(2)}x (goal <= ${RSS_GOAL}x)`);
      console.log(verdict('idle RSS', rssRatio, RSS_GOAL));
    }
  } finally {
    killAll();
    await Promise.all([...live].map((c) => stop(c)));
    process.removeListener('SIGINT', onSignal);
    process.removeListener('exit', killAll);
  }
  return result;
}
