// Requests for in-process callers (createDevnet().fetch takes fetch's arguments): a plain call (a string body or
// none, a usual method, only method, headers and body in init) becomes a TextRequest (see text-body.ts); anything
// else becomes Node's own Request, which also throws fetch's TypeErrors for what fetch refuses.
import { TextBody, nativeClass, standIn } from './text-body.js';

const NativeRequest = nativeClass(globalThis.Request);

/** Methods fetch upper-cases (any other keeps its spelling, so only these and 'PATCH' stay plain). */
const NORMALIZED: ReadonlyMap<string, string> = new Map(
  ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT'].map((m) => [m.toLowerCase(), m]),
);
/** What fetch gives a string body that arrives without a content type. */
const TEXT_TYPE = 'text/plain;charset=UTF-8';

export class TextRequest extends TextBody<Request> {
  readonly #url: string;
  readonly #method: string;
  readonly #headers: Headers;

  // The body from the text; everything else a Request has (body, blob, signal, ...) from the real one.
  static {
    standIn(TextRequest, NativeRequest);
  }

  constructor(url: string, method: string, headers: Headers, text: string | null) {
    super(text);
    this.#url = url;
    this.#method = method;
    this.#headers = headers;
  }

  get url(): string {
    return this.#url;
  }

  get method(): string {
    return this.#method;
  }

  /** One Headers object for the request's life (the real Request, once built, got a copy of it). */
  get headers(): Headers {
    return this.#headers;
  }

  clone(): Request {
    const native = this.built;
    if (native) return new NativeRequest(native.clone(), { headers: this.#headers });
    return new TextRequest(this.#url, this.#method, new Headers(this.#headers), this.cloneText()) as unknown as Request;
  }

  protected build(body: string | null): Request {
    return new NativeRequest(this.#url, { method: this.#method, headers: this.#headers, body });
  }
}

/** The RequestInit members a TextRequest does not carry; Node reads each by name, so this does too. */
const OTHER_INIT = [
  'signal',
  'redirect',
  'keepalive',
  'duplex',
  'mode',
  'credentials',
  'cache',
  'integrity',
  'referrer',
  'referrerPolicy',
  'window',
  'priority',
  'dispatcher',
];

/** Whether init holds only what a TextRequest carries (members set to undefined count as absent). */
function plainInit(init: RequestInit): boolean {
  for (const key of OTHER_INIT) if ((init as Record<string, unknown>)[key] !== undefined) return false;
  return true;
}

/** The URL as fetch parses it, except that a bare path ('/v1/...', not '//host') resolves against `base`. */
function parseUrl(input: string, base: string): URL {
  try {
    return input.startsWith('/') && !input.startsWith('//') ? new URL(input, base) : new URL(input);
  } catch (cause) {
    throw new TypeError(`Failed to parse URL from ${input}`, { cause });
  }
}

/** The Request that `fetch(input, init)` stands for. A Request passed alone is answered as it is. */
export function toRequest(input: Request | string | URL, init: RequestInit | undefined, base: string): Request {
  if (input instanceof NativeRequest) {
    if (init === undefined) return input;
    return new NativeRequest(input instanceof TextRequest ? input.native() : input, init);
  }
  const url = parseUrl(String(input), base);
  const options = init ?? {};
  const raw = options.method;
  const method =
    raw === undefined ? 'GET' : raw === 'PATCH' ? raw : typeof raw === 'string' ? NORMALIZED.get(raw.toLowerCase()) : undefined;
  const body = options.body ?? null;
  const plain =
    method !== undefined &&
    (body === null || (typeof body === 'string' && method !== 'GET' && method !== 'HEAD')) &&
    url.username === '' &&
    url.password === '' &&
    !url.href.includes('#') &&
    plainInit(options);
  if (!plain) return new NativeRequest(url, options);
  const headers = new Headers(options.headers);
  if (body !== null && !headers.has('content-type')) headers.set('content-type', TEXT_TYPE);
  return new TextRequest(url.href, method, headers, body) as unknown as Request;
}
