// An L1 call to a node that never answers ends at its deadline even when garbage collections run while
// it waits. The deadline was AbortSignal.any([closing, AbortSignal.timeout(ms)]): Node's timer holds a
// timeout signal weakly and the composite holds its sources weakly, so a collection during the wait took
// the deadline away and the call never ended (it hung the full suite's start-up test once in a loaded run).
import { createServer, type Server } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { EthRpc } from '../../src/l1/rpc.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** A node that takes every request and never answers. */
async function silentNode(): Promise<{ url: string; server: Server }> {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, server };
}

describe('an L1 call to a silent node', () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const s of servers.splice(0)) {
      s.closeAllConnections();
      s.close();
    }
  });

  it('ends at its deadline though the heap is collected while it waits', async () => {
    const node = await silentNode();
    servers.push(node.server);
    const rpc = new EthRpc(node.url, 300);
    const collecting = setInterval(gc, 20);
    const t0 = performance.now();
    try {
      const outcome = await Promise.race([
        rpc.request('eth_blockNumber').then(
          () => 'answered',
          (e: Error) => e.message,
        ),
        new Promise<string>((resolve) => setTimeout(() => resolve('still waiting after 3 s'), 3_000)),
      ]);
      expect(outcome).toBe(`eth_blockNumber: ${node.url} did not answer within 300 ms`);
      expect(performance.now() - t0).toBeLessThan(2_000);
    } finally {
      clearInterval(collecting);
      rpc.close();
    }
  });

  it('ends at once when the emulator stops, and later calls are refused', async () => {
    const node = await silentNode();
    servers.push(node.server);
    const rpc = new EthRpc(node.url, 10_000);
    const pending = rpc.request('eth_blockNumber').catch((e: Error) => e.message);
    setTimeout(() => rpc.close(), 50);
    const t0 = performance.now();
    expect(await pending).toBe('eth_blockNumber: the emulator is stopping');
    expect(performance.now() - t0).toBeLessThan(1_000);
    await expect(rpc.request('eth_chainId')).rejects.toThrow('eth_chainId: the emulator is stopping');
  });
});
