// Route declarations and the groups that register them: one declaration both parses a route's
// requests (its fields, read lazily and checked in the order declared) and describes it in /openapi.json.
import { Hono, type Context } from 'hono';
import type * as v from 'valibot';
import type { Devnet } from '../core/devnet.js';
import { fieldReader, isMissing, readInOrder, type FieldMap, type NoFields, type Values } from './fields/field.js';
import { parseJsonObject } from './fields/json-body.js';
import { ok, plain } from './reply.js';
import { noteRequestBody } from '../core/answer-notes.js';
import { bodyLimitOf, readBodyText } from './request-body.js';

/** How a route answers: the OK envelope, the OK envelope with `error_code: 0`, or plain JSON. */
export type ReplyKind = 'ok' | 'ok+code' | 'plain';

/** A schema of what a route answers (documentation and the contract tests; never run per request). */
export type ResponseSchema = v.GenericSchema;

/** A body the handler reads itself (a state dump, a multipart upload): declared for the document. */
export interface RawBody {
  readonly contentType: string;
  readonly schema: ResponseSchema;
  readonly description?: string;
}

/** A refusal a route can answer with a status of its own (besides the FAILED envelope of every route). */
export type ExtraStatus = 400 | 404 | 413 | 429 | 503 | 507;

export interface RouteSpec<P extends FieldMap = NoFields, Q extends FieldMap = NoFields, B extends FieldMap = NoFields> {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** hono syntax: `/v1/orders/:order_id/cancel`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  /** Groups routes in the document (one per resource file). */
  readonly tag: string;
  /** Needs `x-api-key`; checked before anything else (401 and code 32 otherwise). */
  readonly auth?: boolean;
  readonly params?: P;
  readonly query?: Q;
  /** JSON object fields; the body is read only when the handler first reads a field. */
  readonly body?: B;
  readonly rawBody?: RawBody;
  readonly reply: ReplyKind;
  /** The JSON answer: the envelope's `data`, or the whole body of a `plain` reply. None for a route that answers only `produces`. */
  readonly response?: ResponseSchema;
  /** A non-JSON answer (a stored file's bytes, the explorer's page, an event stream): its media type (a range such as `*\/*` allowed) and schema. */
  readonly produces?: { readonly type: string; readonly schema: ResponseSchema };
  /** Also answers at its path with a trailing slash (the storage endpoints' form), documented once without it as `x-trailing-slash`. */
  readonly trailingSlash?: boolean;
  /** Statuses of the route's own refusals (413 too large, 404 not stored, 400 malformed path, 429 too many streams, 503/507 a failing disk). */
  readonly refusals?: readonly ExtraStatus[];
}

/** A route declaration whose field types no longer matter (what the document builder sees). */
export type AnyRouteSpec = RouteSpec<FieldMap, FieldMap, FieldMap>;

/** What a handler gets: the declared fields (parsed as they are read), the caller's API key, the context. */
export interface RouteInput<P extends FieldMap, Q extends FieldMap, B extends FieldMap> {
  readonly params: Values<P>;
  readonly query: Values<Q>;
  /**
   * Reading it parses the JSON body (401 FailedToJSONUnmarshal if it is not an object or nests too
   * deep; empty is `{}`). The text was read within the body limit before the handler ran (413 beyond).
   */
  readonly body: Values<B>;
  /** Whether the body carries a non-empty value for `name` (without parsing it). */
  sent(name: keyof B & string): boolean;
  /** The caller's key on `auth` routes; '' elsewhere. */
  readonly apiKey: string;
  readonly c: Context;
}

/**
 * A route as its group declares it: the declaration with its handler last (its types come from the fields above it).
 * The handler returns the answer's data (sent as the declared reply), or a Response of its own (e.g. a file's bytes).
 */
export type Route<P extends FieldMap, Q extends FieldMap, B extends FieldMap> = Omit<
  RouteSpec<P, Q, B>,
  'tag' | 'reply' | 'method' | 'path'
> & {
  readonly reply?: ReplyKind;
  readonly handle: (input: RouteInput<P, Q, B>) => unknown;
};

/**
 * A route's declaration without its handler: its method, path, fields and answer. The control plane's
 * are exported as tables (src/http/routes/control.ts, state.ts, faults.ts) that its client is built from.
 */
export type Declared<P extends FieldMap = NoFields, Q extends FieldMap = NoFields, B extends FieldMap = NoFields> = Omit<
  Route<P, Q, B>,
  'handle'
> & {
  readonly method: RouteSpec['method'];
  readonly path: string;
};

/** The fields a declaration gives under `key` (none when it gives none). */
type FieldsOf<D, K extends 'params' | 'query' | 'body'> = D extends { readonly [k in K]?: infer F }
  ? F extends FieldMap
    ? F
    : NoFields
  : NoFields;

/** A table of declarations by name, their method literals kept. */
export const declareRoutes = <T extends Record<string, Declared<FieldMap, FieldMap, FieldMap>>>(table: T): T => table;

