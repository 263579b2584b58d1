// JSON answers for in-process callers (createDevnet().fetch) that skip Node's body stream until asked (see
// text-body.ts); behind a socket the server adapter's own light Response is kept (see `jsonReply`).
import type { Context } from 'hono';
import { TextBody, nativeClass, standIn } from './text-body.js';

const NativeResponse = nativeClass(globalThis.Response);

/**
 * A fresh header object per response: @hono/node-server writes Content-Length into the object it
 * is given, so a shared constant would carry one response's length into the next.
 */
export function jsonHeaders(): Record<string, string> {
  return { 'content-type': 'application/json; charset=utf-8' };
}

export class JsonResponse extends TextBody<Response> {
  readonly #status: number;
  #headers: Headers | undefined;

  // The body from the text; everything else a Response has (body, blob, ...) from the real one.
  static {
    standIn(JsonResponse, NativeResponse);
  }

  constructor(text: string, status: number) {
    super(text);
    this.#status = status;
  }

  get status(): number {
    return this.#status;
  }

  get ok(): boolean {
    return this.#status >= 200 && this.#status < 300;
  }

  /** One Headers object for the reply's life (the real Response, once built, got a copy of it). */
  get headers(): Headers {
    return (this.#headers ??= new Headers(jsonHeaders()));
  }

  clone(): Response {
    const native = this.built;
    if (native) return new NativeResponse(native.clone().body, { status: this.#status, headers: this.headers });
    const copy = new JsonResponse(this.cloneText() ?? '', this.#status);
    if (this.#headers) copy.#headers = new Headers(this.#headers);
    return copy as unknown as Response;
  }

  protected build(text: string | null): Response {
    return new NativeResponse(text, { status: this.#status, headers: this.headers });
  }
}

/**
 * A JSON answer: a JsonResponse for in-process callers; when a server adapter has installed its own
 * Response (a socket is being served), hono's ordinary one, which that adapter writes out fastest.
 */
export function jsonReply(c: Context, text: string, status: number, extraHeaders?: Record<string, string>): Response {
  if (globalThis.Response === NativeResponse) {
    const res = new JsonResponse(text, status);
    for (const [k, v] of Object.entries(extraHeaders ?? {})) res.headers.set(k, v);
    return res as unknown as Response;
  }
  // Headers go in at construction: a light response of the server adapter may not keep a later set().
  return c.body(text, status as 200, extraHeaders ? { ...jsonHeaders(), ...extraHeaders } : jsonHeaders());
}
