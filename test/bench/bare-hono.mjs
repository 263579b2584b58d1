// Baseline for the startup benchmark: the smallest hono server on @hono/node-server, started the way the CLI is.
// Prints the same kind of ready line as l2-devnet and answers GET /_devnet/health; any POST gets its JSON
// body back (parsed and re-serialised): the floor of a request path for the vs-anvil benchmark.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/_devnet/health', (c) => c.json({ status: 'ok' }));
app.post('*', async (c) => c.json(await c.req.json()));

const host = '127.0.0.1';
const server = serve({ fetch: app.fetch, hostname: host, port: 0 }, (info) => {
  process.stdout.write(JSON.stringify({ event: 'ready', url: `http://${host}:${info.port}`, version: 'bare-hono' }) + '\n');
});

const shutdown = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
