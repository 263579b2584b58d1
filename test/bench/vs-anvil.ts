// The emulator beside its floors and Anvil, as a CI job uses them: a fresh process, sequential requests with
// Node's fetch, stopped. Each round starts every server afresh, interleaved: the emulator, a bare hono
// server echoing the same requests (test/bench/bare-hono.mjs: no server on this stack answers faster),
// node:http alone (bare-node.mjs: the runtime's limit) and Anvil. Cold is the first requests after the
// ready line, warm the same after a warm-up; every ratio is of figures from the same round (issue 46's
// goals). Anvil is the @foundry-rs/anvil package's binary; where it cannot run, its rows are skipped.
// A report, not an assertion.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { anvilBinary, anvilUnavailable, startAnvil } from '../../src/l1/anvil.js';
import { naiveTransferMs, productCryptoMs, signedBodies } from './scale.js';
import type { SignedBodies } from './scale.js';
import { BARE, MAIN, runStartup, start, stop } from './startup.js';

const BARE_NODE = fileURLToPath(new URL('./bare-node.mjs', import.meta.url));
/** Transfers timed cold (the first after the ready line), then untimed warm-up, then timed warm. */
const TRANSFERS = 300;
const NONCE_FIRST = 500;
const WARM_BLOCK = 500;
const WARM_UP = 3000;
const FRESH = 60;

