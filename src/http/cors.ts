// CORS for the emulated API, the gateway and the document (never the control plane): any origin by
// default, as Anvil does; `--cors-origin ORIGIN` (repeatable) restricts it, `--cors-origin none` turns it off.
import type { Context, MiddlewareHandler } from 'hono';
import { isControlPath } from './guard.js';

/** `*` any origin; a list: those origins only (as browsers write them: scheme://host[:port]); empty: off. */
export type CorsOrigins = '*' | readonly string[];

const METHODS = 'GET, POST, DELETE, OPTIONS';
/** What browser apps send (the marketplace app: x-api-key and content-type), when a preflight names nothing. */
const HEADERS = 'content-type, x-api-key';
/** Header names as a preflight lists them: anything else in the list is not echoed back. */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

/** `https://App.example:443/path` -> `https://app.example`; undefined when it is no http(s) origin. */
export function corsOriginOf(text: string): string | undefined {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

function preflight(c: Context, allowOrigin: string, any: boolean): Response {
  const requested = c.req.header('access-control-request-headers');
  const headers: Record<string, string> = {
    'access-control-allow-origin': allowOrigin,
    'access-control-allow-methods': METHODS,
    'access-control-allow-headers': requested !== undefined && HEADER_LIST.test(requested.trim()) ? requested.trim() : HEADERS,
    'access-control-max-age': '600',
    vary: any ? 'Access-Control-Request-Headers' : 'Origin, Access-Control-Request-Headers',
  };
  // Chrome's Private Network Access: a public page may call the emulator on the developer's machine.
  if (c.req.header('access-control-request-private-network') === 'true') headers['access-control-allow-private-network'] = 'true';
  return new Response(null, { status: 204, headers });
}

/** The middleware, or undefined when CORS is off (no header is ever added, OPTIONS stays unrouted). */
export function cors(origins: CorsOrigins): MiddlewareHandler | undefined {
  const any = origins === '*';
  if (!any && origins.length === 0) return undefined;
  const allowed = new Set(any ? [] : origins);
  return (c, next) => {
    const path = c.req.path;
    if (isControlPath(path)) return next();
    const origin = c.req.header('origin');
    // Without an Origin header nothing is CORS, except that a gateway answer may be cached and
    // later reused for a cross-origin read: it carries the header either way, as public gateways do.
    if (origin === undefined) {
      if (!path.startsWith('/ipfs/')) return next();
      return next().then(() => {
        if (any) c.res.headers.set('access-control-allow-origin', '*');
        else c.res.headers.append('vary', 'Origin');
      });
    }
    const ok = any || allowed.has(origin);
    if (ok && c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined) return Promise.resolve(preflight(c, any ? '*' : origin, any));
    return next().then(() => {
      if (ok) c.res.headers.set('access-control-allow-origin', any ? '*' : origin);
      if (!any) c.res.headers.append('vary', 'Origin');
    });
  };
}
