// Header reads of a socket request from the Node request behind it: @hono/node-server builds a web Headers
// object (undici's, every raw header appended and checked) on a request's first header read, which costs
// more than routing and answering a small read, and the guard, the namespace and CORS each read one.
import type { IncomingMessage } from 'node:http';

// The Node request a socket request was built from (set by the server as it hands the request on).
const incomingOf = new WeakMap<Request, Pick<IncomingMessage, 'rawHeaders'>>();

/** Called by the server for each request it built from `incoming`, before anything reads the request. */
export function servedFrom(request: Request, incoming: Pick<IncomingMessage, 'rawHeaders'>): void {
  incomingOf.set(request, incoming);
}

// What a Headers object strips from both ends of a value (HTTP whitespace).
const OUTER_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * Header `name` (lower case) as `request.headers.get(name)` gives it, undefined for null: the values
 * of every line of that name, in order, joined by ", ". Read from the raw lines for a socket request.
 */
export function headerOf(request: Request, name: string): string | undefined {
  const incoming = incomingOf.get(request);
  if (incoming === undefined) return request.headers.get(name) ?? undefined;
  const raw = incoming.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length !== name.length || key.toLowerCase() !== name) continue;
    const v = raw[i + 1]!.replace(OUTER_WHITESPACE, '');
    value = value === undefined ? v : `${value}, ${v}`;
  }
  return value;
}
