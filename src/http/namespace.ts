// Namespaces on the wire: which namespace a request names (the /ns/{name} prefix or the
// x-devnet-namespace header), what a name may be, and the path a namespace's own app routes on.
import { getPath } from 'hono/utils/url';
import * as v from 'valibot';
import { DevnetError, ErrorCode } from '../domain/values/errors.js';
import { count, text } from '../domain/values/wire.js';
import { jsonHeaders } from './json-response.js';
import { failedBody } from './reply.js';
import { headerOf } from './request-headers.js';

/** The namespace of unprefixed requests without the header: the emulator as it always was. */
export const DEFAULT_NAMESPACE = 'default';
export const NAMESPACE_HEADER = 'x-devnet-namespace';
export const NAMESPACE_PREFIX = '/ns/';
export const MAX_NAMESPACE_LENGTH = 63;
/**
 * Lower-case letters, digits, `-` and `_`, starting with a letter or digit, 1 to 63 characters: a
 * name is a URL path segment and a directory name as it is, the same on case-insensitive disks.
 */
export const NAMESPACE_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** The status of a malformed or conflicting name, in both --error-status modes: it is a malformed URL, like an unknown route. */
export const NAMESPACE_NAME_STATUS = 400;

/** `name` if it is a valid namespace name; a FAILED 400 (code 19) naming `where` otherwise. */
export function checkNamespaceName(name: string, where: string): string {
  if (NAMESPACE_NAME.test(name)) return name;
  const shown = JSON.stringify(name.length > 80 ? name.slice(0, 80) + '…' : name);
  const why =
    name === ''
      ? 'is empty'
      : name.length > MAX_NAMESPACE_LENGTH
        ? `is ${name.length} characters long (at most ${MAX_NAMESPACE_LENGTH})`
        : 'may hold only a-z, 0-9, "-" and "_", starting with a letter or digit';
  throw new DevnetError(ErrorCode.InvalidParam, `namespace ${where} ${why}, got ${shown}`, NAMESPACE_NAME_STATUS);
}

/** The name in a `/ns/{name}` prefix (undefined without one), and the path after it. */
export function splitPrefix(path: string): { name: string | undefined; rest: string } {
  if (!path.startsWith(NAMESPACE_PREFIX) && path !== '/ns') return { name: undefined, rest: path };
  const from = Math.min(path.length, NAMESPACE_PREFIX.length);
  const slash = path.indexOf('/', from);
  return slash === -1 ? { name: path.slice(from), rest: '/' } : { name: path.slice(from, slash), rest: path.slice(slash) };
}

// The namespace and the route are both read from the path as the router decodes it (hono's getPath:
// `%6E` is `n`, `%2F` stays): `/%6Es/alpha/...` is `/ns/alpha/...` for both (RFC 3986 6.2.2.2).

/** The path a namespace's app routes on: the decoded path without its `/ns/{name}` prefix. */
export function unprefixedPath(request: Request): string {
  return splitPrefix(getPath(request)).rest;
}

/**
 * The namespace a request names: its `/ns/{name}` prefix, else its `x-devnet-namespace` header, else
 * `default`. Both may be sent if they agree. A bad or conflicting name is a FAILED 400 (code 19).
 */
export function namespaceOf(request: Request): string {
  const { name: prefixed } = splitPrefix(getPath(request));
  const header = headerOf(request, NAMESPACE_HEADER);
  const fromHeader =
    header === undefined || header.trim() === '' ? undefined : checkNamespaceName(header.trim(), `header ${NAMESPACE_HEADER}`);
  if (prefixed === undefined) return fromHeader ?? DEFAULT_NAMESPACE;
  checkNamespaceName(prefixed, 'in the path /ns/{name}');
  if (fromHeader !== undefined && fromHeader !== prefixed) {
    throw new DevnetError(
      ErrorCode.InvalidParam,
      `namespace conflict: the path names "${prefixed}" and header ${NAMESPACE_HEADER} names "${fromHeader}"`,
      NAMESPACE_NAME_STATUS,
    );
  }
  return prefixed;
}

/** The origin a request's namespace is reached at: its files are served under its prefix, so a gateway link works without the header. */
export function namespacedOrigin(request: Request): string {
  const ns = namespaceOf(request);
  return new URL(request.url).origin + (ns === DEFAULT_NAMESPACE ? '' : `${NAMESPACE_PREFIX}${ns}`);
}

/** A namespace refusal answered before any namespace's app sees the request. */
export function namespaceRefusal(error: DevnetError, headers?: Record<string, string>): Response {
  return new Response(failedBody(error), { status: error.httpStatus ?? 400, headers: { ...jsonHeaders(), ...headers } });
}

/** What the control routes of namespaces read and change (the registry implements it). */
export interface NamespaceDirectory {
  list(): NamespaceListing;
  /** Deletes a namespace and its state; refuses `default` and unknown names. */
  remove(name: string): void;
}

/** GET /_devnet/namespaces without `current`: every namespace, the cap and the idle TTL. */
export const NAMESPACE_LISTING = {
  namespaces: v.array(
    v.strictObject({
      name: text('the namespace: /ns/{name}/... or x-devnet-namespace; "default" is the unprefixed one'),
      idle_seconds: count('seconds since its last request, by the host clock'),
      state_dir: v.pipe(
        v.nullable(v.string()),
        v.description('with --state: its directory (DIR for default, DIR/ns/{name} for the others); null in memory'),
      ),
    }),
  ),
  max_namespaces: count('how many namespaces may exist besides default (--max-namespaces)'),
  ttl_seconds: v.pipe(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1))),
    v.description('idle namespaces are deleted after this many seconds (--namespace-ttl); null: never'),
  ),
};

export type NamespaceListing = v.InferOutput<v.ObjectSchema<typeof NAMESPACE_LISTING, undefined>>;
