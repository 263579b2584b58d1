// Scale benchmark (issue 20's goals table, the rows that are not list reads): skip-mode transfers vs
// deposits, the first signed request vs warm ones, a sequential signed transfer over a socket vs the
// naive crypto alone, start-up and idle RSS vs a bare hono server, dump + load of millions of records,
// heap bytes per record built and loaded, and heap per command with a live snapshot vs none.
// Every figure is a ratio or size measured in this run; a report, not an assertion.
//
// Sections that need gc() or a big heap run in child processes (`node --expose-gc
// --max-old-space-size=... --import tsx test/bench/scale.ts --child NAME [N]`); the socket sections
// spawn dist/main.js (run `npm run build` first).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TransferParams } from '../../src/crypto/messages.js';
import { MAIN, runStartup, start, stop } from './startup.js';

const SELF = fileURLToPath(import.meta.url);
const REPO = fileURLToPath(new URL('../../', import.meta.url));
const ETH_ASSET = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';

export interface ScaleOptions {
  /** Interleaved rounds where a median is taken. Default 5. */
  runs?: number;
  /** Records for the dump + load row. Default 5,000,000 (or L2DEVNET_BENCH_DUMP_RECORDS). */
  dumpRecords?: number;
}

interface Row {
  measure: string;
  measured: string;
  goal: string;
  met: boolean | undefined;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const x = (r: number): string => `${r.toFixed(2)}x`;
const label = (n: number): string => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1_000 ? `${n / 1_000}k` : String(n));

// ---------------------------------------------------------------- children

