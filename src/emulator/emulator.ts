// Builds an emulator from its options: the registry of namespaces, each a devnet (with its state dir) and its app.
// The package entry (index.ts) and the server (server/server.ts) both start here; a state dir's code comes with `support`.
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildApp, creationGate, type AppOptions } from './app.js';
import { Devnet, seedOf, type DevnetConfig } from '../core/devnet.js';
import type { OpenStateDir, StateDirReport } from '../persistence/state-dir.js';
import type { Durability } from '../persistence/files.js';
import { readGenesisFile } from './genesis-file.js';
import { logWriter, type LogMode, type RequestLogEntry } from '../http/request-log.js';
import { redact } from '../core/redact.js';
import type { DevnetControl } from './control-client.js';
import { DevnetError, ErrorCode } from '../domain/values/errors.js';
import { DEFAULT_NAMESPACE, NAMESPACE_NAME } from '../http/namespace.js';
import { NamespaceRegistry, type NamespaceInstance, type NamespaceLimits } from './namespaces.js';

export interface NamespaceOptions extends NamespaceLimits {
  /** The registry's clock in milliseconds, for the idle TTL; default the host's (a test injects its own). */
  now?: () => number;
}

/** What a user sets (the CLI's flags make them: cli/flags.ts); each field is declared by the layer that uses it (DevnetConfig, AppOptions, here). */
export interface DevnetOptions
  extends Omit<DevnetConfig, 'genesis' | 'wallMicros'>,
    Omit<AppOptions, 'boundHost' | 'onAnswer' | 'onRequestError' | 'settings' | 'directory'> {
  /** Path of a genesis file; default: the embedded fixtures/default.json. */
  genesisPath?: string;
  /** A genesis document given directly (wins over genesisPath). */
  genesis?: unknown;
  /** `--state DIR`: restore from and persist to this directory. */
  stateDir?: string;
  /** `--durability`, with stateDir: `write` (default; survives kill -9) or `fsync` (survives a power cut). */
  durability?: Durability;
  /** `--log`: one line per request on stdout, `json`, `pretty`, or `silent` (the library's default). */
  log?: LogMode;
  /** `--public-url`: the URL clients reach the emulator at: `RunningDevnet.url` and the default base of storage `endpoints`. */
  publicUrl?: string;
  /** `--max-namespaces` (default 64 besides `default`) and `--namespace-ttl` (default never): see NamespaceRegistry. */
  namespaces?: NamespaceOptions;
}

export interface Emulator {
  /** The control plane as methods. */
  control: DevnetControl;
  /** The devnet of the namespace `default` (unprefixed requests). */
  devnet: Devnet;
  /** Every namespace: `namespaces.instance(name)?.devnet` is that namespace's devnet. */
  namespaces: NamespaceRegistry;
  /** With stateDir: what was found there on start. */
  restored?: StateDirReport | undefined;
  close(): Promise<void>;
}

export interface InProcessDevnet extends Emulator {
  /** Answers a request as the server would, without a socket: fetch's arguments, a bare path resolves against http://devnet.local. */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
}

/** The host clock in microseconds, for `clock: 'wall'` (the only wall-clock read in the program). */
const wallMicros = (): bigint => BigInt(Date.now()) * 1000n;
/** The same clock in milliseconds: the namespaces' idle TTL. */
const wallMillis = (): number => Number(wallMicros() / 1000n);

/** The seed of a namespace: the default one keeps the seed; another derives its own from it and its name. */
export function namespaceSeed(baseSeed: string, name: string): string {
  return name === DEFAULT_NAMESPACE ? baseSeed : `${baseSeed}/ns/${name}`;
}

/** Where a namespace keeps its state under --state DIR: DIR itself for `default`, DIR/ns/{name} for the others. */
export function namespaceStateDir(stateDir: string, name: string): string {
  return name === DEFAULT_NAMESPACE ? stateDir : join(stateDir, 'ns', name);
}

/** A devnet whose state dir (if any) is read and replayed, with nothing written yet: open() writes, abandon() lets it go. */
interface Checked {
  devnet: Devnet;
  report?: StateDirReport;
  open(): OpenStateDir | undefined;
  abandon(): void;
}

/** The code a state dir needs (persistence/), loaded on first need: an emulator without --state never loads it. */
export type StateDirSupport = typeof import('../persistence/state-dir.js');

function checkDevnet(config: DevnetConfig & DevnetOptions, stateDir: string | undefined, support: StateDirSupport | undefined): Checked {
  if (stateDir === undefined) return { devnet: new Devnet({ ...config, wallMicros }), open: () => undefined, abandon: () => undefined };
  if (support === undefined) throw new Error('a state dir needs persistence/state-dir.js loaded');
  // The dir is claimed (writable, locked) before its block store or journal is touched.
  const claim = support.claimStateDir(stateDir);
  try {
    const devnet = new Devnet({ ...config, wallMicros, blockStore: config.blockStore ?? claim.blocks });
    return { devnet, ...support.checkStateDir(claim.dir, devnet, { claim, durability: config.durability ?? 'write' }) };
  } catch (e) {
    claim.release();
    throw e;
  }
}

/** The options as data for GET /_devnet/config: no genesis document, stores or callbacks; bigints as text; secrets masked. */
function settingsOf(options: DevnetOptions): Record<string, unknown> {
  const skip = new Set(['genesis', 'blockStore', 'events', 'requestClock', 'onRequest', 'socket']);
  // JSON drops the functions and the undefined values.
  const text = JSON.stringify(options, function (this: unknown, k, v: unknown) {
    return this === options && skip.has(k) ? undefined : typeof v === 'bigint' ? v.toString() : v;
  });
  return redact(JSON.parse(text) as Record<string, unknown>);
}

