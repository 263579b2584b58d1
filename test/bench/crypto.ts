// Crypto benchmark: fast vs scure Pedersen, cached vs naive x-only verify, and signed order placement through
// createDevnet().fetch vs the crypto-only cost of the same orders, as ratios measured in one run. A report, not an assertion.
import { fieldReader } from '../../src/http/fields/field.js';
import { parseJsonObject } from '../../src/http/fields/json-body.js';
import { ORDER_BODY, orderInput } from '../../src/http/fields/order.js';
import { cpus } from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Worker } from 'node:worker_threads';
import { Point, pedersen as scurePedersen } from '@scure/starknet';
import { buildPedersenTables, pedersen as fastPedersen } from '../../src/crypto/pedersen.js';
import { FixedBaseTable } from '../../src/crypto/fixed-base.js';
import { signMessage, starkKeyFromPrivate } from '../../src/crypto/keys.js';
import { limitOrderWithFeeMsgHash } from '../../src/crypto/messages.js';
import type { LimitOrderWithFeeParams } from '../../src/crypto/messages.js';
import { VERIFY_WINDOWS, verifyStarkSignature } from '../../src/crypto/verify.js';
import { createDevnet } from '../../src/index.js';
import { signedOrderBody } from '../../src/testing.js';
import { referenceVerify } from '../unit/crypto/reference-verify.js';
import type { VerifyAnswer, VerifyJob } from './verify-worker.js';

const PEDERSEN_GOAL = 8;
const ORDER_GOAL = 10;
const OVERHEAD_GOAL = 0.25;
const DEFAULT_RUNS = 5;
const P = Point.Fp.ORDER;
const N = Point.Fn.ORDER;

export interface CryptoOptions {
  /** Interleaved rounds per comparison (the median is reported). Default 5. */
  runs?: number;
}

// ---------------------------------------------------------------- helpers

// run.ts passes no node flags; this exposes gc() for the memory figures without a child process.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Deterministic field elements from a xorshift stream (no Math.random: reruns hash the same inputs). */
function* stream(seed: bigint, modulus: bigint): Generator<bigint> {
  let x = seed;
  for (;;) {
    let v = 0n;
    for (let i = 0; i < 5; i++) {
      x ^= (x << 13n) & 0xffffffffffffffffn;
      x ^= x >> 7n;
      x ^= (x << 17n) & 0xffffffffffffffffn;
      v = (v << 64n) | x;
    }
    yield v % modulus;
  }
}

function take<T>(g: Generator<T>, n: number): T[] {
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(g.next().value as T);
  return out;
}

/** ops/s of `count` calls of f(i). */
function opsPerSecond(count: number, f: (i: number) => void): number {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) f(i);
  return (count * 1000) / (performance.now() - t0);
}

async function opsPerSecondAsync(count: number, f: (i: number) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < count; i++) await f(i);
  return (count * 1000) / (performance.now() - t0);
}

const fmt = (v: number): string => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const x = (v: number): string => `${v.toFixed(1)}x`;
const verdict = (ok: boolean): string => (ok ? 'GOAL MET' : 'GOAL MISSED');

/** Medians of each series over the rounds, and the median of the per-round ratio a/b. */
function summary(a: number[], b: number[]): { a: number; b: number; ratio: number } {
  return { a: median(a), b: median(b), ratio: median(a.map((v, i) => v / b[i]!)) };
}

// ---------------------------------------------------------------- naive order hash

/** The type-3 order hash with @scure/starknet's pedersen (the naive path; same formula as messages.ts). */
function naiveOrderHash(p: LimitOrderWithFeeParams): bigint {
  const h = (a: bigint, b: bigint): bigint => BigInt(scurePedersen(a, b));
  const w1 = h(h(p.tokenSell, p.tokenBuy), p.feeToken);
  const p0 = (p.amountSell << 160n) | (p.amountBuy << 96n) | (p.feeLimit << 32n) | p.nonce;
  const p1 = (3n << 241n) | (p.feeVaultId << 177n) | (p.vaultSell << 113n) | (p.vaultBuy << 49n) | (p.expirationTimestamp << 17n);
  return h(h(w1, p0), p1);
}

// ---------------------------------------------------------------- sections