type Server = 'l2-devnet' | 'bare hono' | 'node:http';
const ARGS: Record<Server, string[]> = {
  'l2-devnet': [MAIN, '--port', '0', '--log', 'silent'],
  'bare hono': [BARE],
  'node:http': [BARE_NODE],
};

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const range = (xs: readonly number[]): string => `${median(xs).toFixed(2)}x (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;

/** Rate (per second) of `n` sequential calls of `call`. */
async function rate(n: number, call: (i: number) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await call(i);
  return (n * 1000) / (performance.now() - t0);
}

async function rpc(url: string, method: string, params: unknown[]): Promise<{ result?: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as { result?: unknown };
}

/** Anvil's confirmed transfers/s: eth_sendTransaction from a dev account, auto-mined, the first 300 after start. */
async function anvilRound(): Promise<number> {
  const anvil = await startAnvil();
  try {
    const [from, to] = (await (await rpc(anvil.url, 'eth_accounts', [])).result) as string[];
    return await rate(TRANSFERS, async () => {
      const r = await rpc(anvil.url, 'eth_sendTransaction', [{ from, to, value: '0x1' }]);
      if (typeof r.result !== 'string') throw new Error(`anvil refused a transaction: ${JSON.stringify(r)}`);
    });
  } finally {
    await anvil.stop();
  }
}

async function serving<T>(server: Server, use: (base: string) => Promise<T>): Promise<T> {
  const s = await start({ label: server, args: ARGS[server] });
  try {
    return await use(s.healthUrl.replace(/\/_devnet\/health$/, ''));
  } finally {
    await stop(s.child);
  }
}

const post = (base: string, path: string, body: string): Promise<Response> =>
  fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

interface Transfers {
  /** The first 300 after the ready line, per second; the first one and the first 60 (average), ms. */
  cold: number;
  firstMs: number;
  first60Ms: number;
  /** 300 after 300 more, per second; and the median ms of one of them. */
  warm: number;
  warmMs: number;
}

/**
 * Signed transfers (set-up deposits untimed) to a fresh server: cold, then warm. A floor parses and echoes
 * the same bodies with the same client.
 */
async function transferRound(server: Server, signed: SignedBodies): Promise<Transfers> {
  return serving(server, async (base) => {
    for (const body of server === 'l2-devnet' ? signed.setup : []) {
      const r = await post(base, '/_devnet/deposit', body);
      if (r.status !== 200) throw new Error(`set-up deposit refused: ${await r.text()}`);
    }
    const ms: number[] = [];
    const send = async (i: number): Promise<void> => {
      const t0 = performance.now();
      const r = (await (await post(base, '/v1/transfers', signed.bodies[i]!)).json()) as { status?: string; nonce?: number };
      ms.push(performance.now() - t0);
      if (server === 'l2-devnet' ? r.status !== 'OK' : r.nonce !== i + 1) throw new Error(`signed transfer refused: ${JSON.stringify(r)}`);
    };
    const cold = await rate(TRANSFERS, send);
    for (let i = TRANSFERS; i < 2 * TRANSFERS; i++) await send(i);
    const warm = await rate(TRANSFERS, (i) => send(2 * TRANSFERS + i));
    const first60 = ms.slice(0, FRESH);
    return { cold, firstMs: ms[0]!, first60Ms: first60.reduce((a, b) => a + b, 0) / FRESH, warm, warmMs: median(ms.slice(2 * TRANSFERS)) };
  });
}

interface Reads {
  /** The first 500 GETs after the ready line, per second; warm GETs, and warm health checks, per second. */
  first: number;
  warm: number;
  health: number;
}

/** GET /v1/nonce (a floor: its health check): the first 500 after start, then warm blocks beside health checks. */
async function readRound(server: Server, starkKey: string): Promise<Reads> {
  return serving(server, async (base) => {
    const get = async (path: string): Promise<void> => {
      const r = await fetch(base + path);
      if (r.status !== 200) throw new Error(`GET ${path}: ${r.status}`);
      await r.arrayBuffer();
    };
    const read = server === 'l2-devnet' ? `/v1/nonce?stark_key=${starkKey}` : '/_devnet/health';
    const first = await rate(NONCE_FIRST, () => get(read));
    await rate(WARM_UP, (i) => get(i % 2 ? read : '/_devnet/health'));
    const warm: number[] = [];
    const health: number[] = [];
    for (let b = 0; b < 3; b++) {
      warm.push(await rate(WARM_BLOCK, () => get(read)));
      health.push(await rate(WARM_BLOCK, () => get('/_devnet/health')));
    }
    return { first, warm: median(warm), health: median(health) };
  });
}

interface Round {
  anvil: number | undefined;
  genesis: Transfers;
  own: Transfers;
  hono: Transfers;
  node: Transfers;
  reads: Reads;
  honoReads: Reads;
  nodeReads: Reads;
  naiveMs: number;
  /** The product's hash and signature check of one transfer, warm, in this process (ms). */
  cryptoMs: number;
}

async function round(genesis: SignedBodies, own: SignedBodies, alice: string, anvil: boolean): Promise<Round> {
  return {
    anvil: anvil ? await anvilRound() : undefined,
    genesis: await transferRound('l2-devnet', genesis),
    own: await transferRound('l2-devnet', own),
    hono: await transferRound('bare hono', genesis),
    node: await transferRound('node:http', genesis),
    reads: await readRound('l2-devnet', alice),
    honoReads: await readRound('bare hono', alice),
    nodeReads: await readRound('node:http', alice),
    // The naive path is timed in every round, beside the servers, so all see the same machine.
    naiveMs: await naiveTransferMs(own.bodies.slice(0, TRANSFERS)),
    cryptoMs: await productCryptoMs(genesis.bodies),
  };
}

function printRound(i: number, r: Round): void {
  const t = (x: Transfers) =>
    `${x.cold.toFixed(0)}/s cold, ${x.warm.toFixed(0)}/s warm (first ${x.firstMs.toFixed(1)} ms, warm ${x.warmMs.toFixed(2)} ms)`;
  const g = (x: Reads) => `${x.first.toFixed(0)}/s first ${NONCE_FIRST}, ${x.warm.toFixed(0)}/s warm, health ${x.health.toFixed(0)}/s`;
  console.log(
    `  round ${i + 1}: Anvil ${r.anvil?.toFixed(0) ?? '-'} transfers/s; naive path ${r.naiveMs.toFixed(2)} ms each; the product's crypto ${r.cryptoMs.toFixed(3)} ms each`,
  );
  console.log(
    `    transfers: genesis key ${t(r.genesis)}, its first ${FRESH} ${r.genesis.first60Ms.toFixed(2)} ms each; own key ${t(r.own)}, its first ${FRESH} ${r.own.first60Ms.toFixed(2)} ms each`,
  );
  console.log(`    echoes: bare hono ${t(r.hono)}, first ${FRESH} ${r.hono.first60Ms.toFixed(2)} ms each; node:http ${t(r.node)}`);
  console.log(`    GET: nonce ${g(r.reads)}; bare hono ${g(r.honoReads)}; node:http ${g(r.nodeReads)}`);
}

type Goal = { at: number; most?: boolean };

