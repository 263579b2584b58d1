// Builds the HTTP app of one devnet: one route group per resource, one error handler, one not-found, /openapi.json.
import { Hono, type NotFoundHandler } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { RememberingRouter } from '../http/remembering-router.js';
import type { Devnet } from '../core/devnet.js';
import { DevnetError, echo, ErrorCode } from '../domain/values/errors.js';
import type { ErrorStatusMode } from '../http/errors.js';
import { FaultTable } from '../http/faults.js';
import { cors, type CorsOrigins } from '../http/cors.js';
import type { EventStreamOptions } from '../http/event-stream.js';
import { guard, guardCheck, type GuardOptions, type Refusal } from '../http/guard.js';
import { Inspector, type InspectorOptions } from '../explorer/inspector.js';
import { bodyLimit, DEFAULT_MAX_BODY_BYTES } from '../http/request-body.js';
import { failure } from '../http/reply.js';
import { requestLogger, type RequestLogEntry } from '../http/request-log.js';
import { namespaceRefusal, unprefixedPath, type NamespaceDirectory } from '../http/namespace.js';
import { RouteGroup, type AnyRouteSpec } from '../http/route.js';
import { headerOf } from '../http/request-headers.js';
import { DOCUMENT } from '../http/openapi/responses.js';
import { accountRoutes } from '../http/routes/accounts.js';
import { balanceRoutes } from '../http/routes/balances.js';
import { contractRoutes } from '../http/routes/contracts.js';
import { explorerRoutes } from '../http/routes/explorer.js';
import { controlRoutes } from '../http/routes/control.js';
import { faultRoutes } from '../http/routes/faults.js';
import { marketplaceRoutes } from '../http/routes/marketplaces.js';
import { mintRoutes } from '../http/routes/mints.js';
import { namespaceRoutes } from '../http/routes/namespaces.js';
import { orderRoutes } from '../http/routes/orders.js';
import { projectRoutes } from '../http/routes/projects.js';
import { recordRoutes } from '../http/routes/records.js';
import { storageRoutes } from '../http/routes/storage.js';
import { metadataRoutes } from '../http/routes/metadata.js';
import { gatewayRoutes, sandboxGateway } from '../http/routes/storage-gateway.js';
import { transferRoutes } from '../http/routes/transfers.js';

/** The options of one app: its guard's (Host names, the control token), its inspector's, and these. */
export interface AppOptions extends GuardOptions, InspectorOptions {
  /** `fidelity` (default): HTTP 200 + FAILED like the real service; `http`: 4xx per error code (`--error-status`). */
  errorStatus?: ErrorStatusMode;
  /** JSON bodies over this many bytes are refused with 413 (`--max-body-bytes`; default 1 MiB). */
  maxBodyBytes?: number;
  /** CORS of the emulated API: `'*'` (default) any origin, a list of origins those only, `[]` off (`--cors-origin`). */
  corsOrigins?: CorsOrigins;
  /** Bounds of GET /_devnet/events: `maxSubscribers` (default 128), `bufferBytes` each may leave unread (default 256 KiB). */
  events?: EventStreamOptions;
  /** Called once per request with its log entry (method, path, status, error code, time); never request content. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Called with anything thrown that is not a DevnetError (an emulator bug, answered 500). */
  onRequestError?: (error: unknown) => void;
  /** The options the emulator was started with, secrets masked: the `flags` of GET /_devnet/config. */
  settings?: Record<string, unknown>;
  /** The registry of namespaces this app is one of: serves GET /_devnet/namespaces and the delete route. */
  directory?: NamespaceDirectory;
}