export class RouteGroup {
  readonly hono = new Hono();
  readonly specs: AnyRouteSpec[] = [];

  /** `defaults`: what every route of the group shares (a route may name its own reply); `devnet` checks API keys for `auth` routes. */
  constructor(
    private readonly defaults: Pick<RouteSpec, 'tag' | 'reply' | 'auth'>,
    private readonly devnet?: Devnet,
  ) {}

  /** Registers a declared route (see Declared) with its handler, typed by the declaration's fields. */
  declared<D extends Declared<FieldMap, FieldMap, FieldMap>>(
    { method, path, ...route }: D,
    handle: (input: RouteInput<FieldsOf<D, 'params'>, FieldsOf<D, 'query'>, FieldsOf<D, 'body'>>) => unknown,
  ): this {
    return this.add(method, path, { ...route, handle } as Route<FieldMap, FieldMap, FieldMap>);
  }

  /** Declares a route and registers it: parse (lazily, checked in the declared order) -> handler -> the declared reply. */
  add<P extends FieldMap = NoFields, Q extends FieldMap = NoFields, B extends FieldMap = NoFields>(
    method: RouteSpec['method'],
    path: string,
    { handle: handler, ...route }: Route<P, Q, B>,
  ): this {
    const spec: RouteSpec<P, Q, B> = { ...this.defaults, method, path, ...route };
    if (spec.auth && !this.devnet) throw new Error(`${spec.method} ${spec.path}: an auth route needs the group's devnet`);
    this.specs.push(spec as unknown as AnyRouteSpec);
    const readParams = fieldReader(spec.params, 'text');
    const readQuery = fieldReader(spec.query, 'text');
    const readBody = fieldReader(spec.body, 'json');
    const paths = spec.trailingSlash ? [spec.path, `${spec.path}/`] : [spec.path];
    const readers: Readers<P, Q, B> = { spec, readQuery, readBody };
    this.hono.on(spec.method, paths, async (c) => {
      // x-api-key in any case; empty counts as absent. A refusal (32) answers 401 in both --error-status modes.
      const key = spec.auth ? this.devnet!.checkApiKey(c.req.header('x-api-key')) : '';
      // Read now (async), parse on first use: the handler decides where a malformed body is refused.
      const text = spec.body ? await readBodyText(c, bodyLimitOf(c)) : '';
      noteRequestBody(c, text);
      const params = readParams(() => c.req.param() as Record<string, unknown>);
      const data = await handler(new Input(readers, c, key, text, params));
      if (data instanceof Response) return data;
      return spec.reply === 'plain' ? plain(c, data) : ok(c, data, spec.reply === 'ok+code');
    });
    return this;
  }
}

/** What reads a route's query and body: made once per route. */
interface Readers<P extends FieldMap, Q extends FieldMap, B extends FieldMap> {
  readonly spec: RouteSpec<P, Q, B>;
  readonly readQuery: (raw: () => Record<string, unknown>) => Values<Q>;
  readonly readBody: (raw: () => Record<string, unknown>) => Values<B>;
}

/**
 * A request's input. Each view fetches its raw object once, on its first field read; the declared order
 * runs across them too: the path parameters, then the query, then the body (its JSON first). The getters
 * sit on the prototype: V8 builds an object literal with getters in dictionary mode, and one made per
 * request lived into old space and died there, 3 MB every few hundred requests for mark-compacts to
 * collect (docs/benchmarks.md, Per-request cost; test/unit/http/route-input.test.ts).
 */
class Input<P extends FieldMap, Q extends FieldMap, B extends FieldMap> implements RouteInput<P, Q, B> {
  #query: Values<Q> | undefined;
  #body: Values<B> | undefined;
  #json: Record<string, unknown> | undefined;
  /** A function of its own: handlers pass it on (faults.add(i.body, i.sent)). */
  readonly sent = (name: string): boolean => !isMissing(this.#raw()[name]);

  constructor(
    private readonly readers: Readers<P, Q, B>,
    readonly c: Context,
    readonly apiKey: string,
    private readonly text: string,
    readonly params: Values<P>,
  ) {}

  #raw(): Record<string, unknown> {
    return (this.#json ??= this.text.trim() === '' ? {} : parseJsonObject(this.text));
  }

  get query(): Values<Q> {
    const { spec, readQuery } = this.readers;
    if (this.#query === undefined && spec.params) readInOrder(this.params, spec.params);
    return (this.#query ??= readQuery(() => this.c.req.query()));
  }

  get body(): Values<B> {
    const { spec, readBody } = this.readers;
    if (this.#body === undefined && spec.query) readInOrder(this.query, spec.query);
    else if (this.#body === undefined && spec.params) readInOrder(this.params, spec.params);
    const parsed = this.#raw();
    return (this.#body ??= readBody(() => parsed));
  }
}
