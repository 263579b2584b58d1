// List-read benchmark: median latency of list endpoints with 1k, 100k and 1M history, as ratios to the 1k
// case, each request answered the way a request runs (createDevnet().fetch(url), routing, parsing,
// the read, the JSON answer), and heap bytes per record the history costs. A report, not an assertion.
//
// History of size n: n deposits to alice (ETH and RDD20 in turn), then n resting orders in the
// ETH/RDD20 market (asks from bob, bids from carol, never crossing), built through the domain
// functions the commands call. The run happens in a child process (`node --expose-gc --max-old-space-size=8192 --import
// tsx test/bench/lists.ts --child`) for global.gc(); like the orderbook bench, the child swaps
// src/crypto/pedersen.ts's `pedersen` for a cheap stand-in (placing 1M orders would otherwise spend
// minutes hashing; reads never hash).
import { spawn } from 'node:child_process';
import { register } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SELF = fileURLToPath(import.meta.url);
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const PEDERSEN_URL = new URL('../../src/crypto/pedersen.ts', import.meta.url).href;

/** LISTS_SIZES=1000,10000 for a quick look; the figures the README quotes use the default. */
const SIZES: readonly number[] = process.env.LISTS_SIZES ? process.env.LISTS_SIZES.split(',').map(Number) : [1_000, 100_000, 1_000_000];
const RATIO_GOAL = 2;
const DEFAULT_RUNS = 7;
/** Requests per timed repetition (the median repetition is reported, per request). */
const REPS = 200;

export interface ListsOptions {
  runs?: number;
}

