// Builds an emulator (its registry of namespaces, each a devnet and its app) and serves it over a socket
// (startDevnet). The CLI imports this, not the package entry index.ts (which adds the synchronous
// createDevnet): here a state dir's code (persistence/, the directory block store) loads only with --state.
import { serve } from '@hono/node-server';
import { existsSync, readdirSync, rmdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { RequestListener, Server, ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { buildApp, creationGate } from './app.js';
import type { AppOptions } from './app.js';
import { Devnet } from './devnet.js';
import type { DevnetConfig } from './devnet.js';
import type { OpenStateDir, StateDirReport } from './persistence/state-dir.js';
import type { StateDirSupport } from './persistence/support.js';
import type { Durability } from './persistence/files.js';
import { readGenesisFile } from './genesis-file.js';
import { logWriter } from './http/request-log.js';
import type { LogMode, RequestLogEntry } from './http/request-log.js';
import { controlClient } from './control-client.js';
import { redact } from './redact.js';
import { listenUrl } from './listen-url.js';
import type { DevnetControl } from './control-client.js';
import { DevnetError, ErrorCode } from './domain/values/errors.js';
import { boundPipelining } from './http/pipelining.js';
import { DEFAULT_NAMESPACE, NAMESPACE_NAME } from './http/namespace.js';
import { NamespaceRegistry } from './namespaces.js';
import type { NamespaceInstance, NamespaceLimits } from './namespaces.js';

export interface NamespaceOptions extends NamespaceLimits {
  /** The registry's clock in milliseconds, for the idle TTL; default the host's (a test injects its own). */
  now?: () => number;
}

/**
 * What a user sets (the library's options; the CLI's flags make them, see cli-flags.ts). Each field is
 * declared once, by the layer that uses it: the devnet's (DevnetConfig), the app's (AppOptions), and
 * here only those of the emulator around them.
 */
export interface DevnetOptions
  extends Pick<
      DevnetConfig,
      | 'seed'
      | 'signatures'
      | 'settlement'
      | 'apiKeys'
      | 'clock'
      | 'blockStore'
      | 'gatewayUrl'
      | 'storageQuota'
      | 'l1Contract'
      | 'devAccounts'
    >,
    Pick<
      AppOptions,
      | 'errorStatus'
      | 'maxBodyBytes'
      | 'allowedHosts'
      | 'controlToken'
      | 'corsOrigins'
      | 'events'
      | 'requestJournal'
      | 'requestClock'
      | 'onRequest'
    > {
  /** Path of a genesis file; default: the embedded fixtures/default.json. */
  genesisPath?: string;
  /** A genesis document given directly (wins over genesisPath). */
  genesis?: unknown;
  /** `--state DIR`: restore from and persist to this directory. */
  stateDir?: string;
  /**
   * With stateDir: `write` (default) answers a command once its journal line is in the OS (survives
   * kill -9, not a power cut); `fsync` once it is on the disk (survives a power cut; see the persistence bench).
   */
  durability?: Durability;
  /** One line per request on stdout (`--log`): `json`, `pretty`, or `silent` (the library's default). */
  log?: LogMode;
  /**
   * The URL clients reach the emulator at (`--public-url`), e.g. `http://devnet:8080` behind a
   * container network: `RunningDevnet.url` and the default base of storage `endpoints` (before each request's Host).
   */
  publicUrl?: string;
  /**
   * Namespaces (`/ns/{name}/...` or `x-devnet-namespace`): each a whole devnet from the same genesis
   * and options, its keys derived from the seed and its name. The cap (`--max-namespaces`, default
   * 64 besides `default`) and the idle TTL (`--namespace-ttl`, default never).
   */
  namespaces?: NamespaceOptions;
}

export interface StartOptions extends DevnetOptions {
  host?: string;
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** The HTTP server's bounds on a socket (docs/guarantees.md); no flag sets them, tests shorten them. */
  socket?: SocketLimits;
  /**
   * `--l1`: `anvil` (started from @foundry-rs/anvil, stopped on close) or a JSON-RPC URL. The default
   * namespace is bridged to it (src/l1/bridge.ts); `l1Contract` attaches to a deployed contract.
   */
  l1?: string;
}

export interface SocketLimits {
  /** A request's headers must arrive within this (default HEADERS_TIMEOUT_MS). */
  headersMs?: number;
  /** A whole request, body included, must arrive within this (default REQUEST_TIMEOUT_MS). */
  requestMs?: number;
  /** Pipelined requests of one socket handled at once (default MAX_IN_FLIGHT_PER_SOCKET). */
  inFlight?: number;
}

export interface InProcessDevnet {
  /**
   * Answers a request exactly as the server would, without a socket. Takes fetch's arguments (so it
   * can stand in for `fetch`), and a bare path resolves against http://devnet.local.
   */
  fetch(input: Request | string | URL, init?: RequestInit): Promise<Response>;
  /** The control plane as methods, through `fetch`. */
  control: DevnetControl;
  /** The devnet of the namespace `default` (unprefixed requests). */
  devnet: Devnet;
  /** Every namespace: `namespaces.instance(name)?.devnet` is that namespace's devnet. */
  namespaces: NamespaceRegistry;
  /** With stateDir: what was found there on start. */
  restored?: StateDirReport;
  close(): Promise<void>;
}

export interface RunningDevnet {
  /** The URL to advertise: `publicUrl` if given, else `listenUrl`. */
  url: string;
  /** Where this machine reaches the socket: the bound address, with loopback for 0.0.0.0 and ::. */
  listenUrl: string;
  port: number;
  /** The control plane as methods, over the socket. */
  control: DevnetControl;
  /** The devnet of the namespace `default` (unprefixed requests). */
  devnet: Devnet;
  /** Every namespace: `namespaces.instance(name)?.devnet` is that namespace's devnet. */
  namespaces: NamespaceRegistry;
  restored?: StateDirReport;
  /** With `l1`: the node's URL and the StarkEx contract the default namespace is bridged to. */
  l1?: { url: string; contract: string };
  /** Milliseconds since the last request arrived (Infinity before the first): idle work waits for a quiet moment. */
  sinceLastRequest(): number;
  close(): Promise<void>;
}

/** How long an idle keep-alive connection stays open: above the 60 s that common clients and proxies keep one. */
export const KEEP_ALIVE_MS = 65_000;
/** A local client sends its headers at once: a request still without them after this is answered 408 and closed. */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * The whole request, body included, within this: a 100 MiB upload over loopback takes about 2 s on a
 * busy 2-core machine (the storage bench); a trickled body holds a socket no longer.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The host clock in microseconds, for `clock: 'wall'` (the only wall-clock read in the program). */
const wallMicros = (): bigint => BigInt(Date.now()) * 1000n;
/** The same clock in milliseconds: the namespaces' idle TTL. */
const wallMillis = (): number => Number(wallMicros() / 1000n);

/** The seed of a namespace: the default one keeps the seed; another derives its own from it and its name. */
export function namespaceSeed(baseSeed: string, name: string): string {
  return name === DEFAULT_NAMESPACE ? baseSeed : `${baseSeed}/ns/${name}`;
}

/** The seed the genesis would use: --seed, else the document's, else the genesis builder's default. */
function baseSeedOf(options: DevnetOptions, genesis: unknown): string {
  if (options.seed !== undefined) return options.seed;
  const own = (genesis as { seed?: unknown } | null)?.seed;
  return typeof own === 'string' ? own : 'l2-devnet';
}

/** Where a namespace keeps its state under --state DIR: DIR itself for `default`, DIR/ns/{name} for the others. */
export function namespaceStateDir(stateDir: string, name: string): string {
  return name === DEFAULT_NAMESPACE ? stateDir : join(stateDir, 'ns', name);
}

export interface Made {
  devnet: Devnet;
  persistence: OpenStateDir | undefined;
}

/** A devnet whose state dir (if any) is read and replayed, with nothing written yet: open() writes, abandon() lets it go. */
interface Checked {
  devnet: Devnet;
  open(): Made;
  abandon(): void;
}

function checkDevnet(
  options: DevnetOptions,
  genesis: unknown,
  seed: string | undefined,
  stateDir: string | undefined,
  support: StateDirSupport | undefined,
): Checked {
  if (stateDir !== undefined && support === undefined) throw new Error('a state dir needs persistence/support.js loaded');
  // The dir is claimed (writable, locked) before its block store or journal is touched.
  const claim = stateDir === undefined ? undefined : support!.claimStateDir(stateDir);
  try {
    const devnet = new Devnet({
      ...options,
      genesis,
      seed,
      wallMicros,
      // With a state dir the blocks live beside the journal, content-addressed, outside the state image.
      blockStore: options.blockStore ?? (claim === undefined ? undefined : new support!.DirectoryBlockStore(claim.dir)),
      gatewayUrl: options.gatewayUrl ?? options.publicUrl,
    });
    const checked =
      claim === undefined ? undefined : support!.checkStateDir(claim.dir, devnet, { claim, durability: options.durability ?? 'write' });
    return { devnet, open: () => ({ devnet, persistence: checked?.open() }), abandon: () => checked?.abandon() };
  } catch (e) {
    claim?.release();
    throw e;
  }
}

/**
 * The options as data, for GET /_devnet/config: what JSON can carry (no genesis document, stores or
 * callbacks), bigints as decimal text, and the control token and API keys masked (redact.ts).
 */
function settingsOf(options: DevnetOptions): Record<string, unknown> {
  const skip = new Set(['genesis', 'blockStore', 'events', 'requestClock', 'onRequest', 'socket']);
  const data = (v: unknown): unknown =>
    typeof v === 'bigint'
      ? v.toString()
      : Array.isArray(v)
        ? v.map(data)
        : typeof v === 'object' && v !== null
          ? Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (typeof x === 'function' ? [] : [[k, data(x)]])))
          : v;
  const kept = Object.entries(options).filter(([k, v]) => !skip.has(k) && v !== undefined && typeof v !== 'function');
  return redact(data(Object.fromEntries(kept)) as Record<string, unknown>);
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

export interface Namespaced {
  registry: NamespaceRegistry;
  /** The default namespace: the instance's `devnet` and `restored`. */
  main: Made;
}

/**
 * The registry of an emulator: `default` is built now (it is the emulator without namespaces), the
 * namespaces a state dir holds are reopened now, any other on its first request. `support` is
 * needed with `options.stateDir` (see loadStateDirSupport).
 */
export function namespaced(options: DevnetOptions, support: StateDirSupport | undefined, boundHost?: string): Namespaced {
  const genesis = options.genesis ?? readGenesisFile(options.genesisPath);
  const baseSeed = baseSeedOf(options, genesis);
  const app = appOptions(options, boundHost);
  // Set just below: each namespace's app serves the registry's control routes.
  let registry!: NamespaceRegistry;
  // What a request that would create a namespace is refused for (app.ts): set from default's app, built first.
  let gate!: (request: Request) => Response | undefined;
  const instance = (name: string, made: Made, stateDir: string | undefined): NamespaceInstance => {
    // Whether a request was answered without a refusal: the registry keeps a new namespace only then.
    let accepted = false;
    const onAnswer = (ok: boolean): void => {
      if (ok) accepted = true;
    };
    const built = buildApp(made.devnet, { ...app, directory: registry, onAnswer });
    gate ??= creationGate(built, app);
    return {
      fetch: built.fetch,
      devnet: made.devnet,
      stateDir,
      accepted: () => accepted,
      close: (discard) => {
        made.persistence?.close();
        if (discard && stateDir !== undefined && name !== DEFAULT_NAMESPACE) {
          rmSync(stateDir, { recursive: true, force: true });
          // DIR/ns goes with its last namespace: a state dir holds nothing it did not need.
          try {
            rmdirSync(dirname(stateDir));
          } catch {
            // not empty: other namespaces live there
          }
        }
      },
    };
  };
  /**
   * A namespace other than default: its seed from the seed and its name, and an explicit gateway URL
   * (the emulator under another host name, e.g. in a container) extended to its own gateway.
   */
  const checkNamed = (name: string, dir: string | undefined): Checked => {
    const base = options.gatewayUrl ?? options.publicUrl;
    const gatewayUrl = base === undefined ? undefined : `${base.replace(/\/+$/, '')}/ns/${name}`;
    return checkDevnet({ ...options, gatewayUrl, l1Contract: undefined }, genesis, namespaceSeed(baseSeed, name), dir, support);
  };
  const open = (name: string): NamespaceInstance => {
    const dir = options.stateDir === undefined ? undefined : namespaceStateDir(options.stateDir, name);
    let made: Made;
    try {
      made = checkNamed(name, dir).open();
    } catch (e) {
      if (support !== undefined && e instanceof support.StateDirError)
        throw new DevnetError(ErrorCode.SystemError, `namespace "${name}" could not be opened: ${e.message}`, 503);
      throw e;
    }
    return instance(name, made, dir);
  };
  registry = new NamespaceRegistry(open, options.namespaces?.now ?? wallMillis, options.namespaces ?? {}, (request) => gate(request));
  // Every namespace a state dir holds is reopened on start, and all of them are read and replayed
  // before any writes: a broken one refuses the start (as `default` would) with no file changed.
  const checked: { name: string; dir: string | undefined; checked: Checked }[] = [];
  try {
    checked.push({
      name: DEFAULT_NAMESPACE,
      dir: options.stateDir,
      checked: checkDevnet(options, genesis, options.seed, options.stateDir, support),
    });
    const nsRoot = options.stateDir === undefined ? undefined : join(options.stateDir, 'ns');
    if (nsRoot !== undefined && existsSync(nsRoot)) {
      for (const d of readdirSync(nsRoot, { withFileTypes: true })) {
        if (!d.isDirectory() || !NAMESPACE_NAME.test(d.name) || d.name === DEFAULT_NAMESPACE) continue;
        checked.push({ name: d.name, dir: join(nsRoot, d.name), checked: checkNamed(d.name, join(nsRoot, d.name)) });
      }
    }
  } catch (e) {
    for (const c of checked) c.checked.abandon();
    throw e;
  }
  let main: Made | undefined;
  let opened = 0;
  try {
    for (const c of checked) {
      const made = c.checked.open();
      opened++;
      main ??= made;
      registry.adopt(c.name, instance(c.name, made, c.dir));
    }
  } catch (e) {
    registry.close();
    for (const c of checked.slice(opened)) c.checked.abandon();
    throw e;
  }
  return {
    registry,
    main: main!,
  };
}

/** The code a state dir needs, loaded on first need: an emulator without --state never loads it. */
export async function loadStateDirSupport(): Promise<StateDirSupport> {
  return (await import('./persistence/support.js')).STATE_DIR_SUPPORT;
}

export async function startDevnet(options: StartOptions = {}): Promise<RunningDevnet> {
  const host = options.host ?? '127.0.0.1';
  if (options.l1Contract !== undefined && options.l1 === undefined)
    throw new Error('--l1-contract needs --l1 (the node the contract is on)');
  const support = options.stateDir === undefined ? undefined : await loadStateDirSupport();
  const genesis = options.genesis ?? readGenesisFile(options.genesisPath);
  // The L1 code loads only with --l1; the contract is deployed first, so the devnet can name it.
  const bridge =
    options.l1 === undefined
      ? undefined
      : await (await import('./l1/bridge.js')).L1Bridge.connect({ l1: options.l1, l1Contract: options.l1Contract }, genesis);
  let registry: NamespaceRegistry;
  let main: Made;
  try {
    ({ registry, main } = namespaced({ ...options, genesis, l1Contract: bridge?.starkEx.address }, support, host));
  } catch (e) {
    await bridge?.stop();
    throw e;
  }
  await bridge?.attach(main.devnet);
  let lastRequestAt = -Infinity;
  const answer = (request: Request, env?: unknown): Response | Promise<Response> => {
    lastRequestAt = performance.now();
    if (bridge === undefined) return registry.fetch(request, env);
    // L1 is read before each request and written after it (the rule in src/l1/bridge.ts).
    return bridge
      .sync()
      .then(() => registry.fetch(request, env))
      .then(async (response) => {
        await bridge.settle();
        return response;
      });
  };
  return new Promise((resolve, reject) => {
    const limits = options.socket ?? {};
    const headersTimeout = limits.headersMs ?? HEADERS_TIMEOUT_MS;
    const serverOptions: ServerOptions = {
      headersTimeout,
      requestTimeout: Math.max(headersTimeout, limits.requestMs ?? REQUEST_TIMEOUT_MS),
      // Clients keep idle connections for up to a minute (browsers, undici, proxies): a socket closed
      // under them by Node's 5 s default turns their next POST into "other side closed". An idle
      // socket is not timed by headersTimeout (that counts from a request's first byte).
      keepAliveTimeout: KEEP_ALIVE_MS,
      // Node checks the two timeouts every 30 s by default: too coarse for seconds.
      connectionsCheckingInterval: Math.min(1_000, headersTimeout),
    };
    const createServer = (opts: ServerOptions, listener: RequestListener): Server =>
      createHttpServer(opts, boundPipelining(listener, limits.inFlight));
    const server = serve(
      { fetch: answer, hostname: host, port: options.port ?? 8080, serverOptions, createServer: createServer as typeof createHttpServer },
      (info: AddressInfo) => {
        const local = listenUrl(host, info.port);
        resolve({
          url: options.publicUrl?.replace(/\/+$/, '') ?? local,
          listenUrl: local,
          port: info.port,
          control: controlClient(fetch, local, { token: options.controlToken }),
          devnet: main.devnet,
          namespaces: registry,
          ...(main.persistence ? { restored: main.persistence.report } : {}),
          ...(bridge ? { l1: { url: bridge.url, contract: bridge.starkEx.address } } : {}),
          sinceLastRequest: () => performance.now() - lastRequestAt,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => {
                registry.close();
                void (bridge?.stop() ?? Promise.resolve()).then(done);
              });
              // Keep-alive sockets would otherwise hold close() open.
              (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
            }),
        });
      },
    );
    server.once('error', (e) => {
      registry.close();
      void (bridge?.stop() ?? Promise.resolve()).then(() => reject(e));
    });
  });
}
