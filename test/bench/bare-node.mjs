// The runtime's own limit for the vs-anvil benchmark: node:http alone, no framework. Prints the same kind
// of ready line as l2-devnet; answers GET /_devnet/health, and any POST with its JSON body (parsed and
// re-serialised), as test/bench/bare-hono.mjs does on hono.
import { createServer } from 'node:http';

const HEALTH = JSON.stringify({ status: 'ok' });
const json = (res, text) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/_devnet/health') return json(res, HEALTH);
  if (req.method !== 'POST') {
    res.writeHead(404).end();
    return;
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => json(res, JSON.stringify(JSON.parse(Buffer.concat(chunks).toString('utf8')))));
});

const host = '127.0.0.1';
server.listen(0, host, () => {
  process.stdout.write(JSON.stringify({ event: 'ready', url: `http://${host}:${server.address().port}`, version: 'bare-node' }) + '\n');
});

const shutdown = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