function pedersenSection(runs: number): { ratio: number } {
  const t0 = performance.now();
  const before = heapUsed();
  const t1 = performance.now();
  const fresh = buildPedersenTables();
  const buildMs = performance.now() - t1;
  const bytes = heapUsed() - before;
  const points = fresh.aLow.size + fresh.bLow.size + fresh.start.length;
  console.log(
    `  Pedersen tables: ${points} affine points (${fresh.aLow.windows} signed ${fresh.aLow.window}-bit windows x 2 + 256 start points), built in ${buildMs.toFixed(0)} ms, heap ${(bytes / 2 ** 20).toFixed(1)} MiB (built once per process, at the first hash)`,
  );

  const g = stream(0x9e3779b97f4a7c15n, P);
  const pairs = Array.from({ length: 256 }, () => take(g, 2) as [bigint, bigint]);
  fastPedersen(1n, 2n);
  for (const [a, b] of pairs.slice(0, 16))
    if (fastPedersen(a, b) !== BigInt(scurePedersen(a, b))) throw new Error('fast Pedersen differs from scure');
  const scure: number[] = [];
  const fast: number[] = [];
  for (let r = 0; r < runs; r++) {
    scure.push(opsPerSecond(60, (i) => scurePedersen(pairs[i]![0], pairs[i]![1])));
    fast.push(opsPerSecond(600, (i) => fastPedersen(pairs[i % 256]![0], pairs[i % 256]![1])));
  }
  const s = summary(fast, scure);
  console.log(
    `  pedersen: scure ${fmt(s.b)}/s, fast ${fmt(s.a)}/s: ${x(s.ratio)} (goal >= ${PEDERSEN_GOAL}x): ${verdict(s.ratio >= PEDERSEN_GOAL)}  [${((performance.now() - t0) / 1000).toFixed(1)} s]`,
  );
  return s;
}

type Sig = { hash: bigint; r: bigint; s: bigint; key: bigint };

function signatures(privs: readonly bigint[], perKey: number, seed: bigint): Sig[] {
  const g = stream(seed, 1n << 251n);
  const out: Sig[] = [];
  for (let i = 0; i < perKey; i++) {
    for (const priv of privs) {
      const hash = g.next().value as bigint;
      const sig = signMessage(hash, priv);
      out.push({ hash, r: sig.r, s: sig.s, key: starkKeyFromPrivate(priv) });
    }
  }
  return out;
}

