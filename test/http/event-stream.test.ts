// GET /_devnet/events, bounded: a cap on open streams (429 beyond) and on what each may leave unread;
// a subscriber that falls behind is dropped while the others go on.
import { afterEach, describe, expect, it } from 'vitest';
import { createDevnet, startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { EventFanout } from '../../src/http/event-stream.js';
import type { Subscriber } from '../../src/http/event-stream.js';
import { RawConnection, portOf, rawCall, rawRequest } from '../support/raw-http.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A subscriber that keeps what it is sent; `reads` decides whether it ever takes it (its backlog empties). */
function fakeSubscriber(reads: boolean): Subscriber & { text: () => string; dropped: boolean } {
  const chunks: Uint8Array[] = [];
  let unread = 0;
  const sub = {
    dropped: false,
    write: (chunk: Uint8Array) => {
      chunks.push(chunk);
      if (!reads) unread += chunk.byteLength;
    },
    backlog: () => unread,
    drop: () => {
      sub.dropped = true;
    },
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
  return sub;
}

const running: RunningDevnet[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
});

describe('EventFanout', () => {
  it('drops a subscriber whose backlog passes the limit; the others keep every event, in order', async () => {
    const dn = createDevnet();
    const fanout = new EventFanout(dn.devnet, { bufferBytes: 4096 });
    const idle = fakeSubscriber(false);
    const reader = fakeSubscriber(true);
    expect(fanout.add(idle)).toBe(true);
    expect(fanout.add(reader)).toBe(true);
    for (let i = 0; i < 100; i++) dn.devnet.setClock({ advanceSeconds: 1n, set: undefined });
    fanout.flush();
    // One burst larger than the buffer is sent whole; it is the next write that finds it still unread.
    expect(idle.dropped).toBe(false);
    expect(idle.backlog()).toBeGreaterThan(4096);
    dn.devnet.setClock({ advanceSeconds: 1n, set: undefined });
    fanout.flush();
    expect(idle.dropped).toBe(true);
    expect(fanout.size).toBe(1);
    for (let i = 0; i < 10; i++) dn.devnet.setClock({ advanceSeconds: 1n, set: undefined });
    fanout.flush();
    expect(reader.dropped).toBe(false);
    const ids = [...reader.text().matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: 111 }, (_, i) => i + 1));
    expect(reader.text().startsWith('event: ready\ndata: {"seq":0}\n\n')).toBe(true);
  });

  it('refuses a subscriber past the cap, and stops listening to the devnet once the last one leaves', async () => {
    const dn = createDevnet();
    const listeners = () => (dn.devnet as any).events.listeners.size as number;
    const before = listeners(); // the app's inspector listens all along (journal of events for Last-Event-ID)
    const fanout = new EventFanout(dn.devnet, { maxSubscribers: 2 });
    const [a, b, c] = [fakeSubscriber(true), fakeSubscriber(true), fakeSubscriber(true)];
    expect(fanout.add(a)).toBe(true);
    expect(fanout.add(b)).toBe(true);
    expect(fanout.add(c)).toBe(false);
    fanout.remove(a);
    expect(fanout.add(c)).toBe(true);
    fanout.remove(b);
    fanout.remove(c);
    // With nobody subscribed the fan-out no longer listens to the devnet.
    expect(listeners()).toBe(before);
    fanout.add(a);
    expect(listeners()).toBe(before + 1);
    fanout.remove(a);
    expect(listeners()).toBe(before);
  });

  it('a subscriber that joins while events wait for a flush gets only the events after its ready event', async () => {
    const dn = createDevnet();
    const fanout = new EventFanout(dn.devnet);
    const first = fakeSubscriber(true);
    fanout.add(first);
    dn.devnet.setClock({ advanceSeconds: 1n, set: undefined });
    const late = fakeSubscriber(true);
    fanout.add(late);
    dn.devnet.setClock({ advanceSeconds: 1n, set: undefined });
    fanout.flush();
    expect(late.text()).toMatch(/^event: ready\ndata: \{"seq":1\}\n\nevent: command\nid: 2\n/);
    expect([...first.text().matchAll(/^id: (\d+)$/gm)].map((m) => m[1])).toEqual(['1', '2']);
  });
});

describe('GET /_devnet/events over a socket', () => {
  it('answers 429 with the FAILED envelope past the cap; a closed stream frees its place', async () => {
    const net = await startDevnet({ port: 0, events: { maxSubscribers: 2 } });
    running.push(net);
    const port = portOf(net.url);
    const open = async () => {
      const c = await RawConnection.open(port);
      c.send(rawRequest('GET', '/_devnet/events', { Host: '127.0.0.1' }));
      await sleep(50);
      return c;
    };
    const [a, b] = [await open(), await open()];
    const refused = await rawCall(port, 'GET', '/_devnet/events', { Host: '127.0.0.1' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'FAILED', data: null, error_code: 19 });
    a.close();
    await sleep(100);
    const c = await open();
    expect(c.closed).toBe(false);
    for (const x of [b, c]) x.close();
  });

  it('drops a subscriber that never reads once it is a buffer behind; a reading one keeps its stream', async () => {
    const net = await startDevnet({ port: 0, events: { bufferBytes: 64 * 1024 } });
    running.push(net);
    const port = portOf(net.url);
    const idle = await RawConnection.open(port);
    idle.send(rawRequest('GET', '/_devnet/events', { Host: '127.0.0.1' }));
    await sleep(50);
    idle.socket.pause(); // never reads again: the kernel's buffers fill, then the server's
    const reader = await RawConnection.open(port);
    reader.send(rawRequest('GET', '/_devnet/events', { Host: '127.0.0.1' }));
    let read = 0;
    reader.socket.on('data', (d: Buffer) => (read += d.length));
    await sleep(50);
    // About 8 MB of events: more than loopback's socket buffers (a few MB) plus the 64 KiB allowed.
    for (let i = 0; i < 50_000; i++) {
      net.devnet.setClock({ advanceSeconds: 1n, set: undefined });
      if (i % 1000 === 999) await sleep(15);
    }
    await sleep(50);
    // Reading now drains what the kernel holds; a dropped stream then ends, a live one would not.
    idle.socket.resume();
    for (let i = 0; i < 100 && !idle.closed; i++) await sleep(50);
    expect(idle.closed).toBe(true);
    expect(reader.closed).toBe(false);
    expect(read).toBeGreaterThan(5_000_000);
    const before = read;
    net.devnet.setClock({ advanceSeconds: 1n, set: undefined });
    for (let i = 0; i < 40 && read === before; i++) await sleep(25);
    expect(read).toBeGreaterThan(before);
    reader.close();
  }, 30_000);
});
