// The defences in front of every route: the Host check (DNS rebinding), cross-site calls of the control
// plane refused (CSRF), and the optional control token.
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { DevnetError, ErrorCode, echo } from '../domain/values/errors.js';
import type { ErrorStatusMode } from './errors.js';
import { failure } from './reply.js';
import { headerOf } from './request-headers.js';

export interface GuardOptions {
  /** Extra Host names answered besides loopback names and IP addresses (`--allowed-host`); `*` answers any. */
  allowedHosts?: readonly string[];
  /** The interface the server is bound to (`--host`): its name is answered too. */
  boundHost?: string;
  /** When set, every /_devnet/* call needs `Authorization: Bearer <token>` (`--control-token`). */
  controlToken?: string;
}

/** `Host: [::1]:8080` -> `::1`, `Example.COM.:80` -> `example.com`. */
export function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end === -1 ? h : h.slice(1, end);
  }
  const colon = h.lastIndexOf(':');
  const name = colon === -1 ? h : h.slice(0, colon);
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/**
 * Which Host names are answered. A DNS-rebinding page reaches the emulator under its own domain
 * name, so names are what is checked: loopback names (`localhost`, `*.localhost`), the bound host,
 * `--allowed-host` names (`.example.com` also covers its subdomains), and IP addresses, which no
 * rebinding page can put in Host (its origin is a domain name).
 */
export function hostRule(o: Pick<GuardOptions, 'allowedHosts' | 'boundHost'>): (hostHeader: string) => boolean {
  const allowed = (o.allowedHosts ?? []).map((h) => h.trim().toLowerCase()).filter((h) => h !== '');
  if (allowed.includes('*')) return () => true;
  const exact = new Set(allowed.filter((h) => !h.startsWith('.')).map((h) => hostName(h)));
  const suffixes = allowed.filter((h) => h.startsWith('.'));
  if (o.boundHost !== undefined) exact.add(hostName(o.boundHost));
  // A client sends the same Host on every request: the last text answered is not parsed again.
  let lastAllowed: string | undefined;
  return (header) => {
    if (header === lastAllowed) return true;
    const name = hostName(header);
    const ok =
      name === 'localhost' ||
      name.endsWith('.localhost') ||
      isIP(name) !== 0 ||
      exact.has(name) ||
      suffixes.some((s) => name === s.slice(1) || name.endsWith(s));
    if (ok) lastAllowed = header;
    return ok;
  };
}

/** Whether the request is for the control plane (decoded path, as the router matches it); `/metrics` counts as one. */
export function isControlPath(path: string): boolean {
  return path === '/_devnet' || path.startsWith('/_devnet/') || path === '/metrics';
}

/**
 * Why a browser marks this request as coming from another site, or undefined when nothing does:
 * `Sec-Fetch-Site` other than `same-origin`/`none`, or an `Origin` (`null` included) whose host is
 * not the one the request was sent to. Clients that send neither header (SDKs, curl, Node) pass.
 */
export function crossSite(origin: string | undefined, fetchSite: string | undefined, requestHost: () => string): string | undefined {
  if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') return `Sec-Fetch-Site: ${echo(fetchSite)}`;
  if (origin === undefined) return undefined;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return `Origin: ${echo(origin)}`;
  }
  return host !== '' && host === requestHost().toLowerCase() ? undefined : `Origin: ${echo(origin)}`;
}

/** Constant-time comparison of a presented token with the configured one (both hashed to one length first). */
function tokenCheck(token: string): (presented: string | undefined) => boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const expected = digest(token);
  return (presented) => presented !== undefined && timingSafeEqual(digest(presented), expected);
}

/** `Authorization: Bearer <token>` -> the token (the scheme in any case). */
function bearer(header: string | undefined): string | undefined {
  return header === undefined ? undefined : /^\s*bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

/** A refusal by the defences: the error, and the headers its answer carries. */
export interface Refusal {
  error: DevnetError;
  headers?: Record<string, string>;
}

/**
 * What the defences refuse, as one check over a request's decoded path (without its namespace prefix),
 * headers and URL: the `Host`, then for the control plane a cross-site call and the control token.
 * `creating`: the request would create a namespace, which no page on another site may do, whatever
 * the path (so a page cannot fill the cap). The middleware and the namespace registry share it.
 */
export function guardCheck(
  o: GuardOptions,
): (path: string, header: (name: string) => string | undefined, url: string, creating?: boolean) => Refusal | undefined {
  const hostAllowed = hostRule(o);
  const tokenOk = o.controlToken === undefined ? undefined : tokenCheck(o.controlToken);
  return (path, header, url, creating = false) => {
    // No Host at all: in-process calls (no socket, so no DNS) and HTTP/1.0.
    const host = header('host');
    if (host !== undefined && !hostAllowed(host)) {
      const name = echo(hostName(host));
      const message = `Host "${name}" is not answered (DNS rebinding defence): use localhost or an IP address, or start the emulator with --allowed-host ${name}`;
      return { error: new DevnetError(ErrorCode.InvalidParam, message, 403) };
    }
    const control = isControlPath(path);
    if (!control && !creating) return undefined;
    const why = crossSite(header('origin'), header('sec-fetch-site'), () => host ?? new URL(url).host);
    if (why !== undefined) {
      const message = creating
        ? `a page on another site cannot create a namespace (${why}); create it first from a test, an SDK or curl (any request to it), then pages may use it`
        : `the control plane answers only its own origin and clients that are not browsers; this request comes from another site (${why})`;
      return { error: new DevnetError(ErrorCode.InvalidParam, message, 403) };
    }
    if (!control || !tokenOk || tokenOk(bearer(header('authorization')))) return undefined;
    const message = 'the control plane needs Authorization: Bearer <token> with the token given to --control-token';
    return {
      error: new DevnetError(ErrorCode.InvalidAPIKey, message, 401),
      headers: { 'www-authenticate': 'Bearer realm="l2-devnet control plane"' },
    };
  };
}

/** The refusals: 403 with code 19 (Host, cross-site), 401 with code 32 (control token), the same in both --error-status modes. */
export function guard(o: GuardOptions, mode: ErrorStatusMode): MiddlewareHandler {
  const check = guardCheck(o);
  // Not async: a request that passes costs no frame of its own.
  return (c, next) => {
    const request = c.req.raw;
    const refusal = check(c.req.path, (name) => headerOf(request, name), c.req.url);
    return refusal === undefined ? next() : Promise.resolve(failure(c, refusal.error, mode, refusal.headers));
  };
}
