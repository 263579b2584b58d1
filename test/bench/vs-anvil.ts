// The emulator beside Anvil, as a CI job uses them: a fresh process, a few hundred sequential requests
// with Node's fetch, stopped. Interleaved rounds (Anvil, then each emulator figure, on fresh processes),
// ratios from this run (issue 34's goals). Anvil is the @foundry-rs/anvil package's binary; where it
// cannot run, the Anvil rows are skipped with the reason. A report, not an assertion.
import { existsSync } from 'node:fs';
import { anvilBinary, anvilUnavailable, startAnvil } from '../../src/l1/anvil.js';
import { naiveTransferMs, signedBodies } from './scale.js';
import type { SignedBodies } from './scale.js';
import { BARE, MAIN, runStartup, start, stop } from './startup.js';

const TRANSFERS = 300;
const NONCE_FIRST = 500;
const WARM_BLOCK = 500;
const WARM_UP = 3000;
const FRESH = 60;

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

async function rpc(url: string, method: string, params: unknown[]): Promise<{ result?: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()) as { result?: unknown };
}

async function emulator<T>(use: (base: string) => Promise<T>, args = [MAIN, '--port', '0', '--log', 'silent']): Promise<T> {
  const s = await start({ label: args[0] === BARE ? 'bare hono' : 'l2-devnet', args });
  try {
    return await use(s.healthUrl.replace(/\/_devnet\/health$/, ''));
  } finally {
    await stop(s.child);
  }
}

const post = (base: string, path: string, body: string): Promise<Response> =>
  fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });

/**
 * Signed transfers/s, the first 300 after start (set-up deposits untimed), and the average ms of the first 60.
 * With `floor`: the same bodies to a bare hono server (test/bench/bare-hono.mjs) that parses and echoes
 * them, with the same client: a Node server can answer no faster than that.
 */
async function transferRound(signed: SignedBodies, floor = false): Promise<{ perSecond: number; first60Ms: number }> {
  return emulator(
    async (base) => {
      for (const body of floor ? [] : signed.setup) {
        const r = await post(base, '/_devnet/deposit', body);
        if (r.status !== 200) throw new Error(`set-up deposit refused: ${await r.text()}`);
      }
      let first60Ms = 0;
      const t0 = performance.now();
      const perSecond = await rate(TRANSFERS, async (i) => {
        const r = (await (await post(base, '/v1/transfers', signed.bodies[i]!)).json()) as { status?: string; nonce?: number };
        if (floor ? r.nonce !== i + 1 : r.status !== 'OK') throw new Error(`signed transfer refused: ${JSON.stringify(r)}`);
        if (i === FRESH - 1) first60Ms = (performance.now() - t0) / FRESH;
      });
      return { perSecond, first60Ms };
    },
    floor ? [BARE] : undefined,
  );
}

/**
 * GET /v1/nonce: the first 500 after start, then (after 3,000 more) warm blocks of nonce reads and health
 * checks, alternated. With `floor`: a bare hono server's GET /_devnet/health in place of both.
 */
