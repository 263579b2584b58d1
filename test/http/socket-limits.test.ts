// Limits a socket sees: huge bodies (declared or streamed) are refused early with 413, never 500, and an
// idle keep-alive connection stays usable for longer than clients keep one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevnet } from '../../src/index.js';
import type { RunningDevnet } from '../../src/index.js';
import { RawConnection, portOf, rawRequest } from '../support/raw-http.js';

const MiB = 1024 * 1024;

describe('huge bodies over a socket', () => {
  let net: RunningDevnet;
  beforeAll(async () => {
    net = await startDevnet({ port: 0 });
  });
  afterAll(() => net.close());

  it.each(['/_devnet/deposit', '/v1/transfers', '/_devnet/faults', '/_devnet/state'])(
    'a declared 600 MiB body to %s is 413 before it is read',
    async (path) => {
      const c = await RawConnection.open(portOf(net.url));
      try {
        c.send(rawRequest('POST', path, { Host: '127.0.0.1', 'Content-Type': 'application/json', 'Content-Length': String(600 * MiB) }));
        c.send(Buffer.alloc(64 * 1024, 0x20));
        const r = await c.reply(5_000);
        expect(r.status).toBe(413);
        expect(r.body).toMatchObject({ status: 'FAILED', data: null, error_code: 19 });
        expect(r.body.error).toMatch(/request body is larger than the limit of \d+ bytes/);
      } finally {
        c.close();
      }
      expect((await net.control.health()).status).toBe('ok');
    },
  );

  it('a chunked body with no length is refused once it passes 1 MiB, while it is still being sent', async () => {
    const c = await RawConnection.open(portOf(net.url));
    try {
      c.send(
        rawRequest('POST', '/_devnet/deposit', { Host: '127.0.0.1', 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }),
      );
      const chunk = Buffer.concat([Buffer.from(`${(64 * 1024).toString(16)}\r\n`), Buffer.alloc(64 * 1024, 0x20), Buffer.from('\r\n')]);
      let sent = 0;
      const answer = c.reply(10_000);
      let answered = false;
      void answer.then(
        () => (answered = true),
        () => (answered = true),
      );
      // Up to 600 MiB, stopping as soon as the answer is in.
      while (!answered && sent < 600 * MiB && !c.closed) {
        c.send(chunk);
        sent += 64 * 1024;
        if (sent % MiB === 0) await new Promise((r) => setImmediate(r));
      }
      const r = await answer;
      expect(r.status).toBe(413);
      expect(r.body.error_code).toBe(19);
      expect(sent).toBeLessThan(64 * MiB);
    } finally {
      c.close();
    }
    expect((await net.control.health()).status).toBe('ok');
  });
});

describe('keep-alive', () => {
  it('a POST on a connection reused after 6 s of idleness is answered (Node closes idle sockets after 5 s by default)', async () => {
    const net = await startDevnet({ port: 0 });
    try {
      const c = await RawConnection.open(portOf(net.url));
      const key = (await net.control.accounts()).accounts[0]!.stark_key;
      const deposit = rawRequest(
        'POST',
        '/_devnet/deposit',
        { Host: '127.0.0.1', 'Content-Type': 'application/json' },
        JSON.stringify({ stark_key: key, contract_address: 'eth', amount: '1' }),
      );
      c.send(deposit);
      expect((await c.reply()).status).toBe(200);
      await new Promise((r) => setTimeout(r, 6_000));
      expect(c.closed).toBe(false);
      c.send(deposit);
      const r = await c.reply();
      expect(r.status).toBe(200);
      expect(r.body.sequence_id).toBeGreaterThan(0);
      c.close();
    } finally {
      await net.close();
    }
  }, 20_000);
});
