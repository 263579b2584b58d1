// Serves an emulator (emulator/emulator.ts) over a socket: startDevnet. The CLI imports this, not the package entry index.ts
// (which adds the synchronous createDevnet): here a state dir's code (persistence/) loads only with --state.
import { serve } from '@hono/node-server';
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { readGenesisFile } from '../emulator/genesis-file.js';
import { controlClient } from '../emulator/control-client.js';
import { listenUrl } from './listen-url.js';
import { boundPipelining } from '../http/pipelining.js';
import { loadStateDirSupport, namespaced, storedNamespaces, type DevnetOptions, type Emulator } from '../emulator/emulator.js';
import { DEFAULT_NAMESPACE } from '../http/namespace.js';
import { servedFrom } from '../http/request-headers.js';

export interface StartOptions extends DevnetOptions {
  host?: string;
  /** 0 picks a free port. Default 8080. */
  port?: number;
  /** The HTTP server's bounds on a socket (docs/guarantees.md); no flag sets them, tests shorten them. */
  socket?: SocketLimits;
  /** `--l1`: `anvil` (an Anvil for each namespace) or a JSON-RPC URL (default is bridged to it): src/l1/layer.ts. */
  l1?: string;
  /** `--l1-contract`: with --l1, default's StarkEx contract is this deployed one. */
  l1Contract?: string | undefined;
  /** `--l1-chain-id`: the chain id of the Anvil `--l1 anvil` starts. */
  l1ChainId?: number | undefined;
}

export interface SocketLimits {
  /** A request's headers must arrive within this (default HEADERS_TIMEOUT_MS). */
  headersMs?: number;
  /** A whole request, body included, must arrive within this (default REQUEST_TIMEOUT_MS). */
  requestMs?: number;
  /** Pipelined requests of one socket handled at once (default MAX_IN_FLIGHT_PER_SOCKET). */
  inFlight?: number;
}

/** What a running emulator gives, in-process or over a socket. */
export interface RunningDevnet extends Emulator {
  /** The URL to advertise: `publicUrl` if given, else `listenUrl`. */
  url: string;
  /** Where this machine reaches the socket: the bound address, with loopback for 0.0.0.0 and ::. */
  listenUrl: string;
  port: number;
  /** With `l1`: the node's URL and the StarkEx contract the default namespace is bridged to. */
  l1?: { url: string; contract: string } | undefined;
  /** Milliseconds since the last request arrived (Infinity before the first): idle work waits for a quiet moment. */
  sinceLastRequest(): number;
}

/** How long an idle keep-alive connection stays open: above the 60 s that common clients and proxies keep one. */
export const KEEP_ALIVE_MS = 65_000;
/** A local client sends its headers at once: a request still without them after this is answered 408 and closed. */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, body included, within this: far above a 100 MiB upload over loopback; a trickled body holds a socket no longer. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The Node server's options: its timeouts, and at most `inFlight` pipelined requests of a socket handled at once. */
function serverOptions(limits: SocketLimits): { serverOptions: ServerOptions; createServer: typeof createHttpServer } {
  const headersTimeout = limits.headersMs ?? HEADERS_TIMEOUT_MS;
  const serverOptions: ServerOptions = {
    headersTimeout,
    requestTimeout: Math.max(headersTimeout, limits.requestMs ?? REQUEST_TIMEOUT_MS),
    // Clients keep idle connections for up to a minute: Node's 5 s default turns their next POST into "other side closed".
    keepAliveTimeout: KEEP_ALIVE_MS,
    // Node checks the two timeouts every 30 s by default: too coarse for seconds.
    connectionsCheckingInterval: Math.min(1_000, headersTimeout),
  };
  const createServer = (opts: ServerOptions, listener: RequestListener): Server =>
    createHttpServer(opts, boundPipelining(listener, limits.inFlight));
  return { serverOptions, createServer: createServer as typeof createHttpServer };
}

export async function startDevnet(options: StartOptions = {}): Promise<RunningDevnet> {
  const host = options.host ?? '127.0.0.1';
  if (options.l1Contract !== undefined && options.l1 === undefined)
    throw new Error('--l1-contract needs --l1 (the node the contract is on)');
  const support = options.stateDir === undefined ? undefined : await loadStateDirSupport();
  const genesis = options.genesis ?? readGenesisFile(options.genesisPath);
  // The L1 code loads only with --l1; the contracts are deployed first, so the devnets can name them.
  const l1 =
    options.l1 === undefined
      ? undefined
      : await (await import('../l1/layer.js')).L1Layer.start(
          { l1: options.l1, l1Contract: options.l1Contract, chainId: options.l1ChainId, stateDir: options.stateDir },
          genesis,
          [DEFAULT_NAMESPACE, ...storedNamespaces(options.stateDir)],
        );
  let built: ReturnType<typeof namespaced>;
  try {
    built = namespaced({ ...options, genesis, walletChainId: options.walletChainId ?? options.l1ChainId }, support, host, l1);
  } catch (e) {
    await l1?.stop();
    throw e;
  }
  await l1?.settled();
  const registry = built.namespaces;
  let lastRequestAt = -Infinity;
  const answer = (request: Request, env: { incoming: Pick<IncomingMessage, 'rawHeaders'> }): Response | Promise<Response> => {
    lastRequestAt = performance.now();
    servedFrom(request, env.incoming);
    return l1 === undefined ? registry.fetch(request, env) : l1.fetch(registry, request, env);
  };
  const stop = async (): Promise<void> => {
    registry.close();
    await l1?.stop();
  };
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: answer, hostname: host, port: options.port ?? 8080, ...serverOptions(options.socket ?? {}) }, (info) => {
      const local = listenUrl(host, info.port);
      resolve({
        url: options.publicUrl?.replace(/\/+$/, '') ?? local,
        listenUrl: local,
        port: info.port,
        control: controlClient(fetch, local, { token: options.controlToken }),
        ...built,
        l1: l1?.where(DEFAULT_NAMESPACE),
        sinceLastRequest: () => performance.now() - lastRequestAt,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => void stop().then(done));
            // Keep-alive sockets would otherwise hold close() open.
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    server.once('error', (e) => void stop().then(() => reject(e)));
  });
}
