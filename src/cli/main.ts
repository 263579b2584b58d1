// The CLI: flags + environment -> options, start the server, print the ready line and the accounts
// (src/main.ts, the bin, loads it once the compile cache is on).
import { helpText, parseFlags, type CliOptions } from './flags.js';
import { FlagError } from './command-line.js';
import { GenesisError } from '../domain/lifecycle/genesis.js';
import { startDevnet, type RunningDevnet } from '../server/server.js';
import { VERSION } from '../core/version.js';
import { cryptoWarmUp } from '../crypto/verify.js';
import { healthCommand } from './health-check.js';
import { rmSync } from 'node:fs';
import { filePieces, replaceFile } from '../persistence/files.js';

function accountsTable(running: RunningDevnet, controlToken: string | undefined): string {
  const a = running.devnet.accounts();
  const rows = a.accounts.map(
    (x) =>
      `  ${x.name.padEnd(10)} stark_key ${x.stark_key}\n  ${''.padEnd(10)} private   ${x.private_key}\n  ${''.padEnd(10)} eth       ${x.eth_address}` +
      (x.eth_private_key === null ? '' : `\n  ${''.padEnd(10)} eth key   ${x.eth_private_key}`),
  );
  return [
    '',
    `l2-devnet ${VERSION} listening on ${running.url}`,
    '',
    'Accounts (keys derived from the genesis seed; never use them on a real network; a wallet imports the eth key):',
    ...rows,
    '',
    `API keys: ${a.api_keys.join(', ')}`,
    `Operator (collects the 0.5% service fee): ${a.operator}`,
    ...(running.l1 ? ['', `L1: ${running.l1.url}, StarkEx contract ${running.l1.contract} (docs/l1.md)`] : []),
    '',
    // With a control token the explorer takes it from its URL fragment, which never reaches a server.
    controlToken === undefined
      ? `Explorer: ${running.url}/`
      : `Explorer: ${running.url}/#token=${encodeURIComponent(controlToken)} (/_devnet/* needs Authorization: Bearer <--control-token>)`,
    '',
  ].join('\n');
}

/** What the ready line says of a restored state dir; the repairs a start made go to stderr. */
function restoreReport(restored: RunningDevnet['restored']): Record<string, unknown> | undefined {
  if (!restored) return undefined;
  if (restored.droppedTail !== null)
    warn(
      `dropped an incomplete last journal line (no newline and its checksum fails: a write cut short, so its command was never acknowledged): ${JSON.stringify(restored.droppedTail.slice(0, 120))}`,
    );
  if (restored.unterminatedTail)
    warn('the last journal line had lost its newline but its checksum holds: its command was kept and the newline written back');
  if (restored.journalMissing)
    warn(`${restored.dir}/journal.jsonl was missing: started from the image alone; commands acknowledged after it, if any, are lost`);
  const { dir, replayed, journalMissing } = restored;
  return { dir, restored: restored.restored, replayed, dropped_tail: restored.droppedTail !== null, journal_missing: journalMissing };
}

const warn = (text: string): void => void process.stderr.write(`l2-devnet: ${text}\n`);

/** Says why and exits 1, closing the emulator first when it runs. */
async function fail(text: string, running?: RunningDevnet): Promise<never> {
  warn(text);
  await running?.close();
  process.exit(1);
}

/** The server command's options from argv and the environment; undefined when --help or --version answered. */
function cliOptions(): CliOptions | undefined {
  try {
    const parsed = parseFlags(process.argv.slice(2), process.env);
    if (parsed.help || parsed.version) {
      process.stdout.write((parsed.help ? helpText() : VERSION) + '\n');
      return undefined;
    }
    // No --log: a terminal gets the readable lines, anything else (CI, a container's log) JSON lines.
    return { ...parsed.options, log: parsed.options.log ?? (process.stdout.isTTY ? 'pretty' : 'json') };
  } catch (e) {
    if (!(e instanceof FlagError)) throw e;
    warn(e.message);
    process.exit(2);
  }
}