async function readRound(starkKey: string, floor = false): Promise<{ first: number; warm: number; health: number }> {
  return emulator(
    async (base) => {
      const get = async (path: string): Promise<void> => {
        const r = await fetch(base + path);
        if (r.status !== 200) throw new Error(`GET ${path}: ${r.status}`);
        await r.arrayBuffer();
      };
      const nonce = floor ? '/_devnet/health' : `/v1/nonce?stark_key=${starkKey}`;
      const first = await rate(NONCE_FIRST, () => get(nonce));
      await rate(WARM_UP, (i) => get(i % 2 ? nonce : '/_devnet/health'));
      const warm: number[] = [];
      const health: number[] = [];
      for (let b = 0; b < 3; b++) {
        warm.push(await rate(WARM_BLOCK, () => get(nonce)));
        health.push(await rate(WARM_BLOCK, () => get('/_devnet/health')));
      }
      return { first, warm: median(warm), health: median(health) };
    },
    floor ? [BARE] : undefined,
  );
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
  const genesis = await signedBodies(TRANSFERS);
  const own = await signedBodies(TRANSFERS, true);
  const alice = (JSON.parse(genesis.bodies[0]!) as { stark_key: string }).stark_key;
  const r = { fresh60: [] as number[], floorFresh60: [] as number[] };
  const ratios = { own: [] as number[], genesis: [] as number[], first: [] as number[], health: [] as number[] };
  // The floor's figures: bare hono vs Anvil, the emulator's vs bare hono's, bare hono's first GETs vs its warm ones.
  const floors = { anvil: [] as number[], own: [] as number[], genesis: [] as number[], first: [] as number[] };
  for (let i = 0; i < runs; i++) {
    const anvil = unavailable === undefined ? await anvilRound() : undefined;
    const g = await transferRound(genesis);
    const o = await transferRound(own);
    const floor = await transferRound(genesis, true);
    const reads = await readRound(alice);
    const floorReads = await readRound(alice, true);
    // The naive path is timed in every round, beside the server's, so both see the same machine.
    const naive = await naiveTransferMs(own.bodies);
    console.log(
      `  round ${i + 1}: transfers/s anvil ${anvil?.toFixed(0) ?? '-'}, bare hono echo ${floor.perSecond.toFixed(0)}, genesis key ${g.perSecond.toFixed(0)}, own key ${o.perSecond.toFixed(0)} (first ${FRESH}: ${o.first60Ms.toFixed(2)} ms each, naive ${naive.toFixed(2)} ms); ` +
        `GET /v1/nonce/s first ${NONCE_FIRST} ${reads.first.toFixed(0)}, warm ${reads.warm.toFixed(0)}; health/s warm ${reads.health.toFixed(0)}; ` +
        `bare hono: first ${FRESH} echoes ${floor.first60Ms.toFixed(2)} ms each, GET/s first ${NONCE_FIRST} ${floorReads.first.toFixed(0)}, warm ${floorReads.warm.toFixed(0)}`,
    );
    if (anvil !== undefined) {
      ratios.own.push(o.perSecond / anvil);
      ratios.genesis.push(g.perSecond / anvil);
      floors.anvil.push(floor.perSecond / anvil);
    }
    floors.own.push(o.perSecond / floor.perSecond);
    floors.genesis.push(g.perSecond / floor.perSecond);
    floors.first.push(floorReads.first / floorReads.warm);
    r.floorFresh60.push(naive / floor.first60Ms);
    r.fresh60.push(naive / o.first60Ms);
    ratios.first.push(reads.first / reads.warm);
    ratios.health.push(reads.warm / reads.health);
  }
  const row = (measure: string, xs: readonly number[], goal: number): void => {
    if (xs.length === 0) console.log(`  ${measure}: skipped (goal >= ${goal}x)`);
    else console.log(`  ${measure}: ${range(xs)} (goal >= ${goal}x)${median(xs) >= goal ? ' GOAL MET' : ' GOAL MISSED'}`);
  };
  console.log(`ratios (median of the rounds, range):`);
  row(`signed transfers/s, first ${TRANSFERS} after start, caller's own key, vs Anvil`, ratios.own, 2);
  row(`the same from a genesis account vs Anvil`, ratios.genesis, 2.5);
  row(`first ${NONCE_FIRST} GET /v1/nonce after start vs warm`, ratios.first, 0.8);
  row('warm GET /v1/nonce vs GET /_devnet/health', ratios.health, 0.9);
  row(`${FRESH} signed transfers from a fresh key vs the naive @scure/starknet path (timed in each round)`, r.fresh60, 8);
  console.log('the floor, a bare hono server that parses and echoes the same requests (test/bench/bare-hono.mjs), same client:');
  console.log(`  its first ${TRANSFERS} echoes/s after start vs Anvil: ${floors.anvil.length ? range(floors.anvil) : 'skipped'}`);
  console.log(`  signed transfers/s vs its echoes/s: own key ${range(floors.own)}, genesis key ${range(floors.genesis)}`);
  console.log(`  its first ${NONCE_FIRST} GET /_devnet/health vs warm: ${range(floors.first)}`);
  console.log(`  the naive path's ms vs its first ${FRESH} echoes' ms (the fresh-key row's ceiling): ${range(r.floorFresh60)}`);
  await runStartup({ runs: 8, rssRuns: 3 });
}
