// The CLI's flags: one table gives parsing, environment variables, defaults and --help.
import { parseSettlement } from './domain/records/settlement.js';
import { corsOriginOf } from './http/cors.js';

export interface FlagSpec {
  name: string;
  env: string;
  default: string | undefined;
  values?: readonly string[];
  /**
   * May be given several times; the environment variable takes a comma-separated list. `add`: the
   * flags add to the environment's list (--api-key); `replace`: given flags replace it.
   */
  repeatable?: 'add' | 'replace';
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
  { name: 'api-key', env: 'L2DEVNET_API_KEY', default: undefined, repeatable: 'add', help: 'an extra API key (repeatable; env: comma-separated)' },
  { name: 'max-body-bytes', env: 'L2DEVNET_MAX_BODY_BYTES', default: '1MiB', help: 'JSON request bodies over this size are refused with 413 (bytes, or with a KiB/MiB/GiB suffix)' },
  { name: 'storage-quota', env: 'L2DEVNET_STORAGE_QUOTA', default: undefined, help: 'bytes each project may keep stored (KiB/MiB/GiB suffixes); an upload past it is refused with 413; default: no quota' },
  { name: 'allowed-host', env: 'L2DEVNET_ALLOWED_HOST', default: undefined, repeatable: 'replace', help: 'a Host name answered besides localhost, IP addresses and --host (DNS rebinding defence); .example.com covers subdomains, * any host (repeatable; env: comma-separated)' },
  { name: 'control-token', env: 'L2DEVNET_CONTROL_TOKEN', default: undefined, help: 'every /_devnet/* call (and the explorer) needs Authorization: Bearer TOKEN' },
  { name: 'cors-origin', env: 'L2DEVNET_CORS_ORIGIN', default: '*', repeatable: 'replace', help: 'origins whose pages may call the emulated API (not /_devnet): * any, none off, or http(s)://host[:port] (repeatable; env: comma-separated)' },
  { name: 'request-journal', env: 'L2DEVNET_REQUEST_JOURNAL', default: '1000', help: 'requests GET /_devnet/requests keeps (the explorer\'s Requests view), 1..1000000' },
  { name: 'max-namespaces', env: 'L2DEVNET_MAX_NAMESPACES', default: '64', help: 'how many namespaces (/ns/{name}/..., x-devnet-namespace) may exist besides default; a new one past it is refused (429, code 19); 0 = namespaces off' },
  { name: 'namespace-ttl', env: 'L2DEVNET_NAMESPACE_TTL', default: '0', help: 'delete a namespace (and its state) after this many seconds without a request; 0 = never' },
  { name: 'log', env: 'L2DEVNET_LOG', default: 'pretty', values: ['pretty', 'json', 'silent'], help: 'pretty: the accounts table, then a short line per request; json: one JSON line per request; silent: nothing after the ready line' },
];

export type FlagValues = Record<string, string | undefined> & {
  apiKeys?: string[];
  allowedHosts?: string[];
  /** `*`, or the allowed origins ([] = CORS off). */
  corsOrigins?: '*' | string[];
  maxBodyBytes?: number;
  storageQuota?: number;
  requestJournal?: number;
};

const UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2, g: 1024 ** 3, gb: 1024 ** 3, gib: 1024 ** 3 };

/** `1048576`, `1MiB`, `512k` -> bytes (K, M, G are binary: KiB, MiB, GiB); undefined when it is no positive size. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+)\s*([a-z]*)\s*$/i.exec(text);
  const unit = m ? UNITS[m[2]!.toLowerCase()] : undefined;
  if (!m || unit === undefined) return undefined;
  const bytes = Number(m[1]) * unit;
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

/** The values of a list flag: `--cors-origin` as `*` or origins; `none` alone turns CORS off. */
function corsOrigins(list: readonly string[]): '*' | string[] {
  if (list.includes('*')) {
    if (list.length > 1) throw new FlagError('--cors-origin * (any origin) cannot be combined with other origins');
    return '*';
  }
  if (list.includes('none')) {
    if (list.length > 1) throw new FlagError('--cors-origin none (CORS off) cannot be combined with origins');
    return [];
  }
  return list.map((o) => {
    const origin = corsOriginOf(o);
    if (origin === undefined) throw new FlagError(`--cors-origin must be *, none or an origin such as http://localhost:3000, got "${o}"`);
    return origin;
  });
}

