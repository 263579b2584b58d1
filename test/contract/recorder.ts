// Records what an emulator app answers: wraps one hono app's `fetch` and writes one JSON line per exchange.
//
// Test-only. The wrapper clones the request before the app reads it and the response before the
// caller does, and reads both clones in the background, so the caller gets the app's own objects
// and never waits on the recorder. It keeps the sync-or-async shape of hono's fetch.
import { TextRequest } from '../../src/http/text-request.js';
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Exchange, RecordedBody } from './traffic.js';
import { BODY_LIMIT } from './traffic.js';

type Fetch = (request: Request, ...rest: unknown[]) => Response | Promise<Response>;

/** The parts of a hono app the recorder touches. */
export interface RecordableApp {
  fetch: Fetch;
  readonly routes: readonly { readonly path: string }[];
}

export interface CallContext {
  file?: string;
  test?: string;
}

/** Lines are written out once this much is buffered, and at flush(). */
const WRITE_AT = 4 * 1024 * 1024;

/** The media type without parameters, lower case ('' when absent). */
export function mediaType(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Bodies kept as text: no type, text/* (not event streams), JSON, JavaScript, forms, XML. */
function textual(type: string): boolean {
  if (type === '') return true;
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded' ||
    type.endsWith('xml')
  );
}

function keptText(text: string): RecordedBody {
  return text.length > BODY_LIMIT ? { body: text.slice(0, BODY_LIMIT), truncated: true, bytes: Buffer.byteLength(text) } : { body: text };
}

/**
 * `res.clone()`, leaving `res` as it was. @hono/node-server's light Response builds its real Response
 * from the init it was constructed with when first cloned, which drops headers a middleware set
 * afterwards (CORS, WWW-Authenticate; honojs/node-server#304, fixed in 2.x). Without recording nothing
 * clones, so the server writes the live headers; here they are put back on the materialized answer.
 */
function cloneKeepingHeaders(res: Response): Response {
  const live = [...res.headers];
  const copy = res.clone();
  const now = res.headers;
  for (const [k] of [...now]) if (!live.some(([l]) => l === k)) now.delete(k);
  for (const [k, v] of live) if (now.get(k) !== v) now.set(k, v);
  return copy;
}

/** The most of a streamed request body the recorder reads (a clone that read on would pull the whole body). */
const REQUEST_READ_MAX = 256 * 1024;

/**
 * A request body's text, read from its clone. A streamed body is read only up to REQUEST_READ_MAX: past
 * that the clone is cancelled, so the source is pulled no faster than the app reads it, and the app's
 * own body limit still stops a client that streams on (over a socket or in-process).
 */
async function requestText(copy: Request): Promise<RecordedBody> {
  if (copy instanceof TextRequest || copy.body === null) return keptText(await copy.text());
  const reader = copy.body.getReader();
  const chunks: Uint8Array[] = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return keptText(Buffer.concat(chunks).toString('utf8'));
    n += value.byteLength;
    if (n > REQUEST_READ_MAX) {
      await reader.cancel();
      return { skipped: 'unread', bytes: n };
    }
    chunks.push(value);
  }
}

/** Counts a body's bytes without keeping them. */
async function byteCount(body: ReadableStream<Uint8Array> | null): Promise<number> {
  if (body === null) return 0;
  let n = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return n;
    n += value.byteLength;
  }
}

function lengthHeader(headers: Headers): number | undefined {
  const v = headers.get('content-length');
  return v !== null && /^\d+$/.test(v) ? Number(v) : undefined;
}

export class TrafficRecorder {
  readonly #file: string;
  readonly #context: () => CallContext;
  #lines: string[] = [];
  #buffered = 0;
  #seq = 0;
  /** Exchanges whose bodies are still being read. */
  readonly #open = new Map<Exchange, Promise<void>>();

  constructor(file: string, context: () => CallContext) {
    this.#file = file;
    this.#context = context;
  }

