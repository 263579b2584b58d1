// The CLI's flags: one table gives parsing, environment variables, defaults and --help.
import { parseSettlement } from './domain/records/settlement.js';

export interface FlagSpec {
  name: string;
  env: string;
  default: string | undefined;
  values?: readonly string[];
  /** May be given several times; the environment variable takes a comma-separated list. */
  repeatable?: boolean;
  help: string;
}

export const FLAGS: readonly FlagSpec[] = [
  { name: 'host', env: 'L2DEVNET_HOST', default: '127.0.0.1', help: 'interface to bind (0.0.0.0 inside a container)' },
  { name: 'port', env: 'L2DEVNET_PORT', default: '8080', help: 'TCP port; 0 picks a free port (read it from the ready line)' },
  { name: 'genesis', env: 'L2DEVNET_GENESIS', default: undefined, help: 'genesis file (default: the embedded fixtures/default.json)' },
  { name: 'seed', env: 'L2DEVNET_SEED', default: undefined, help: "overrides the genesis seed: account keys, API keys and ids derive from it" },
  { name: 'settlement', env: 'L2DEVNET_SETTLEMENT', default: 'auto', help: 'auto|manual: batches on POST /_devnet/batches; interval:SECONDS: a batch every SECONDS of emulator time' },
  { name: 'state', env: 'L2DEVNET_STATE', default: undefined, help: 'directory to keep the state in across restarts (journal + image); default: memory only' },
  { name: 'durability', env: 'L2DEVNET_DURABILITY', default: 'write', values: ['write', 'fsync'], help: 'with --state: write = an answer means the journal line is in the OS (survives kill -9); fsync = on the disk (survives a power cut, slower)' },
  { name: 'clock', env: 'L2DEVNET_CLOCK', default: 'virtual', values: ['virtual', 'wall'], help: 'virtual = time moves only by POST /_devnet/clock; wall = follows the host clock (never backwards)' },
  { name: 'signatures', env: 'L2DEVNET_SIGNATURES', default: 'verify', values: ['verify', 'skip'], help: 'skip = accept any signature (load tests only)' },
  { name: 'error-status', env: 'L2DEVNET_ERROR_STATUS', default: 'fidelity', values: ['fidelity', 'http'], help: 'fidelity = HTTP 200 + FAILED like the real service; http = 4xx per error code' },
  { name: 'gateway-url', env: 'L2DEVNET_GATEWAY_URL', default: undefined, help: 'base URL of storage endpoints ({URL}/ipfs/{cid}/); default: the emulator\'s own URL, which serves /ipfs/ itself' },
  { name: 'public-url', env: 'L2DEVNET_PUBLIC_URL', default: undefined, help: 'the URL clients reach the emulator at (ready line, storage endpoints); default: the ready line names the bound address (127.0.0.1 for 0.0.0.0) and endpoints follow each request\'s Host' },
  { name: 'listen-file', env: 'L2DEVNET_LISTEN_FILE', default: undefined, help: 'write the URL the server listens on to FILE once it listens (removed on exit); `l2-devnet health` reads it' },
  { name: 'api-key', env: 'L2DEVNET_API_KEY', default: undefined, repeatable: true, help: 'an extra API key (repeatable; env: comma-separated)' },
  { name: 'log', env: 'L2DEVNET_LOG', default: 'pretty', values: ['pretty', 'json', 'silent'], help: 'pretty: the accounts table, then a short line per request; json: one JSON line per request; silent: nothing after the ready line' },
];

export type FlagValues = Record<string, string | undefined> & { apiKeys?: string[] };

export class FlagError extends Error {}

/** argv (after the script) + env -> values. Flags win over environment variables, which win over defaults. */
export function parseFlags(argv: readonly string[], env: Record<string, string | undefined>): { values: FlagValues; help: boolean; version: boolean } {
  const values: FlagValues = {};
  let help = false;
  let version = false;
  for (const f of FLAGS) values[f.name] = env[f.env] !== undefined && env[f.env] !== '' ? env[f.env] : f.default;
  const repeated: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') { help = true; continue; }
    if (arg === '--version' || arg === '-v') { version = true; continue; }
    if (!arg.startsWith('--')) throw new FlagError(`unexpected argument "${arg}" (see --help)`);
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = FLAGS.find((f) => f.name === name);
    if (!spec) throw new FlagError(`unknown flag --${name} (see --help)`);
    const value: string | undefined = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined) throw new FlagError(`--${name} needs a value`);
    if (spec.repeatable) repeated.push(value);
    else values[name] = value;
  }
  // --api-key: flags add to the environment's list.
  const fromEnv = (values['api-key'] ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '');
  values.apiKeys = [...fromEnv, ...repeated];
  if (values.apiKeys.some((k) => k.trim() === '')) throw new FlagError('--api-key must not be empty');
  for (const f of FLAGS) {
    const v = values[f.name];
    if (v !== undefined && f.values && !f.values.includes(v)) throw new FlagError(`--${f.name} must be one of ${f.values.join('|')}, got "${v}"`);
  }
  if (parseSettlement(values.settlement!) === undefined) throw new FlagError(`--settlement must be auto, manual or interval:SECONDS (1 to 2^53-1), got "${values.settlement}"`);
  for (const name of ['gateway-url', 'public-url']) {
    const url = values[name];
    if (url !== undefined && !/^https?:\/\/[^\s/]+(\/\S*)?$/i.test(url)) throw new FlagError(`--${name} must be an http(s) URL such as http://127.0.0.1:8080, got "${url}"`);
  }
  const port = values.port!;
  if (!/^\d+$/.test(port) || Number(port) > 65535) throw new FlagError(`--port must be an integer in [0, 65535], got "${port}"`);
  return { values, help, version };
}

export function helpText(): string {
  const lines = ['Usage: l2-devnet [flags]', '', 'Flags (each also settable by its environment variable):'];
  for (const f of FLAGS) {
    const vals = f.values ? ` (${f.values.join('|')})` : '';
    const def = f.default === undefined ? '' : ` [default: ${f.default}]`;
    lines.push(`  --${f.name.padEnd(14)} ${f.env.padEnd(24)} ${f.help}${vals}${def}`);
  }
  lines.push(`  ${'--help, -h'.padEnd(16)} ${''.padEnd(24)} print this help`, `  ${'--version, -v'.padEnd(16)} ${''.padEnd(24)} print the version`);
  lines.push('', 'Flags win over environment variables, which win over defaults. --flag=value also works.');
  lines.push('Subcommands (each with its own --help): l2-devnet scenario FILE..., l2-devnet fuzz, l2-devnet health.');
  lines.push('Exit codes: 0 after SIGINT/SIGTERM, 1 for an invalid genesis or state directory, 2 for a bad flag.');
  return lines.join('\n');
}