/** The app options of an instance: its error statuses, its defences and limits, and where its request log goes. */
function appOptions(options: DevnetOptions, boundHost?: string): AppOptions {
  const write = logWriter(options.log ?? 'silent', (line) => process.stdout.write(line));
  const sinks = [write, options.onRequest].filter((f) => f !== undefined);
  // The names clients are told to use are answered: the public URL's and the gateway URL's hosts.
  const advertised = [options.publicUrl, options.gatewayUrl].flatMap((u) =>
    u === undefined ? [] : [new URL(u).hostname.replace(/^\[|\]$/g, '')],
  );
  const allowedHosts = [...(options.allowedHosts ?? []), ...advertised];
  const { namespaces: _, ...rest } = options;
  return {
    ...rest,
    allowedHosts,
    boundHost,
    settings: settingsOf(options),
    onRequest: sinks.length ? (e: RequestLogEntry) => sinks.forEach((f) => f(e)) : undefined,
  };
}

/** Closes a namespace; `discard` removes its state dir too (never default's), and DIR/ns with its last namespace. */
function closeNamespace(persistence: OpenStateDir | undefined, name: string, stateDir: string | undefined, discard: boolean): void {
  persistence?.close();
  if (!discard || stateDir === undefined || name === DEFAULT_NAMESPACE) return;
  rmSync(stateDir, { recursive: true, force: true });
  try {
    rmdirSync(dirname(stateDir));
  } catch {
    // not empty: other namespaces live there
  }
}

/** The namespaces a state dir holds besides default (DIR/ns/{name}). */
export function storedNamespaces(stateDir: string | undefined): string[] {
  const root = stateDir === undefined ? undefined : join(stateDir, 'ns');
  if (root === undefined || !existsSync(root)) return [];
  const dirs = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory());
  return dirs.map((d) => d.name).filter((name) => NAMESPACE_NAME.test(name) && name !== DEFAULT_NAMESPACE);
}

/** The registry of an emulator: `default` and the namespaces a state dir holds now, any other on its first request. */
export function namespaced(
  options: DevnetOptions,
  support: StateDirSupport | undefined,
  boundHost?: string,
  l1?: { link(name: string): DevnetOptions['l1Link']; bind(name: string, devnet: Devnet): void },
): Omit<Emulator, 'control' | 'close'> {
  const genesis = options.genesis ?? readGenesisFile(options.genesisPath);
  const baseSeed = seedOf(options.seed, genesis);
  const app = appOptions(options, boundHost);
  // Set just below: each namespace's app serves the registry's control routes.
  let registry!: NamespaceRegistry;
  // What a request that would create a namespace is refused for (emulator/app.ts): set from default's app, built first.
  let gate!: (request: Request) => Response | undefined;
  const dirOf = (name: string): string | undefined =>
    options.stateDir === undefined ? undefined : namespaceStateDir(options.stateDir, name);
  const instance = (name: string, checked: Checked): NamespaceInstance => {
    const { devnet } = checked;
    const persistence = checked.open();
    // Whether a request was answered without a refusal: the registry keeps a new namespace only then.
    let accepted = false;
    const built = buildApp(devnet, { ...app, directory: registry, onAnswer: (ok) => void (accepted ||= ok) });
    l1?.bind(name, devnet);
    gate ??= creationGate(built, app);
    const stateDir = dirOf(name);
    const close = (discard: boolean): void => closeNamespace(persistence, name, stateDir, discard);
    return { fetch: built.fetch, devnet, stateDir, accepted: () => accepted, close };
  };
  // Another namespace than default: its seed from the seed and its name, an explicit gateway URL extended to its own gateway.
  const check = (name: string): Checked => {
    const base = options.gatewayUrl ?? options.publicUrl;
    const gatewayUrl = base === undefined || name === DEFAULT_NAMESPACE ? base : `${base.replace(/\/+$/, '')}/ns/${name}`;
    // default keeps `--seed` as given: the genesis builder checks the document's own.
    const seed = name === DEFAULT_NAMESPACE ? options.seed : namespaceSeed(baseSeed, name);
    const config = { ...options, genesis, seed, gatewayUrl, l1Link: l1?.link(name) };
    return checkDevnet(config, dirOf(name), support);
  };
  const open = (name: string): NamespaceInstance => {
    try {
      return instance(name, check(name));
    } catch (e) {
      if (support !== undefined && e instanceof support.StateDirError)
        throw new DevnetError(ErrorCode.SystemError, `namespace "${name}" could not be opened: ${e.message}`, 503);
      throw e;
    }
  };
  registry = new NamespaceRegistry(open, options.namespaces?.now ?? wallMillis, options.namespaces ?? {}, (request) => gate(request));
  // Every namespace a state dir holds is reopened on start, and all of them are read and replayed
  // before any writes: a broken one refuses the start (as `default` would) with no file changed.
  const names = [DEFAULT_NAMESPACE, ...storedNamespaces(options.stateDir)];
  const checked: Checked[] = [];
  let opened = 0;
  try {
    for (const name of names) checked.push(check(name));
    for (; opened < names.length; opened++) registry.adopt(names[opened]!, instance(names[opened]!, checked[opened]!));
  } catch (e) {
    registry.close();
    for (const c of checked.slice(opened)) c.abandon();
    throw e;
  }
  return { namespaces: registry, devnet: checked[0]!.devnet, restored: checked[0]!.report };
}

export const loadStateDirSupport = (): Promise<StateDirSupport> => import('../persistence/state-dir.js');
