// The server command's flags (health's too): one table gives the parsing, the L2DEVNET_* variables,
// the defaults, the validation, the options of startDevnet and --help (the machinery: cli/command-line.ts).
import { flagLines, parseCommandLine, refuse, type FlagSpec, type Parsed } from './command-line.js';
import { parseSettlement } from '../domain/records/settlement.js';
import type { ClockMode, SignatureMode } from '../core/devnet.js';
import { corsOriginOf } from '../http/cors.js';
import type { ErrorStatusMode } from '../http/errors.js';
import type { LogMode } from '../http/request-log.js';
import type { Durability } from '../persistence/files.js';
import { DEFAULT_L1_CHAIN_ID } from '../l1/chain-id.js';
import type { StartOptions } from '../server/server.js';

/** What the server command's flags make: the options of startDevnet, and the file for the listening URL. */
export type CliOptions = StartOptions & { listenFile?: string; dumpState?: string; loadState?: string };

/** `10000`, `0.5` (ETH) -> wei; undefined when it is no amount of ETH with at most 18 decimals. */
export function parseEth(text: string): bigint | undefined {
  const m = /^(\d+)(?:\.(\d{1,18}))?$/.exec(text.trim());
  return m ? BigInt(m[1]!) * 10n ** 18n + BigInt((m[2] ?? '').padEnd(18, '0')) : undefined;
}

/** Anvil's default: 10000 ETH each. */
const DEV_BALANCE_WEI = 10_000n * 10n ** 18n;

/** `1048576`, `1MiB`, `512k` -> bytes (K, M, G are binary: KiB, MiB, GiB); undefined when it is no positive size. */
export function parseSize(text: string): number | undefined {
  const m = /^\s*(\d+)\s*(?:([kmg])(?:i?b)?|b)?\s*$/i.exec(text);
  if (!m) return undefined;
  const bytes = Number(m[1]) * 1024 ** (m[2] === undefined ? 0 : 'kmg'.indexOf(m[2].toLowerCase()) + 1);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}

const size =
  (example: string) =>
  (v: string): number =>
    parseSize(v) ?? refuse(`must be a positive size such as ${example}`);

/** A whole number in [min, max]. */
const whole =
  (min: number, max: number, must: string) =>
  (v: string): number =>
    /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : refuse(must);

const httpUrl = (v: string): string =>
  /^https?:\/\/[^\s/]+(\/\S*)?$/i.test(v) ? v : refuse('must be an http(s) URL such as http://127.0.0.1:8080');

/** `--cors-origin` as `*` or origins; `none` alone turns CORS off. */
function corsOrigins(list: readonly string[]): '*' | string[] {
  if (list.includes('*')) return list.length > 1 ? refuse('* (any origin) cannot be combined with other origins') : '*';
  if (list.includes('none')) return list.length > 1 ? refuse('none (CORS off) cannot be combined with origins') : [];
  return list.map((o) => corsOriginOf(o) ?? refuse(`must be *, none or an origin such as http://localhost:3000, not "${o}"`));
}

