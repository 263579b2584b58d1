// Event stream benchmark: a deposit's cost over a socket with 100 idle SSE subscribers (connected, never
// reading) next to none, against a spawned CLI. Ratios from one run; a report, not an assertion.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const SUBSCRIBERS = 100;
const DEPOSITS = 3_000;
const GOAL = 1.5;

export interface EventsOptions {
  runs?: number;
}

function startCli(): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN, '--port', '0', '--log', 'silent'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ child, port: Number(new URL((JSON.parse(out.slice(0, nl)) as { url: string }).url).port) });
    });
    child.once('exit', (code) => reject(new Error(`CLI exited with ${code} before its ready line`)));
  });
}

/** One subscriber that sends its GET and then never reads: its socket is paused for good. */
function idleSubscriber(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ port, host: '127.0.0.1' }, () => {
      s.write('GET /_devnet/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      s.once('data', () => {
        s.pause();
        resolve(s);
      });
    });
    s.once('error', reject);
  });
}

/** Whether the server has closed a subscriber: reading drains the kernel's copy, then a closed one ends. */
async function wasDropped(s: Socket): Promise<boolean> {
  let ended = false;
  s.once('end', () => (ended = true));
  s.once('close', () => (ended = true));
  s.on('data', () => undefined);
  s.resume();
  for (let i = 0; i < 40 && !ended; i++) await new Promise((r) => setTimeout(r, 25));
  return ended;
}

/** The server's CPU time so far in microseconds (user + system, Linux /proc; 10 ms ticks), or undefined elsewhere. */
function serverCpuMicros(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
  } catch {
    return undefined;
  }
}

interface Cost {
  /** Wall time per deposit as the client sees it. */
  wall: number;
  /** Server CPU per deposit (what the subscribers could add to). */
  cpu: number | undefined;
}

async function depositCost(pid: number, port: number, agent: Agent, starkKey: string, n: number): Promise<Cost> {
  const c0 = serverCpuMicros(pid);
  const wall = await depositMicros(port, agent, starkKey, n);
  const c1 = serverCpuMicros(pid);
  return { wall, cpu: c0 === undefined || c1 === undefined ? undefined : (c1 - c0) / n };
}

/** Microseconds per deposit, sequential over one keep-alive connection, as a client waits for each answer. */
async function depositMicros(port: number, agent: Agent, starkKey: string, n: number): Promise<number> {
  const body = JSON.stringify({ stark_key: starkKey, contract_address: 'eth', amount: 1 });
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/_devnet/deposit',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`deposit answered ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await one();
  return ((performance.now() - t0) * 1000) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runEvents(o: EventsOptions = {}): Promise<void> {
  const rounds = o.runs ?? 5;
  console.log(
    `events: ${DEPOSITS.toLocaleString('en')} sequential deposits over HTTP per side, ${SUBSCRIBERS} idle SSE subscribers vs none, ${rounds} rounds`,
  );
  const { child, port } = await startCli();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const accounts = await new Promise<{ accounts: Array<{ stark_key: string }> }>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/_devnet/accounts', agent }, (res) => {
        let t = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (t += d));
        res.on('end', () => resolve(JSON.parse(t)));
      })
        .on('error', reject)
        .end();
    });
    const key = accounts.accounts[2]!.stark_key;
    await depositMicros(port, agent, key, 1000); // warm-up
    const none: Cost[] = [];
    const idle: Cost[] = [];
    let dropped = 0;
    for (let r = 0; r < rounds; r++) {
      // Alternate which side goes first, so drift of a shared machine falls on both alike.
      const withSubscribers = async () => {
        const subs = await Promise.all(Array.from({ length: SUBSCRIBERS }, () => idleSubscriber(port)));
        idle.push(await depositCost(child.pid!, port, agent, key, DEPOSITS));
        for (const s of subs) if (await wasDropped(s)) dropped++;
        subs.forEach((s) => s.destroy());
        // Let the server see the closes before a side runs with no subscriber.
        await new Promise((r2) => setTimeout(r2, 100));
      };
      const without = async () => void none.push(await depositCost(child.pid!, port, agent, key, DEPOSITS));
      if (r % 2 === 0) {
        await without();
        await withSubscribers();
      } else {
        await withSubscribers();
        await without();
      }
    }
    const line = (label: string, xs: Cost[]) => {
      const cpu = xs.every((x) => x.cpu !== undefined)
        ? `, server CPU ${median(xs.map((x) => x.cpu!)).toFixed(1)} us (${xs.map((x) => x.cpu!.toFixed(0)).join(', ')})`
        : '';
      console.log(
        `  ${label}: wall ${median(xs.map((x) => x.wall)).toFixed(1)} us per deposit (${xs.map((x) => x.wall.toFixed(0)).join(', ')})${cpu}`,
      );
    };
    line('no subscriber    ', none);
    line(`${SUBSCRIBERS} idle subscribers`, idle);
    // Each round's two sides ran back to back: the median of the rounds' ratios, as the crypto bench does.
    const wallRatio = median(idle.map((x, i) => x.wall / none[i]!.wall));
    const cpuRatio =
      none.every((x) => x.cpu !== undefined) && idle.every((x) => x.cpu !== undefined)
        ? median(idle.map((x, i) => x.cpu! / none[i]!.cpu!))
        : undefined;
    const verdict = (x: number) => `${x.toFixed(2)}x (goal <= ${GOAL}x: ${x <= GOAL ? 'met' : 'MISSED'})`;
    console.log(
      `  ratio (median of the rounds' ratios), wall: ${verdict(wallRatio)}${cpuRatio === undefined ? '' : `; server CPU: ${verdict(cpuRatio)}`}`,
    );
    console.log(
      `  subscribers dropped during the timed deposits: ${dropped} of ${SUBSCRIBERS * rounds} (each was sent ~${Math.round((DEPOSITS * 340) / 1024)} KiB, within its socket's buffers)`,
    );
  } finally {
    agent.destroy();
    child.kill('SIGTERM');
  }
}
