// Pipelined requests: a socket that sends thousands without reading its answers neither starves other
// sockets nor gets more of them handled than its reading allows; one that reads gets every answer in order.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import { RawConnection, portOf, rawRequest } from '../support/raw-http.js';

const STATE = rawRequest('GET', '/_devnet/state', { Host: '127.0.0.1' });

describe('pipelining', () => {
  it('20,000 pipelined GET /_devnet/state never read: a health check on another socket is answered, and few of them were handled', async () => {
    let handled = 0;
    const net = await startDevnet({ port: 0, onRequest: (e) => void (e.path === '/_devnet/state' && handled++) });
    const flood = connect({ port: portOf(net.url), host: '127.0.0.1' });
    try {
      await new Promise((r) => flood.once('connect', r));
      flood.on('error', () => undefined);
      flood.pause();
      flood.write(STATE.repeat(20_000));
      await new Promise((r) => setTimeout(r, 200));
      const c = await RawConnection.open(portOf(net.url));
      c.send(rawRequest('GET', '/_devnet/health', { Host: '127.0.0.1' }));
      expect((await c.reply(30_000)).body).toMatchObject({ status: 'ok' });
      c.close();
      // The unread socket is handled only as far as its answers fit in the socket's buffers.
      expect(handled).toBeLessThan(2_000);
    } finally {
      flood.destroy();
      await net.close();
    }
  }, 6_000);

  it('a client that pipelines 200 requests and reads them gets 200 answers in order', async () => {
    const net = await startDevnet({ port: 0 });
    try {
      const c = await RawConnection.open(portOf(net.url));
      const paths = Array.from({ length: 200 }, (_, i) => (i % 2 ? '/_devnet/health' : `/v1/nonce?stark_key=0x${(i + 1).toString(16)}`));
      c.send(paths.map((p) => rawRequest('GET', p, { Host: '127.0.0.1' })).join(''));
      for (const p of paths) {
        const r = await c.reply();
        expect(r.status).toBe(200);
        // Health answers {status: "ok"}, the emulated API its envelope: the answers come in the order asked.
        expect(r.body.status === 'ok').toBe(p === '/_devnet/health');
      }
      c.close();
    } finally {
      await net.close();
    }
  });
});
