// Builds the HTTP app of one devnet: one route group per resource, one error handler, one not-found.
import { Hono } from 'hono';
import type { Devnet } from './devnet.js';
import { DevnetError, ErrorCode } from './domain/errors.js';
import { failedBody, jsonHeaders } from './http/envelope.js';
import { httpStatusFor } from './http/errors.js';
import type { ErrorStatusMode } from './http/errors.js';
import { accountRoutes } from './http/routes/accounts.js';
import { balanceRoutes } from './http/routes/balances.js';
import { contractRoutes } from './http/routes/contracts.js';
import { explorerRoutes } from './http/routes/explorer.js';
import { controlRoutes } from './http/routes/control.js';
import { faultRoutes } from './http/routes/faults.js';
import { FaultTable } from './http/faults.js';
import { marketplaceRoutes } from './http/routes/marketplaces.js';
import { mintRoutes } from './http/routes/mints.js';
import { orderRoutes } from './http/routes/orders.js';
import { projectRoutes } from './http/routes/projects.js';
import { recordRoutes } from './http/routes/records.js';
import { storageRoutes } from './http/routes/storage.js';
import { gatewayRoutes } from './http/routes/storage-gateway.js';
import { transferRoutes } from './http/routes/transfers.js';

export interface AppOptions {
  errorStatus?: ErrorStatusMode;
  /** Called once per request after the response is built (structured logging). */
  onRequestError?: (error: unknown) => void;
}

export function buildApp(devnet: Devnet, options: AppOptions = {}): Hono {
  const mode = options.errorStatus ?? 'fidelity';
  const app = new Hono();
  const faults = new FaultTable();

  // Wall clock: time passes for every request, readers included (interval batches cut while a client polls).
  if (devnet.clockMode === 'wall') {
    app.use(async (_c, next) => {
      devnet.tick();
      await next();
    });
  }
  app.use(faults.middleware(mode));

  app.route('/', contractRoutes(devnet));
  app.route('/', accountRoutes(devnet));
  app.route('/', balanceRoutes(devnet));
  app.route('/', transferRoutes(devnet));
  app.route('/', mintRoutes(devnet));
  app.route('/', orderRoutes(devnet));
  app.route('/', projectRoutes(devnet));
  app.route('/', marketplaceRoutes(devnet));
  app.route('/', recordRoutes(devnet));
  app.route('/', controlRoutes(devnet));
  app.route('/', faultRoutes(faults));
  app.route('/', storageRoutes(devnet));
  app.route('/', gatewayRoutes(devnet));
  app.route('/', explorerRoutes(devnet));

  app.notFound((c) => {
    const e = new DevnetError(ErrorCode.InvalidParam, `no route ${c.req.method} ${c.req.path}`, 404);
    return c.body(failedBody(e), 404, jsonHeaders());
  });

  app.onError((err, c) => {
    // A DevnetError is a refusal with a code; anything else is an emulator bug, reported as 500/SystemError.
    const e = err instanceof DevnetError ? err : new DevnetError(ErrorCode.SystemError, `internal error: ${err.message}`);
    if (!(err instanceof DevnetError)) options.onRequestError?.(err);
    return c.body(failedBody(e), httpStatusFor(e, mode) as 200, jsonHeaders());
  });

  return app;
}
