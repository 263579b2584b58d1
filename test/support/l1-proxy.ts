// A fault-injecting JSON-RPC proxy for L1 tests: sits between the emulator and a real node (Anvil) and,
// as the test switches it, passes calls on, delays them, answers 503, or never answers. It counts the
// methods it sees, so a test can say how many reads a burst of requests cost.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Fault = { kind: 'pass' } | { kind: 'delay'; ms: number } | { kind: 'status'; status: number } | { kind: 'hang' };

export interface L1Proxy {
  readonly url: string;
  /** What every call gets from now on. */
  fault: Fault;
  /** JSON-RPC methods seen, in order (a batch's each). */
  readonly seen: string[];
  close(): Promise<void>;
}

export async function startL1Proxy(target: string): Promise<L1Proxy> {
  const hung = new Set<() => void>();
  const proxy: L1Proxy = {
    url: '',
    fault: { kind: 'pass' },
    seen: [],
    close: async () => {
      for (const end of hung) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    try {
      const calls = JSON.parse(body) as { method: string } | { method: string }[];
      for (const c of Array.isArray(calls) ? calls : [calls]) proxy.seen.push(c.method);
    } catch {
      proxy.seen.push('(not JSON)');
    }
    const fault = proxy.fault;
    if (fault.kind === 'hang') return void hung.add(() => res.destroy());
    if (fault.kind === 'status') return void res.writeHead(fault.status, { 'content-type': 'text/plain' }).end('unavailable');
    if (fault.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    const answer = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (proxy as { url: string }).url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

/** A server that answers every POST with `body` (and `type`): an HTML page, `{}`, a bare `0x1`. */
export async function startFakeNode(body: string, type = 'application/json'): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': type }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
