// CORS for the emulated API, the gateway and the document (never the control plane): any origin by
// default, as Anvil does; `--cors-origin ORIGIN` (repeatable) restricts it, `--cors-origin none` turns it off.
// The headers are hono/cors's; around it, only what it has no option for: which paths and requests it sees,
// and Chrome's Private Network Access.
import type { MiddlewareHandler } from 'hono';
import { cors as honoCors } from 'hono/cors';
import { isControlPath } from './guard.js';
import { headerOf } from './request-headers.js';

/** `*` any origin; a list: those origins only (as browsers write them: scheme://host[:port]); empty: off. */
export type CorsOrigins = '*' | readonly string[];

/** `https://App.example:443/path` -> `https://app.example`; undefined when it is no http(s) origin. */
export function corsOriginOf(text: string): string | undefined {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The middleware, or undefined when CORS is off (no header is ever added, OPTIONS stays unrouted). */
export function cors(origins: CorsOrigins): MiddlewareHandler | undefined {
  const any = origins === '*';
  if (!any && origins.length === 0) return undefined;
  const allowed = new Set(any ? [] : origins);
  const headers = honoCors({
    origin: any ? '*' : (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    maxAge: 600,
  });
  const withHeaders: MiddlewareHandler = async (c, next) => {
    const res = await headers(c, next);
    // Chrome's Private Network Access: a public page may call the emulator on the developer's machine.
    if (res && c.req.header('access-control-request-private-network') === 'true')
      res.headers.set('access-control-allow-private-network', 'true');
    return res;
  };
  // Not async: a request CORS has nothing to do with costs no frame of its own.
  return (c, next) => {
    const path = c.req.path;
    if (isControlPath(path)) return next();
    const origin = headerOf(c.req.raw, 'origin');
    // Without an Origin header nothing is CORS, except that a gateway answer may be cached and
    // later reused for a cross-origin read: it carries the header either way, as public gateways do.
    if (origin === undefined && !path.startsWith('/ipfs/')) return next();
    // hono/cors answers every OPTIONS as a preflight: only a browser's preflight from an allowed origin is one here.
    const preflight = c.req.method === 'OPTIONS' && c.req.header('access-control-request-method') !== undefined;
    if (c.req.method === 'OPTIONS' && !(preflight && (any || allowed.has(origin!)))) return next();
    return withHeaders(c, next);
  };
}