function report(rounds: readonly Round[]): void {
  const row = (measure: string, of: (r: Round) => number, goal?: Goal): void => {
    const xs = rounds.map(of).filter((x) => Number.isFinite(x));
    if (xs.length === 0) return void console.log(`  ${measure}: skipped`);
    const m = median(xs);
    const verdict =
      goal === undefined
        ? ''
        : ` (goal ${goal.most ? '<=' : '>='} ${goal.at}x)${(goal.most ? m <= goal.at : m >= goal.at) ? ' GOAL MET' : ' GOAL MISSED'}`;
    console.log(`  ${measure}: ${range(xs)}${verdict}`);
  };
  console.log('ratios (median of the rounds, range); the floor is bare hono with the same client:');
  row(
    `first ${NONCE_FIRST} GET /v1/nonce after the ready line vs the floor's first ${NONCE_FIRST} GETs`,
    (r) => r.reads.first / r.honoReads.first,
    { at: 0.85 },
  );
  row('warm GET /v1/nonce vs GET /_devnet/health on the same server', (r) => r.reads.warm / r.reads.health, { at: 0.95 });
  row(
    'first signed transfer after the ready line vs a warm one (genesis key; median of the starts)',
    (r) => r.genesis.firstMs / r.genesis.warmMs,
    { at: 3, most: true },
  );
  row(
    `a fresh key's first ${FRESH} transfers vs the ceiling (the floor's first ${FRESH} echoes)`,
    (r) => r.hono.first60Ms / r.own.first60Ms,
    { at: 0.8 },
  );
  row(`signed transfers, the first ${TRANSFERS} (cold), genesis key vs the floor`, (r) => r.genesis.cold / r.hono.cold, { at: 0.9 });
  row('signed transfers warm, genesis key vs the floor', (r) => r.genesis.warm / r.hono.warm, { at: 0.9 });
  row(`signed transfers, the first ${TRANSFERS} (cold), own key vs the floor`, (r) => r.own.cold / r.hono.cold, { at: 0.8 });
  row('signed transfers warm, own key vs the floor', (r) => r.own.warm / r.hono.warm, { at: 0.8 });
  // A server that did the floor's work and the crypto and nothing else: floor ms / (floor ms + crypto ms).
  const ceiling = (floorMs: number, r: Round): number => floorMs / (floorMs + r.cryptoMs);
  console.log("the crypto's ceiling: the floor's echo plus the product's warm hash and verify, and nothing else:");
  row(`  signed transfers, the first ${TRANSFERS} (cold)`, (r) => ceiling(1000 / r.hono.cold, r));
  row('  signed transfers warm', (r) => ceiling(1000 / r.hono.warm, r));
  row(`  a fresh key's first ${FRESH}`, (r) => ceiling(r.hono.first60Ms, r));
  console.log('the floors and the runtime (node:http alone, same client):');
  row(`the floor's first ${NONCE_FIRST} GETs vs node:http's`, (r) => r.honoReads.first / r.nodeReads.first);
  row("the floor's first echo after its ready line vs a warm one; node:http's", (r) => r.hono.firstMs / r.hono.warmMs);
  row('  node:http', (r) => r.node.firstMs / r.node.warmMs);
  row(`the floor's echoes vs node:http's, cold; warm`, (r) => r.hono.cold / r.node.cold);
  row('  warm', (r) => r.hono.warm / r.node.warm);
  row(
    `a fresh key's first ${FRESH} transfers vs the genesis key's first ${FRESH} (what its per-key work costs)`,
    (r) => r.genesis.first60Ms / r.own.first60Ms,
  );
  row(`a fresh key's first ${FRESH} transfers vs the naive @scure/starknet path`, (r) => r.naiveMs / r.own.first60Ms);
  row(`the ceiling: the naive path vs the floor's first ${FRESH} echoes`, (r) => r.naiveMs / r.hono.first60Ms);
  row(`Anvil: genesis-key transfers, first ${TRANSFERS}, vs its confirmed transfers`, (r) =>
    r.anvil ? r.genesis.cold / r.anvil : Number.NaN,
  );
  row(`Anvil: the floor's first ${TRANSFERS} echoes vs its confirmed transfers`, (r) => (r.anvil ? r.hono.cold / r.anvil : Number.NaN));
}

export async function runVsAnvil(options: { runs?: number } = {}): Promise<void> {
  const runs = Math.max(1, options.runs ?? 3);
  if (!existsSync(MAIN)) {
    console.error(`vs-anvil: ${MAIN} is missing; run \`npm run build\` first`);
    process.exitCode = 1;
    return;
  }
  const unavailable = anvilUnavailable();
  console.log(`vs-anvil benchmark: ${runs} interleaved rounds; Anvil: ${unavailable === undefined ? anvilBinary() : 'SKIPPED'}`);
  if (unavailable !== undefined) console.log(`  Anvil cannot run here (${unavailable}): its rows are skipped`);
  const genesis = await signedBodies(3 * TRANSFERS);
  const own = await signedBodies(3 * TRANSFERS, true);
  const alice = (JSON.parse(genesis.bodies[0]!) as { stark_key: string }).stark_key;
  const rounds: Round[] = [];
  for (let i = 0; i < runs; i++) {
    rounds.push(await round(genesis, own, alice, unavailable === undefined));
    printRound(i, rounds[i]!);
  }
  report(rounds);
  await runStartup({ runs: 8, rssRuns: 3 });
}
