// Request timeouts of the HTTP server: headers or a body that trickle in are cut off within seconds,
// while an idle keep-alive connection stays usable (the server's timeouts shortened for the test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { RawConnection, portOf, rawRequest } from '../support/raw-http.js';

const HEADERS_MS = 500;
const REQUEST_MS = 1_000;

/** Sends `text` a byte every 100 ms until the connection closes; resolves with what was answered, if anything. */
async function trickle(c: RawConnection, text: string): Promise<{ status?: number; sent: number }> {
  const answer = c.reply(60_000).then(
    (r) => r.status,
    () => undefined,
  );
  let sent = 0;
  while (!c.closed && sent < text.length) {
    c.send(text[sent++]!);
    await new Promise((r) => setTimeout(r, 100));
  }
  const status = await answer;
  return status === undefined ? { sent } : { status, sent };
}

describe('request timeouts', () => {
  let net: RunningDevnet;
  beforeAll(async () => {
    net = await startDevnet({ port: 0, socket: { headersMs: HEADERS_MS, requestMs: REQUEST_MS } });
  });
  afterAll(() => net.close());

  it('a body that trickles is cut off by the request timeout (408 and closed), not left open for minutes', async () => {
    const c = await RawConnection.open(portOf(net.url));
    const body = JSON.stringify({ stark_key: '0x1', contract_address: 'eth', amount: '1' }).padEnd(400, ' ');
    c.send(
      rawRequest('POST', '/_devnet/deposit', {
        Host: '127.0.0.1',
        'Content-Type': 'application/json',
        'Content-Length': String(body.length),
      }),
    );
    const r = await trickle(c, body);
    expect(c.closed).toBe(true);
    expect(r.status ?? 408).toBe(408);
    // 400 bytes at 10 a second would take 40 s: the socket was closed long before.
    expect(r.sent).toBeLessThan(body.length);
    expect((await net.control.health()).status).toBe('ok');
  }, 20_000);

  it('headers that trickle are cut off by the headers timeout', async () => {
    const c = await RawConnection.open(portOf(net.url));
    const r = await trickle(c, rawRequest('GET', '/_devnet/health', { Host: '127.0.0.1', 'X-Padding': 'p'.repeat(300) }));
    expect(c.closed).toBe(true);
    expect(r.status ?? 408).toBe(408);
    expect(r.sent).toBeLessThan(300);
  }, 20_000);

  it('an idle keep-alive connection is not timed by them: reused after three times the request timeout, it answers', async () => {
    const c = await RawConnection.open(portOf(net.url));
    const health = rawRequest('GET', '/_devnet/health', { Host: '127.0.0.1' });
    c.send(health);
    expect((await c.reply()).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3 * REQUEST_MS));
    expect(c.closed).toBe(false);
    c.send(health);
    expect((await c.reply()).status).toBe(200);
    c.close();
  }, 20_000);
});
