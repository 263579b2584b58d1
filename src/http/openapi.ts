// The OpenAPI 3.1 document, built from the route declarations that also parse requests.
import { VERSION } from '../version.js';
import type { AnyRouteSpec, FieldMap, Schema } from './spec.js';

const FAILED: Schema = {
  type: 'object',
  required: ['status', 'data', 'error', 'error_code'],
  properties: { status: { const: 'FAILED' }, data: { type: 'null' }, error: { type: 'string' }, error_code: { type: 'integer', description: "the real service's error table (SPEC section 2)" } },
};

/** `/v1/orders/:order_id/cancel` -> `/v1/orders/{order_id}/cancel`; a hono pattern (`:path{.+}`) is dropped. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
}

function parameters(where: 'path' | 'query', fields: FieldMap | undefined): Schema[] {
  return Object.entries(fields ?? {}).map(([name, f]) => ({
    name,
    in: where,
    required: where === 'path' || f.required,
    schema: f.schema,
    ...(f.description !== undefined ? { description: f.description } : {}),
  }));
}

function requestBody(spec: AnyRouteSpec): Schema | undefined {
  if (spec.rawBody) return { required: true, ...(spec.rawBody.description ? { description: spec.rawBody.description } : {}), content: { [spec.rawBody.contentType]: { schema: spec.rawBody.schema } } };
  if (!spec.body) return undefined;
  const entries = Object.entries(spec.body);
  const properties = Object.fromEntries(entries.map(([name, f]) => [name, f.description !== undefined ? { ...f.schema, description: f.description } : f.schema]));
  const required = entries.filter(([, f]) => f.required).map(([name]) => name);
  // Required fields are still refused one by one with their own codes; an empty body counts as {}.
  return { required: false, content: { 'application/json': { schema: { type: 'object', properties, ...(required.length ? { required } : {}) } } } };
}

function okSchema(spec: AnyRouteSpec): Schema {
  const data = spec.response ?? {};
  if (spec.reply === 'plain') return data;
  const properties: Record<string, Schema> = { status: { const: 'OK' }, data, error: { const: '' } };
  if (spec.reply === 'ok+code') properties.error_code = { const: 0 };
  return { type: 'object', required: Object.keys(properties), properties };
}

/** `POST /v1/orders/{order_id}/cancel` -> `postV1OrdersOrderIdCancel`; a wildcard is `Rest`, `/` is `Root`. */
function operationId(spec: AnyRouteSpec): string {
  const words = openApiPath(spec.path).replace(/\*/g, '/rest').replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase());
  return spec.method.toLowerCase() + (words || 'Root');
}

function operation(spec: AnyRouteSpec): Schema {
  const params = [...parameters('path', spec.params), ...parameters('query', spec.query)];
  const body = requestBody(spec);
  const content = spec.produces ? { [spec.produces]: { schema: spec.response ?? {} } } : { 'application/json': { schema: okSchema(spec) } };
  return {
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description !== undefined ? { description: spec.description } : {}),
    operationId: operationId(spec),
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    ...(spec.auth ? { security: [{ apiKey: [] }] } : {}),
    responses: {
      '200': { description: spec.reply === 'plain' ? 'OK (plain JSON)' : 'OK envelope; in fidelity mode refusals also answer 200 with the FAILED envelope', content },
      ...(spec.auth ? { '401': { description: 'missing or unknown x-api-key (code 32)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failed' } } } } } : {}),
      default: { description: 'FAILED envelope (HTTP status by --error-status)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failed' } } } },
    },
  };
}

/** One document for the routes of one app, in declaration order. */
export function openApiDocument(specs: readonly AnyRouteSpec[]): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const spec of specs) (paths[openApiPath(spec.path)] ??= {})[spec.method.toLowerCase()] = operation(spec);
  return {
    openapi: '3.1.0',
    info: {
      title: 'l2-devnet',
      version: VERSION,
      description: "A local emulator of Reddio's StarkEx layer-2 API: the emulated /v1 and /v2 routes, the /_devnet control plane, and this document.",
    },
    servers: [{ url: '/' }],
    tags: [...new Set(specs.map((s) => s.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Failed: FAILED },
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
    },
  };
}
