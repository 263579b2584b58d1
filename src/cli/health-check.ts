// `l2-devnet health`: exit 0 when the emulator this configuration names answers GET /_devnet/health.
import { readFileSync } from 'node:fs';
import { parseFlags, type CliOptions } from './flags.js';
import { FlagError } from './command-line.js';
import { listenUrl } from '../server/listen-url.js';

export const HEALTH_HELP = [
  'Usage: l2-devnet health [flags]',
  '',
  'Asks the emulator that the same flags and L2DEVNET_* variables would start for GET /_devnet/health:',
  'exit 0 when it answers {"status":"ok"}, 1 when it does not (within 3 s), 2 for a bad flag.',
  'With --listen-file (L2DEVNET_LISTEN_FILE), the URL written there by the running server wins, so a',
  'container health check finds the server wherever flags given after the image made it listen.',
  'A server bound to 0.0.0.0 or :: is asked on loopback. --control-token (L2DEVNET_CONTROL_TOKEN) is sent',
  'as a bearer token, as the control plane then requires.',
].join('\n');

/** Runs the check; returns the exit code. */
export async function healthCommand(argv: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  let options: CliOptions;
  try {
    const parsed = parseFlags(argv, env);
    if (parsed.help) {
      process.stdout.write(HEALTH_HELP + '\n');
      return 0;
    }
    options = parsed.options;
  } catch (e) {
    if (e instanceof FlagError) {
      process.stderr.write(`l2-devnet health: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  // Where the server listens: the listen file's URL, else the host and port of the flags.
  let url = listenUrl(options.host!, options.port!);
  if (options.listenFile !== undefined) {
    try {
      url = readFileSync(options.listenFile, 'utf8').trim();
    } catch {
      process.stderr.write(`l2-devnet health: ${options.listenFile} does not exist (yet): the server is not listening\n`);
      return 1;
    }
  }
  try {
    // The control plane needs the token of --control-token (L2DEVNET_CONTROL_TOKEN), health included.
    const token = options.controlToken;
    const headers: Record<string, string> = token !== undefined ? { authorization: `Bearer ${token}` } : {};
    const res = await fetch(`${url}/_devnet/health`, { headers, signal: AbortSignal.timeout(3_000) });
    const body = (await res.json().catch(() => undefined)) as { status?: unknown } | undefined;
    if (res.ok && body?.status === 'ok') {
      process.stdout.write(JSON.stringify({ ...body, url }) + '\n');
      return 0;
    }
    process.stderr.write(`l2-devnet health: ${url} answered HTTP ${res.status}\n`);
    return 1;
  } catch (e) {
    process.stderr.write(`l2-devnet health: ${url}: ${(e as Error).message}\n`);
    return 1;
  }
}