/** On SIGINT and SIGTERM: the listen file removed, --dump-state written, the emulator closed, exit 0 (1 if any failed). */
function onShutdown(running: RunningDevnet, options: CliOptions): void {
  let closing = false;
  const shutdown = (): void => {
    if (closing) return;
    closing = true;
    // Gone on a clean exit: a health check that runs after it finds nothing to ask.
    if (options.listenFile !== undefined) rmSync(options.listenFile, { force: true });
    if (options.dumpState !== undefined) {
      try {
        // Anvil's --dump-state: written atomically (a crash leaves the old file or the new one), piece by piece.
        replaceFile(options.dumpState, running.devnet.dumpPieces(), 'write');
      } catch (e) {
        warn(`--dump-state ${options.dumpState}: ${(e as Error).message}`);
        process.exitCode = 1;
      }
    }
    void running.close().then(
      () => process.exit(process.exitCode ?? 0),
      (e: unknown) => fail(`closing failed: ${(e as Error).message}`),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/** Runs `l2-devnet scenario|fuzz ARGS...` (loaded only when named, so serving starts as fast) and returns its exit code. */
async function runSubcommand(name: 'scenario' | 'fuzz', argv: readonly string[]): Promise<number> {
  if (name === 'scenario') return (await import('./scenario.js')).scenarioCommand(argv);
  let fuzz: typeof import('./fuzz.js');
  try {
    fuzz = await import('./fuzz.js');
  } catch (e) {
    // fast-check is an optional peer: a project that installed l2-devnet alone has no fuzzer.
    if ((e as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || !String((e as Error).message).includes('fast-check')) throw e;
    process.stderr.write('l2-devnet fuzz: needs fast-check, an optional peer dependency of l2-devnet: npm install --save-dev fast-check\n');
    return 2;
  }
  return fuzz.fuzzCommand(argv);
}

async function main(): Promise<void> {
  const sub = process.argv[2];
  if (sub === 'health') return void (process.exitCode = await healthCommand(process.argv.slice(3), process.env));
  if (sub === 'scenario' || sub === 'fuzz') return void (process.exitCode = await runSubcommand(sub, process.argv.slice(3)));
  const options = cliOptions();
  if (options === undefined) return;
  let running: RunningDevnet;
  try {
    // Request lines start after the ready line: the first request can only be handled after
    // startDevnet resolves, and the ready line is written in the same turn that it resolves.
    running = await startDevnet(options);
  } catch (e) {
    return fail(startFailure(e as Error, options));
  }
  // Loaded in the turn startDevnet resolved in, so before the first request is handled.
  if (options.loadState !== undefined) {
    try {
      running.devnet.loadPieces(filePieces(options.loadState));
    } catch (e) {
      return fail(`--load-state ${options.loadState}: ${(e as Error).message}`, running);
    }
  }
  // Handlers first: a SIGTERM that follows the ready line at once must find them (exit 0, state flushed).
  onShutdown(running, options);
  const state = restoreReport(running.restored);
  if (options.listenFile !== undefined) {
    try {
      // Written whole (a temp file renamed over it), so `l2-devnet health` never reads half a URL.
      replaceFile(options.listenFile, running.listenUrl + '\n', 'write');
    } catch (e) {
      return fail(`--listen-file ${options.listenFile}: ${(e as Error).message}`, running);
    }
  }
  process.stdout.write(JSON.stringify({ event: 'ready', url: running.url, version: VERSION, state, l1: running.l1 }) + '\n');
  if (options.log === 'pretty') process.stdout.write(accountsTable(running, options.controlToken) + '\n');
  if (options.signatures !== 'skip') warmCrypto(running);
}

/** The crypto warm-up's pace: 1 ms slices 2 ms apart, once no request came for 20 ms (a request waits at most one slice). */
const WARM_SLICE_MS = 1;
const WARM_GAP_MS = 2;
const WARM_QUIET_MS = 20;

/**
 * Makes the crypto tables ready after the ready line, in idle time: the build's tables (one file read),
 * and the key tables of accounts this process did not derive (a --state image from another genesis).
 */
function warmCrypto(running: RunningDevnet): void {
  const steps = cryptoWarmUp(running.devnet.accounts().accounts.map((a) => BigInt(a.stark_key)));
  const slice = (): void => {
    const quietFor = running.sinceLastRequest();
    if (quietFor < WARM_QUIET_MS) {
      setTimeout(slice, WARM_QUIET_MS - quietFor).unref();
      return;
    }
    const start = performance.now();
    while (performance.now() - start < WARM_SLICE_MS) if (steps.next().done) return;
    setTimeout(slice, WARM_GAP_MS).unref();
  };
  setTimeout(slice, WARM_QUIET_MS).unref();
}

void main();

/** Why the start failed, with what to do about it where we know. */
function startFailure(e: Error, options: CliOptions): string {
  if (e instanceof GenesisError) return `invalid genesis: ${e.message}`;
  if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    return `${e.message}: another process (perhaps another l2-devnet) listens on port ${options.port}; stop it, pick another with --port N, or let the system choose with --port 0 (add --listen-file FILE to learn the port)`;
  }
  return e.message;
}
