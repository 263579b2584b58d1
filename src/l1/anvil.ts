// Starts a local Anvil (the binary of the @foundry-rs/anvil npm package, else `anvil` on PATH) on a
// free port and waits until it answers JSON-RPC.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { DEFAULT_L1_CHAIN_ID } from './chain-id.js';
import { EthRpc } from './rpc.js';

/** Anvil's own default mnemonic, spelled out so the dev accounts never change with its defaults. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export interface Anvil {
  readonly url: string;
  readonly rpc: EthRpc;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** The anvil executable: $ANVIL_BIN, the npm package's binary for this platform, else `anvil` on PATH. */
export function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    return createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${exe}`);
  } catch {
    return 'anvil';
  }
}

/** Why Anvil cannot run here, or undefined when `anvil --version` works. */
export function anvilUnavailable(binary = anvilBinary()): string | undefined {
  const probe = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (probe.error) return `${binary}: ${probe.error.message}`;
  if (probe.status !== 0) return `${binary} --version exited with ${probe.status}: ${probe.stderr.trim()}`;
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const READY_TIMEOUT_MS = 15_000;

/**
 * Runs Anvil ($0 and its arguments) and ends it when the emulator goes, however it goes: the emulator
 * holds the write end of this shell's stdin, which only closes when the emulator's process ends (a
 * SIGKILL included), and a reader then kills Anvil. A SIGTERM (the emulator's own stop) kills it too.
 * The shell exits with Anvil's status once Anvil has exited.
 */
const WATCHDOG = `exec 3<&0
"$0" "$@" </dev/null & anvil=$!
trap 'kill $anvil 2>/dev/null' TERM INT
(read _ <&3; kill $anvil 2>/dev/null) &
reader=$!
wait $anvil; status=$?
while kill -0 $anvil 2>/dev/null; do wait $anvil; status=$?; done
kill $reader 2>/dev/null
exit $status`;

/**
 * Starts Anvil, or says why it cannot run here and how to install it. With `genesisSeconds`, blocks
 * are stamped from it one second apart instead of by the wall clock, so the same transactions give
 * the same blocks (and hashes) on every run. `chainId` is the chain's id (`--l1-chain-id`).
 */
export async function startAnvil(genesisSeconds?: bigint, chainId = DEFAULT_L1_CHAIN_ID): Promise<Anvil> {
  const why = anvilUnavailable(anvilBinary());
  if (why !== undefined)
    throw new Error(
      `--l1 anvil: Anvil cannot run (${why}); install it with \`npm install @foundry-rs/anvil\`, put \`anvil\` on PATH or set ANVIL_BIN`,
    );
  const port = await freePort();
  const args = [
    '--silent',
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--mnemonic',
    ANVIL_MNEMONIC,
    ...(genesisSeconds === undefined ? [] : ['--timestamp', String(genesisSeconds)]),
  ];
  // Its own process group: a Ctrl-C in the terminal reaches the emulator, which saves L1 and then stops Anvil.
  // Through the watchdog where there is a POSIX shell, so that Anvil dies with the emulator even on kill -9.
  const child =
    process.platform === 'win32'
      ? spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true })
      : spawn('/bin/sh', ['-c', WATCHDOG, anvilBinary(), ...args], { stdio: ['pipe', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stopping = false;
  const stop = async (): Promise<void> => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  // Said once, when it happens: every L1 call after it fails with "cannot reach", said once per outage.
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(
        `l2-devnet: L1: Anvil on ${url} exited (${signal ?? `code ${code}`}): this L1 is gone until the emulator restarts\n`,
      );
  });
  const rpc = new EthRpc(url);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}: ${stderr.trim()}`);
    try {
      await rpc.chainId();
      if (genesisSeconds !== undefined) await rpc.request('anvil_setBlockTimestampInterval', [1]);
      return { url, rpc, process: child, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`anvil did not answer on ${url} within ${READY_TIMEOUT_MS} ms: ${stderr.trim()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
