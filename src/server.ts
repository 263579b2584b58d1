// Builds an emulator (its registry of namespaces, each a devnet and its app) and serves it over a socket
// (startDevnet). The CLI imports this, not the package entry index.ts (which adds the synchronous
// createDevnet): here a state dir's code (persistence/, the directory block store) loads only with --state.
import { serve } from '@hono/node-server';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { RequestListener, Server, ServerOptions } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildApp } from './app.js';
import type { AppOptions } from './app.js';
import { Devnet } from './devnet.js';
import type { SettlementOption } from './domain/records/settlement.js';
import type { ClockMode, SignatureMode } from './devnet.js';
import type { OpenStateDir, StateDirReport } from './persistence/state-dir.js';
import type { StateDirSupport } from './persistence/support.js';
import type { Durability } from './persistence/files.js';
import { readGenesisFile } from './genesis-file.js';
import type { ErrorStatusMode } from './http/errors.js';
import { logWriter } from './http/request-log.js';
import type { LogMode, RequestLogEntry } from './http/request-log.js';
import { controlClient } from './control-client.js';
import { listenUrl } from './listen-url.js';
import type { DevnetControl } from './control-client.js';
import type { BlockStore } from './ipfs/block-store.js';
import type { FeeSchedule } from './domain/trading/matching.js';
import type { EventStreamOptions } from './http/event-stream.js';
import { DevnetError, ErrorCode, echo } from './domain/values/errors.js';
import { crossSite, hostName, hostRule } from './http/guard.js';
import { boundPipelining } from './http/pipelining.js';
import { DEFAULT_NAMESPACE, NAMESPACE_NAME } from './http/namespace.js';
import { NamespaceRegistry } from './namespaces.js';
import type { NamespaceInstance, NamespaceLimits } from './namespaces.js';

export interface NamespaceOptions extends NamespaceLimits {
  /** The registry's clock in milliseconds, for the idle TTL; default the host's (a test injects its own). */
  now?: () => number;
}

