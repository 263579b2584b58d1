// The event bus and GET /_devnet/events: one event per accepted command and per record status move.
import { describe, expect, it } from 'vitest';
import type { DevnetEvent } from '../../src/core/events.js';
import { summarize } from '../../src/core/events.js';
import { startDevnet } from '../../src/index.js';
import { ETH_ASSET, testClient } from '../support/client.js';
import { transfer } from '../support/flows.js';

/** Reads SSE frames off a response body: `next()` resolves with the next `{event, data}`. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  return {
    async next(): Promise<{ event: string; id?: string; data: any }> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (frame.startsWith(':')) continue; // heartbeat comment
          const fields = Object.fromEntries(frame.split('\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
          return { event: fields.event!, ...(fields.id ? { id: fields.id } : {}), data: JSON.parse(fields.data!) };
        }
        const { done, value } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

describe('devnet.onEvent', () => {
  it('reports each accepted command, then the records it created or moved, in seq order', async () => {
    const c = testClient();
    const seen: DevnetEvent[] = [];
    const off = c.dn.devnet.onEvent((e) => seen.push(e));
    const r = await c.post('/_devnet/deposit', { stark_key: c.accounts.alice.stark_key, contract_address: 'eth', amount: '5' });
    const seq = r.body.sequence_id as number;
    await c.post('/_devnet/batches', { layer: 'both' });
    off();
    await c.post('/_devnet/batches', {});
    expect(seen.map((e) => e.seq)).toEqual(seen.map((_, i) => i + 1));
    expect(seen[0]).toEqual({
      seq: 1,
      type: 'command',
      cmd: 'deposit',
      summary: `deposit {"sequence_id":${seq}}`,
      time: '2026-01-01T00:00:00.000000Z',
    });
    expect(seen[1]).toMatchObject({ type: 'record', cmd: 'deposit', sequence_id: seq, from: null, to: 1 });
    expect(seen[2]).toMatchObject({ type: 'command', cmd: 'batches' });
    // The genesis deposits move too: the new one goes 1 -> 3 -> 6 within the one batch.
    const moves = seen.filter((e) => e.type === 'record' && e.cmd === 'batches' && e.sequence_id === seq);
    expect(moves.map((e) => (e.type === 'record' ? [e.from, e.to] : null))).toEqual([
      [1, 3],
      [3, 6],
    ]);
    expect(seen.every((e) => e.seq <= c.dn.devnet.lastEventSeq)).toBe(true);
  });

  it('reports nothing for refused commands or reads, and survives a throwing listener', async () => {
    const c = testClient();
    const seen: DevnetEvent[] = [];
    c.dn.devnet.onEvent(() => {
      throw new Error('listener bug');
    });
    c.dn.devnet.onEvent((e) => seen.push(e));
    await c.post('/_devnet/deposit', { stark_key: c.accounts.alice.stark_key, contract_address: 'eth', amount: '0' });
    await c.get(`/v1/balances?stark_key=${c.accounts.alice.stark_key}`);
    expect(seen).toEqual([]);
    expect(c.dn.devnet.state.statusMoves).toBeUndefined();
    const t = await transfer(c, c.accounts.alice, c.accounts.bob.stark_key, ETH_ASSET, 10n);
    expect(t.body.status).toBe('OK');
    expect(seen.filter((e) => e.type === 'record')).toEqual([
      expect.objectContaining({ sequence_id: t.body.data.sequence_id, from: null, to: 1 }),
    ]);
  });

  it('cuts long summaries', () => {
    expect(summarize('batches', { moved: Array.from({ length: 500 }, (_, i) => i) }).length).toBe(160);
    expect(summarize('revert', undefined)).toBe('revert');
  });
});

describe('GET /_devnet/events', () => {
  it('streams ready, then a deposit command and its record, then a batch move', async () => {
    const c = testClient();
    const res = await c.dn.fetch(new Request('http://devnet.test/_devnet/events'));
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const sse = sseReader(res);
    expect(await sse.next()).toEqual({ event: 'ready', data: { seq: 0 } });
    const r = await c.post('/_devnet/deposit', { stark_key: c.accounts.bob.stark_key, contract_address: 'eth', amount: '7' });
    const seq = r.body.sequence_id;
    const time = '2026-01-01T00:00:00.000000Z';
    expect(await sse.next()).toEqual({
      event: 'command',
      id: '1',
      data: { seq: 1, type: 'command', cmd: 'deposit', summary: `deposit {"sequence_id":${seq}}`, time },
    });
    expect(await sse.next()).toEqual({
      event: 'record',
      id: '2',
      data: { seq: 2, type: 'record', cmd: 'deposit', sequence_id: seq, from: null, to: 1, summary: `record ${seq} created at 1`, time },
    });
    await c.post('/_devnet/batches', { layer: 'l2' });
    expect((await sse.next()).data).toMatchObject({ cmd: 'batches', type: 'command' });
    // Wait for this record's status, as a test would, without polling.
    let e = await sse.next();
    while (e.data.sequence_id !== seq) e = await sse.next();
    expect(e.data).toMatchObject({ from: 1, to: 3 });
    await sse.cancel();
  });

  it("unsubscribes when the client goes away (the inspector's own listener stays)", async () => {
    const c = testClient();
    const listeners = () => (c.dn.devnet as any).events.listeners.size as number;
    const before = listeners();
    const res = await c.dn.fetch(new Request('http://devnet.test/_devnet/events'));
    const sse = sseReader(res);
    await sse.next();
    expect(listeners()).toBe(before + 1);
    await sse.cancel();
    await new Promise((r) => setTimeout(r, 10));
    expect(listeners()).toBe(before);
  });

  it('over a socket: a deposit arrives as an event, and close() does not wait for the open stream', async () => {
    const net = await startDevnet({ port: 0 });
    const res = await fetch(`${net.url}/_devnet/events`);
    const sse = sseReader(res);
    expect((await sse.next()).event).toBe('ready');
    const { accounts } = (await (await fetch(`${net.url}/_devnet/accounts`)).json()) as { accounts: Array<{ stark_key: string }> };
    await fetch(`${net.url}/_devnet/deposit`, {
      method: 'POST',
      body: JSON.stringify({ stark_key: accounts[0]!.stark_key, contract_address: 'eth', amount: '3' }),
    });
    expect((await sse.next()).data).toMatchObject({ type: 'command', cmd: 'deposit' });
    const started = Date.now();
    await net.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    // What was sent before the close can still be read; then the stream ends.
    const drain = async () => {
      for (let i = 0; i < 10; i++) await sse.next();
    };
    await expect(drain()).rejects.toThrow();
  });
});
