// Route declarations: the one description of a route that both parses its requests and documents it in /openapi.json.

/** A JSON Schema fragment (OpenAPI 3.1 uses JSON Schema 2020-12 as is). */
export type Schema = { readonly [key: string]: unknown };

/**
 * One request field: how it looks on the wire (for the document) and how it is parsed (for the
 * handler). The parser is the route's validation; the schema is written next to it so that a
 * change to one is a change to the other in the same line of code.
 */
export interface Field<T> {
  readonly schema: Schema;
  readonly required: boolean;
  readonly description?: string;
  /** Wire value -> typed value; throws a DevnetError that names the field. */
  parse(value: unknown, name: string): T;
}

export type FieldMap = { readonly [name: string]: Field<unknown> };
export type NoFields = Record<never, never>;

/** What a handler reads: each declared field, parsed on first read (so the handler's order is the check order). */
export type Values<F extends FieldMap> = { readonly [K in keyof F]: F[K] extends Field<infer T> ? T : never };

/** How a route answers: the OK envelope, the OK envelope with `error_code: 0`, or plain JSON. */
export type ReplyKind = 'ok' | 'ok+code' | 'plain';

/** A body the handler reads itself (a state dump, a multipart upload): declared for the document only. */
export interface RawBody {
  readonly contentType: string;
  readonly schema: Schema;
  readonly description?: string;
}

export interface RouteSpec<P extends FieldMap = NoFields, Q extends FieldMap = NoFields, B extends FieldMap = NoFields> {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** hono syntax: `/v1/orders/:orderId/cancel`. */
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
  /** The answer's `data` (or the whole body for `plain`), loosely: enough for a client to find its way. */
  readonly response?: Schema;
  /** Content type of a non-JSON answer (e.g. a gateway's file bytes). */
  readonly produces?: string;
}

/** A route declaration whose field types no longer matter (what the document builder sees). */
export type AnyRouteSpec = RouteSpec<FieldMap, FieldMap, FieldMap>;

/** Declares a field from a schema and a parser; the field helpers in field-specs.ts are built on it. */
export function field<T>(schema: Schema, parse: (value: unknown, name: string) => T, options: { required?: boolean; description?: string } = {}): Field<T> {
  return { schema, parse, required: options.required ?? false, ...(options.description !== undefined ? { description: options.description } : {}) };
}

const UNREAD: unique symbol = Symbol('unread');
// Symbol keys: a view's own properties can never shadow a field, nor show up in Object.keys or JSON.
const RAW: unique symbol = Symbol('raw');
const SLOTS: unique symbol = Symbol('slots');

/** What each per-request view holds: the raw object (fetched on first need) and one slot per field. */
class FieldSlots {
  readonly [RAW]: () => Record<string, unknown>;
  readonly [SLOTS]: unknown[];
  constructor(raw: () => Record<string, unknown>, slots: unknown[]) {
    this[RAW] = raw;
    this[SLOTS] = slots;
  }
}

/**
 * The handler's view of a raw object through `fields`: a getter per declared field that parses on
 * first read and remembers the result. Reading fields lazily keeps each route's ladder of checks in
 * the order its handler reads them, which is the order clients have always seen.
 *
 * The getters are defined once per declaration, on a prototype, when the route is registered; a
 * request only allocates the small view object (defining properties per request cost more than
 * parsing the fields did). The fields are therefore not own properties: handlers read them by name
 * (Object.keys and spreading see nothing).
 */
export function fieldReader<F extends FieldMap>(fields: F | undefined): (raw: () => Record<string, unknown>) => Values<F> {
  const entries = Object.entries(fields ?? {});
  const View = class extends FieldSlots {};
  entries.forEach(([name, spec], i) => {
    Object.defineProperty(View.prototype, name, {
      enumerable: true,
      get(this: FieldSlots): unknown {
        const slots = this[SLOTS];
        let value = slots[i];
        if (value === UNREAD) value = slots[i] = spec.parse(this[RAW]()[name], name);
        return value;
      },
    });
  });
  return (raw) => new View(raw, new Array<unknown>(entries.length).fill(UNREAD)) as unknown as Values<F>;
}
