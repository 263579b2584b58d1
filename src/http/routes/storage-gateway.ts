// The built-in IPFS gateway: GET /ipfs/{cid}[/{path}] serves stored bytes, so every endpoint URL works offline.
import type { Context, MiddlewareHandler } from 'hono';
import type { Devnet } from '../../core/devnet.js';
import { DevnetError, echo, ErrorCode } from '../../domain/values/errors.js';
import { stringify } from '../../domain/values/json.js';
import { canonicalCid } from '../../ipfs/cid-form.js';
import { loadCidText } from '../../core/storage.js';
import { contentTypeFor } from '../../ipfs/mime.js';
import { jsonHeaders } from '../json-response.js';
import { asText } from '../fields/kinds.js';
import * as v from 'valibot';
import { RouteGroup } from '../route.js';
import { splitPrefix } from '../namespace.js';

/** Path segments after `/ipfs/{cid}` of the raw URL, percent-decoded once; empty ones (`a//b`, a trailing `/`) dropped. */
function segmentsOf(url: string): string[] {
  const out: string[] = [];
  // Raw segments (the router's params are decoded), after any /ns/{name} prefix.
  for (const s of splitPrefix(new URL(url).pathname).rest.split('/').slice(3)) {
    if (s === '') continue;
    try {
      out.push(decodeURIComponent(s));
    } catch {
      throw new DevnetError(ErrorCode.InvalidParam, `path segment ${JSON.stringify(echo(s))} is not valid percent-encoding`, 400);
    }
  }
  return out;
}

/**
 * Everything under /ipfs/ is user content served on the emulator's own origin: `sandbox` gives it an
 * opaque origin (no scripts, no same-origin reads of /_devnet, whose cross-site guard refuses its
 * `Origin: null`), and `nosniff` keeps a browser from reading it as another type than the one sent.
 */
export const sandboxGateway: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('content-security-policy', 'sandbox');
  c.res.headers.set('x-content-type-options', 'nosniff');
};

export function gatewayRoutes(devnet: Devnet): RouteGroup {
  const serve = async (c: Context): Promise<Response> => {
    const cidText = c.req.param('cid')!;
    const cid = (await loadCidText()).parseCid(cidText);
    if (!cid) throw new DevnetError(ErrorCode.InvalidParam, `cid must be a CID (such as bafy…), got ${JSON.stringify(echo(cidText))}`, 400);
    const segments = segmentsOf(c.req.url);
    const where = [canonicalCid(cid), ...segments].join('/');
    const entry = await devnet.storage.read(cid, segments);
    if (!entry) throw new DevnetError(ErrorCode.InvalidParam, `${echo(where)} is not stored here`, 404);
    const headers: Record<string, string> = {
      etag: `"${canonicalCid(entry.cid)}"`,
      'cache-control': 'public, max-age=29030400, immutable',
      'x-ipfs-path': `/ipfs/${where}`,
    };
    if (entry.kind === 'directory') {
      const listing = { cid: canonicalCid(entry.cid), path: `/ipfs/${where}`, entries: entry.entries };
      return c.body(stringify(listing), 200, { ...jsonHeaders(), ...headers });
    }
    headers['content-type'] = contentTypeFor(entry.name);
    headers['content-length'] = entry.size.toString();
    // Pulled chunk by chunk (ReadableStream.from reads the next only when asked): a large file is never held whole.
    return c.body(ReadableStream.from(entry.content()), 200, headers);
  };

  // A file answers its bytes in the media type its name implies; a directory answers its JSON listing.
  const gateway = {
    produces: {
      type: '*/*',
      schema: v.pipe(v.string(), v.metadata({ format: 'binary' }), v.description("the file's bytes, in the media type its name implies")),
    },
    response: v.pipe(
      v.unknown(),
      v.description(
        'a directory: {cid, path, entries: [{name, cid, type: "file" or "directory", size: bytes or null}]}; a stored .json file: its bytes as uploaded (any JSON, so no schema can tell it from a refusal)',
      ),
    ),
    refusals: [400, 404],
    handle: ({ c }: { c: Context }) => serve(c),
  } as const;
  const cid = asText({ description: 'a stored CID' });
  return (
    new RouteGroup({ tag: 'storage', reply: 'plain' })
      // Also at /ipfs/{cid}/, the form of every storage endpoint (the real service's URLs end in '/'):
      // one operation, documented without the slash (x-trailing-slash), as OpenAPI linters require.
      .add('GET', '/ipfs/:cid', {
        summary:
          'The built-in IPFS gateway: a stored file, or a directory listing; also at /ipfs/{cid}/, the form of the storage endpoints',
        params: { cid },
        trailingSlash: true,
        ...gateway,
      })
      .add('GET', '/ipfs/:cid/:path{.+}', {
        summary: 'A file or directory inside a stored directory',
        params: { cid, path: asText({ max: 2048, description: 'the rest of the path inside the directory; may contain "/"' }) },
        ...gateway,
      })
  );
}
