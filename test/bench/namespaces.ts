// Namespaces benchmark: the time to create a namespace (its first request), the heap an idle namespace
// holds (default genesis), and the throughput of 16 namespaces against one (signed transfers over a
// socket, 16 clients either way), all measured in one run. A report, not an assertion.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startDevnet } from '../../src/index.js';
import { signedTransferBody } from '../../src/testing.js';
import type { SignatureMode } from '../../src/core/devnet.js';

const MEMORY_GOAL_MIB = 2;
const THROUGHPUT_GOAL = 0.8;
const CLIENTS = 16;
/** Transfers each client sends per timed round. */
const PER_CLIENT = 40;
const ROUNDS = 5;
const IDLE_NAMESPACES = 48;
const ETH_ASSET = '0x352f9ffd821a525051de2d71126113505a7b0a73d98dbc0ac0ff343cfbdef5e';

export interface NamespacesBenchOptions {
  runs?: number;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function heapBytes(): number {
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

const json = async (url: string, init?: RequestInit): Promise<any> => (await fetch(url, init)).json();

/** `count` signed transfers alice -> bob of namespace base `base`, nonces 0..count-1: valid again after every reset. */
async function presign(base: string, count: number): Promise<string[]> {
  const { accounts } = await json(`${base}/_devnet/accounts`);
  const [alice, bob] = accounts;
  const vaults = (await json(`${base}/v1/vaults?stark_keys=${alice.stark_key},${bob.stark_key}&asset_id=${ETH_ASSET}`)).data.vault_ids;
  return Array.from({ length: count }, (_, nonce) =>
    JSON.stringify(
      signedTransferBody({
        starkKey: alice.stark_key,
        privateKey: alice.private_key,
        assetId: ETH_ASSET,
        amount: 1n,
        nonce,
        vaultId: vaults[0],
        receiver: bob.stark_key,
        receiverVaultId: vaults[1],
      }),
    ),
  );
}

/** Each client posts its bodies one after another to its base URL; all clients at once. Transfers per second. */
async function round(clients: Array<{ base: string; bodies: string[] }>): Promise<number> {
  const bases = [...new Set(clients.map((c) => c.base))];
  await Promise.all(bases.map((b) => fetch(`${b}/_devnet/reset`, { method: 'POST' }).then((r) => r.text())));
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      for (const body of c.bodies) {
        const r = await json(`${c.base}/v1/transfers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (r.status !== 'OK') throw new Error(`transfer refused: ${JSON.stringify(r)}`);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return clients.reduce((n, c) => n + c.bodies.length, 0) / seconds;
}

async function throughput(signatures: SignatureMode, rounds: number): Promise<{ one: number; many: number; ratio: number }> {
  const net = await startDevnet({ port: 0, signatures });
  try {
    // One namespace (default): 16 clients share alice's nonces.
    const oneBodies = await presign(net.url, CLIENTS * PER_CLIENT);
    const one = Array.from({ length: CLIENTS }, (_, i) => ({
      base: net.url,
      bodies: oneBodies.slice(i * PER_CLIENT, (i + 1) * PER_CLIENT),
    }));
    // 16 namespaces: one client each.
    const many = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const base = `${net.url}/ns/bench-${i}`;
        return { base, bodies: await presign(base, PER_CLIENT) };
      }),
    );
    await round(one);
    await round(many);
    const ratios: number[] = [];
    const ones: number[] = [];
    const manys: number[] = [];
    // Paired rounds, alternating which goes first: a drift of the machine touches both sides.
    for (let r = 0; r < rounds; r++) {
      const [a, b] = r % 2 ? [await round(many), await round(one)].reverse() : [await round(one), await round(many)];
      ones.push(a!);
      manys.push(b!);
      ratios.push(b! / a!);
    }
    return { one: median(ones), many: median(manys), ratio: median(ratios) };
  } finally {
    await net.close();
  }
}

export async function runNamespaces(o: NamespacesBenchOptions = {}): Promise<void> {
  const rounds = o.runs ?? ROUNDS;
  console.log(
    `\nnamespaces: creation, idle memory, 16 namespaces vs one (${CLIENTS} clients x ${PER_CLIENT} signed transfers per round, median of ${rounds} paired rounds)`,
  );

  const net = await startDevnet({ port: 0 });
  try {
    // Warm every code path once (first namespace, first routes, the document is not loaded).
    await fetch(`${net.url}/ns/warm/_devnet/health`).then((r) => r.text());
    await fetch(`${net.url}/_devnet/namespaces/warm`, { method: 'DELETE' }).then((r) => r.text());

    const creation: number[] = [];
    const before = heapBytes();
    for (let i = 0; i < IDLE_NAMESPACES; i++) {
      const t0 = performance.now();
      const r = await fetch(`${net.url}/ns/idle-${i}/_devnet/health`);
      await r.text();
      creation.push(performance.now() - t0);
    }
    const after = heapBytes();
    const perNamespace = (after - before) / IDLE_NAMESPACES / 1024 / 1024;
    // The same request to namespaces that exist, for scale: what creation adds to a first request.
    const existing: number[] = [];
    for (let i = 0; i < IDLE_NAMESPACES; i++) {
      const t0 = performance.now();
      await fetch(`${net.url}/ns/idle-${i}/_devnet/health`).then((r) => r.text());
      existing.push(performance.now() - t0);
    }
    console.log(
      `  creation (first request to a new namespace): median ${median(creation).toFixed(1)} ms, max ${Math.max(...creation).toFixed(1)} ms over ${IDLE_NAMESPACES}; the same request once it exists: median ${median(existing).toFixed(2)} ms`,
    );
    console.log(
      `  memory per idle namespace (heap + external, after GC, ${IDLE_NAMESPACES} namespaces): ${perNamespace.toFixed(2)} MiB (goal < ${MEMORY_GOAL_MIB} MiB: ${perNamespace < MEMORY_GOAL_MIB ? 'met' : 'MISSED'})`,
    );
  } finally {
    await net.close();
  }

  for (const signatures of ['verify', 'skip'] as const) {
    const t = await throughput(signatures, rounds);
    console.log(
      `  throughput, signatures ${signatures}: one namespace ${t.one.toFixed(0)} transfers/s, 16 namespaces ${t.many.toFixed(0)} transfers/s, ratio ${t.ratio.toFixed(2)} (goal >= ${THROUGHPUT_GOAL}: ${t.ratio >= THROUGHPUT_GOAL ? 'met' : 'MISSED'})`,
    );
  }
}