  /**
   * Replaces `app.fetch` with a recording one. Only emulator apps are recorded: the first call
   * looks for the GET /openapi.json route that every app built by src/emulator/app.ts has (all routes are
   * mounted before the first request), so a bare `new Hono()` of a unit test is passed through.
   */
  wrap(app: RecordableApp): void {
    const inner = app.fetch;
    let emulator: boolean | undefined;
    app.fetch = (request: Request, ...rest: unknown[]): Response | Promise<Response> => {
      emulator ??= app.routes.some((r) => r.path === '/openapi.json');
      if (!emulator) return inner(request, ...rest);
      const env = rest[0] as { incoming?: unknown } | undefined;
      const started = this.#start(request, env !== undefined && env !== null && typeof env === 'object' && 'incoming' in env);
      const out = inner(request, ...rest);
      if (out instanceof Promise) return out.then((res) => this.#finish(started, res));
      return this.#finish(started, out);
    };
  }

  #start(request: Request, socket: boolean): { ex: Exchange; reqBody: Promise<RecordedBody> | RecordedBody } {
    const method = request.method;
    const headers = request.headers;
    const contentType = headers.get('content-type') ?? undefined;
    const key = headers.get('x-api-key');
    const ctx = this.#context();
    const ex: Exchange = {
      seq: this.#seq++,
      via: socket ? 'socket' : 'in-process',
      ...(ctx.file !== undefined ? { file: ctx.file } : {}),
      ...(ctx.test !== undefined ? { test: ctx.test } : {}),
      req: { method, url: request.url, apiKey: key !== null && key.trim() !== '', ...(contentType !== undefined ? { contentType } : {}) },
      res: { status: 0 },
    };
    let reqBody: Promise<RecordedBody> | RecordedBody;
    const type = mediaType(contentType);
    if (method === 'GET' || method === 'HEAD') reqBody = { body: '' };
    else if (type.startsWith('multipart/'))
      reqBody = { skipped: 'multipart', ...(lengthHeader(headers) !== undefined ? { bytes: lengthHeader(headers)! } : {}) };
    else {
      // Cloned before the app reads it; a body the caller already used cannot be cloned (the app will refuse it too).
      try {
        const copy = request.clone();
        reqBody = textual(type) ? requestText(copy) : byteCount(copy.body).then((bytes) => ({ skipped: 'binary' as const, bytes }));
      } catch {
        reqBody = { skipped: 'unread' };
      }
    }
    return { ex, reqBody };
  }

  #finish(started: { ex: Exchange; reqBody: Promise<RecordedBody> | RecordedBody }, res: Response): Response {
    const { ex } = started;
    const contentType = res.headers.get('content-type') ?? undefined;
    ex.res = { status: res.status, ...(contentType !== undefined ? { contentType } : {}) };
    const type = mediaType(contentType);
    let resBody: Promise<RecordedBody> | RecordedBody;
    if (ex.req.method === 'HEAD') resBody = { body: '' };
    // @hono/node-server's marker: the handler already wrote the answer to the socket (the event stream).
    else if (res.headers.get('x-hono-already-sent') !== null) resBody = { skipped: 'written-directly' };
    else if (type === 'text/event-stream') resBody = { skipped: 'event-stream' };
    else if (!textual(type) && lengthHeader(res.headers) !== undefined) resBody = { skipped: 'binary', bytes: lengthHeader(res.headers)! };
    else {
      try {
        const copy = cloneKeepingHeaders(res);
        resBody = textual(type)
          ? copy.text().then(keptText)
          : byteCount(copy.body).then((bytes) => ({ skipped: 'binary' as const, bytes }));
      } catch {
        resBody = { skipped: 'unread' };
      }
    }
    const settle = (target: 'req' | 'res', b: RecordedBody): void => void Object.assign(ex[target], b);
    const unread = (): RecordedBody => ({ skipped: 'unread' });
    if (!(started.reqBody instanceof Promise) && !(resBody instanceof Promise)) {
      settle('req', started.reqBody);
      settle('res', resBody);
      this.#write(ex);
      return res;
    }
    const done = Promise.all([Promise.resolve(started.reqBody).catch(unread), Promise.resolve(resBody).catch(unread)]).then(([rq, rs]) => {
      if (!this.#open.delete(ex)) return; // already written by a flush that gave up on it
      settle('req', rq);
      settle('res', rs);
      this.#write(ex);
    });
    this.#open.set(ex, done);
    return res;
  }

  #write(ex: Exchange): void {
    const line = JSON.stringify(ex) + '\n';
    this.#lines.push(line);
    this.#buffered += line.length;
    if (this.#buffered >= WRITE_AT) this.#drain();
  }

  #drain(): void {
    if (this.#lines.length === 0) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    appendFileSync(this.#file, this.#lines.join(''));
    this.#lines = [];
    this.#buffered = 0;
  }

  /**
   * Waits up to `timeoutMs` for bodies still being read, writes those that never finish (a stream
   * nobody ends) with `skipped: 'unread'`, and appends everything buffered to the file.
   */
  async flush(timeoutMs = 2_000): Promise<void> {
    if (this.#open.size > 0) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all(this.#open.values()), timeout]);
      clearTimeout(timer);
      for (const ex of [...this.#open.keys()]) {
        this.#open.delete(ex);
        if (ex.req.body === undefined && ex.req.skipped === undefined) ex.req.skipped = 'unread';
        if (ex.res.body === undefined && ex.res.skipped === undefined) ex.res.skipped = 'unread';
        this.#write(ex);
      }
    }
    this.#drain();
  }

  /** Requests seen so far (for the recorder's own test). */
  get count(): number {
    return this.#seq;
  }
}
