// The explorer: its page and assets at /, the overview it reads, and the live event stream (SSE).
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Devnet } from '../../devnet.js';
import type { DevnetEvent } from '../../devnet-events.js';
import { EXPLORER_ASSETS } from '../../explorer/assets.js';
import { explorerOverview } from '../../explorer/overview.js';
import { plain } from '../reply.js';

/** A comment line this often keeps proxies and idle-timeouts from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

export function explorerRoutes(devnet: Devnet): Hono {
  const r = new Hono();

  for (const [path, asset] of Object.entries(EXPLORER_ASSETS)) {
    r.get(path, (c) => c.body(asset.body, 200, { 'content-type': asset.type, 'cache-control': 'no-cache' }));
  }

  r.get('/_devnet/overview', (c) => plain(c, explorerOverview(devnet.state, devnet.storage.gateway(new URL(c.req.url).origin))));

  r.get('/_devnet/events', (c) =>
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