function verifySection(runs: number): { ratio: number; sigs: Sig[] } {
  const t0 = performance.now();
  // Keys signed by priv and by n - priv share the x-only key with opposite y: both parities are measured.
  const privs = take(stream(0x1234567n, N - 1n), 4).map((v, i) => (i % 2 ? N - 1n - v : v + 1n));
  const sigs = signatures(privs, 10, 0xabcdefn);

  // Cold costs: the generator table (once per process), then a key never seen before.
  const before = heapUsed();
  const t1 = performance.now();
  const baseTable = new FixedBaseTable(Point.BASE.toAffine(), VERIFY_WINDOWS.scalarBits, VERIFY_WINDOWS.base);
  const baseMs = performance.now() - t1;
  const baseBytes = heapUsed() - before;
  // Per-key tables are small, so build several and divide to get past the heap figure's noise.
  const qs = take(stream(0x4242n, N - 1n), 16).map((v) => Point.BASE.multiply(v + 1n).toAffine());
  const before2 = heapUsed();
  const t2 = performance.now();
  const keyTables = qs.map((q) => new FixedBaseTable(q, VERIFY_WINDOWS.scalarBits, VERIFY_WINDOWS.key));
  const keyMs = (performance.now() - t2) / qs.length;
  const keyBytes = (heapUsed() - before2) / qs.length;
  const keyTable = keyTables[0]!;
  console.log(
    `  verify tables: generator ${baseTable.size} points (${VERIFY_WINDOWS.base}-bit), ${baseMs.toFixed(0)} ms, ${(baseBytes / 2 ** 20).toFixed(2)} MiB, once per process; ` +
      `per key ${keyTable.size} points (${VERIFY_WINDOWS.key}-bit), ${keyMs.toFixed(1)} ms, ${(keyBytes / 1024).toFixed(0)} KiB (LRU of 256 keys)`,
  );
  verifyStarkSignature(sigs[0]!.hash, sigs[0]!.r, sigs[0]!.s, sigs[0]!.key); // builds the generator table
  const newKeys = signatures(
    take(stream(0x777n, N - 1n), 3).map((v) => v + 1n),
    1,
    0x55n,
  );
  const firstFast = median(newKeys.map((k) => 1000 / opsPerSecond(1, () => verifyStarkSignature(k.hash, k.r, k.s, k.key))));
  const firstNaive = median(newKeys.map((k) => 1000 / opsPerSecond(1, () => referenceVerify(k.hash, k.r, k.s, k.key))));
  console.log(
    `  first verify under a new key (decompress + key table + verify): ${firstFast.toFixed(1)} ms; naive ${firstNaive.toFixed(1)} ms`,
  );

  for (const v of sigs)
    if (!verifyStarkSignature(v.hash, v.r, v.s, v.key) || !referenceVerify(v.hash, v.r, v.s, v.key))
      throw new Error('a benchmark signature does not verify');
  const naive: number[] = [];
  const fast: number[] = [];
  for (let r = 0; r < runs; r++) {
    naive.push(opsPerSecond(20, (i) => referenceVerify(sigs[i]!.hash, sigs[i]!.r, sigs[i]!.s, sigs[i]!.key)));
    fast.push(
      opsPerSecond(400, (i) => {
        const v = sigs[i % sigs.length]!;
        verifyStarkSignature(v.hash, v.r, v.s, v.key);
      }),
    );
  }
  const s = summary(fast, naive);
  console.log(
    `  x-only verify: naive (scure verify, '02' then '03' key) ${fmt(s.b)}/s, cached windowed ${fmt(s.a)}/s: ${x(s.ratio)}  [${((performance.now() - t0) / 1000).toFixed(1)} s]`,
  );
  return { ratio: s.ratio, sigs };
}

type OrderBody = Record<string, any>;

function orderParams(b: OrderBody): LimitOrderWithFeeParams {
  return {
    vaultSell: BigInt(b['vault_id_sell']),
    vaultBuy: BigInt(b['vault_id_buy']),
    amountSell: BigInt(b['amount_sell']),
    amountBuy: BigInt(b['amount_buy']),
    tokenSell: BigInt(b['token_sell']),
    tokenBuy: BigInt(b['token_buy']),
    nonce: BigInt(b['nonce']),
    expirationTimestamp: BigInt(b['expiration_timestamp']),
    feeToken: BigInt(b['fee_info'].token_id),
    feeVaultId: BigInt(b['fee_info'].source_vault_id),
    feeLimit: BigInt(Math.floor(b['fee_info'].fee_limit)),
  };
}

