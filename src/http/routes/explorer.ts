// The explorer: its page and assets at /, the overview it reads, and the live event stream (SSE).
import { streamSSE } from 'hono/streaming';
import type { Devnet } from '../../devnet.js';
import type { DevnetEvent } from '../../devnet-events.js';
import { EXPLORER_ASSETS } from '../../explorer/assets.js';
import { explorerOverview } from '../../explorer/overview.js';
import { OVERVIEW } from '../openapi/explorer-responses.js';
import { TEXT } from '../openapi/responses.js';
import { RouteGroup } from '../route.js';

/** A comment line this often keeps proxies and idle-timeouts from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const tag = 'explorer';

export function explorerRoutes(devnet: Devnet): RouteGroup {
  const r = new RouteGroup();

  for (const [path, asset] of Object.entries(EXPLORER_ASSETS)) {
    r.add(
      { method: 'GET', path, tag, reply: 'plain', summary: `The explorer's ${path === '/' ? 'page' : path.slice(1)}`, produces: { type: asset.type.split(';')[0]!, schema: TEXT } },
      ({ c }) => c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'no-cache' }),
    );
  }

  r.add(
    { method: 'GET', path: '/_devnet/overview', tag, reply: 'plain', summary: 'What the explorer shows: accounts, balances, books, records, storage', response: OVERVIEW },
    ({ c }) => explorerOverview(devnet.state, devnet.storage.gateway(new URL(c.req.url).origin)),
  );

  r.add(
    { method: 'GET', path: '/_devnet/events', tag, reply: 'plain', summary: 'Live events as server-sent events: a ready event, then one per change (id = seq)', produces: { type: 'text/event-stream', schema: TEXT } },
    ({ c }) =>
      streamSSE(c, async (stream) => {
        // Writes are chained so events leave in seq order even though each write is asynchronous.
        let chain: Promise<unknown> = stream.writeSSE({ event: 'ready', data: JSON.stringify({ seq: devnet.lastEventSeq }) });
        const send = (e: DevnetEvent) => {
          chain = chain.then(() => stream.writeSSE({ event: e.type, id: String(e.seq), data: JSON.stringify(e) }));
        };
        const off = devnet.onEvent(send);
        const heartbeat = setInterval(() => (chain = chain.then(() => stream.write(': ping\n\n'))), HEARTBEAT_MS);
        // An open stream must never keep the process (or startDevnet's close()) alive by itself.
        heartbeat.unref();
        await new Promise<void>((resolve) => stream.onAbort(resolve));
        clearInterval(heartbeat);
        off();
      }),
  );

  return r;
}
