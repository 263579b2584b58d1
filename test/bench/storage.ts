// Storage benchmark: a 100 MiB upload to a spawned server; its peak RSS above idle and its throughput,
// next to sha256 alone over the same bytes (a ratio measured in the same run). A report, not an assertion.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const DIR_SERVER = fileURLToPath(new URL('./storage-server.mjs', import.meta.url));
const MiB = 1024 * 1024;
const SIZE_MIB = 100;
const RSS_GOAL_MIB = 64;
const READY_TIMEOUT_MS = 15_000;

export interface StorageBenchOptions {
  /** Uploads per server (the median throughput and the largest RSS increase are reported). Default 2. */
  runs?: number;
}

/** 100 chunks of 1 MiB from a seeded xorshift32: no two chunks alike, so no block deduplicates. */
function payload(): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let x = 0x9e3779b9;
  for (let c = 0; c < SIZE_MIB; c++) {
    const words = new Uint32Array(MiB / 4);
    for (let i = 0; i < words.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      words[i] = x >>> 0;
    }
    chunks.push(new Uint8Array(words.buffer));
  }
  return chunks;
}

function status(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, 'm').exec(text)?.[1] ?? NaN);
    return { rss: kib('VmRSS') / 1024, hwm: kib('VmHWM') / 1024 };
  } catch {
    return undefined;
  }
}

async function spawnServer(args: string[]): Promise<{ child: ChildProcess; url: string }> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('L2DEVNET_') && k !== 'NODE_OPTIONS'));
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('no ready line')), READY_TIMEOUT_MS);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0 && timer) {
        clearTimeout(timer);
        resolve(String((JSON.parse(out.slice(0, nl)) as { url: string }).url));
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before its ready line`)));
  });
  return { child, url };
}

async function json(url: string, headers: Record<string, string> = {}): Promise<any> {
  return (await fetch(url, { headers })).json();
}

/** Streams the multipart upload over one socket, chunk by chunk with backpressure; resolves with the reply. */
function upload(url: string, key: string, chunks: readonly Uint8Array[]): Promise<{ status: number; body: string }> {
  const boundary = 'l2devnetBenchBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + tail.length + chunks.reduce((n, c) => n + c.length, 0);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    const parts = [head, ...chunks, tail];
    const pump = (): void => {
      while (parts.length > 0) {
        if (!req.write(parts.shift()!)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

interface Measured {
  idle: number;
  peak: number;
  seconds: number;
  cid: string;
}

async function measure(label: string, args: string[], chunks: readonly Uint8Array[]): Promise<Measured> {
  const { child, url } = await spawnServer(args);
  try {
    const key = (await json(`${url}/_devnet/accounts`)).api_keys[0] as string;
    const project = (await json(`${url}/v1/project`, { 'x-api-key': key })).data[0].project_uuid as string;
    await new Promise((r) => setTimeout(r, 500));
    const pid = child.pid!;
    const idle = status(pid)?.rss ?? NaN;
    // Reset the high-water mark so VmHWM reports this upload's peak only (falls back to polling).
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      /* not permitted here: the polled maximum stands alone */
    }
    let polled = idle;
    const poll = setInterval(() => (polled = Math.max(polled, status(pid)?.rss ?? 0)), 5);
    const t0 = performance.now();
    const res = await upload(`${url}/v1/project/${project}/storage`, key, chunks);
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(poll);
    const after = status(pid);
    const peak = Math.max(polled, after?.hwm ?? 0);
    const reply = JSON.parse(res.body) as { status: string; data: { cid: string } | null; error: string };
    if (reply.status !== 'OK') throw new Error(`${label}: upload refused (${res.status}): ${reply.error}`);
    return { idle, peak, seconds, cid: reply.data!.cid };
  } finally {
    child.kill('SIGKILL');
  }
}

function sha256Seconds(chunks: readonly Uint8Array[]): number {
  const t0 = performance.now();
  const h = createHash('sha256');
  for (const c of chunks) h.update(c);
  h.digest();
  return (performance.now() - t0) / 1000;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export async function runStorage(options: StorageBenchOptions = {}): Promise<void> {
  if (!existsSync(MAIN)) {
    console.error(`storage: ${MAIN} is missing; run \`npm run build\` first`);
    process.exitCode = 1;
    return;
  }
  const runs = Math.max(1, options.runs ?? 2);
  const chunks = payload();
  console.log(
    `storage benchmark (node ${process.version}): ${SIZE_MIB} MiB multipart upload over a socket to a spawned server, ${runs} run(s) per block store`,
  );
  const shaSeconds = median(Array.from({ length: 3 }, () => sha256Seconds(chunks)));
  const shaRate = SIZE_MIB / shaSeconds;
  console.log(`  sha256 alone over the same bytes: ${shaRate.toFixed(0)} MiB/s`);
  const blocksDir = mkdtempSync(join(tmpdir(), 'l2-devnet-bench-blocks-'));
  const targets: Array<[string, () => string[]]> = [
    ['directory block store', () => [DIR_SERVER, mkdtempSync(join(blocksDir, 'run-'))]],
    ['memory block store', () => [MAIN, '--port', '0', '--log', 'silent']],
  ];
  try {
    for (const [label, args] of targets) {
      const results: Measured[] = [];
      for (let i = 0; i < runs; i++) results.push(await measure(label, args(), chunks));
      const rate = median(results.map((r) => SIZE_MIB / r.seconds));
      const increase = Math.max(...results.map((r) => r.peak - r.idle));
      console.log(`  ${label}: cid ${results[0]!.cid}`);
      console.log(
        `    idle RSS ${median(results.map((r) => r.idle)).toFixed(1)} MiB, peak increase during the upload ${increase.toFixed(1)} MiB (largest of ${runs})`,
      );
      console.log(`    throughput ${rate.toFixed(0)} MiB/s (median); upload / sha256-alone = ${(rate / shaRate).toFixed(2)}`);
      if (label.startsWith('directory')) {
        console.log(`    memory goal (< ${RSS_GOAL_MIB} MiB above idle): ${increase < RSS_GOAL_MIB ? 'GOAL MET' : 'GOAL MISSED'}`);
      } else {
        console.log(`    (the memory store keeps the ${SIZE_MIB} MiB it was given: its increase is the stored bytes, once)`);
      }
    }
  } finally {
    rmSync(blocksDir, { recursive: true, force: true });
  }
}