export function buildApp(devnet: Devnet, options: AppOptions = {}): Hono {
  const mode = options.errorStatus ?? 'fidelity';
  // Routes on the path without a /ns/{name} prefix (the registry has already picked this namespace).
  // The trie router, named: hono's default would first fail to build its RegExpRouter on these paths.
  // Its answers for recent paths are remembered (http/remembering-router.ts).
  const app = new Hono({ getPath: unprefixedPath, router: new RememberingRouter() });
  const faults = new FaultTable();
  const specs: AnyRouteSpec[] = [];
  const mount = (group: RouteGroup): void => {
    app.route('/', group.hono);
    specs.push(...group.specs);
  };

  // First of all: the journal and the metrics see every request, the guard's and the limits' refusals too.
  const inspector = new Inspector(devnet, options);
  app.use(inspector.middleware());
  if (options.onRequest) app.use(requestLogger(options.onRequest));
  // Before anything reads the request: Host, cross-site control calls, the control token.
  app.use(guard(options, mode));
  if (options.maxBodyBytes !== undefined && options.maxBodyBytes !== DEFAULT_MAX_BODY_BYTES) app.use(bodyLimit(options.maxBodyBytes));
  const corsMiddleware = cors(options.corsOrigins ?? '*');
  if (corsMiddleware) app.use(corsMiddleware);
  app.use('/ipfs/*', sandboxGateway);
  app.use('/metadata/*', sandboxGateway);
  // Wall clock: time passes for every request, readers included (interval batches cut while a client polls).
  if (devnet.clockMode === 'wall') {
    app.use(async (_c, next) => {
      devnet.tick();
      await next();
    });
  }
  app.use(faults.middleware(mode));

  mount(contractRoutes(devnet));
  mount(accountRoutes(devnet));
  mount(balanceRoutes(devnet));
  mount(transferRoutes(devnet));
  mount(mintRoutes(devnet));
  mount(orderRoutes(devnet));
  mount(projectRoutes(devnet));
  mount(marketplaceRoutes(devnet));
  mount(recordRoutes(devnet));
  mount(controlRoutes(devnet, options.settings ?? {}));
  mount(faultRoutes(faults));
  mount(storageRoutes(devnet));
  mount(gatewayRoutes(devnet));
  for (const group of metadataRoutes(devnet)) mount(group);
  mount(explorerRoutes(devnet, inspector, options.events));
  if (options.directory) mount(namespaceRoutes(options.directory));

  // Built on first request from the declarations mounted above: start-up does not load the schema converter.
  let document: unknown;
  mount(
    new RouteGroup({ tag: 'docs', reply: 'plain' }).add('GET', '/openapi.json', {
      summary: 'This OpenAPI 3.1 document',
      response: DOCUMENT,
      handle: async () => {
        const [{ openApiDocument }, { builtExamples }] = await Promise.all([
          import('../http/openapi/document.js'),
          import('../http/openapi/example.js'),
        ]);
        return (document ??= openApiDocument(specs, builtExamples()));
      },
    }),
  );

  app.notFound(notFound(app, mode));

  app.onError((err, c) => {
    // A DevnetError is a refusal with a code; anything else is an emulator bug, reported as 500/SystemError.
    const e = err instanceof DevnetError ? err : new DevnetError(ErrorCode.SystemError, `internal error: ${err.message}`);
    if (!(err instanceof DevnetError)) options.onRequestError?.(err);
    return failure(c, e, mode);
  });

  return app;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The answer to a request no route takes: 404, or 405 with `Allow` (the table is built on first use, once all routes are in). */
function notFound(app: Hono, mode: ErrorStatusMode): NotFoundHandler {
  let routes: TrieRouter<true> | undefined;
  return (c) => {
    const { error, headers } = noRoute((routes ??= routeTable(app)), c.req.method, c.req.path);
    return failure(c, error, mode, headers);
  };
}

function routeTable(app: Hono): TrieRouter<true> {
  const routes = new TrieRouter<true>();
  for (const r of app.routes) if (r.method !== 'ALL') routes.add(r.method, r.path, true);
  return routes;
}

/**
 * Code 19 in both --error-status modes: 405 when the path has routes for other methods (the answer
 * names them in `Allow`, HEAD beside GET: hono answers HEAD with the GET route), else 404: no route answers this path.
 */
function noRoute(routes: TrieRouter<true>, method: string, path: string): Refusal {
  const found = METHODS.filter((m) => routes.match(m, path)[0].length > 0);
  const allowed = found.includes('GET') ? [...found, 'HEAD'] : found;
  if (allowed.length === 0) return { error: new DevnetError(ErrorCode.InvalidParam, `no route ${echo(method)} ${echo(path)}`, 404) };
  const message = `${echo(method)} is not allowed on ${echo(path)}: use ${allowed.join(' or ')}`;
  return { error: new DevnetError(ErrorCode.InvalidParam, message, 405), headers: { Allow: allowed.join(', ') } };
}

/**
 * What a request that would create a namespace is refused for before anything is built, as the app
 * `built` (any namespace's: they share routes and defences) would refuse it: the defences (`Host`, a
 * page on another site, the control token) and an unknown route or method. So a refused request
 * creates nothing: no namespace, no state directory, no journal line.
 */
export function creationGate(built: Hono, options: AppOptions): (request: Request) => Response | undefined {
  const routes = routeTable(built);
  const check = guardCheck(options);
  return (request) => {
    const path = unprefixedPath(request);
    const refusal = check(path, (name) => headerOf(request, name), request.url, true);
    if (refusal !== undefined) return namespaceRefusal(refusal.error, refusal.headers);
    // hono answers HEAD with the GET route.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    if (routes.match(method, path)[0].length > 0) return undefined;
    const { error, headers } = noRoute(routes, request.method, path);
    return namespaceRefusal(error, headers);
  };
}
