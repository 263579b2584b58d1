// HTTP/1.1 over a raw socket (node:net): requests exactly as written, Host and Origin included, which
// fetch would refuse or rewrite; answers parsed by hand (Content-Length or chunked bodies).
import { connect } from 'node:net';
import type { Socket } from 'node:net';

export interface RawReply {
  status: number;
  /** Header names lowercased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  text: string;
  body: any;
}

/** `http://127.0.0.1:1234` -> its port (the tests connect to loopback). */
export function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** A request's text: the request line, `headers` in order, then the body (Content-Length added when a body is given). */
export function rawRequest(method: string, path: string, headers: Record<string, string>, body?: string): string {
  const lines = [`${method} ${path} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  if (
    body !== undefined &&
    !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length' || k.toLowerCase() === 'transfer-encoding')
  ) {
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  return lines.join('\r\n') + '\r\n\r\n' + (body ?? '');
}

/** Parses one complete answer at the start of `buf`; undefined while it is incomplete. */
export function parseReply(buf: Buffer): { reply: RawReply; rest: Buffer } | undefined {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = buf.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) {
    const i = l.indexOf(':');
    const k = l.slice(0, i).trim().toLowerCase();
    const v = l.slice(i + 1).trim();
    headers[k] = headers[k] === undefined ? v : `${headers[k]}, ${v}`;
  }
  const status = Number(statusLine!.split(' ')[1]);
  let at = headEnd + 4;
  let bodyBytes: Buffer;
  if (headers['transfer-encoding']?.includes('chunked')) {
    const parts: Buffer[] = [];
    for (;;) {
      const nl = buf.indexOf('\r\n', at);
      if (nl < 0) return undefined;
      const size = parseInt(buf.subarray(at, nl).toString('latin1'), 16);
      if (buf.length < nl + 2 + size + 2) return undefined;
      parts.push(buf.subarray(nl + 2, nl + 2 + size));
      at = nl + 2 + size + 2;
      if (size === 0) break;
    }
    bodyBytes = Buffer.concat(parts);
  } else {
    const length = Number(headers['content-length'] ?? '0');
    if (buf.length < at + length) return undefined;
    bodyBytes = buf.subarray(at, at + length);
    at += length;
  }
  const text = bodyBytes.toString('utf8');
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { reply: { status, headers, text, body }, rest: buf.subarray(at) };
}

/** A connection that sends requests and reads their answers one by one (keep-alive). */
export class RawConnection {
  private buf = Buffer.alloc(0);
  private waiters: Array<() => void> = [];
  closed = false;

  private constructor(readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const s = connect({ port, host }, () => resolve(new RawConnection(s)));
      s.once('error', reject);
    });
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  send(text: string | Buffer): void {
    this.socket.write(text);
  }

  /** The next complete answer; rejects when the connection closes first or after `timeoutMs`. */
  async reply(timeoutMs = 10_000): Promise<RawReply> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseReply(this.buf);
      if (parsed) {
        this.buf = Buffer.from(parsed.rest);
        return parsed.reply;
      }
      if (this.closed) throw new Error(`connection closed before a complete answer (${this.buf.length} bytes read)`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no complete answer within ${timeoutMs} ms (${this.buf.length} bytes read)`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.destroy();
  }
}

/** One request on its own connection. */
export async function rawCall(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawReply> {
  const c = await RawConnection.open(port);
  try {
    c.send(rawRequest(method, path, { Connection: 'close', ...headers }, body));
    return await c.reply();
  } finally {
    c.close();
  }
}
