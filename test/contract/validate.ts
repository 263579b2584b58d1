// Checks recorded exchanges against an OpenAPI 3.1 document.
//
// Routing and request validation are openapi-backend's (OpenAPIRouter, OpenAPIValidator) with Ajv's
// JSON Schema 2020-12 class plugged in through `customizeAjv`, so 3.1 keywords (const, type arrays,
// `type: 'null'`, unevaluatedProperties, ...) are honoured. openapi-backend's OpenAPIBackend class
// is not used: its init() validates the document against the OAS 3.0 meta-schema and rejects any
// 3.1 document; the structural check of the document is Redocly's (lint.check.ts).
//
// What openapi-backend leaves out is done here, with the same Ajv setup: whether the response status
// is documented at all (its validateResponse passes an undocumented status silently), whether the
// response and request media types are documented, bodies that are not application/json, and
// whether the declared security matches what the app enforced.
//
// The verdict on the request side depends on the answer: a request that breaks its schema and is
// refused (FAILED envelope or 4xx/5xx) is the document and the app agreeing (tests send bad requests
// on purpose); one the app accepted is a mismatch (the document is stricter than the app).
import { getPath } from 'hono/utils/url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, Options as AjvOptions, ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import { OpenAPIRouter, OpenAPIValidator } from 'openapi-backend';
import type { Operation } from 'openapi-backend';
import { dereference } from 'openapi-backend/refparser.js';
import type { Exchange } from './traffic.js';
import { mediaType } from './recorder.js';

// ajv-formats is CommonJS with a default export; under NodeNext its default import is the module.
const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ?? formatsModule) as unknown as (
  ajv: Ajv2020,
) => Ajv2020;

/** What kind of disagreement; the findings are grouped by operation and this. */
export type Reason =
  | 'route.undocumented-path'
  | 'route.undocumented-method'
  | 'route.wildcard-path'
  | 'request.path-params'
  | 'request.query'
  | 'request.body'
  | 'request.body.undocumented'
  | 'request.content-type'
  | 'security.not-enforced'
  | 'security.undeclared'
  | 'response.status'
  | 'response.content-type'
  | 'response.content.undocumented'
  | 'response.body.not-json'
  | 'response.body'
  | 'response.body.failed-under-2xx'
  | 'schema.compile';

export interface Mismatch {
  /** `METHOD /template (operationId)`, or `METHOD /path` with ids masked when nothing matched. */
  operation: string;
  reason: Reason;
  /** What failed, for grouping: Ajv keyword and message with its parameter, or a fixed sentence. */
  message: string;
  /** Where in the document the failing schema is (after $refs are inlined). */
  schemaPath?: string;
  /** Where in the request or response (array indices as `*`). */
  instancePath?: string;
  exchange: Exchange;
}

