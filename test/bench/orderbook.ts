// Order-book benchmark: place-and-match cost per operation with 1k, 100k and 1M resting orders in the
// default genesis's ERC20 market (base ETH, quote RDD20), driven through the domain layer, and heap bytes per
// resting order. A report, not an assertion.
//
// Each placement runs as a request runs it: inside atomically() (the undo log settles after each command, so
// nothing of it is kept without a live snapshot), with the signature check of `--signatures skip`, which
// computes no message hash. The real cost of an order's hash is measured separately and printed beside.
//
// The run happens in a child process (`node --expose-gc --max-old-space-size=8192 --import tsx
// test/bench/orderbook.ts --child`): run.ts passes no node flags, and the memory figure needs global.gc().
import { spawn } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { OrderInput } from '../../src/domain/trading/orders.js';
import type { State } from '../../src/domain/state/state.js';

const SELF = fileURLToPath(import.meta.url);
const REPO = fileURLToPath(new URL('../../', import.meta.url));

const SIZES = [1_000, 100_000, 1_000_000] as const;
const RATIO_GOAL = 2;
const BYTES_GOAL = 1024;
/** Operations per timed repetition, and warm-up operations before the first one (per book size). */
const OPS = 20_000;
const WARMUP_OPS = 5_000;
/** Timed operations are clocked in stretches of this many, to show pauses (hash-table growth, GC) the median hides. */
const CHUNK = 1_000;
const DEFAULT_RUNS = 5;

export interface OrderbookOptions {
  /** Timed repetitions per book size (the median is reported). Default 5. */
  runs?: number;
}

// ---------------------------------------------------------------- parent

function label(n: number): string {
  return n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Real cost of the order message hash placeOrder computes (median of 5 batches of 10 after 3 warm-ups). */
async function realHashMicros(): Promise<number> {
  const { limitOrderWithFeeMsgHash } = await import('../../src/crypto/messages.js');
  const p = {
    vaultSell: 10_000_001n,
    vaultBuy: 10_000_002n,
    amountSell: 1_000_000n,
    amountBuy: 1_000_100n,
    tokenSell: 0x348d9f01e42582dee55ba5db85b0ab036671786ca9e140642d7b7a010abb159n,
    tokenBuy: 0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5en,
    nonce: 0n,
    expirationTimestamp: 4_194_303n,
    feeToken: 0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5en,
    feeVaultId: 10_000_002n,
    feeLimit: 1_000_100n,
  };
  let nonce = 0n;
  for (let i = 0; i < 3; i++) limitOrderWithFeeMsgHash({ ...p, nonce: nonce++ });
  const batches: number[] = [];
  for (let b = 0; b < 5; b++) {
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) limitOrderWithFeeMsgHash({ ...p, nonce: nonce++ });
    batches.push(((performance.now() - t0) * 1000) / 10);
  }
  return median(batches);
}