const HOST_NAME = /^(\*|\.?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(:\d+)?$/i;

/** The server command's flags, in --help's order. */
export const FLAGS: readonly FlagSpec<CliOptions>[] = [
  { name: 'host', default: '127.0.0.1', help: 'interface to bind (0.0.0.0 inside a container)', set: (o, v) => (o.host = v) },
  {
    name: 'port',
    default: '8080',
    help: 'TCP port; 0 picks a free port (read it from the ready line)',
    set: (o, v) => (o.port = whole(0, 65535, 'must be an integer in [0, 65535]')(v)),
  },
  { name: 'genesis', help: 'genesis file (default: the embedded fixtures/default.json)', set: (o, v) => (o.genesisPath = v) },
  { name: 'seed', help: 'overrides the genesis seed: account keys, API keys and ids derive from it', set: (o, v) => (o.seed = v) },
  {
    name: 'settlement',
    default: 'auto',
    help: 'auto|manual: batches on POST /_devnet/batches; interval:SECONDS: a batch every SECONDS of emulator time',
    set: (o, v) => (o.settlement = parseSettlement(v) ?? refuse('must be auto, manual or interval:SECONDS (1 to 2^53-1)')),
  },
  {
    name: 'accounts',
    help: "N more accounts, account0..account{N-1}, keys derived from the seed, each funded with --balance ETH (Anvil's --accounts)",
    set: (o, v) => (o.devAccounts = { count: whole(1, 10_000, 'must be an integer in [1, 10000]')(v), balanceWei: DEV_BALANCE_WEI }),
  },
  {
    name: 'balance',
    help: "ETH each --accounts account starts with, a multiple of 0.000001 (Anvil's --balance); default 10000",
    set: (o, v) => {
      const must = 'must be an amount of ETH such as 10000 or 0.5 (at most 6 decimals)';
      const wei = parseEth(v) ?? refuse(must);
      if (wei % 10n ** 12n !== 0n) refuse(must);
      o.devAccounts = { count: o.devAccounts?.count ?? refuse('needs --accounts N'), balanceWei: wei };
    },
  },
  {
    name: 'state',
    help: 'directory to keep the state in across restarts (journal + image); default: memory only',
    set: (o, v) => (o.stateDir = v),
  },
  {
    name: 'load-state',
    help: "start from a state dump FILE (GET /_devnet/state's format; Anvil's --load-state); not with --state",
    set: (o, v) =>
      (o.loadState = o.stateDir === undefined ? v : refuse('cannot be combined with --state (the directory already restores its state)')),
  },
  {
    name: 'dump-state',
    help: "on exit (SIGINT, SIGTERM) write the state dump to FILE, atomically (Anvil's --dump-state); --load-state FILE reads it back",
    set: (o, v) => (o.dumpState = v),
  },
  {
    name: 'durability',
    default: 'write',
    values: ['write', 'fsync'],
    help: 'with --state: write = an answer means the journal line is in the OS (survives kill -9); fsync = on the disk (survives a power cut, slower)',
    set: (o, v) => (o.durability = v as Durability),
  },
  {
    name: 'clock',
    default: 'virtual',
    values: ['virtual', 'wall'],
    help: 'virtual = time moves only by POST /_devnet/clock; wall = follows the host clock (never backwards)',
    set: (o, v) => (o.clock = v as ClockMode),
  },
  {
    name: 'signatures',
    default: 'verify',
    values: ['verify', 'skip'],
    help: 'skip = accept any signature (load tests only)',
    set: (o, v) => (o.signatures = v as SignatureMode),
  },
  {
    name: 'error-status',
    default: 'fidelity',
    values: ['fidelity', 'http'],
    help: 'fidelity = HTTP 200 + FAILED like the real service; http = 4xx per error code',
    set: (o, v) => (o.errorStatus = v as ErrorStatusMode),
  },
  {
    name: 'gateway-url',
    help: "base URL of storage endpoints ({URL}/ipfs/{cid}/); default: the emulator's own URL, which serves /ipfs/ itself",
    set: (o, v) => (o.gatewayUrl = httpUrl(v)),
  },
  {
    name: 'public-url',
    help: "the URL clients reach the emulator at (ready line, storage endpoints); default: the ready line names the bound address (127.0.0.1 for 0.0.0.0) and endpoints follow each request's Host",
    set: (o, v) => (o.publicUrl = httpUrl(v)),
  },
  {
    name: 'listen-file',
    help: 'write the URL the server listens on to FILE once it listens (removed on exit); `l2-devnet health` reads it',
    set: (o, v) => (o.listenFile = v),
  },
  {
    name: 'api-key',
    repeatable: 'add',
    help: 'an extra API key (repeatable; env: comma-separated)',
    set: (o, v) => (o.apiKeys = v.some((k) => k.trim() === '') ? refuse('must not be empty') : v),
  },
  {
    name: 'max-body-bytes',
    default: '1MiB',
    help: 'JSON request bodies over this size are refused with 413 (bytes, or with a KiB/MiB/GiB suffix)',
    set: (o, v) => (o.maxBodyBytes = size('1048576 or 4MiB')(v)),
  },
  {
    name: 'storage-quota',
    help: 'bytes each project may keep stored (KiB/MiB/GiB suffixes); an upload past it is refused with 413; default: no quota',
    set: (o, v) => (o.storageQuota = size('104857600 or 500MiB')(v)),
  },
  {
    name: 'allowed-host',
    repeatable: 'replace',
    help: 'a Host name answered besides localhost, IP addresses and --host (DNS rebinding defence); .example.com covers subdomains, * any host (repeatable; env: comma-separated)',
    set: (o, v) =>
      (o.allowedHosts = v.map((h) =>
        HOST_NAME.test(h)
          ? h
          : refuse(`must be a host name such as devnet.example (.devnet.example with its subdomains, * any), not "${h}"`),
      )),
  },
  {
    name: 'control-token',
    secret: true,
    help: 'every /_devnet/* call (and the explorer) needs Authorization: Bearer TOKEN',
    set: (o, v) =>
      (o.controlToken = /^[\x21-\x7e]+$/.test(v)
        ? v
        : refuse('must be printable ASCII without spaces (it travels in an Authorization header)')),
  },
  {
    name: 'cors-origin',
    default: '*',
    repeatable: 'replace',
    help: 'origins whose pages may call the emulated API (not /_devnet): * any, none off, or http(s)://host[:port] (repeatable; env: comma-separated)',
    set: (o, v) => (o.corsOrigins = corsOrigins(v)),
  },
  {
    name: 'request-journal',
    default: '1000',
    help: "requests GET /_devnet/requests keeps (the explorer's Requests view), 1..1000000",
    set: (o, v) => (o.requestJournal = whole(1, 1_000_000, 'must be an integer in [1, 1000000]')(v)),
  },
  {
    name: 'max-namespaces',
    default: '64',
    help: 'how many namespaces (/ns/{name}/..., x-devnet-namespace) may exist besides default; a new one past it is refused (429, code 19); 0 = namespaces off',
    set: (o, v) => (o.namespaces = { ...o.namespaces, max: whole(0, Number.MAX_SAFE_INTEGER, 'must be a whole number >= 0')(v) }),
  },
  {
    name: 'namespace-ttl',
    default: '0',
    help: 'delete a namespace (and its state) after this many seconds without a request; 0 = never',
    set: (o, v) => (o.namespaces = { ...o.namespaces, ttlSeconds: whole(0, Number.MAX_SAFE_INTEGER, 'must be a whole number >= 0')(v) }),
  },
  {
    name: 'l1',
    help: "anvil = start an Anvil for each namespace (npm install @foundry-rs/anvil), stopped on exit; or an Ethereum JSON-RPC URL with Anvil's methods, bridged to default. Deploys the StarkEx contract and bridges deposits and withdrawals (docs/l1.md); default: no L1",
    set: (o, v) => (o.l1 = v === 'anvil' ? v : httpUrl(v)),
  },
  {
    name: 'l1-contract',
    help: "with --l1: attach to this deployed StarkExDevnet (the node's first account must be its operator) instead of deploying one",
    set: (o, v) => (o.l1Contract = /^0x[0-9a-f]{40}$/i.test(v) ? v.toLowerCase() : refuse('must be an address: 0x and 40 hex digits')),
  },
  {
    name: 'l1-chain-id',
    default: String(DEFAULT_L1_CHAIN_ID),
    help: "the chain id of the Anvil --l1 anvil starts, and the chain the genesis accounts' Ethereum keys sign their Stark-key request for (so a wallet holding one gets that account in the app): 11155111 (Sepolia) is what the official apps' JS SDK 0.8 signs for, 5 (Goerli) SDK 0.4's (docs/l1.md)",
    set: (o, v) => (o.l1ChainId = whole(1, Number.MAX_SAFE_INTEGER, 'must be a whole number >= 1')(v)),
  },
  {
    name: 'log',
    values: ['pretty', 'json', 'silent'],
    help: 'pretty: the accounts table, then a line per request; json: one JSON line per request (pino); silent: nothing after the ready line; default: pretty on a terminal, json otherwise',
    set: (o, v) => (o.log = v as LogMode),
  },
];

/** The server command's flags (and health's) with their L2DEVNET_* variables. */
export function parseFlags(argv: readonly string[], env: Record<string, string | undefined>): Parsed<CliOptions> {
  return parseCommandLine(FLAGS, argv, env, { version: true });
}

export function helpText(): string {
  return [
    'Usage: l2-devnet [flags]',
    '',
    'Flags (each also settable by its environment variable):',
    ...flagLines(FLAGS, true),
    `  ${'--help, -h'.padEnd(16)} ${''.padEnd(24)} print this help`,
    `  ${'--version, -v'.padEnd(16)} ${''.padEnd(24)} print the version`,
    '',
    'Flags win over environment variables, which win over defaults. --flag=value also works.',
    'Subcommands (each with its own --help): l2-devnet scenario FILE..., l2-devnet fuzz, l2-devnet health.',
    'Exit codes: 0 after SIGINT/SIGTERM, 1 for an invalid genesis, state directory or --load-state file (or a failed --dump-state), 2 for a bad flag.',
  ].join('\n');
}
