// A resource's routes: registers each declaration on hono with its parser, and keeps the declarations for /openapi.json.
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { Devnet } from '../devnet.js';
import { apiKey } from './auth.js';
import { isMissing, parseJsonObject } from './fields.js';
import { ok, plain } from './reply.js';
import { fieldReader } from './spec.js';
import type { AnyRouteSpec, FieldMap, NoFields, RouteSpec, Values } from './spec.js';

/** What a handler gets: the declared fields (parsed as they are read), the caller's API key, the context. */
export interface RouteInput<P extends FieldMap, Q extends FieldMap, B extends FieldMap> {
  readonly params: Values<P>;
  readonly query: Values<Q>;
  /** Reading it parses the JSON body (401 FailedToJSONUnmarshal if it is not an object; empty is `{}`). */
  readonly body: Values<B>;
  /** Whether the body carries a non-empty value for `name` (without parsing it). */
  sent(name: keyof B & string): boolean;
  /** The caller's key on `auth` routes; '' elsewhere. */
  readonly apiKey: string;
  readonly c: Context;
}

/** Returns the answer's data (sent as the declared reply), or a Response of its own (e.g. a file's bytes). */
export type Handler<P extends FieldMap, Q extends FieldMap, B extends FieldMap> = (input: RouteInput<P, Q, B>) => unknown;

export class RouteGroup {
  readonly hono = new Hono();
  readonly specs: AnyRouteSpec[] = [];

  /** `devnet` checks API keys for `auth` routes. */
  constructor(private readonly devnet?: Devnet) {}

  /** Declares a route and registers it: parse (lazily, in the handler's order) -> handler -> the declared reply. */
  add<P extends FieldMap = NoFields, Q extends FieldMap = NoFields, B extends FieldMap = NoFields>(spec: RouteSpec<P, Q, B>, handler: Handler<P, Q, B>): this {
    if (spec.auth && !this.devnet) throw new Error(`${spec.method} ${spec.path}: an auth route needs the group's devnet`);
    this.specs.push(spec as unknown as AnyRouteSpec);
    const readParams = fieldReader(spec.params);
    const readQuery = fieldReader(spec.query);
    const readBody = fieldReader(spec.body);
    this.hono.on(spec.method, spec.path, async (c) => {
      const key = spec.auth ? apiKey(c, this.devnet!) : '';
      // Read now (async), parse on first use: the handler decides where a malformed body is refused.
      const text = spec.body ? await c.req.text() : '';
      let json: Record<string, unknown> | undefined;
      const raw = (): Record<string, unknown> => (json ??= text.trim() === '' ? {} : parseJsonObject(text));
      let body: Values<B> | undefined;
      let query: Record<string, string> | undefined;
      const input: RouteInput<P, Q, B> = {
        params: readParams(() => c.req.param() as Record<string, unknown>),
        query: readQuery(() => (query ??= c.req.query())),
        get body() {
          const parsed = raw();
          return (body ??= readBody(() => parsed));
        },
        sent: (name) => !isMissing(raw()[name]),
        apiKey: key,
        c,
      };
      const data = await handler(input);
      if (data instanceof Response) return data;
      return spec.reply === 'plain' ? plain(c, data) : ok(c, data, spec.reply === 'ok+code');
    });
    return this;
  }
}