async function orderSection(runs: number): Promise<void> {
  const t0 = performance.now();
  const perRound = 150;
  const dn = createDevnet();
  // The way an SDK calls fetch: fetch(url, init). The second form has the caller build a Request
  // each time, whose body stream Node 20 builds and promotes on the caller's side (text-body.ts).
  const init = (method: string, body?: string): RequestInit => ({
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  const call = async (method: string, path: string, body?: string): Promise<any> =>
    (await dn.fetch('http://devnet.bench' + path, init(method, body))).json();
  const callWithRequest = async (method: string, path: string, body?: string): Promise<any> =>
    (await dn.fetch(new Request('http://devnet.bench' + path, init(method, body)))).json();
  const accounts = dn.devnet.accounts().accounts;
  const rdd = [...dn.devnet.state.contracts.values()].find((c) => c.symbol === 'RDD20')!;
  const trader = async (name: string) => {
    const a = accounts.find((acc) => acc.name === name)!;
    const info = (await call('GET', `/v1/order/info?stark_key=${a.stark_key}&contract1=ETH:ETH&contract2=ERC20:${rdd.address}`)).data;
    return { a, info, nonce: 1 };
  };
  const alice = await trader('alice');
  const bob = await trader('bob');
  // Pairs that cross: alice asks 0.01 RDD20 at 0.5 ETH, bob bids the same, so every second order
  // matches, settles fees and empties the book: HTTP, ledger and matching are all in the figure.
  const warmup = 400;
  const total = warmup + runs * perRound * 2;
  const bodies: OrderBody[] = [];
  for (let i = 0; i < total; i++) {
    const t = i % 2 === 0 ? alice : bob;
    bodies.push(
      signedOrderBody({
        starkKey: t.a.stark_key,
        privateKey: t.a.private_key,
        direction: i % 2 === 0 ? 0 : 1,
        baseToken: t.info.base_token,
        quoteToken: t.info.asset_ids[1],
        quoteAmount: 10_000n,
        baseAmount: 5_000n,
        price: '0.5',
        baseVault: t.info.vault_ids[0],
        quoteVault: t.info.vault_ids[1],
        nonce: t.nonce++,
      }),
    );
  }
  const texts = bodies.map((b) => JSON.stringify(b));
  const params = bodies.map(orderParams);
  for (let i = 0; i < 4; i++)
    if (naiveOrderHash(params[i]!) !== limitOrderWithFeeMsgHash(params[i]!)) throw new Error('naive and fast order hashes differ');

  let failures = 0;
  const e2e: number[] = [];
  const e2eRequest: number[] = [];
  const cryptoOnly: number[] = [];
  const naive: number[] = [];
  const fields: number[] = [];
  // The route's own declaration, as a request runs it: JSON.parse, then every field read in order.
  const readOrder = fieldReader(ORDER_BODY, 'json');
  const place = (via: typeof call) => async (): Promise<void> => {
    const reply = await via('POST', '/v1/order', texts[next++]!);
    if (reply?.status !== 'OK') failures++;
  };
  // Warm-up orders: the traders' first verifies decompress their keys and build their tables.
  let next = 0;
  for (; next < warmup; next++) {
    if ((await (next % 4 < 2 ? call : callWithRequest)('POST', '/v1/order', texts[next]!))?.status !== 'OK') failures++;
    verifyStarkSignature(
      limitOrderWithFeeMsgHash(params[next]!),
      BigInt(bodies[next]!['signature'].r),
      BigInt(bodies[next]!['signature'].s),
      BigInt(bodies[next]!['stark_key']),
    );
  }
  for (let r = 0; r < runs; r++) {
    const start = next;
    gc();
    e2e.push(await opsPerSecondAsync(perRound, place(call)));
    gc();
    e2eRequest.push(await opsPerSecondAsync(perRound, place(callWithRequest)));
    gc();
    cryptoOnly.push(
      opsPerSecond(perRound, (i) => {
        const b = bodies[start + i]!;
        const hash = limitOrderWithFeeMsgHash(params[start + i]!);
        if (!verifyStarkSignature(hash, BigInt(b['signature'].r), BigInt(b['signature'].s), BigInt(b['stark_key']))) failures++;
      }),
    );
    fields.push(opsPerSecond(perRound, (i) => void orderInput(readOrder(() => parseJsonObject(texts[start + i]!)))));
    naive.push(
      opsPerSecond(6, (i) => {
        const b = bodies[start + i]!;
        const hash = naiveOrderHash(params[start + i]!);
        if (!referenceVerify(hash, BigInt(b['signature'].r), BigInt(b['signature'].s), BigInt(b['stark_key']))) failures++;
      }),
    );
  }
  if (failures > 0) {
    console.error(`  orders: ${failures} orders were refused or failed to verify; the figures below are not meaningful`);
    process.exitCode = 1;
  }
  const invariants = await call('GET', '/_devnet/invariants');
  const vsNaive = summary(e2e, naive);
  const vsCrypto = summary(cryptoOnly, e2e);
  const withRequest = summary(cryptoOnly, e2eRequest);
  const overhead = vsCrypto.ratio - 1;
  const overheadUs = (s: { a: number; b: number }): string => (1e6 / s.b - 1e6 / s.a).toFixed(0);
  console.log(
    `  signed order (type 3: 4 Pedersen hashes + 1 verify): naive crypto ${fmt(vsNaive.b)}/s, fast crypto only ${fmt(vsCrypto.a)}/s, ` +
      `placed through createDevnet().fetch(url, init) ${fmt(vsNaive.a)}/s, through createDevnet().fetch(new Request(url, init)) ${fmt(withRequest.b)}/s ` +
      `(${total} orders, ${total / 2} fills, invariants ${invariants.ok ? 'clean' : 'VIOLATED'})`,
  );
  console.log(
    `  order placement vs the naive crypto alone: ${x(vsNaive.ratio)} (goal >= ${ORDER_GOAL}x): ${verdict(vsNaive.ratio >= ORDER_GOAL)}`,
  );
  console.log(
    `  HTTP + ledger + matching over the crypto-only cost, fetch(url, init): +${(overhead * 100).toFixed(0)}% (${overheadUs(vsCrypto)} µs per order) (goal <= ${OVERHEAD_GOAL * 100}%): ${verdict(overhead <= OVERHEAD_GOAL)}; ` +
      `with the caller building a Request each time: +${((withRequest.ratio - 1) * 100).toFixed(0)}% (${overheadUs(withRequest)} µs)  [${((performance.now() - t0) / 1000).toFixed(1)} s]`,
  );
  const parseUs = 1e6 / median(fields);
  console.log(
    `  request fields of an order (JSON.parse + the ${Object.keys(ORDER_BODY).length} declared valibot fields, as the route reads them): ${parseUs.toFixed(1)} µs per order, ` +
      `${((parseUs / (1e6 / vsNaive.a)) * 100).toFixed(1)}% of an order placed through fetch(url, init)`,
  );
}

async function poolSection(runs: number, sigs: readonly Sig[]): Promise<void> {
  const t0 = performance.now();
  const size = 2;
  // tsx's loader hooks do not reach worker threads by themselves: register them in the worker first.
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(new URL('./verify-worker.ts', import.meta.url).href)}); })`;
  const workers = Array.from({ length: size }, () => new Worker(bootstrap, { eval: true }));
  try {
    const waiting = new Map<number, (r: boolean[]) => void>();
    for (const w of workers) w.on('message', (a: VerifyAnswer) => waiting.get(a.id)?.(a.results));
    let id = 0;
    let turn = 0;
    const send = (items: VerifyJob['items']): Promise<boolean[]> =>
      new Promise((resolve) => {
        const job: VerifyJob = { id: id++, items };
        waiting.set(job.id, resolve);
        workers[turn++ % size]!.postMessage(job);
      });
    const item = (i: number) => {
      const v = sigs[i % sigs.length]!;
      return [v.hash, v.r, v.s, v.key] as const;
    };
    // Warm both workers' tables and caches.
    await Promise.all(workers.map(() => send(sigs.map((_, i) => item(i)))));
    const count = 400;
    const inline: number[] = [];
    const parallel: number[] = [];
    const oneByOne: number[] = [];
    for (let r = 0; r < runs; r++) {
      inline.push(
        opsPerSecond(count, (i) => {
          const [h, rr, s, k] = item(i);
          verifyStarkSignature(h, rr, s, k);
        }),
      );
      let t = performance.now();
      await Promise.all(Array.from({ length: count }, (_, i) => send([item(i)])));
      parallel.push((count * 1000) / (performance.now() - t));
      t = performance.now();
      for (let i = 0; i < count / 4; i++) await send([item(i)]);
      oneByOne.push((count * 250) / (performance.now() - t));
    }
    const p = summary(parallel, inline);
    const o = summary(oneByOne, inline);
    console.log(
      `  verify on a ${size}-worker pool (${cpus().length} cores, shared): in-thread ${fmt(p.b)}/s; pool with every request in flight ${fmt(p.a)}/s (${x(p.ratio)}); ` +
        `pool one request at a time, as a sequential client sees it ${fmt(o.a)}/s (${x(o.ratio)})  [${((performance.now() - t0) / 1000).toFixed(1)} s]`,
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

export async function runCrypto(options: CryptoOptions = {}): Promise<void> {
  const runs = Math.max(1, options.runs ?? DEFAULT_RUNS);
  const cpu = cpus();
  console.log(
    `crypto benchmark (node ${process.version}, ${process.platform}/${process.arch}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown cpu'}): ` +
      `${runs} interleaved rounds per comparison, medians of ops/s and of per-round ratios`,
  );
  pedersenSection(runs);
  const { sigs } = verifySection(runs);
  await orderSection(runs);
  await poolSection(runs, sigs);
}
