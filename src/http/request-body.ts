// Request bodies read within a byte limit (413 from a declared length, or once the bytes read pass it). Not
// hono/body-limit: it holds a body without a Content-Length whole (a state dump streams), has one limit per
// middleware (the state route has its own), and rebuilds the request, which Node refuses for a TextRequest.
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { DevnetError, ErrorCode } from '../domain/values/errors.js';
import { TextRequest } from './text-request.js';
import { headerOf } from './request-headers.js';

/** JSON bodies: 1 MiB unless `--max-body-bytes` says otherwise. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * `POST /_devnet/state` takes a whole state dump, which outgrows any request: its own limit, or the
 * JSON limit when that is larger. Below V8's longest string (2^29 - 24 UTF-16 units), so a dump at the
 * limit can still be read as text.
 */
export const MAX_STATE_BODY_BYTES = 256 * 1024 * 1024;

// Where the app's middleware leaves the limit for the routes of one request.
const LIMIT_KEY = 'l2devnet.maxBodyBytes';

/** The app's JSON body limit, for the routes of this request (set by `bodyLimit`). */
export function bodyLimitOf(c: Context): number {
  return (c as unknown as { get(key: string): number | undefined }).get(LIMIT_KEY) ?? DEFAULT_MAX_BODY_BYTES;
}

/** The middleware that gives the routes a limit other than the default (none is needed for the default). */
export function bodyLimit(maxBytes: number): MiddlewareHandler {
  return (c, next) => {
    (c as unknown as { set(key: string, value: number): void }).set(LIMIT_KEY, maxBytes);
    return next();
  };
}

/** 413 with code 19, the same in both --error-status modes; `flag` names where the limit comes from. */
export function bodyTooLarge(maxBytes: number, flag = '--max-body-bytes'): DevnetError {
  return new DevnetError(ErrorCode.InvalidParam, `request body is larger than the limit of ${maxBytes} bytes (${flag})`, 413);
}

/** UTF-8 length of `text` past `maxBytes`, without encoding it when its length alone decides. */
function textOver(text: string, maxBytes: number): boolean {
  if (text.length > maxBytes) return true; // every UTF-16 unit is at least one byte
  if (text.length * 3 <= maxBytes) return false; // and at most three
  return Buffer.byteLength(text, 'utf8') > maxBytes;
}

// Decodes as Request.text() does: UTF-8, a leading BOM dropped, malformed bytes as U+FFFD.
const utf8 = new TextDecoder();

/**
 * The Node request behind a socket request (@hono/node-server's env.incoming) while its body is unread:
 * reading it directly skips a web Request and stream, which cost more than the rest of a small request.
 */
function unreadIncoming(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: Partial<IncomingMessage> } | undefined)?.incoming;
  if (incoming === undefined || typeof incoming.on !== 'function' || typeof incoming.headers !== 'object') return undefined;
  if (incoming.readableDidRead !== false || incoming.readableEnded !== false || incoming.destroyed !== false) return undefined;
  // Someone else reads it (the web Request's stream, once anything materialized it): leave it to them.
  if (incoming.readableFlowing !== null || (incoming.listenerCount?.('data') ?? 1) !== 0) return undefined;
  return incoming as IncomingMessage;
}

/** All of a socket request's body (Node's parser holds it to the declared Content-Length). */
function readIncoming(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onData = (chunk: Buffer): void => void chunks.push(chunk);
    const finish = (error?: Error): void => {
      incoming.off('data', onData).off('end', onEnd).off('error', onError).off('aborted', onAborted);
      if (error) reject(error);
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onEnd = (): void => finish();
    const onError = (e: Error): void => finish(e);
    const onAborted = (): void => finish(new Error('the request was aborted while its body was read'));
    incoming.on('data', onData).on('end', onEnd).on('error', onError).on('aborted', onAborted);
  });
}

/**
 * The body as text, or 413. A declared Content-Length over the limit is refused before reading (the
 * server discards the rest); a body without one (chunked, or a stream in-process) is counted as it
 * arrives and refused at the first chunk past the limit. In-process text is already in memory.
 * With `feed`, a streamed body goes to it piece by piece as it arrives (only the last piece is returned).
 */
export async function readBodyText(c: Context, maxBytes: number, flag?: string, feed?: (piece: string) => void): Promise<string> {
  const declared = headerOf(c.req.raw, 'content-length');
  if (declared !== undefined && Number(declared) > maxBytes) throw bodyTooLarge(maxBytes, flag);
  const raw = c.req.raw;
  // Node's HTTP parser holds a socket body to its Content-Length; in-process text is checked here.
  const whole = feed === undefined && declared !== undefined;
  if (raw instanceof TextRequest || whole || raw.body === null) {
    const incoming = whole ? unreadIncoming(c) : undefined;
    const text = incoming ? utf8.decode(await readIncoming(incoming)) : await c.req.text();
    if (textOver(text, maxBytes)) throw bodyTooLarge(maxBytes, flag);
    return text;
  }
  const decoder = new TextDecoder();
  let text = '';
  const take = feed ?? ((piece: string) => void (text += piece));
  await readChunks(
    raw.body,
    maxBytes,
    () => bodyTooLarge(maxBytes, flag),
    (chunk) => take(decoder.decode(chunk, { stream: true })),
  );
  return text + decoder.decode();
}

/** Hands each chunk of `body` to `take` (awaited); `tooLarge()` at the first chunk past `maxBytes`. A throw cancels the rest. */
export async function readChunks(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  tooLarge: () => Error,
  take: (chunk: Uint8Array) => unknown,
): Promise<void> {
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > maxBytes) throw tooLarge();
      await take(value);
    }
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    throw e;
  }
}