/** How an exchange came out: matched and clean, matched with mismatches, or unmatched. */
export interface Verdict {
  exchange: Exchange;
  operation: string | undefined;
  /** The app answered its own not-found for a path the document does not have either: consistent. */
  unrouted: boolean;
  /** The request broke its schema and the app refused it: consistent, kept for the findings. */
  refusedInvalid: Mismatch[];
  mismatches: Mismatch[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Doc = { paths?: Record<string, Record<string, unknown>> } & Record<string, unknown>;
interface MediaObject {
  schema?: Record<string, unknown>;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}

/** OpenAPI's own formats (as openapi-backend registers them on its default Ajv). */
const OAS_FORMATS: Record<string, { type: 'number' | 'string'; validate: ((v: number) => boolean) | ((v: string) => boolean) | RegExp }> = {
  int32: { type: 'number', validate: (v: number) => Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31 },
  int64: { type: 'number', validate: (v: number) => Number.isInteger(v) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
  byte: { type: 'string', validate: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/ },
  binary: { type: 'string', validate: () => true },
  password: { type: 'string', validate: () => true },
};

/** Ajv for JSON Schema 2020-12 with every error reported, standard and OpenAPI formats. */
export function ajv2020(options: AjvOptions = {}): Ajv2020 {
  // strict: false because OpenAPI schemas carry annotations Ajv does not know (example, xml, discriminator, ...).
  const ajv = new Ajv2020({ ...options, strict: false, allErrors: true });
  addFormats(ajv);
  for (const [name, format] of Object.entries(OAS_FORMATS)) ajv.addFormat(name, format as never);
  return ajv;
}

/** `/v1/x/0xabc/12` -> `/v1/x/{hex}/{n}`: unmatched URLs group by shape, not by id. */
export function maskPath(path: string): string {
  return path
    .split('/')
    .map((s) => {
      if (/^\d+$/.test(s)) return '{n}';
      if (/^0x[0-9a-f]+$/i.test(s)) return '{hex}';
      if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s)) return '{uuid}';
      if (/^(baf[a-z2-7]{40,}|Qm[1-9A-HJ-NP-Za-km-z]{44})$/.test(s)) return '{cid}';
      return s;
    })
    .join('/');
}

/** Ajv instance paths with array indices as `*` (so one group covers every element). */
function generalize(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/*');
}

function explain(e: ErrorObject): string {
  const p = e.params as Record<string, unknown>;
  const extra =
    p.additionalProperty !== undefined
      ? ` '${String(p.additionalProperty)}'`
      : p.missingProperty !== undefined
        ? ` '${String(p.missingProperty)}'`
        : p.allowedValue !== undefined
          ? ` (${JSON.stringify(p.allowedValue)})`
          : p.allowedValues !== undefined
            ? ` (${JSON.stringify(p.allowedValues)})`
            : p.passingSchemas !== undefined && p.passingSchemas !== null
              ? ` (passing: ${JSON.stringify(p.passingSchemas)})`
              : p.unevaluatedProperty !== undefined
                ? ` '${String(p.unevaluatedProperty)}'`
                : '';
  const message = e.message ?? '';
  return `${e.keyword}: ${message}${extra && !message.includes(extra.trim().replace(/^'|'$/g, '')) ? extra : ''}`;
}

/**
 * One error per failed oneOf/anyOf instead of one per branch: the branch errors (the first of each
 * branch) go into its message, so a body that fits no branch is one finding, not one per property.
 */
export function foldAlternatives(errors: readonly ErrorObject[]): ErrorObject[] {
  const alternatives = errors.filter(
    (e) => (e.keyword === 'oneOf' || e.keyword === 'anyOf') && !(e.params as { passingSchemas?: unknown }).passingSchemas,
  );
  if (alternatives.length === 0) return [...errors];
  const under = (e: ErrorObject, alt: ErrorObject): boolean =>
    e !== alt && e.schemaPath.startsWith(alt.schemaPath + '/') && e.instancePath.startsWith(alt.instancePath);
  const out: ErrorObject[] = [];
  for (const e of errors) {
    if (alternatives.some((alt) => under(e, alt))) continue;
    if (!alternatives.includes(e)) {
      out.push(e);
      continue;
    }
    const firstPerBranch = new Map<string, ErrorObject>();
    for (const sub of errors) {
      if (!under(sub, e)) continue;
      const branch = sub.schemaPath.slice(e.schemaPath.length + 1).split('/')[0]!;
      if (!firstPerBranch.has(branch)) firstPerBranch.set(branch, sub);
    }
    const branches = [...firstPerBranch].map(([b, sub]) => `[${b}] ${explain(sub)} at ${sub.instancePath || '/'}`).join('; ');
    out.push({ ...e, message: `${e.message ?? ''}: fits no branch (${branches})` });
  }
  return out;
}

/** The FAILED envelope's schema (after dereferencing: its `status` is the constant FAILED). */
function isFailedSchema(schema: unknown): boolean {
  const status = (schema as { properties?: { status?: { const?: unknown } } } | null)?.properties?.status;
  return status?.const === 'FAILED';
}

/** In `oneOf [answer, Failed]`, the answer's branch: the only one that is not the FAILED envelope. */
function okBranch(schema: Record<string, unknown>): { index: number; schema: Record<string, unknown> } | undefined {
  const branches = schema.oneOf;
  if (!Array.isArray(branches) || !branches.some(isFailedSchema)) return undefined;
  const others = branches.map((b, index) => ({ index, schema: b as Record<string, unknown> })).filter((b) => !isFailedSchema(b.schema));
  return others.length === 1 ? others[0] : undefined;
}

/** The body parsed as JSON, or undefined when it is not JSON. */
function parseJson(text: string | undefined): Json | undefined {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** The app refused: an HTTP error status, or the FAILED envelope (fidelity mode answers refusals 200). */
export function refused(ex: Exchange): boolean {
  if (ex.res.status >= 400) return true;
  const body = parseJson(ex.res.body);
  return typeof body === 'object' && body !== null && !Array.isArray(body) && body.status === 'FAILED';
}

export function errorCode(ex: Exchange): number | undefined {
  const body = parseJson(ex.res.body);
  return typeof body === 'object' && body !== null && !Array.isArray(body) && typeof body.error_code === 'number'
    ? body.error_code
    : undefined;
}

/** src/emulator/app.ts's not-found answers: `no route METHOD /path` (404), `METHOD is not allowed on /path` (405), in both error-status modes. */
function appNotFound(ex: Exchange): boolean {
  const body = parseJson(ex.res.body);
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    typeof body.error === 'string' &&
    ((ex.res.status === 404 && body.error.startsWith('no route ')) || (ex.res.status === 405 && body.error.includes(' is not allowed on ')))
  );
}

/**
 * src/http/guard.ts's refusals, which come before routing and so answer any path, documented or not:
 * 403 code 19 (a Host not answered, a cross-site control call). On documented paths they fall under 4XX.
 */
function guardRefusal(ex: Exchange): boolean {
  return ex.res.status === 403 && errorCode(ex) === 19;
}

/** A CORS preflight (src/http/cors.ts): OPTIONS answered 204 with no body, on any path CORS covers. Not an API operation. */
function corsPreflight(ex: Exchange): boolean {
  return ex.req.method === 'OPTIONS' && ex.res.status === 204 && (ex.res.body ?? '') === '';
}

/** The documented response for a status: exact, then `2XX`, then `default`. */
function responseFor(responses: Record<string, unknown> | undefined, status: number): [string, ResponseObject] | undefined {
  if (!responses) return undefined;
  for (const key of [String(status), `${Math.floor(status / 100)}XX`, `${Math.floor(status / 100)}xx`, 'default']) {
    if (responses[key] !== undefined) return [key, responses[key] as ResponseObject];
  }
  return undefined;
}

/** The content key a media type falls under: exact, then `type/*`, then `*\/*`. */
function contentKey(content: Record<string, unknown>, type: string): string | undefined {
  const keys = Object.keys(content);
  const lower = new Map(keys.map((k) => [mediaType(k), k]));
  return lower.get(type) ?? lower.get(`${type.split('/')[0]}/*`) ?? lower.get('*/*');
}

const isJsonType = (type: string): boolean => type === 'application/json' || type.endsWith('+json');

export class ContractValidator {
  readonly router: OpenAPIRouter;
  readonly #validator: OpenAPIValidator;
  readonly #ajv = ajv2020();
  readonly #compiled = new Map<string, ValidateFunction | Error>();

  /** `METHOD path` -> operation: the router rebuilds its operation list and a RegExp per template on every match. */
  readonly #matched = new Map<string, Operation | undefined>();

  /**
   * The document's own path rule, from a vendor extension on an operation: `x-path-rest: name` (that
   * parameter takes the rest of the path, '/' included). A path that only such a rule matches is
   * rewritten to the operation's template form (the rest's '/' encoded) before routing.
   */
  readonly #pathRules: { method: string; pattern: RegExp; rewrite: (m: RegExpExecArray) => string }[] = [];

  /**
   * The document's servers that are a path template (`/ns/{namespace}`): a request under one is the
   * path after it, as OpenAPI joins a server's URL and a path. `/` is the router's own apiRoot.
   */
  readonly #serverPrefixes: RegExp[] = [];

  private constructor(readonly definition: Doc) {
    this.router = new OpenAPIRouter({ definition: definition as never, apiRoot: '/', ignoreTrailingSlashes: false });
    for (const server of (definition as { servers?: { url: string }[] }).servers ?? []) {
      if (server.url.startsWith('/') && server.url !== '/')
        this.#serverPrefixes.push(
          new RegExp(
            '^' +
              server.url
                .replace(/\/+$/, '')
                .split(/\{[^}]+\}/)
                .map(escapeRegExp)
                .join('[^/]+') +
              '(?=/|$)',
          ),
        );
    }
    // The document never changes here: flatten its operations once (the router's own getOperations runs a lodash chain per call).
    const operations = this.router.getOperations();
    this.router.getOperations = () => operations;
    for (const op of operations) {
      const o = op as Operation & { 'x-path-rest'?: string; 'x-trailing-slash'?: boolean };
      if (o['x-trailing-slash'] === true) {
        // The operation answers at its path with a trailing slash too: such a path is routed without it.
        const pattern = new RegExp(
          `^(${o.path
            .split(/\{[^}]+\}/)
            .map(escapeRegExp)
            .join('[^/]+')})/$`,
        );
        this.#pathRules.push({ method: o.method, pattern, rewrite: (m) => m[1]! });
      }
      const rest = o['x-path-rest'];
      if (rest !== undefined) {
        const names = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
        const pattern = new RegExp(
          '^' +
            o.path
              .split(/\{[^}]+\}/)
              .map(escapeRegExp)
              .reduce((acc, seg, i) => acc + (i === 0 ? seg : (names[i - 1] === rest ? '(.+)' : '([^/]+)') + seg), '') +
            '$',
        );
        this.#pathRules.push({
          method: o.method,
          pattern,
          rewrite: (m) => names.reduce((p, n, i) => p.replace(`{${n}}`, n === rest ? m[i + 1]!.replaceAll('/', '%2F') : m[i + 1]!), o.path),
        });
      }
    }
    this.#validator = new OpenAPIValidator({
      definition: definition as never,
      router: this.router,
      ajvOpts: { strict: false, allErrors: true },
      // openapi-backend builds a draft-07 Ajv per context (coerceTypes for parameters); a 2020-12 one replaces it with the same options.
      customizeAjv: (_draft07, opts) => ajv2020(opts) as never,
      // Compiled on first use, so one schema Ajv cannot compile fails its own operation, not the whole check.
      lazyCompileValidators: true,
    });
  }

  /** A validator for `document` (not modified: $refs are inlined in a copy). */
  static async create(document: unknown): Promise<ContractValidator> {
    const definition = (await dereference(structuredClone(document) as never)) as unknown as Doc;
    return new ContractValidator(definition);
  }

  /** Every documented operation as `METHOD /template (operationId)`. */
  operations(): string[] {
    return this.router.getOperations().map((op) => label(op));
  }

  /** The path as the document's templates see it: rewritten by the first of its path rules that matches. */
  routedPath(method: string, fullPath: string): string {
    const prefix = this.#serverPrefixes.map((p) => p.exec(fullPath)).find((m) => m !== null);
    const path = prefix ? fullPath.slice(prefix[0].length) || '/' : fullPath;
    for (const rule of this.#pathRules) {
      if (rule.method !== method.toLowerCase()) continue;
      const m = rule.pattern.exec(path);
      if (m) return rule.rewrite(m);
    }
    return path;
  }

  check(ex: Exchange): Verdict {
    const url = new URL(ex.req.url);
    // Decoded as the server's router decodes it (`/%6Es/alpha/` is `/ns/alpha/`, an encoded slash stays).
    const path = this.routedPath(ex.req.method, getPath(new Request(url)));
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of url.searchParams) {
      const prev = query[k];
      query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    const headers: Record<string, string> = ex.req.contentType !== undefined ? { 'content-type': ex.req.contentType } : {};
    const body = ex.req.skipped === undefined && !ex.req.truncated && ex.req.body !== '' ? ex.req.body : undefined;
    const request = { method: ex.req.method, path, query, headers, ...(body !== undefined ? { body } : {}) };

    const matchKey = `${ex.req.method} ${path}`;
    if (!this.#matched.has(matchKey)) this.#matched.set(matchKey, this.router.matchOperation(request as never) as Operation | undefined);
    const op = this.#matched.get(matchKey);
    if (!op) {
      const name = this.#unmatchedLabel(ex.req.method, path);
      if (appNotFound(ex) || guardRefusal(ex) || corsPreflight(ex))
        return { exchange: ex, operation: undefined, unrouted: true, refusedInvalid: [], mismatches: [] };
      // A hono wildcard kept in the document ('/ipfs/{cid}/*') is a literal '*' to OpenAPI: name the operation it was meant to be.
      const wildcard = this.router
        .getOperations()
        .find(
          (o) =>
            o.path.includes('*') &&
            o.method === ex.req.method.toLowerCase() &&
            new RegExp(templatePattern(o.path).replace(/\\\*/g, '.*')).test(path),
        );
      if (wildcard) {
        return {
          exchange: ex,
          operation: label(wildcard),
          unrouted: false,
          refusedInvalid: [],
          mismatches: [
            {
              operation: label(wildcard),
              reason: 'route.wildcard-path',
              message: `'${wildcard.path}' has a literal '*', not an OpenAPI path template, so no request path matches it`,
              schemaPath: `paths['${wildcard.path}']`,
              exchange: ex,
            },
          ],
        };
      }
      const pathKnown = this.router.getOperations().some((o) => new RegExp(templatePattern(o.path)).test(path));
      return {
        exchange: ex,
        operation: undefined,
        unrouted: false,
        refusedInvalid: [],
        mismatches: [
          {
            operation: name,
            reason: pathKnown ? 'route.undocumented-method' : 'route.undocumented-path',
            message: pathKnown ? `the path is documented, ${ex.req.method} is not` : 'no path template matches',
            exchange: ex,
          },
        ],
      };
    }
    const name = label(op);
    const out: Mismatch[] = [];
    const invalid: Mismatch[] = [];
    const wasRefused = refused(ex);
    const requestSide = (m: Omit<Mismatch, 'operation' | 'exchange'>): void =>
      void (wasRefused ? invalid : out).push({ operation: name, exchange: ex, ...m });
    const at = `paths['${op.path}'].${op.method}`;

    // Request body: documented at all, in this media type, and to its schema.
    const requestBody = op.requestBody as { content?: Record<string, MediaObject> } | undefined;
    // The app reads every body as JSON text whatever its content type; a body sent with none (curl, a raw socket) is JSON to it.
    const reqType = mediaType(ex.req.contentType) || 'application/json';
    const sentBody = ex.req.skipped !== undefined || (ex.req.body ?? '') !== '';
    if (sentBody && !requestBody) {
      const parsed = parseJson(ex.req.body);
      const shape =
        typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
          ? Object.keys(parsed).length
            ? `keys ${Object.keys(parsed).sort().join(', ')}`
            : 'an empty object'
          : (ex.req.skipped ?? 'a non-object');
      requestSide({
        reason: 'request.body.undocumented',
        message: `a body (${reqType || 'no content-type'}; ${shape}) was sent; no requestBody is documented`,
        schemaPath: at,
      });
    } else if (sentBody && requestBody?.content && contentKey(requestBody.content, reqType) === undefined) {
      requestSide({
        reason: 'request.content-type',
        message: `request media type '${reqType || '(none)'}' is not one of ${JSON.stringify(Object.keys(requestBody.content))}`,
        schemaPath: `${at}.requestBody.content`,
      });
    }
    // Parameters and JSON body (openapi-backend: path template params, query with coercion, no undocumented query params).
    try {
      const result = this.#validator.validateRequest(request as never, op);
      // A body not kept (multipart, binary, truncated) is not judged; an empty one is.
      const bodyKept = ex.req.skipped === undefined && !ex.req.truncated;
      for (const e of foldAlternatives(result.errors ?? [])) {
        const where = e.instancePath.startsWith('/path')
          ? 'request.path-params'
          : e.instancePath.startsWith('/query')
            ? 'request.query'
            : 'request.body';
        if (where === 'request.body' && !bodyKept) continue;
        requestSide({
          reason: where,
          message: explain(e),
          schemaPath: requestSchemaPath(at, op, e),
          instancePath: generalize(e.instancePath),
        });
      }
    } catch (err) {
      out.push({
        operation: name,
        reason: 'schema.compile',
        message: `request schemas do not compile: ${(err as Error).message}`,
        schemaPath: at,
        exchange: ex,
      });
    }

    // Security: declared vs enforced.
    const security = (op.security ?? []) as Record<string, unknown>[];
    const needsKey = security.length > 0 && !security.some((s) => Object.keys(s).length === 0);
    if (needsKey && !ex.req.apiKey && !wasRefused) {
      out.push({
        operation: name,
        reason: 'security.not-enforced',
        message: 'answered without x-api-key, but the operation declares security',
        schemaPath: `${at}.security`,
        exchange: ex,
      });
    }
    if (security.length === 0 && errorCode(ex) === 32) {
      out.push({
        operation: name,
        reason: 'security.undeclared',
        message: 'refused with code 32 (x-api-key), but the operation declares no security',
        schemaPath: `${at}.security`,
        exchange: ex,
      });
    }

    out.push(...this.#checkResponse(ex, op, name, at));
    return { exchange: ex, operation: name, unrouted: false, refusedInvalid: invalid, mismatches: out };
  }

  /**
   * How an unmatched request is named in the findings: by the documented template it falls under
   * when the path only has a trailing slash more, or more segments than any template; else by its
   * own path with ids masked.
   */
  #unmatchedLabel(method: string, path: string): string {
    const ops = this.router.getOperations();
    if (path.length > 1 && path.endsWith('/')) {
      const bare = path.slice(0, -1);
      const under = ops.find((o) => new RegExp(templatePattern(o.path)).test(bare));
      if (under) return `${method} ${under.path}/ (trailing slash; documented without one)`;
    }
    const prefix = ops
      .filter((o) => new RegExp(templatePattern(o.path).replace(/\$$/, '/')).test(path))
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (prefix) return `${method} ${prefix.path}/… (more segments than any template)`;
    return `${method} ${maskPath(path)}`;
  }

  #checkResponse(ex: Exchange, op: Operation, name: string, at: string): Mismatch[] {
    const { status } = ex.res;
    const push = (m: Omit<Mismatch, 'operation' | 'exchange'>): Mismatch[] => [{ operation: name, exchange: ex, ...m }];
    const found = responseFor(op.responses as Record<string, unknown> | undefined, status);
    if (!found)
      return push({
        reason: 'response.status',
        message: `status ${status} is not documented (documented: ${Object.keys(op.responses ?? {}).join(', ') || 'none'})`,
        schemaPath: `${at}.responses`,
      });
    const [key, response] = found;
    // The handler wrote status, headers and body to the socket itself (the event stream): only its status was seen.
    if (ex.res.skipped === 'written-directly') return [];
    const type = mediaType(ex.res.contentType);
    const hasBody = ex.res.skipped !== undefined ? (ex.res.bytes ?? 1) > 0 : (ex.res.body ?? '') !== '';
    const content = response.content;
    if (!content || Object.keys(content).length === 0) {
      return hasBody
        ? push({
            reason: 'response.content.undocumented',
            message: `a body (${type || 'no content-type'}) was answered; responses.${key} documents no content`,
            schemaPath: `${at}.responses['${key}']`,
          })
        : [];
    }
    if (!hasBody && ex.req.method === 'HEAD') return [];
    const mediaKey = contentKey(content, type);
    if (mediaKey === undefined)
      return push({
        reason: 'response.content-type',
        message: `media type '${type || '(none)'}' is not documented for ${key} (documented: ${Object.keys(content).join(', ')})`,
        schemaPath: `${at}.responses['${key}'].content`,
      });
    const schema = content[mediaKey]?.schema;
    const schemaPath = `${at}.responses['${key}'].content['${mediaKey}'].schema`;
    if (schema === undefined || ex.res.skipped !== undefined || ex.res.truncated) return [];
    let instance: Json | undefined;
    if (isJsonType(type)) {
      instance = parseJson(ex.res.body);
      if (instance === undefined) return push({ reason: 'response.body.not-json', message: `a ${type} body that is not JSON`, schemaPath });
    } else if (type.startsWith('text/') || type === '' || type === 'application/javascript') {
      instance = ex.res.body ?? '';
    } else {
      return [];
    }
    let errors: ErrorObject[];
    try {
      const validate = this.#compile(`${op.operationId} ${key} ${mediaKey}`, schema);
      errors = validate(instance) ? [] : foldAlternatives(validate.errors ?? []);
    } catch (err) {
      return push({ reason: 'schema.compile', message: `response schema does not compile: ${(err as Error).message}`, schemaPath });
    }
    if (errors.length === 0) return [];
    const failedEnvelope =
      status >= 200 &&
      status < 300 &&
      typeof instance === 'object' &&
      instance !== null &&
      !Array.isArray(instance) &&
      instance.status === 'FAILED';
    if (failedEnvelope) {
      // One finding, not one per property of the OK envelope the FAILED one does not fit.
      return push({
        reason: 'response.body.failed-under-2xx',
        message: `a FAILED envelope answered ${status} does not fit responses.${key} (first error: ${explain(errors[0]!)} at ${errors[0]!.instancePath || '/'})`,
        schemaPath,
      });
    }
    // `oneOf [answer, Failed]` (a 200 in fidelity mode): a body that is not a FAILED envelope is meant
    // for the answer's branch, so it is judged by that branch alone and its errors keep their paths.
    let branch = '';
    const meant = okBranch(schema);
    if (meant !== undefined) {
      const validate = this.#compile(`${op.operationId} ${key} ${mediaKey} oneOf/${meant.index}`, meant.schema);
      // Fits its branch, so the oneOf failed by fitting FAILED too: the oneOf's own error says that.
      if (!validate(instance)) {
        errors = foldAlternatives(validate.errors ?? []);
        branch = `/oneOf/${meant.index}`;
      }
    }
    if (errors.length === 1) {
      const [e] = errors as [ErrorObject];
      return push({
        reason: 'response.body',
        message: explain(e),
        schemaPath: schemaPath + branch + e.schemaPath.slice(1),
        instancePath: generalize(e.instancePath),
      });
    }
    // Several errors in one body are one finding (a body of another shape breaks every property at once).
    // The same error in several rows of a list is listed once, with its count.
    const counts = new Map<string, number>();
    for (const e of errors) {
      const line = `${explain(e)} at ${generalize(e.instancePath) || '/'} (#${branch}${e.schemaPath.slice(1)})`;
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    const all = [...counts].map(([line, n]) => (n > 1 ? `${line} ×${n}` : line));
    return push({ reason: 'response.body', message: `${errors.length} errors: ${all.join('; ')}`, schemaPath });
  }

  #compile(key: string, schema: Record<string, unknown>): ValidateFunction {
    let v = this.#compiled.get(key);
    if (v === undefined) {
      try {
        v = this.#ajv.compile(schema);
      } catch (err) {
        v = err as Error;
      }
      this.#compiled.set(key, v);
    }
    if (v instanceof Error) throw v;
    return v;
  }
}

