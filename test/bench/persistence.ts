// Persistence benchmark: deposit throughput at 100k records with --state next to memory only, the cost
// of --durability fsync next to write, snapshot + revert at 100k records next to 1k, and the state
// parser's time on twice the input (linear means 2x). Ratios from one run; a report, not an assertion.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDevnet } from '../../src/index.js';
import type { InProcessDevnet } from '../../src/index.js';
import { buildApp } from '../../src/emulator/app.js';
import { Devnet } from '../../src/core/devnet.js';
import { readGenesisFile } from '../../src/emulator/genesis-file.js';
import { openStateDir } from '../../src/persistence/state-dir.js';
import { toRequest } from '../../src/http/text-request.js';
import type { Durability } from '../../src/persistence/files.js';
import { parseExact, stringify } from '../../src/domain/values/json.js';

const RECORDS = 100_000;
const WINDOW = 20_000;
const THROUGHPUT_GOAL = 0.5;
const REVERT_GOAL = 2;
const FSYNC_WINDOW = 2_000;
const LINEAR_GOAL = 2.5;

export interface PersistenceOptions {
  runs?: number;
}

/** Devnet + state dir by hand (createDevnet hides the state dir, and the bench times a compaction). */
function persistedDevnet(dir: string, durability: Durability = 'write'): InProcessDevnet & { compact(): void; close(): void } {
  const devnet = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
  const sd = openStateDir(dir, devnet, { durability });
  const app = buildApp(devnet);
  return {
    devnet,
    fetch: async (input, init) => app.fetch(toRequest(input, init, 'http://devnet.local')),
    compact: () => void sd.compact(),
    close: () => sd.close(),
  } as InProcessDevnet & { compact(): void; close(): void };
}

function fill(dn: Pick<InProcessDevnet, 'devnet'>, key: string, target: number): void {
  // Straight through the command surface (journaled like any command), no HTTP: only the fill.
  while (dn.devnet.state.records.size < target) dn.devnet.deposit({ starkKey: key, contractAddress: 'eth', amount: 1n });
}

/** Deposits per second through createDevnet().fetch (HTTP parsing, command, journal line). */
async function depositRate(dn: Pick<InProcessDevnet, 'fetch'>, key: string, n: number): Promise<number> {
  const body = JSON.stringify({ stark_key: key, contract_address: 'eth', amount: 1 });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const res = await dn.fetch(
      new Request('http://devnet/_devnet/deposit', { method: 'POST', body, headers: { 'content-type': 'application/json' } }),
    );
    if (res.status !== 200) throw new Error(`deposit failed: ${await res.text()}`);
    await res.arrayBuffer();
  }
  return n / ((performance.now() - t0) / 1000);
}

