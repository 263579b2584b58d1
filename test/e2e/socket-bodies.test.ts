// Socket request bodies are read straight from Node's request (not through a web stream): the text a
// route sees must be what fetch's Request.text() gives in-process, whatever the bytes and however the
// body is split across packets. Each case is answered over a socket and in-process, and compared.
// The socket side is the built CLI: in-process servers under vitest are recorded for the contract
// check, and the recorder's clone of each request reads the body through a web stream (so the
// direct read steps aside, as it does whenever something else reads the body first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevnet } from '../../src/index.js';
import { startServer, stop } from '../support/cli.js';
import type { Cli } from '../support/cli.js';
import { RawConnection, portOf } from '../support/raw-http.js';

const HEAD = (length: number): string =>
  ['POST /_devnet/deposit HTTP/1.1', 'Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${length}`].join('\r\n') +
  '\r\n\r\n';

describe('socket request bodies', () => {
  let cli: Cli;
  let url: string;
  let key: string;
  beforeAll(async () => {
    ({ cli, url } = await startServer(['--port', '0', '--log', 'silent']));
    key = ((await (await fetch(url + '/_devnet/accounts')).json()) as { accounts: { stark_key: string }[] }).accounts[0]!.stark_key;
  });
  afterAll(() => stop(cli));

  const healthy = async (): Promise<string> => ((await (await fetch(url + '/_devnet/health')).json()) as { status: string }).status;

  /** The body bytes over a socket, in the given pieces (sent with a pause between them). */
  async function overSocket(pieces: Buffer[]): Promise<{ status: number; body: any }> {
    const length = pieces.reduce((n, p) => n + p.length, 0);
    const c = await RawConnection.open(portOf(url));
    try {
      c.send(HEAD(length));
      for (const p of pieces) {
        await new Promise((r) => setTimeout(r, 5));
        c.send(p);
      }
      const r = await c.reply(5_000);
      return { status: r.status, body: r.body };
    } finally {
      c.close();
    }
  }

  /** The same bytes through fetch's Request in a fresh in-process devnet (the reference decoding). */
  async function inProcess(bytes: Buffer): Promise<{ status: number; body: any }> {
    const dn = createDevnet();
    const r = await dn.fetch(
      new Request('http://devnet.local/_devnet/deposit', { method: 'POST', body: bytes, headers: { 'content-type': 'application/json' } }),
    );
    return { status: r.status, body: await r.json() };
  }

  const deposit = (): string => JSON.stringify({ stark_key: key, contract_address: 'eth', amount: '3' });

  it('a body split across many packets, mid-character, is read whole', async () => {
    // A multi-byte character in an ignored position would not show; put one inside a string the answer quotes.
    const text = deposit().replace('"eth"', '"ethé€"');
    const bytes = Buffer.from(text);
    const cut = bytes.indexOf(0xe2) + 1; // inside the 3-byte euro sign
    const socket = await overSocket([bytes.subarray(0, 7), bytes.subarray(7, cut), bytes.subarray(cut)]);
    const local = await inProcess(bytes);
    expect(socket.status).toBe(200);
    expect(socket.body.status).toBe('FAILED');
    expect(socket.body.error).toContain('ethé€');
    expect(socket.body).toEqual(local.body);
  });

  it('a leading UTF-8 BOM is dropped, as Request.text() drops it', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(deposit())]);
    const socket = await overSocket([bytes]);
    expect(socket.status).toBe(200);
    expect(socket.body.sequence_id).toBeGreaterThan(0);
    // The reference decoding, without an app (an in-process app's traffic is checked against the
    // OpenAPI document, whose JSON parser does not skip a BOM).
    expect(await new Request('http://devnet.local/', { method: 'POST', body: bytes }).text()).toBe(deposit());
  });

  it('malformed UTF-8 becomes U+FFFD, as Request.text() decodes it', async () => {
    const bytes = Buffer.from(deposit().replace('"eth"', '"eth\u0001"'));
    bytes[bytes.indexOf(0x01)] = 0xff; // a byte that never starts UTF-8
    const socket = await overSocket([bytes]);
    const local = await inProcess(bytes);
    expect(socket.body.status).toBe('FAILED');
    expect(socket.body.error).toContain('\ufffd');
    expect(socket.body).toEqual(local.body);
  });

  it('a body that is not JSON gets the same refusal over a socket as in-process', async () => {
    const bytes = Buffer.from('{"stark_key": ');
    const socket = await overSocket([bytes]);
    expect(socket.body).toMatchObject({ status: 'FAILED', error_code: 401 });
    expect(socket.body).toEqual((await inProcess(bytes)).body);
  });

  it('a client that hangs up mid-body leaves the server answering', async () => {
    const c = await RawConnection.open(portOf(url));
    c.send(HEAD(1000) + '{"stark_key": "0x');
    await new Promise((r) => setTimeout(r, 20));
    c.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(await healthy()).toBe('ok');
    const again = await overSocket([Buffer.from(deposit())]);
    expect(again.body.sequence_id).toBeGreaterThan(0);
  });
});