export interface DevnetOptions {
  /** Path of a genesis file; default: the embedded fixtures/default.json. */
  genesisPath?: string;
  /** A genesis document given directly (wins over genesisPath). */
  genesis?: unknown;
  /** Overrides the genesis seed: keys, API keys and ids derive from it. */
  seed?: string;
  signatures?: SignatureMode;
  /** `auto` (default) and `manual` wait for POST /_devnet/batches; `{interval: N}` cuts a batch every N clock seconds. */
  settlement?: SettlementOption;
  /** Extra API keys besides the genesis ones (`--api-key`). */
  apiKeys?: string[];
  errorStatus?: ErrorStatusMode;
  /** `--state DIR`: restore from and persist to this directory. */
  stateDir?: string;
  /**
   * With stateDir: `write` (default) answers a command once its journal line is in the OS (survives
   * kill -9, not a power cut); `fsync` once it is on the disk (survives a power cut; see the persistence bench).
   */
  durability?: Durability;
  /** `virtual` (default): time moves only by POST /_devnet/clock; `wall`: follows the host clock. */
  clock?: ClockMode;
  /** One line per request on stdout (`--log`): `json`, `pretty`, or `silent` (the library's default). */
  log?: LogMode;
  /** Called once per request with its log entry (method, path, status, error code, time); never request content. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Base URL in storage `endpoints` (`{gatewayUrl}/ipfs/{cid}/`); default: `publicUrl`, else the URL each request came to (its Host). */
  gatewayUrl?: string;
  /**
   * The URL clients reach the emulator at (`--public-url`), e.g. `http://devnet:8080` behind a
   * container network: `RunningDevnet.url` and the default base of storage `endpoints`.
   */
  publicUrl?: string;
  /** Where uploaded blocks live; default in memory (`DirectoryBlockStore` keeps them on disk). */
  blockStore?: BlockStore;
  /**
   * How fills are charged. Default: the real service's fees (0.5% service fee floored and capped
   * by the seller's fee_limit; the marketplace's rate floored). No flag sets it: it is the seam
   * where a test plants a wrong schedule to show that the property runner's model catches it.
   */
  fees?: FeeSchedule;
  /** JSON bodies over this many bytes are refused with 413 (`--max-body-bytes`; default 1 MiB). */
  maxBodyBytes?: number;
  /** Bytes each project may keep listed in storage (`--storage-quota`); default: no quota. */
  storageQuota?: number;
  /** Host names answered besides loopback names, IP addresses and the bound host (`--allowed-host`); `*` answers any. */
  allowedHosts?: string[];
  /** Every /_devnet/* call needs `Authorization: Bearer <token>` (`--control-token`); `control` sends it. */
  controlToken?: string;
  /** CORS of the emulated API: `'*'` (default) any origin, a list of origins those only, `[]` off (`--cors-origin`). */
  corsOrigins?: '*' | string[];
  /** Bounds of GET /_devnet/events: `maxSubscribers` (default 128), `bufferBytes` each may leave unread (default 256 KiB). */
  events?: EventStreamOptions;
  /** Requests `GET /_devnet/requests` keeps (`--request-journal`; default 1000). */
  requestJournal?: number;
  /**
   * The host clock (ms) of the request journal's `wall_time` and `duration_ms`: a seam for tests and
   * generated examples; default the real clocks (Date.now, performance.now).
   */
  requestClock?: () => number;
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
  /** The HTTP server's bounds on a socket (docs/limits.md); no flag sets them, tests shorten them. */
  socket?: SocketLimits;
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

/** The control client of an instance sends its control token. */
export function controlOptions(options: DevnetOptions): { token?: string } {
  return options.controlToken === undefined ? {} : { token: options.controlToken };
}

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

function makeDevnet(options: DevnetOptions, genesis: unknown, seed: string | undefined, stateDir: string | undefined, support: StateDirSupport | undefined): Made {
  if (stateDir !== undefined && support === undefined) throw new Error('a state dir needs persistence/support.js loaded');
  // The dir is claimed (writable, locked) before its block store or journal is touched.
  const claim = stateDir === undefined ? undefined : support!.claimStateDir(stateDir);
  try {
    const devnet = new Devnet({
      genesis,
      seed,
      signatures: options.signatures ?? 'verify',
      settlement: options.settlement ?? 'auto',
      apiKeys: options.apiKeys ?? [],
      clock: options.clock ?? 'virtual',
      wallMicros,
      // With a state dir the blocks live beside the journal, content-addressed, outside the state image.
      blockStore: options.blockStore ?? (claim === undefined ? undefined : new support!.DirectoryBlockStore(claim.dir)),
      gatewayUrl: options.gatewayUrl ?? options.publicUrl,
      fees: options.fees,
      storageQuota: options.storageQuota,
    });
    const persistence = claim === undefined ? undefined : support!.openStateDir(claim.dir, devnet, { claim, durability: options.durability ?? 'write' });
    return { devnet, persistence };
  } catch (e) {
    claim?.release();
    throw e;
  }
}

/** The app options of an instance: its error statuses, its defences and limits, and where its request log goes. */
function appOptions(options: DevnetOptions, boundHost?: string): AppOptions {
  const write = logWriter(options.log ?? 'silent', (line) => process.stdout.write(line));
  const sinks = [write, options.onRequest].filter((f) => f !== undefined);
  // The names clients are told to use are answered: the public URL's and the gateway URL's hosts.
  const advertised = [options.publicUrl, options.gatewayUrl].flatMap((u) => (u === undefined ? [] : [new URL(u).hostname.replace(/^\[|\]$/g, '')]));
  const allowedHosts = [...(options.allowedHosts ?? []), ...advertised];
  return {
    errorStatus: options.errorStatus ?? 'fidelity',
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
    ...(allowedHosts.length > 0 ? { allowedHosts } : {}),
    ...(boundHost !== undefined ? { boundHost } : {}),
    ...(options.controlToken !== undefined ? { controlToken: options.controlToken } : {}),
    ...(options.corsOrigins !== undefined ? { corsOrigins: options.corsOrigins } : {}),
    ...(options.events !== undefined ? { events: options.events } : {}),
    ...(options.requestJournal !== undefined ? { requestJournal: options.requestJournal } : {}),
    ...(options.requestClock !== undefined ? { requestClock: options.requestClock } : {}),
    ...(sinks.length ? { onRequest: (e: RequestLogEntry) => sinks.forEach((f) => f(e)) } : {}),
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
  const instance = (name: string, made: Made, stateDir: string | undefined): NamespaceInstance => {
    const built = buildApp(made.devnet, { ...app, namespaces: registry });
    return {
      fetch: built.fetch,
      devnet: made.devnet,
      stateDir,
      close: (discard) => {
        made.persistence?.close();
        if (discard && stateDir !== undefined && name !== DEFAULT_NAMESPACE) rmSync(stateDir, { recursive: true, force: true });
      },
    };
  };
  /**
   * A namespace other than default: its seed from the seed and its name, and an explicit gateway URL
   * (the emulator under another host name, e.g. in a container) extended to its own gateway.
   */
  const makeNamed = (name: string, dir: string | undefined): Made => {
    const base = options.gatewayUrl ?? options.publicUrl;
    const gatewayUrl = base === undefined ? undefined : `${base.replace(/\/+$/, '')}/ns/${name}`;
    return makeDevnet({ ...options, ...(gatewayUrl !== undefined ? { gatewayUrl } : {}) }, genesis, namespaceSeed(baseSeed, name), dir, support);
  };
  const open = (name: string): NamespaceInstance => {
    const dir = options.stateDir === undefined ? undefined : namespaceStateDir(options.stateDir, name);
    let made: Made;
    try {
      made = makeNamed(name, dir);
    } catch (e) {
      if (support !== undefined && e instanceof support.StateDirError) throw new DevnetError(ErrorCode.SystemError, `namespace "${name}" could not be opened: ${e.message}`, 503);
      throw e;
    }
    return instance(name, made, dir);
  };
  // Only a request the guard would answer, and not one a browser marks as cross-site, creates a namespace.
  const hostOk = hostRule(app);
  const mayCreate = (request: Request): DevnetError | undefined => {
    const host = request.headers.get('host') ?? undefined;
    if (host !== undefined && !hostOk(host)) return new DevnetError(ErrorCode.InvalidParam, `Host "${echo(hostName(host))}" is not answered (DNS rebinding defence)`, 403);
    const why = crossSite(request.headers.get('origin') ?? undefined, request.headers.get('sec-fetch-site') ?? undefined, () => host ?? new URL(request.url).host);
    if (why !== undefined) return new DevnetError(ErrorCode.InvalidParam, `a page on another site cannot create a namespace (${why}); create it first from a test, an SDK or curl (any request to it), then pages may use it`, 403);
    return undefined;
  };
  registry = new NamespaceRegistry(open, options.namespaces?.now ?? wallMillis, options.namespaces ?? {}, mayCreate);
  const main = makeDevnet(options, genesis, options.seed, options.stateDir, support);
  registry.adopt(DEFAULT_NAMESPACE, instance(DEFAULT_NAMESPACE, main, options.stateDir));
  try {
    // Every namespace a state dir holds is reopened on start (so a broken one stops the start, as `default` would).
    const nsRoot = options.stateDir === undefined ? undefined : join(options.stateDir, 'ns');
    if (nsRoot !== undefined && existsSync(nsRoot)) {
      for (const d of readdirSync(nsRoot, { withFileTypes: true })) {
        if (!d.isDirectory() || !NAMESPACE_NAME.test(d.name) || d.name === DEFAULT_NAMESPACE) continue;
        const made = makeNamed(d.name, join(nsRoot, d.name));
        registry.adopt(d.name, instance(d.name, made, join(nsRoot, d.name)));
      }
    }
  } catch (e) {
    registry.close();
    throw e;
  }
  return {
    registry,
    main,
  };
}

/** The code a state dir needs, loaded on first need: an emulator without --state never loads it. */
export async function loadStateDirSupport(): Promise<StateDirSupport> {
  return (await import('./persistence/support.js')).STATE_DIR_SUPPORT;
}

export async function startDevnet(options: StartOptions = {}): Promise<RunningDevnet> {
  const host = options.host ?? '127.0.0.1';
  const support = options.stateDir === undefined ? undefined : await loadStateDirSupport();
  const { registry, main } = namespaced(options, support, host);
  let lastRequestAt = -Infinity;
  const answer = (request: Request, env?: unknown): Response | Promise<Response> => {
    lastRequestAt = performance.now();
    return registry.fetch(request, env);
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
    const createServer = (opts: ServerOptions, listener: RequestListener): Server => createHttpServer(opts, boundPipelining(listener, limits.inFlight));
    const server = serve({ fetch: answer, hostname: host, port: options.port ?? 8080, serverOptions, createServer: createServer as typeof createHttpServer }, (info: AddressInfo) => {
      const local = listenUrl(host, info.port);
      resolve({
        url: options.publicUrl?.replace(/\/+$/, '') ?? local,
        listenUrl: local,
        port: info.port,
        control: controlClient(fetch, local, controlOptions(options)),
        devnet: main.devnet,
        namespaces: registry,
        ...(main.persistence ? { restored: main.persistence.report } : {}),
        sinceLastRequest: () => performance.now() - lastRequestAt,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => {
              registry.close();
              done();
            });
            // Keep-alive sockets would otherwise hold close() open.
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    server.once('error', (e) => {
      registry.close();
      reject(e);
    });
  });
}