function heap(): number {
  const gc = (globalThis as { gc?: () => void }).gc!;
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

function report(result: Record<string, number>): void {
  console.log('RESULT ' + JSON.stringify(result));
}

/** Deposits of 1..100 wei-units of ETH to the four genesis accounts in turn: one record each. */
async function depositMany(devnet: import('../../src/core/devnet.js').Devnet, n: number): Promise<void> {
  const keys = devnet.accounts().accounts.map((a) => a.stark_key);
  for (let i = 0; i < n; i++) devnet.deposit({ starkKey: keys[i % 4]!, contractAddress: 'eth', amount: BigInt(1 + (i % 100)) });
}

/** skip: POST /v1/transfers under `--signatures skip` vs POST /_devnet/deposit, through fetch, interleaved. */
async function childSkip(runs: number): Promise<void> {
  const { createDevnet } = await import('../../src/index.js');
  const { signedTransferBody } = await import('../../src/testing.js');
  const dn = createDevnet({ signatures: 'skip' });
  const [alice, bob] = dn.devnet.accounts().accounts;
  const [vault, receiverVault] = dn.devnet.vaults([alice!.stark_key, bob!.stark_key], [BigInt(ETH_ASSET)]);
  const post = async (path: string, body: string): Promise<void> => {
    const r = (await (
      await dn.fetch('http://devnet.bench' + path, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    ).json()) as { status?: string; sequence_id?: number };
    if (r.status !== undefined && r.status !== 'OK') throw new Error(`${path} refused: ${JSON.stringify(r)}`);
  };
  let nonce = 1;
  const transferBody = (): string =>
    JSON.stringify(
      signedTransferBody({
        starkKey: alice!.stark_key,
        assetId: ETH_ASSET,
        amount: 1n,
        nonce: nonce++,
        vaultId: vault!,
        receiver: bob!.stark_key,
        receiverVaultId: receiverVault!,
      }),
    );
  const depositBody = JSON.stringify({ stark_key: bob!.stark_key, contract_address: 'eth', amount: '1' });
  const per = 2_000;
  const time = async (make: () => string, path: string): Promise<number> => {
    const bodies = Array.from({ length: per }, make);
    const t0 = performance.now();
    for (const b of bodies) await post(path, b);
    return ((performance.now() - t0) * 1000) / per;
  };
  await time(transferBody, '/v1/transfers');
  await time(() => depositBody, '/_devnet/deposit');
  const t: number[] = [];
  const d: number[] = [];
  for (let r = 0; r < runs; r++) {
    t.push(await time(transferBody, '/v1/transfers'));
    d.push(await time(() => depositBody, '/_devnet/deposit'));
  }
  report({ transferUs: median(t), depositUs: median(d) });
}

/** snapshot: heap kept per transfer (through fetch, skip mode) with no snapshot, then with one live snapshot. */
async function childSnapshot(): Promise<void> {
  const { createDevnet } = await import('../../src/index.js');
  const { signedTransferBody } = await import('../../src/testing.js');
  const n = 20_000;
  const perCommand = async (withSnapshot: boolean): Promise<number> => {
    const dn = createDevnet({ signatures: 'skip' });
    const [alice, bob] = dn.devnet.accounts().accounts;
    const [vault, receiverVault] = dn.devnet.vaults([alice!.stark_key, bob!.stark_key], [BigInt(ETH_ASSET)]);
    const bodies = Array.from({ length: n }, (_, i) =>
      JSON.stringify(
        signedTransferBody({
          starkKey: alice!.stark_key,
          assetId: ETH_ASSET,
          amount: 1n,
          nonce: i + 1,
          vaultId: vault!,
          receiver: bob!.stark_key,
          receiverVaultId: receiverVault!,
        }),
      ),
    );
    if (withSnapshot) dn.devnet.snapshot();
    const before = heap();
    for (const body of bodies) {
      const r = (await (
        await dn.fetch('http://devnet.bench/v1/transfers', { method: 'POST', body, headers: { 'content-type': 'application/json' } })
      ).json()) as { status: string };
      if (r.status !== 'OK') throw new Error(`transfer refused: ${JSON.stringify(r)}`);
    }
    const bytes = (heap() - before) / n;
    if (dn.devnet.state.records.size < n) throw new Error('transfers missing');
    return bytes;
  };
  await perCommand(false);
  const none = await perCommand(false);
  const live = await perCommand(true);
  report({ noneBytes: none, liveBytes: live });
}

/**
 * dump N: builds N deposit records (heap per record, built), dumps the state to a file in pieces, drops
 * it, loads the file back in 1 MiB pieces (heap per record, loaded; the peak heap above what was there
 * before the load) and checks the loaded state's hash is the built one's.
 */
async function childDump(n: number): Promise<void> {
  // The built code (dist/, as the CLI runs it): tsx's transform names every closure as it is made,
  // which costs a loader of millions of items more than the loading itself.
  const { createDevnet } = (await import(new URL('../../dist/index.js', import.meta.url).href)) as typeof import('../../src/index.js');
  const { stateHash } = (await import(
    new URL('../../dist/domain/lifecycle/dump.js', import.meta.url).href
  )) as typeof import('../../src/domain/lifecycle/dump.js');
  let dn: ReturnType<typeof createDevnet> | undefined = createDevnet({ signatures: 'skip' });
  const h0 = heap();
  let t = performance.now();
  await depositMany(dn.devnet, n);
  const buildMs = performance.now() - t;
  const stateBytes = heap() - h0;
  const hash = stateHash(dn.devnet.state);
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-scale-'));
  const file = join(dir, 'state.json');
  try {
    t = performance.now();
    const fd = openSync(file, 'w');
    for (const piece of dn.devnet.dumpPieces()) writeSync(fd, piece);
    closeSync(fd);
    const dumpMs = performance.now() - t;
    const fileBytes = statSync(file).size;
    dn = undefined;
    const fresh = createDevnet({ signatures: 'skip' });
    const base = heap();
    let peak = 0;
    t = performance.now();
    const reader = fresh.devnet.stateReader();
    const decoder = new TextDecoder();
    const buf = Buffer.allocUnsafe(1 << 20);
    const rfd = openSync(file, 'r');
    let pieces = 0;
    for (;;) {
      const got = readSync(rfd, buf, 0, buf.length, null);
      if (got === 0) break;
      reader.feed(decoder.decode(buf.subarray(0, got), { stream: true }));
      // Heap in use (not collected first: the peak a load really reaches), every 16 MiB of text.
      if (++pieces % 16 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - base);
    }
    closeSync(rfd);
    const answer = reader.end();
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
    const loadMs = performance.now() - t;
    const loadedBytes = heap() - base;
    if (answer.state_hash !== hash) throw new Error(`loaded state hash ${answer.state_hash} differs from the dumped ${hash}`);
    report({
      n,
      buildMs,
      dumpMs,
      loadMs,
      fileBytes,
      builtPerRecord: stateBytes / n,
      loadedPerRecord: loadedBytes / n,
      stateBytes,
      loadedBytes,
      peakBytes: peak,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- parent

async function child(name: string, arg: number, heapMiB: number): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const c = spawn(
      process.execPath,
      ['--expose-gc', `--max-old-space-size=${heapMiB}`, '--import', 'tsx', SELF, '--child', name, String(arg)],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    c.stdout!.setEncoding('utf8');
    c.stdout!.on('data', (d: string) => (out += d));
    c.once('exit', (code, signal) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line)
        reject(new Error(`scale ${name}: child exited (code ${code}, signal ${signal}) without a result; output: ${out.slice(-2000)}`));
      else resolve(JSON.parse(line.slice(7)) as Record<string, number>);
    });
  });
}

interface SocketFigures {
  firstMs: number;
  first60Ms: number;
  warmMs: number;
}

/** One fresh server: its first signed transfer, the first 60 (average) and 300 warm ones (median), sequential over a socket. */
export async function socketRun(signed: SignedBodies, idleMs = 0): Promise<SocketFigures> {
  const s = await start({ label: 'l2-devnet', args: [MAIN, '--port', '0', '--log', 'silent'] });
  try {
    const base = s.healthUrl.replace(/\/_devnet\/health$/, '');
    const post = (path: string, body: string): Promise<Response> =>
      fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    // Untimed set-up (an outside key's deposit), as a test's set-up would do it.
    for (const body of signed.setup) {
      const r = await post('/_devnet/deposit', body);
      if (r.status !== 200) throw new Error(`set-up deposit refused: ${await r.text()}`);
    }
    if (idleMs > 0) await new Promise((r) => setTimeout(r, idleMs));
    const times: number[] = [];
    for (const body of signed.bodies) {
      const t0 = performance.now();
      const r = (await (await post('/v1/transfers', body)).json()) as { status: string };
      times.push(performance.now() - t0);
      if (r.status !== 'OK') throw new Error(`signed transfer refused: ${JSON.stringify(r)}`);
    }
    const first60 = times.slice(0, 60);
    return { firstMs: times[0]!, first60Ms: first60.reduce((a, b) => a + b, 0) / first60.length, warmMs: median(times.slice(60)) };
  } finally {
    await stop(s.child);
  }
}

export interface SignedBodies {
  /** Deposits to send first (untimed). */
  setup: string[];
  bodies: string[];
}

/**
 * Signed transfer bodies to bob, signed here (the client's work, not timed). The sender is alice, a
 * genesis account, whose private key the server derived (it verifies by the generator's table), or
 * with `outside` a key the server never derived (it decompresses the key and builds the key's table,
 * as for a wallet's key), funded by a deposit first.
 */
export async function signedBodies(count: number, outside = false): Promise<SignedBodies> {
  const { createDevnet } = await import('../../src/index.js');
  const { signedTransferBody } = await import('../../src/testing.js');
  // The default genesis is deterministic: a fresh server has the same keys and vaults, and gives
  // the same vault to the same deposit.
  const dn = createDevnet();
  const [alice, bob] = dn.devnet.accounts().accounts;
  let sender = { starkKey: alice!.stark_key, privateKey: alice!.private_key };
  const setup: string[] = [];
  if (outside) {
    const { getStarkKey } = await import('@scure/starknet');
    const privateKey = '0x5eed0f7e57c0ffee0f7e57ab1e';
    sender = { starkKey: getStarkKey(privateKey), privateKey };
    setup.push(JSON.stringify({ stark_key: sender.starkKey, contract_address: 'eth', amount: '1000000' }));
    const r = await dn.fetch('/_devnet/deposit', { method: 'POST', body: setup[0]!, headers: { 'content-type': 'application/json' } });
    if (r.status !== 200) throw new Error(`set-up deposit refused: ${await r.text()}`);
  }
  const [vault, receiverVault] = dn.devnet.vaults([sender.starkKey, bob!.stark_key], [BigInt(ETH_ASSET)]);
  const bodies = Array.from({ length: count }, (_, i) =>
    JSON.stringify(
      signedTransferBody({
        starkKey: sender.starkKey,
        privateKey: sender.privateKey,
        assetId: ETH_ASSET,
        amount: 1n,
        nonce: i + 1,
        vaultId: vault!,
        receiver: bob!.stark_key,
        receiverVaultId: receiverVault!,
      }),
    ),
  );
  return { setup, bodies };
}

/** The signed fields of a transfer body, as the message hash takes them. */
function transferParams(b: Record<string, any>): TransferParams {
  return {
    amount: BigInt(b.amount),
    nonce: BigInt(b.nonce),
    senderVaultId: BigInt(b.vault_id),
    token: BigInt(b.asset_id),
    receiverVaultId: BigInt(b.receiver_vault_id),
    expirationTimestamp: BigInt(b.expiration_timestamp),
    receiverPublicKey: BigInt(b.receiver),
  };
}

/** The naive crypto of one transfer: its two Pedersen hashes with @scure/starknet and the reference verify (ms). */
export async function naiveTransferMs(bodies: readonly string[]): Promise<number> {
  const { pedersen } = await import('@scure/starknet');
  const { referenceVerify } = await import('../unit/crypto/reference-verify.js');
  const { transferMsgHash } = await import('../../src/crypto/messages.js');
  const { MAX_EXPIRATION } = await import('../../src/domain/ledger/signed.js');
  const h = (a: bigint, b: bigint): bigint => BigInt(pedersen(a, b));
  const one = (text: string): void => {
    const b = JSON.parse(text) as Record<string, any>;
    // packed = type 1 (4 bits), vaults (31 each), amount (63), fee 0 (63), nonce (31), expiration (22).
    const packed =
      ((((((((((1n << 31n) | BigInt(b.vault_id)) << 31n) | BigInt(b.receiver_vault_id)) << 63n) | BigInt(b.amount)) << 63n) << 31n) |
        BigInt(b.nonce)) <<
        22n) |
      BigInt(b.expiration_timestamp ?? MAX_EXPIRATION);
    const hash = h(h(BigInt(b.asset_id), BigInt(b.receiver)), packed);
    if (!referenceVerify(hash, BigInt(b.signature.r), BigInt(b.signature.s), BigInt(b.stark_key))) throw new Error('naive verify failed');
  };
  // The naive path must compute the hash the server checks.
  const b0 = JSON.parse(bodies[0]!) as Record<string, any>;
  const fast = transferMsgHash(transferParams(b0));
  const packed0 =
    ((((((((((1n << 31n) | BigInt(b0.vault_id)) << 31n) | BigInt(b0.receiver_vault_id)) << 63n) | BigInt(b0.amount)) << 63n) << 31n) |
      BigInt(b0.nonce)) <<
      22n) |
    BigInt(b0.expiration_timestamp);
  if (h(h(BigInt(b0.asset_id), BigInt(b0.receiver)), packed0) !== fast) throw new Error('naive and fast transfer hashes differ');
  one(bodies[0]!);
  const per: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    for (let i = 1; i <= 6; i++) one(bodies[r * 6 + i]!);
    per.push((performance.now() - t0) / 6);
  }
  return median(per);
}

/**
 * The product's own crypto for one signed transfer, warm: the message hash and the signature check, as
 * the server runs them (src/crypto), with no HTTP and no ledger. Median ms of each of the bodies after
 * the first `warm` went through once. A key this process derived verifies by the generator's table, as
 * a genesis key does in the server: the cheapest path, so a ceiling built on it is optimistic.
 */
export async function productCryptoMs(bodies: readonly string[], warm = 100): Promise<number> {
  const { transferMsgHash } = await import('../../src/crypto/messages.js');
  const { verifyStarkSignature } = await import('../../src/crypto/verify.js');
  const one = (text: string): void => {
    const b = JSON.parse(text) as Record<string, any>;
    const hash = transferMsgHash(transferParams(b));
    if (!verifyStarkSignature(hash, BigInt(b.signature.r), BigInt(b.signature.s), BigInt(b.stark_key)))
      throw new Error('product crypto: a signed body does not verify');
  };
  for (const body of bodies.slice(0, warm)) one(body);
  const ms = bodies.slice(warm).map((body) => {
    const t0 = performance.now();
    one(body);
    return performance.now() - t0;
  });
  return median(ms);
}

export async function runScale(options: ScaleOptions = {}): Promise<void> {
  const runs = Math.max(1, options.runs ?? 5);
  const dumpN = options.dumpRecords ?? Number(process.env.L2DEVNET_BENCH_DUMP_RECORDS ?? 5_000_000);
  const cpu = cpus();
  console.log(
    `scale benchmark (node ${process.version}, ${process.platform}/${process.arch}, ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB)`,
  );
  if (!existsSync(MAIN)) {
    console.error(`scale: ${MAIN} is missing; run \`npm run build\` first`);
    process.exitCode = 1;
    return;
  }
  const rows: Row[] = [];
  const row = (measure: string, measured: string, goal: string, met: boolean | undefined): void => {
    rows.push({ measure, measured, goal, met });
    console.log(`  ${measure}: ${measured} (goal ${goal})${met === undefined ? '' : met ? ' GOAL MET' : ' GOAL MISSED'}`);
  };

  const skip = await child('skip', runs, 4096);
  console.log(
    `  skip mode through fetch: transfer ${skip.transferUs!.toFixed(1)} µs, deposit ${skip.depositUs!.toFixed(1)} µs (median of ${runs} interleaved rounds of 2,000)`,
  );
  const skipRatio = skip.transferUs! / skip.depositUs!;
  row('skip transfer vs deposit', x(skipRatio), '<= 1.5x', skipRatio <= 1.5);

  const signed = await signedBodies(360);
  const servers: SocketFigures[] = [];
  for (let r = 0; r < Math.max(3, runs); r++) servers.push(await socketRun(signed));
  const first = median(servers.map((s) => s.firstMs));
  const first60 = median(servers.map((s) => s.first60Ms));
  const warm = median(servers.map((s) => s.warmMs));
  console.log(
    `  signed transfers over a socket, ${servers.length} fresh servers (medians): first ${first.toFixed(2)} ms, first 60 average ${first60.toFixed(2)} ms, warm ${warm.toFixed(2)} ms`,
  );
  row('first signed request (sent at the ready line) vs warm', x(first / warm), '<= 3x', first / warm <= 3);
  // The same after one idle second: what the CLI does in idle time after its ready line is done.
  const idle: SocketFigures[] = [];
  for (let r = 0; r < Math.max(3, runs); r++) idle.push(await socketRun(signed, 1_000));
  const idleFirst = median(idle.map((s) => s.firstMs));
  const idleWarm = median(idle.map((s) => s.warmMs));
  console.log(
    `  the same with the first request 1 s after the ready line: first ${idleFirst.toFixed(2)} ms, first 60 average ${median(idle.map((s) => s.first60Ms)).toFixed(2)} ms, warm ${idleWarm.toFixed(2)} ms`,
  );
  row('first signed request (1 s after the ready line) vs warm', x(idleFirst / idleWarm), '<= 3x', idleFirst / idleWarm <= 3);
  const naive = await naiveTransferMs(signed.bodies);
  console.log(`  naive crypto of one transfer (@scure/starknet Pedersen x2 + reference verify): ${naive.toFixed(2)} ms`);
  row('sequential signed transfer over a socket vs naive crypto', x(naive / warm), '>= 10x', naive / warm >= 10);
  // The same signed by a key the server did not derive (a wallet's): it verifies by its own table.
  const outsideSigned = await signedBodies(360, true);
  const outside: SocketFigures[] = [];
  for (let r = 0; r < Math.max(3, runs); r++) outside.push(await socketRun(outsideSigned));
  const outsideWarm = median(outside.map((s) => s.warmMs));
  console.log(
    `  signed by a key from outside the genesis: first ${median(outside.map((s) => s.firstMs)).toFixed(2)} ms, first 60 average ${median(outside.map((s) => s.first60Ms)).toFixed(2)} ms, warm ${outsideWarm.toFixed(2)} ms`,
  );
  row('the same, signed by a key from outside the genesis', x(naive / outsideWarm), '(beside)', undefined);

  const startup = await runStartup({ runs: 12, rssRuns: 5 });
  row(
    'start-up vs bare hono',
    startup.startRatio === undefined ? 'n/a' : x(startup.startRatio),
    '<= 1.5x',
    startup.startRatio === undefined ? undefined : startup.startRatio <= 1.5,
  );
  row(
    'idle RSS vs bare hono',
    startup.rssRatio === undefined ? 'n/a' : x(startup.rssRatio),
    '<= 1.3x',
    startup.rssRatio === undefined ? undefined : startup.rssRatio <= 1.3,
  );

  const heapMiB = Math.min(20_000, Math.floor((totalmem() / 2 ** 20) * 0.8));
  const m1 = await child('dump', 1_000_000, heapMiB);
  console.log(
    `  1M records: built in ${(m1.buildMs! / 1000).toFixed(1)} s, dump ${(m1.dumpMs! / 1000).toFixed(1)} s (${(m1.fileBytes! / 2 ** 20).toFixed(0)} MiB), load ${(m1.loadMs! / 1000).toFixed(1)} s`,
  );
  row(
    'bytes per record at 1M, built / loaded',
    `${m1.builtPerRecord!.toFixed(0)} / ${m1.loadedPerRecord!.toFixed(0)} B`,
    '<= 450 both',
    m1.builtPerRecord! <= 450 && m1.loadedPerRecord! <= 450,
  );
  const big = dumpN === 1_000_000 ? m1 : await child('dump', dumpN, heapMiB);
  console.log(
    `  ${label(dumpN)} records: built in ${(big.buildMs! / 1000).toFixed(1)} s, state ${(big.stateBytes! / 2 ** 30).toFixed(2)} GiB; dump ${(big.dumpMs! / 1000).toFixed(1)} s (${(big.fileBytes! / 2 ** 30).toFixed(2)} GiB); ` +
      `load ${(big.loadMs! / 1000).toFixed(1)} s, peak heap during load ${(big.peakBytes! / 2 ** 30).toFixed(2)} GiB, loaded state ${(big.loadedBytes! / 2 ** 30).toFixed(2)} GiB; same state hash`,
  );
  const loadRatio = big.loadMs! / big.dumpMs!;
  const peakRatio = big.peakBytes! / big.stateBytes!;
  row(
    `dump + load at ${label(dumpN)} records: load vs dump; peak vs state`,
    `works; ${x(loadRatio)}; ${x(peakRatio)}`,
    'works; <= 2x; <= 2x',
    loadRatio <= 2 && peakRatio <= 2,
  );

  const snap = await child('snapshot', 0, 4096);
  const snapRatio = snap.liveBytes! / snap.noneBytes!;
  console.log(
    `  heap kept per transfer: ${snap.noneBytes!.toFixed(0)} B with no snapshot, ${snap.liveBytes!.toFixed(0)} B with a live one`,
  );
  row('memory per command with a live snapshot vs none', x(snapRatio), '<= 2x', snapRatio <= 2);

  console.log('\n| measure | measured | goal |\n|---|---|---|');
  for (const r of rows) console.log(`| ${r.measure} | ${r.measured}${r.met === false ? ' (missed)' : ''} | ${r.goal} |`);
}

// ---------------------------------------------------------------- child entry

if (process.argv[2] === '--child') {
  const name = process.argv[3];
  const arg = Number(process.argv[4] ?? 0);
  const sections: Record<string, (n: number) => Promise<void>> = { skip: childSkip, snapshot: () => childSnapshot(), dump: childDump };
  const f = sections[name ?? ''];
  if (!f) throw new Error(`unknown scale section ${name}`);
  await f(arg);
}