export async function runOrderbook(options: OrderbookOptions = {}): Promise<void> {
  const runs = Math.max(1, options.runs ?? DEFAULT_RUNS);
  const cpu = cpus();
  console.log(
    `orderbook benchmark (node ${process.version}, ${process.platform}/${process.arch}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB): ` +
      `book sizes ${SIZES.map(label).join('/')}, ${runs} timed runs of ${OPS} ops each after ${WARMUP_OPS} warm-up ops, median reported`,
  );
  const hashUs = await realHashMicros();
  const t0 = performance.now();
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (k !== 'NODE_OPTIONS') env[k] = v;
  const args = [
    '--expose-gc',
    '--max-old-space-size=8192',
    '--import',
    'tsx',
    SELF,
    '--child',
    '--runs',
    String(runs),
    '--hash-us',
    hashUs.toFixed(1),
  ];
  console.log(`  child: node ${args.map((a) => (a === SELF ? 'test/bench/orderbook.ts' : a)).join(' ')}`);
  const child = spawn(process.execPath, args, { cwd: REPO, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const kill = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', kill);
  const onSignal = (): void => {
    kill();
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  try {
    const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (c, s) => resolve({ code: c, signal: s })),
    );
    if (code !== 0) {
      console.error(`orderbook: child failed (code ${code}, signal ${signal})`);
      process.exitCode = 1;
    }
    console.log(`orderbook benchmark took ${((performance.now() - t0) / 1000).toFixed(1)} s (child process)`);
  } finally {
    process.removeListener('exit', kill);
    process.removeListener('SIGINT', onSignal);
  }
}

// ---------------------------------------------------------------- child

const Q = 1_000_000n; // quote units of every resting order (1 RDD20 in display units)
const MID = 1_000_000n; // price in micro-ETH per RDD20
const TICK = 100n; // micro-ETH between levels (even, so half orders have exact base amounts)
const MAX_LEVELS = 2_000; // price levels per side at most
const FUNDING = 10n ** 15n; // quantized units deposited per account (far above what 1M orders freeze)

type Domain = {
  transaction: typeof import('../../src/domain/lifecycle/transaction.js');
  genesis: typeof import('../../src/domain/lifecycle/genesis.js');
  genesisFile: typeof import('../../src/emulator/genesis-file.js');
  orders: typeof import('../../src/domain/trading/orders.js');
  deposits: typeof import('../../src/domain/ledger/deposits.js');
  vaults: typeof import('../../src/domain/ledger/vaults.js');
  openOrders: typeof import('../../src/domain/trading/open-orders.js');
};

interface Trader {
  key: string;
  baseVault: bigint;
  quoteVault: bigint;
  nonce: bigint;
}

function gc(): void {
  const f = globalThis.gc;
  if (!f) throw new Error('run with --expose-gc');
  f();
  f();
}

function heapUsed(): number {
  gc();
  return process.memoryUsage().heapUsed;
}

function priceText(micros: bigint): string {
  return `${micros / 1_000_000n}.${(micros % 1_000_000n).toString().padStart(6, '0')}`;
}

/** A fresh default-genesis state with four funded traders: asks come from alice/bob, bids from carol/operator. */
class Market {
  readonly state: State;
  readonly base: bigint;
  readonly quote: bigint;
  readonly askers: Trader[];
  readonly bidders: Trader[];
  readonly levels: number;
  private rng = 0x2545f491;
  private readonly takerSizes = { ask: 0, bid: 0 };
  private askTurn = 0;
  private bidTurn = 0;
  private placed = 0;

  constructor(
    private readonly d: Domain,
    readonly n: number,
  ) {
    this.state = d.genesis.buildGenesisState(d.genesisFile.readGenesisFile());
    const s = this.state;
    const eth = s.contracts.get('eth')!;
    const rdd = [...s.contracts.values()].find((c) => c.symbol === 'RDD20')!;
    this.base = eth.assetType;
    this.quote = rdd.assetType;
    const baseHex = '0x' + this.base.toString(16);
    const quoteHex = '0x' + this.quote.toString(16);
    const trader = (name: string, fund: 'eth' | 'quote'): Trader => {
      const key = s.namedAccounts.find((a) => a.name === name)!.starkKey;
      return d.transaction.atomically(s, () => {
        d.deposits.deposit(s, { starkKey: key, contractAddress: fund === 'eth' ? 'eth' : rdd.address, amount: FUNDING });
        return { key, baseVault: d.vaults.ensureVault(s, key, baseHex), quoteVault: d.vaults.ensureVault(s, key, quoteHex), nonce: 0n };
      }).value;
    };
    this.askers = [trader('alice', 'quote'), trader('bob', 'quote')];
    this.bidders = [trader('carol', 'eth'), trader('operator', 'eth')];
    this.levels = Math.min(MAX_LEVELS, Math.max(1, Math.floor(n / 10)));
  }

  book(): { asks: number; bids: number } {
    const b = this.state.books.get(this.d.openOrders.marketKey('0x' + this.base.toString(16), '0x' + this.quote.toString(16)));
    return { asks: b?.asks.size ?? 0, bids: b?.bids.size ?? 0 };
  }

  askPrice(level: number): bigint {
    return MID + TICK * BigInt(level + 1);
  }

  bidPrice(level: number): bigint {
    return MID - TICK * BigInt(level + 1);
  }

  /** Places one order through placeOrder; `quote` quote units at `priceMicros`. */
  place(t: Trader, direction: 0 | 1, quote: bigint, priceMicros: bigint): number {
    const baseAmount = (quote * priceMicros) / 1_000_000n;
    const input: OrderInput = {
      starkKey: t.key,
      direction,
      tokenSell: direction === 0 ? this.quote : this.base,
      tokenBuy: direction === 0 ? this.base : this.quote,
      baseToken: this.base,
      quoteToken: this.quote,
      amountSell: direction === 0 ? quote : baseAmount,
      amountBuy: direction === 0 ? baseAmount : quote,
      amount: quote,
      price: priceText(priceMicros),
      vaultSell: direction === 0 ? t.quoteVault : t.baseVault,
      vaultBuy: direction === 0 ? t.baseVault : t.quoteVault,
      nonce: t.nonce++,
      expiration: 4_194_303n,
      feeLimit: baseAmount,
      feeToken: this.base,
      feeVault: t.baseVault,
      marketplace: undefined,
      signature: { r: 0n, s: 0n },
    };
    return this.d.transaction.atomically(this.state, () => this.d.orders.placeOrder(this.state, input, () => true)).value;
  }

  private random(): number {
    // xorshift32: deterministic, cheap.
    let x = this.rng;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.rng = x >>> 0;
    return this.rng;
  }

  /**
   * Non-crossing resting orders up to `upTo` (default N) in all: asks and bids alternate, round-robin over the
   * levels, owners alternating by round.
   */
  populate(upTo = this.n): void {
    for (let i = this.placed; i < upTo; i++, this.placed++) {
      const k = i >> 1;
      const level = k % this.levels;
      const owner = Math.floor(k / this.levels) & 1;
      if (i & 1) this.place(this.bidders[owner]!, 1, Q, this.bidPrice(level));
      else this.place(this.askers[owner]!, 0, Q, this.askPrice(level));
    }
  }

  /**
   * One operation: a taker that crosses the best opposite level (limit at the far end of that side, so it
   * fills at the makers' prices), then a replacement resting order on the makers' side at a random level.
   * Taker sizes alternate Q/2 and 3Q/2 per side: the first fills half of the best order, the next fills its
   * remainder plus the whole next order, so fills are partial, full and multi-maker, and each side stays at
   * N/2 (+1) resting orders.
   */
  op(j: number): void {
    if (j & 1) {
      const size = this.takerSizes.bid++ & 1 ? (3n * Q) / 2n : Q / 2n;
      this.place(this.askers[this.askTurn++ & 1]!, 0, size, this.bidPrice(this.levels - 1));
      this.place(this.bidders[this.bidTurn++ & 1]!, 1, Q, this.bidPrice(this.random() % this.levels));
    } else {
      const size = this.takerSizes.ask++ & 1 ? (3n * Q) / 2n : Q / 2n;
      this.place(this.bidders[this.bidTurn++ & 1]!, 1, size, this.askPrice(this.levels - 1));
      this.place(this.askers[this.askTurn++ & 1]!, 0, Q, this.askPrice(this.random() % this.levels));
    }
  }
}

async function loadDomain(): Promise<Domain> {
  return {
    transaction: await import('../../src/domain/lifecycle/transaction.js'),
    genesis: await import('../../src/domain/lifecycle/genesis.js'),
    genesisFile: await import('../../src/emulator/genesis-file.js'),
    orders: await import('../../src/domain/trading/orders.js'),
    deposits: await import('../../src/domain/ledger/deposits.js'),
    vaults: await import('../../src/domain/ledger/vaults.js'),
    openOrders: await import('../../src/domain/trading/open-orders.js'),
  };
}

interface SizeResult {
  n: number;
  usPerOp: number;
  runs: number[];
  bytesPerOrder: number;
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(`orderbook: ${what}`);
}

async function measureSize(d: Domain, n: number, runs: number): Promise<SizeResult> {
  let m: Market | undefined = new Market(d, n);
  const before = heapUsed();
  const tp = performance.now();
  m.populate();
  const populateMs = performance.now() - tp;
  const after = heapUsed();
  const filled0 = m.state.trades.length;
  const b0 = m.book();
  // Without a live snapshot every command's undo steps are dropped when it settles: none may be left.
  check(m.state.undo.size === 0, `the undo log holds ${m.state.undo.size} steps after populate: placements are not settling`);
  check(
    b0.asks + b0.bids === n && filled0 === 0,
    `populate left ${b0.asks}+${b0.bids} resting orders and ${filled0} trades, expected ${n} and 0`,
  );
  const bytesPerOrder = (after - before) / n;
  console.log(
    `  ${label(n).padStart(4)}: populated ${n} resting orders over ${m.levels} levels per side in ${(populateMs / 1000).toFixed(1)} s ` +
      `(${((populateMs * 1000) / n).toFixed(1)} µs/order); heap +${((after - before) / 2 ** 20).toFixed(1)} MiB = ${bytesPerOrder.toFixed(0)} bytes/order`,
  );

  let j = 0;
  for (let i = 0; i < WARMUP_OPS; i++) m.op(j++);
  const times: number[] = [];
  let worstChunk = 0;
  for (let r = 0; r < runs; r++) {
    gc();
    let total = 0;
    for (let c = 0; c < OPS / CHUNK; c++) {
      const t0 = performance.now();
      for (let i = 0; i < CHUNK; i++) m.op(j++);
      const ms = performance.now() - t0;
      total += ms;
      worstChunk = Math.max(worstChunk, (ms * 1000) / CHUNK);
    }
    times.push((total * 1000) / OPS);
  }
  const b1 = m.book();
  const trades = m.state.trades.length;
  check(Math.abs(b1.asks - n / 2) <= 2 && Math.abs(b1.bids - n / 2) <= 2, `book drifted to ${b1.asks} asks + ${b1.bids} bids`);
  // Each side's takers alternate Q/2 (one fill) and 3Q/2 (two fills): 1.5 trades per op on average.
  const expectedTrades = Math.floor(j / 4) * 6 + [0, 1, 2, 4][j % 4]!;
  check(trades === expectedTrades, `expected ${expectedTrades} trades after ${j} ops, got ${trades}`);
  console.log(
    `        place+match: ${times.map((t) => t.toFixed(1)).join(', ')} µs/op (median ${median(times).toFixed(1)}); ` +
      `slowest ${CHUNK}-op stretch ${worstChunk.toFixed(0)} µs/op; ${j} ops, ${trades} trades, book now ${b1.asks} asks + ${b1.bids} bids`,
  );
  m = undefined;
  gc();
  return { n, usPerOp: median(times), runs: times, bytesPerOrder };
}

/** Heap bytes per resting order by part, by dropping the parts of a freshly populated state one at a time. */
function breakdown(d: Domain, n: number): void {
  let m: Market | undefined = new Market(d, n);
  const before = heapUsed();
  m.populate();
  const s = m.state;
  const parts: Array<[string, () => void]> = [
    [
      'ledger record (records map + pendingL2 + per-account list)',
      () => {
        s.records = new Map();
        s.pendingL2 = new Set();
        for (const a of s.accounts.values()) a.records = [];
      },
    ],
    [
      'used nonce',
      () => {
        for (const a of s.accounts.values()) a.usedNonces = new Set();
      },
    ],
    [
      'open-order indexes (openOrders, openByOwner, openByQuote)',
      () => {
        s.openOrders = new Set();
        s.openByOwner = new Map();
        s.openByQuote = new Map();
      },
    ],
    [
      'book (levels, heap, queues)',
      () => {
        s.books = new Map();
      },
    ],
    [
      'order object + orders map',
      () => {
        s.orders = new Map();
      },
    ],
  ];
  let last = heapUsed();
  const total = last - before;
  const out: string[] = [];
  for (const [name, drop] of parts) {
    drop();
    const now = heapUsed();
    out.push(`${name} ${Math.round((last - now) / n) || 0}`);
    last = now;
  }
  out.push(`rest ${Math.round((last - before) / n) || 0}`);
  console.log(`  breakdown at ${label(n)} (fresh state, ${(total / n).toFixed(0)} bytes/order in all): ${out.join('; ')} bytes/order`);
  m = undefined;
  gc();

  // 1M sits just below 2^20: the records/orders maps and the id sets are nearly full. Just past it V8 doubles them.
  const past = 2 ** 20 + 10_000;
  m = new Market(d, n);
  const before2 = heapUsed();
  m.populate(past);
  const b = m.book();
  check(b.asks + b.bids === past, `populate to ${past} left ${b.asks + b.bids} resting orders`);
  const perPast = (heapUsed() - before2) / past;
  console.log(
    `  just past 2^20 (${past} resting orders, same levels; V8 has doubled the Map/Set tables): ${perPast.toFixed(0)} bytes/order`,
  );
  m = undefined;
  gc();
}

async function child(argv: readonly string[]): Promise<void> {
  const opt = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : argv[i + 1];
  };
  const runs = Math.max(1, Number(opt('--runs') ?? DEFAULT_RUNS));
  const hashUs = Number(opt('--hash-us') ?? NaN);
  const d = await loadDomain();

  const results: SizeResult[] = [];
  for (const n of SIZES) results.push(await measureSize(d, n, runs));
  const largest = SIZES[SIZES.length - 1]!;
  breakdown(d, largest);

  const first = results[0]!;
  const last = results[results.length - 1]!;
  const cells = results.map(
    (r, i) => `${label(r.n)} ${r.usPerOp.toFixed(1)} µs/op${i === 0 ? '' : ` (${(r.usPerOp / first.usPerOp).toFixed(2)}x)`}`,
  );
  const ratio = last.usPerOp / first.usPerOp;
  console.log(
    `orderbook place+match: ${cells.join(', ')} (goal: ${label(last.n)} within ${RATIO_GOAL}x of ${label(first.n)}): ${ratio <= RATIO_GOAL ? 'GOAL MET' : 'GOAL MISSED'}`,
  );
  console.log(
    `orderbook memory: ${last.bytesPerOrder.toFixed(0)} bytes per resting order at ${label(last.n)} (${results.map((r) => `${label(r.n)} ${r.bytesPerOrder.toFixed(0)}`).join(', ')}) ` +
      `(goal < 1 KiB): ${last.bytesPerOrder < BYTES_GOAL ? 'GOAL MET' : 'GOAL MISSED'}`,
  );
  if (Number.isFinite(hashUs)) {
    console.log(
      `  not included above: with --signatures verify an order's message hash ` +
        `(4 Pedersen hashes) costs ${(hashUs / 1000).toFixed(2)} ms per order with the real implementation, i.e. +${((2 * hashUs) / 1000).toFixed(2)} ms per op (2 orders)`,
    );
  }
}

if (process.argv[1] === SELF && process.argv.includes('--child')) {
  await child(process.argv.slice(2));
}