/** Median microseconds of (snapshot, 10 deposits, revert), timing only the snapshot and the revert. */
function snapshotRevertMicros(dn: Pick<InProcessDevnet, 'devnet'>, key: string, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const { id } = dn.devnet.snapshot();
    const t1 = performance.now();
    for (let j = 0; j < 10; j++) dn.devnet.deposit({ starkKey: key, contractAddress: 'eth', amount: 1n });
    const t2 = performance.now();
    dn.devnet.revert(id);
    const t3 = performance.now();
    samples.push((t1 - t0 + (t3 - t2)) * 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

export async function runPersistence(o: PersistenceOptions = {}): Promise<void> {
  console.log(`persistence: ${RECORDS.toLocaleString('en')} records, then ${WINDOW.toLocaleString('en')} deposits timed through fetch`);
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-bench-'));
  try {
    const memory = createDevnet({ signatures: 'skip' });
    const persisted = persistedDevnet(dir);
    const key = memory.devnet.accounts().accounts[2]!.stark_key;
    fill(memory, key, RECORDS);
    fill(persisted, key, RECORDS);
    // Interleave the two so drift of the machine affects both alike.
    let mem = 0;
    let disk = 0;
    const rounds = 4;
    for (let r = 0; r < rounds; r++) {
      mem += await depositRate(memory, key, WINDOW / rounds);
      disk += await depositRate(persisted, key, WINDOW / rounds);
    }
    mem /= rounds;
    disk /= rounds;
    const journal = statSync(join(dir, 'journal.jsonl')).size;
    const image = statSync(join(dir, 'image.jsonl')).size;
    // A compaction may or may not fall inside the window; time one and amortize it over the deposits
    // that fill the journal up to the next one (the journal grows to the image size first).
    const c0 = performance.now();
    persisted.compact();
    const compactMs = performance.now() - c0;
    const lineBytes = journal / Math.max(1, persisted.devnet.state.nextSequenceId - 1 - RECORDS);
    const perCompaction = Math.max(8 * 2 ** 20, statSync(join(dir, 'image.jsonl')).size) / lineBytes;
    const amortized = 1 / (1 / disk + compactMs / 1000 / perCompaction);
    console.log(`  memory only     ${mem.toFixed(0).padStart(8)} deposits/s`);
    console.log(
      `  --state DIR     ${disk.toFixed(0).padStart(8)} deposits/s   (image ${(image / 2 ** 20).toFixed(1)} MiB, journal ${(journal / 2 ** 20).toFixed(1)} MiB at the end)`,
    );
    console.log(
      `  one compaction at ${(RECORDS / 1000).toFixed(0)}k records: ${compactMs.toFixed(0)} ms, once per ~${perCompaction.toFixed(0)} deposits -> ${amortized.toFixed(0)} deposits/s amortized`,
    );
    console.log(
      `  ratio --state / memory = ${(amortized / mem).toFixed(2)} with compaction amortized (${(disk / mem).toFixed(2)} without) (goal >= ${THROUGHPUT_GOAL}) ${amortized / mem >= THROUGHPUT_GOAL ? 'ok' : 'MISSED'}`,
    );
    persisted.close();

    // A restart at 100k records: check the image's checksum, parse it, load it (every guarantee re-checked), replay.
    const r0 = performance.now();
    const reopened = persistedDevnet(dir);
    const restartMs = performance.now() - r0;
    reopened.close();
    const imageText = stringify(memory.devnet.dump());
    const p0 = performance.now();
    parseExact(imageText);
    const p1 = performance.now();
    JSON.parse(imageText);
    const p2 = performance.now();
    console.log(
      `  restart at ${(RECORDS / 1000).toFixed(0)}k records: ${restartMs.toFixed(0)} ms; parsing the ${(imageText.length / 2 ** 20).toFixed(1)} MiB image ${(p1 - p0).toFixed(0)} ms (JSON.parse, which rounds big integers: ${(p2 - p1).toFixed(0)} ms)`,
    );

    await fsyncCost();
    parserLinearity();

    const runs = o.runs ?? 41;
    const small = createDevnet({ signatures: 'skip' });
    fill(small, key, 1_000);
    const us1k = snapshotRevertMicros(small, key, runs);
    const us100k = snapshotRevertMicros(memory, key, runs);
    console.log(`snapshot + revert (10 deposits in between, median of ${runs}):`);
    console.log(`  at 1k records   ${us1k.toFixed(1).padStart(8)} us`);
    console.log(`  at 100k records ${us100k.toFixed(1).padStart(8)} us`);
    console.log(
      `  ratio 100k / 1k = ${(us100k / us1k).toFixed(2)} (goal <= ${REVERT_GOAL}) ${us100k / us1k <= REVERT_GOAL ? 'ok' : 'MISSED'}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** --durability fsync next to write, same state, interleaved: what flushing each journal line to the disk costs. */
async function fsyncCost(): Promise<void> {
  const dirs = [mkdtempSync(join(tmpdir(), 'l2-devnet-bench-w-')), mkdtempSync(join(tmpdir(), 'l2-devnet-bench-f-'))];
  try {
    const write = persistedDevnet(dirs[0]!, 'write');
    const fsync = persistedDevnet(dirs[1]!, 'fsync');
    const key = write.devnet.accounts().accounts[2]!.stark_key;
    let w = 0;
    let f = 0;
    const rounds = 4;
    for (let r = 0; r < rounds; r++) {
      w += await depositRate(write, key, FSYNC_WINDOW / rounds);
      f += await depositRate(fsync, key, FSYNC_WINDOW / rounds);
    }
    write.close();
    fsync.close();
    w /= rounds;
    f /= rounds;
    console.log(`--durability (${FSYNC_WINDOW.toLocaleString('en')} deposits each, ${tmpdir()}):`);
    console.log(`  write           ${w.toFixed(0).padStart(8)} deposits/s   (a line reaches the OS before the answer: survives kill -9)`);
    console.log(
      `  fsync           ${f.toFixed(0).padStart(8)} deposits/s   (a line reaches the disk before the answer: survives a power cut)`,
    );
    console.log(`  ratio fsync / write = ${(f / w).toFixed(2)} (${((1 / f - 1 / w) * 1e6).toFixed(0)} us more per command)`);
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
}

/** `"` + n x `\"` (the input that made the old regex parser quadratic) and deep nesting, at n and 2n. */
function parserLinearity(): void {
  const time = (parse: (t: string) => unknown, text: string): number => {
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      try {
        parse(text);
      } catch {
        // unterminated on purpose: the time to find that out is what counts
      }
      samples.push(performance.now() - t0);
    }
    return samples.sort((a, b) => a - b)[2]!;
  };
  const n = 1_000_000;
  console.log(`state parser (median of 5), time at 2n / time at n, n = ${n.toLocaleString('en')} (linear = 2):`);
  const escapes = (k: number) => '"' + '\\"'.repeat(k);
  const a = time(parseExact, escapes(n));
  const b = time(parseExact, escapes(2 * n));
  console.log(
    `  '"' + n x '\\"' (unterminated): ${a.toFixed(1)} ms, at 2n ${b.toFixed(1)} ms, ratio ${(b / a).toFixed(2)} (goal <= ${LINEAR_GOAL}) ${b / a <= LINEAR_GOAL ? 'ok' : 'MISSED'}`,
  );
  // Nesting keeps every level alive to the end, so the garbage collector's share grows with it:
  // JSON.parse (native, no recursion either) grows the same way, printed beside it for comparison.
  const nested = (k: number) => '['.repeat(k) + ']'.repeat(k);
  const c = time(parseExact, nested(n));
  const d = time(parseExact, nested(2 * n));
  const e = time(JSON.parse, nested(n));
  const f = time(JSON.parse, nested(2 * n));
  console.log(
    `  n x '[' + n x ']': ${c.toFixed(0)} ms, at 2n ${d.toFixed(0)} ms, ratio ${(d / c).toFixed(2)}; JSON.parse ${e.toFixed(0)} / ${f.toFixed(0)} ms, ratio ${(f / e).toFixed(2)}`,
  );
}