const HOST_NAME = /^(\*|\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(:\d+)?$/i;

export class FlagError extends Error {}

/** argv (after the script) + env -> values. Flags win over environment variables, which win over defaults. */
export function parseFlags(argv: readonly string[], env: Record<string, string | undefined>): { values: FlagValues; help: boolean; version: boolean } {
  const values: FlagValues = {};
  let help = false;
  let version = false;
  for (const f of FLAGS) values[f.name] = env[f.env] !== undefined && env[f.env] !== '' ? env[f.env] : f.default;
  const repeated: Record<string, string[]> = {};
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
    if (spec.repeatable) (repeated[name] ??= []).push(value);
    else values[name] = value;
  }
  const list = (name: string): string[] => {
    const spec = FLAGS.find((f) => f.name === name)!;
    const fromEnv = (values[name] ?? '').split(',').map((k) => k.trim()).filter((k) => k !== '');
    const given = repeated[name];
    if (given === undefined) return fromEnv;
    return spec.repeatable === 'add' ? [...fromEnv, ...given] : given.map((k) => k.trim());
  };
  // --api-key: flags add to the environment's list.
  values.apiKeys = list('api-key');
  if (values.apiKeys.some((k) => k.trim() === '')) throw new FlagError('--api-key must not be empty');
  values.allowedHosts = list('allowed-host');
  for (const h of values.allowedHosts) if (!HOST_NAME.test(h)) throw new FlagError(`--allowed-host must be a host name such as devnet.example (.devnet.example with its subdomains, * any), got "${h}"`);
  values.corsOrigins = corsOrigins(list('cors-origin'));
  const maxBody = parseSize(values['max-body-bytes']!);
  if (maxBody === undefined) throw new FlagError(`--max-body-bytes must be a positive size such as 1048576 or 4MiB, got "${values['max-body-bytes']}"`);
  values.maxBodyBytes = maxBody;
  const quota = values['storage-quota'];
  if (quota !== undefined) {
    const bytes = parseSize(quota);
    if (bytes === undefined) throw new FlagError(`--storage-quota must be a positive size such as 104857600 or 500MiB, got "${quota}"`);
    values.storageQuota = bytes;
  }
  const journal = values['request-journal']!;
  if (!/^\d{1,7}$/.test(journal) || Number(journal) < 1 || Number(journal) > 1_000_000) throw new FlagError(`--request-journal must be an integer in [1, 1000000], got "${journal}"`);
  values.requestJournal = Number(journal);
  const token = values['control-token'];
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token)) throw new FlagError('--control-token must be printable ASCII without spaces (it travels in an Authorization header)');
  for (const f of FLAGS) {
    const v = values[f.name];
    if (v !== undefined && f.values && !f.values.includes(v)) throw new FlagError(`--${f.name} must be one of ${f.values.join('|')}, got "${v}"`);
  }
  if (parseSettlement(values.settlement!) === undefined) throw new FlagError(`--settlement must be auto, manual or interval:SECONDS (1 to 2^53-1), got "${values.settlement}"`);
  for (const name of ['gateway-url', 'public-url']) {
    const url = values[name];
    if (url !== undefined && !/^https?:\/\/[^\s/]+(\/\S*)?$/i.test(url)) throw new FlagError(`--${name} must be an http(s) URL such as http://127.0.0.1:8080, got "${url}"`);
  }
  for (const name of ['max-namespaces', 'namespace-ttl']) {
    const n = values[name]!;
    if (!/^\d+$/.test(n) || !Number.isSafeInteger(Number(n))) throw new FlagError(`--${name} must be a whole number >= 0, got "${n}"`);
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