function label(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export async function runLists(options: ListsOptions = {}): Promise<void> {
  const runs = Math.max(1, options.runs ?? DEFAULT_RUNS);
  const cpu = cpus();
  console.log(
    `lists benchmark (node ${process.version}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB): ` +
      `history ${SIZES.map(label).join('/')}, ${runs} timed runs of ${REPS} requests each, median reported`,
  );
  const t0 = performance.now();
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (k !== 'NODE_OPTIONS') env[k] = v;
  const args = ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', SELF, '--child', '--runs', String(runs)];
  const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const kill = (): void => void child.kill('SIGKILL');
  process.once('exit', kill);
  try {
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    if (code !== 0) {
      console.error(`lists: child failed (code ${code})`);
      process.exitCode = 1;
    }
    console.log(`lists benchmark took ${((performance.now() - t0) / 1000).toFixed(1)} s (child process)`);
  } finally {
    process.removeListener('exit', kill);
  }
}

// ---------------------------------------------------------------- child

const STUB_SOURCE = `
export * from ${JSON.stringify(PEDERSEN_URL + '?real')};
import { assertFieldElement, FIELD_PRIME } from ${JSON.stringify(PEDERSEN_URL + '?real')};
export function pedersen(a, b) {
  assertFieldElement('a', a);
  assertFieldElement('b', b);
  return (a * 0x9e3779b97f4a7c15n + b + 1n) % FIELD_PRIME;
}
`;

const HOOKS_SOURCE = `
const TARGET = ${JSON.stringify(PEDERSEN_URL)};
const STUB = ${JSON.stringify('data:text/javascript,' + encodeURIComponent(STUB_SOURCE))};
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (r.url === TARGET) return { url: STUB, format: 'module', shortCircuit: true };
  return r;
}
`;

function heapBytes(): number {
  const f = globalThis.gc;
  if (!f) throw new Error('run with --expose-gc');
  f();
  f();
  // Long id lists are typed arrays, whose bytes live outside the JS heap.
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

interface Probe {
  name: string;
  path: string;
}

async function child(runs: number): Promise<void> {
  register('data:text/javascript,' + encodeURIComponent(HOOKS_SOURCE), pathToFileURL(REPO));
  const { createDevnet } = await import('../../src/index.js');
  const { deposit } = await import('../../src/domain/ledger/deposits.js');
  const { placeOrder } = await import('../../src/domain/trading/orders.js');
  const results = new Map<string, number[]>();
  const bytes: Array<{ n: number; record: number; order: number }> = [];
  const built: Array<{ n: number; probes: Probe[]; get(path: string): Promise<string> }> = [];
  for (const n of SIZES) {
    const dn = createDevnet({ signatures: 'skip', settlement: 'manual' });
    const d = dn.devnet;
    const s = d.state;
    const key = (name: string) => s.namedAccounts.find((a) => a.name === name)!.starkKey;
    const [alice, bob, carol] = [key('alice'), key('bob'), key('carol')];
    const eth = s.contracts.get('eth')!;
    const rdd = [...s.contracts.values()].find((c) => c.symbol === 'RDD20')!;
    d.deposit({ starkKey: bob, contractAddress: rdd.address, amount: 10n ** 15n });
    d.deposit({ starkKey: carol, contractAddress: 'eth', amount: 10n ** 15n });
    const [bobEth, bobRdd, carolEth, carolRdd] = d
      .vaults([bob, bob, carol, carol], [eth.assetType, rdd.assetType, eth.assetType, rdd.assetType])
      .map(BigInt) as [bigint, bigint, bigint, bigint];

    const t0 = performance.now();
    const before = heapBytes();
    // The history is built through the domain functions the commands call (no journal, events or
    // per-command transaction: a million of each would take minutes on a shared machine); the undo
    // log settles as after each command.
    for (let i = 0; i < n; i++) {
      deposit(s, { starkKey: alice, contractAddress: i % 2 === 0 ? 'eth' : rdd.address, amount: 1n });
      s.undo.settle();
    }
    const afterRecords = heapBytes();
    const nonce = { bob: 0n, carol: 0n };
    for (let i = 0; i < n; i++) {
      const ask = i % 2 === 0;
      // Asks at 2.0000-2.0999, bids at 0.9000-0.9999 ETH per RDD20: the book never crosses.
      const micros = ask ? 2_000_000n + BigInt(i % 1000) * 100n : 900_000n + BigInt(i % 1000) * 100n;
      const quote = 1_000_000n;
      const base = (quote * micros) / 1_000_000n;
      placeOrder(
        s,
        {
          starkKey: ask ? bob : carol,
          direction: ask ? 0 : 1,
          tokenSell: ask ? rdd.assetType : eth.assetType,
          tokenBuy: ask ? eth.assetType : rdd.assetType,
          baseToken: eth.assetType,
          quoteToken: rdd.assetType,
          amountSell: ask ? quote : base,
          amountBuy: ask ? base : quote,
          amount: quote,
          price: `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, '0')}`,
          vaultSell: ask ? bobRdd : carolEth,
          vaultBuy: ask ? bobEth : carolRdd,
          nonce: ask ? nonce.bob++ : nonce.carol++,
          expiration: 4_194_303n,
          feeLimit: base,
          feeToken: eth.assetType,
          feeVault: ask ? bobEth : carolEth,
          // Distinct signatures: the by-signature index appends by copying, so one signature for all would cost O(n) each.
          marketplace: undefined,
          signature: { r: BigInt(i + 1), s: 1n },
        },
        () => true,
      );
      s.undo.settle();
    }
    const afterOrders = heapBytes();
    bytes.push({ n, record: (afterRecords - before) / n, order: (afterOrders - afterRecords) / n });
    console.log(
      `  ${label(n)}: built in ${((performance.now() - t0) / 1000).toFixed(1)} s (${n} deposits to one key, ${n} resting orders)`,
    );

    const probes: Probe[] = [
      { name: 'GET /v1/records limit 100', path: `/v1/records?stark_key=${alice}&limit=100` },
      {
        name: 'GET /v1/records contract+type, page 3',
        path: `/v1/records?stark_key=${alice}&contract_address=${rdd.address}&record_type=1&limit=100&page=3`,
      },
      { name: 'GET /v1/orders limit 100', path: `/v1/orders?limit=100` },
      { name: 'GET /v1/orders stark_key+direction, page 2', path: `/v1/orders?stark_key=${carol}&direction=1&limit=100&page=2` },
      { name: 'GET /v1/orders order_state=5 (all)', path: `/v1/orders?contract_address=${rdd.address}&order_state=5&limit=100` },
      { name: 'GET /v1/depth (1000 levels a side)', path: `/v1/depth?base_contract=eth&quote_contract=${rdd.address}` },
      { name: 'GET /v1/balances', path: `/v1/balances?stark_key=${alice}&limit=100` },
    ];
    const get = async (path: string): Promise<string> => {
      const r = await dn.fetch('http://devnet.bench' + path);
      const text = await r.text();
      if (!text.includes('"status":"OK"')) throw new Error(`${path}: ${text.slice(0, 300)}`);
      return text;
    };
    for (const p of probes) for (let i = 0; i < 50; i++) await get(p.path);
    built.push({ n, probes, get });
  }
  // Interleaved: each round times every probe at every size, so drift on a shared machine hits them alike.
  for (let r = 0; r < runs; r++) {
    for (const b of built) {
      for (const p of b.probes) {
        const t = performance.now();
        for (let i = 0; i < REPS; i++) await b.get(p.path);
        const us = ((performance.now() - t) * 1000) / REPS;
        const k = `${p.name}|${b.n}`;
        results.set(k, [...(results.get(k) ?? []), us]);
      }
    }
  }
  const probes = built[0]!.probes;
  const w = Math.max(...probes.map((p) => p.name.length));
  console.log(
    `  ${'request'.padEnd(w)}  ${SIZES.map((n) => `${label(n)} (us)`.padStart(12)).join('')}  ${SIZES.slice(1)
      .map((n) => `${label(n)}/1k`.padStart(9))
      .join('')}`,
  );
  for (const p of probes) {
    const m = SIZES.map((n) => median(results.get(`${p.name}|${n}`)!));
    const ratios = m.slice(1).map((x) => x / m[0]!);
    const flag = ratios.every((r) => r <= RATIO_GOAL) ? 'ok' : `over the ${RATIO_GOAL}x goal`;
    console.log(
      `  ${p.name.padEnd(w)}  ${m.map((x) => x.toFixed(1).padStart(12)).join('')}  ${ratios.map((r) => `${r.toFixed(2)}x`.padStart(9)).join('')}  ${flag}`,
    );
  }
  for (const b of bytes)
    console.log(
      `  heap + array buffers at ${label(b.n)}: ${b.record.toFixed(0)} bytes per deposit record, ${b.order.toFixed(0)} bytes per resting order (its record included)`,
    );
}

if (process.argv.includes('--child')) {
  const i = process.argv.indexOf('--runs');
  await child(i > 0 ? Number(process.argv[i + 1]) : DEFAULT_RUNS);
}
