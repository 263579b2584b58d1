// JSON answers for in-process callers (createDevnet().fetch) that skip Node's body stream until asked.
//
// Node 20's Response builds a web ReadableStream for every body (about as costly as parsing and
// checking a whole order), and a caller that reads it with json() pays for the stream a second time.
// A JsonResponse keeps the text: status, headers, text(), json() and arrayBuffer() answer from it
// directly; anything else (body, blob, formData, ...) builds the real Response once and defers to it.
// It is a Response to `instanceof`. Behind a socket, @hono/node-server installs its own light
// Response and writes cached text straight out, so there the ordinary path is kept (see `jsonReply`).
import type { Context } from 'hono';
import { jsonHeaders } from './envelope.js';

/** Node's own Response, even when a server adapter has replaced the global with a subclass of it. */
const NativeResponse: typeof Response = (() => {
  let R: typeof Response = globalThis.Response;
  while (Object.getPrototypeOf(R) !== Function.prototype && typeof Object.getPrototypeOf(R) === 'function') R = Object.getPrototypeOf(R) as typeof Response;
  return R;
})();

function unusable(): TypeError {
  return new TypeError('Body is unusable: Body has already been read');
}

export class JsonResponse {
  readonly #status: number;
  #text: string;
  #used = false;
  #headers: Headers | undefined;
  #native: Response | undefined;

  constructor(text: string, status: number) {
    this.#text = text;
    this.#status = status;
  }

  get status(): number {
    return this.#status;
  }

  get ok(): boolean {
    return this.#status >= 200 && this.#status < 300;
  }

  /** Once the real Response exists its headers are the only ones, so no edit can go astray. */
  get headers(): Headers {
    return this.#native?.headers ?? (this.#headers ??= new Headers(jsonHeaders()));
  }

  get bodyUsed(): boolean {
    return this.#native ? this.#native.bodyUsed : this.#used;
  }

  text(): Promise<string> {
    if (this.#native) return this.#native.text();
    if (this.#used) return Promise.reject(unusable());
    this.#used = true;
    return Promise.resolve(this.#text);
  }

  json(): Promise<unknown> {
    return this.text().then((t) => JSON.parse(t) as unknown);
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.text().then((t) => {
      const bytes = new TextEncoder().encode(t);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    });
  }

  clone(): Response {
    if (this.#native) return this.#native.clone();
    if (this.#used) throw unusable();
    const copy = new JsonResponse(this.#text, this.#status);
    if (this.#headers) copy.#headers = new Headers(this.#headers);
    return copy as unknown as Response;
  }

  /**
   * The real Response, built on first need from the text. After a read it is built already read
   * (its body consumed), so it goes on refusing a second read exactly as Node's own would.
   */
  native(): Response {
    if (!this.#native) {
      const real = new NativeResponse(this.#text, { status: this.#status, headers: this.headers });
      if (this.#used) void real.text().catch(() => undefined);
      this.#native = real;
    }
    return this.#native;
  }
}

// Everything else a Response has (body, blob, formData, statusText, type, url, bytes, ...) comes
// from the real one, so a caller never meets a missing member or a failed brand check.
for (const name of Object.getOwnPropertyNames(NativeResponse.prototype)) {
  if (name === 'constructor' || Object.prototype.hasOwnProperty.call(JsonResponse.prototype, name)) continue;
  const d = Object.getOwnPropertyDescriptor(NativeResponse.prototype, name)!;
  if (typeof d.value === 'function') {
    Object.defineProperty(JsonResponse.prototype, name, { value(this: JsonResponse, ...args: unknown[]) { return (this.native() as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args); } });
  } else if (d.get) {
    Object.defineProperty(JsonResponse.prototype, name, { get(this: JsonResponse) { return (this.native() as unknown as Record<string, unknown>)[name]; } });
  }
}
Object.setPrototypeOf(JsonResponse.prototype, NativeResponse.prototype);

/**
 * A JSON answer: a JsonResponse for in-process callers; when a server adapter has installed its own
 * Response (a socket is being served), hono's ordinary one, which that adapter writes out fastest.
 */
export function jsonReply(c: Context, text: string, status: number): Response {
  if (globalThis.Response === NativeResponse) return new JsonResponse(text, status) as unknown as Response;
  return c.body(text, status as 200, jsonHeaders());
}