function label(op: Operation): string {
  return `${op.method.toUpperCase()} ${op.path} (${op.operationId ?? 'no operationId'})`;
}

/** openapi-backend's own matching: `{name}` is one segment, the rest literal. */
function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function templatePattern(path: string): string {
  return (
    '^' +
    path
      .split(/\{[^}]+\}/)
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]+') +
    '$'
  );
}

/** Maps an Ajv error of openapi-backend's request schemas back to the document. */
function requestSchemaPath(at: string, op: Operation, e: ErrorObject): string {
  const m = /^#\/properties\/(path|query|header|cookie)\/properties\/([^/]+)(.*)$/.exec(e.schemaPath);
  if (m) {
    const params = (op.parameters ?? []) as { name: string; in: string }[];
    const i = params.findIndex((p) => p.in === m[1] && p.name === m[2]);
    return `${at}.parameters[${i}] (${m[1]} '${m[2]}').schema${m[3]}`;
  }
  const b = /^#\/properties\/requestBody(.*)$/.exec(e.schemaPath);
  if (b) return `${at}.requestBody.content['application/json'].schema${b[1]}`;
  if (/^#\/properties\/(path|query)\/additionalProperties/.test(e.schemaPath))
    return `${at}.parameters (undocumented ${e.instancePath.split('/')[1]} parameter)`;
  return `${at} ${e.schemaPath}`;
}
