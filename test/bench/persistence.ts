// Persistence benchmark: deposit throughput at 100k records with --state next to memory only, and the
// cost of snapshot + revert at 100k records next to 1k. Ratios from one run; a report, not an assertion.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDevnet } from '../../src/index.js';
import type { InProcessDevnet } from '../../src/index.js';
import { buildApp } from '../../src/app.js';
import { Devnet } from '../../src/devnet.js';
import { readGenesisFile } from '../../src/genesis-file.js';
import { openStateDir } from '../../src/persistence/state-dir.js';
import { toRequest } from '../../src/http/text-request.js';

const RECORDS = 100_000;
const WINDOW = 20_000;
const THROUGHPUT_GOAL = 0.5;
const REVERT_GOAL = 2;

export interface PersistenceOptions {
  runs?: number;
}

/** Devnet + state dir by hand (createDevnet hides the state dir, and the bench times a compaction). */
function persistedDevnet(dir: string): InProcessDevnet & { compact(): void; close(): void } {
  const devnet = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
  const sd = openStateDir(dir, devnet);
  const app = buildApp(devnet);
  return { devnet, fetch: async (input, init) => app.fetch(toRequest(input, init, 'http://devnet.local')), compact: () => sd.compact(), close: () => sd.close() } as InProcessDevnet & { compact(): void; close(): void };
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
    const res = await dn.fetch(new Request('http://devnet/_devnet/deposit', { method: 'POST', body, headers: { 'content-type': 'application/json' } }));
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
    const journal = statSync(join(dir, 'journal.ndjson')).size;
    const image = statSync(join(dir, 'state.json')).size;
    // A compaction may or may not fall inside the window; time one and amortize it over the deposits
    // that fill the journal up to the next one (the journal grows to the image size first).
    const c0 = performance.now();
    persisted.compact();
    const compactMs = performance.now() - c0;
    const lineBytes = journal / Math.max(1, persisted.devnet.state.nextSequenceId - 1 - RECORDS);
    const perCompaction = Math.max(8 * 2 ** 20, statSync(join(dir, 'state.json')).size) / lineBytes;
    const amortized = 1 / (1 / disk + compactMs / 1000 / perCompaction);
    console.log(`  memory only     ${mem.toFixed(0).padStart(8)} deposits/s`);
    console.log(`  --state DIR     ${disk.toFixed(0).padStart(8)} deposits/s   (image ${(image / 2 ** 20).toFixed(1)} MiB, journal ${(journal / 2 ** 20).toFixed(1)} MiB at the end)`);
    console.log(`  one compaction at ${(RECORDS / 1000).toFixed(0)}k records: ${compactMs.toFixed(0)} ms, once per ~${perCompaction.toFixed(0)} deposits -> ${amortized.toFixed(0)} deposits/s amortized`);
    console.log(`  ratio --state / memory = ${(amortized / mem).toFixed(2)} with compaction amortized (${(disk / mem).toFixed(2)} without) (goal >= ${THROUGHPUT_GOAL}) ${amortized / mem >= THROUGHPUT_GOAL ? 'ok' : 'MISSED'}`);
    persisted.close();

    const runs = o.runs ?? 41;
    const small = createDevnet({ signatures: 'skip' });
    fill(small, key, 1_000);
    const us1k = snapshotRevertMicros(small, key, runs);
    const us100k = snapshotRevertMicros(memory, key, runs);
    console.log(`snapshot + revert (10 deposits in between, median of ${runs}):`);
    console.log(`  at 1k records   ${us1k.toFixed(1).padStart(8)} us`);
    console.log(`  at 100k records ${us100k.toFixed(1).padStart(8)} us`);
    console.log(`  ratio 100k / 1k = ${(us100k / us1k).toFixed(2)} (goal <= ${REVERT_GOAL}) ${us100k / us1k <= REVERT_GOAL ? 'ok' : 'MISSED'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
