// The OpenAPI 3.1 document, built from the route declarations that also parse requests: each field's
// and each answer's JSON Schema is its valibot schema's input side.
import { VERSION } from '../../core/version.js';
import type { FieldMap } from '../fields/field.js';
import type { AnyRouteSpec, ResponseSchema } from '../route.js';
import { EXAMPLE_NAME, exampleObject, parameterValues, type Example } from './example.js';
import { FAILED, FAILED_REF, STATUS_REFUSALS } from './failed.js';
import { jsonSchemaOf, type Schema } from './json-schema.js';
import { DEFAULT_NAMESPACE, MAX_NAMESPACE_LENGTH, NAMESPACE_HEADER, NAMESPACE_NAME } from '../namespace.js';
import { isControlPath } from '../guard.js';

/** `/v1/orders/:order_id/cancel` -> `/v1/orders/{order_id}/cancel`; a hono pattern (`:path{.+}`) is dropped. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
}

const NAME_RULE = `A namespace name is 1 to ${MAX_NAMESPACE_LENGTH} of a-z, 0-9, "-" and "_", starting with a letter or digit`;

function parameters(spec: AnyRouteSpec, example: Example | undefined): Schema[] {
  const values = example ? parameterValues(example, spec.path) : {};
  const each = (where: 'path' | 'query', fields: FieldMap = {}) =>
    Object.entries(fields).map(([name, f]) => ({
      name,
      in: where,
      required: where === 'path' || f.required,
      schema: jsonSchemaOf(f.text),
      description: f.description,
      example: values[name],
    }));
  return [...each('path', spec.params), ...each('query', spec.query)];
}

/** `{defaultGenesis: {summary, description, value}}` on the media type the example's body was sent or answered in. */
function withExample(
  content: Record<string, Schema>,
  mediaType: string | undefined,
  example: Example | undefined,
  value: unknown,
): Record<string, Schema> {
  if (example === undefined || mediaType === undefined || content[mediaType] === undefined) return content;
  return { ...content, [mediaType]: { ...content[mediaType], examples: { [EXAMPLE_NAME]: exampleObject(example, value) } } };
}

function bodySchema(fields: FieldMap): Schema {
  const entries = Object.entries(fields);
  const properties = Object.fromEntries(entries.map(([n, f]) => [n, { ...jsonSchemaOf(f.json), description: f.description }]));
  const required = entries.filter(([, f]) => f.required).map(([n]) => n);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

function requestBody(spec: AnyRouteSpec, components: Components, example: Example | undefined): Schema | undefined {
  const sent = example?.request.body === undefined ? undefined : example;
  const at = (content: Record<string, Schema>) => withExample(content, sent?.request.contentType, sent, sent?.request.body);
  if (spec.rawBody) {
    const { contentType, schema, description } = spec.rawBody;
    return {
      required: true,
      ...(description ? { description } : {}),
      content: at({ [contentType]: { schema: named(jsonSchemaOf(schema), components) } }),
    };
  }
  if (!spec.body) return undefined;
  // Required fields are refused one by one with their own codes; an empty body counts as {}. The
  // body is read as JSON whatever its media type (fetch without headers sends text/plain).
  const schema = bodySchema(spec.body);
  return {
    required: false,
    content: at({
      'application/json': { schema },
      'text/plain': { schema: { ...schema, description: 'the same JSON, sent without a JSON media type' } },
    }),
  };
}

/** The OK answer: the envelope around `data`, or the plain JSON itself. */
function okSchema(spec: AnyRouteSpec & { response: ResponseSchema }, components: Components): Schema {
  const data = named(jsonSchemaOf(spec.response), components);
  if (spec.reply === 'plain') return data;
  const properties: Schema = { status: { const: 'OK' }, data, error: { const: '' } };
  if (spec.reply === 'ok+code') properties.error_code = { const: 0 };
  return { type: 'object', required: Object.keys(properties), properties, additionalProperties: false };
}

/** Named answer schemas, by title: `#/components/schemas/{title}`. */
type Components = Record<string, Schema>;
type Examples = Readonly<Record<string, Example>>;

/**
 * Moves every subschema with a `title` (a valibot `v.title`) to the components and leaves a $ref in
 * its place, so a shape shared by several answers is written once, under its name.
 */
function named(node: unknown, components: Components): Schema {
  if (Array.isArray(node)) return node.map((n) => named(n, components)) as unknown as Schema;
  if (node === null || typeof node !== 'object') return node as Schema;
  const out: Schema = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, named(v, components)]));
  const title = out.title;
  if (typeof title !== 'string') return out;
  const known = components[title];
  if (known !== undefined && JSON.stringify(known) !== JSON.stringify(out))
    throw new Error(`two different answer schemas are titled ${title}`);
  components[title] = out;
  return { $ref: `#/components/schemas/${title}` };
}

/** The parameter whose hono pattern takes the rest of the path, '/' included (`:path{.+}`), if any. */
function restParameter(honoPath: string): string | undefined {
  return /:([A-Za-z0-9_]+)\{\.[+*]\}/.exec(honoPath)?.[1];
}

/** `POST /v1/orders/{order_id}/cancel` -> `postV1OrdersOrderIdCancel`; `/` is `Root`; a trailing slash is `Slash`. */
function operationId(spec: AnyRouteSpec): string {
  const path = openApiPath(spec.path);
  const words = path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, ch: string | undefined) => (ch ?? '').toUpperCase());
  return spec.method.toLowerCase() + (words || 'Root') + (path.length > 1 && path.endsWith('/') ? 'Slash' : '');
}

function responses(spec: AnyRouteSpec, components: Components, example: Example | undefined): Schema {
  const json = (schema: Schema) => ({ 'application/json': { schema } });
  // In fidelity mode (the default) a refusal is answered 200 with the FAILED envelope, as the real service does.
  const okJson = spec.response ? okSchema({ ...spec, response: spec.response }, components) : undefined;
  // An answer that may be any JSON (a stored .json file) cannot be told apart from a refusal: no oneOf then.
  const anyJson = okJson !== undefined && Object.keys(okJson).every((k) => k === 'description');
  // JSON first: validating proxies (Prism) take the first listed media type that matches, and `*/*` matches JSON too.
  const content = {
    ...json(okJson === undefined ? FAILED_REF : anyJson ? okJson : { oneOf: [okJson, FAILED_REF] }),
    ...(spec.produces ? { [spec.produces.type]: { schema: jsonSchemaOf(spec.produces.schema) } } : {}),
  };
  // The example's answer: JSON under application/json, anything else under the route's own media type.
  const answered =
    example === undefined ? undefined : /[/+]json$/.test(example.response.contentType) ? 'application/json' : spec.produces?.type;
  const ok = withExample(content, answered, example, example?.response.body);
  const out: Schema = {
    '200': { description: 'The answer; in fidelity mode (the default) also every refusal, as the FAILED envelope', content: ok },
  };
  const failed = (description: string) => ({ description, content: json(FAILED_REF) });
  if (spec.auth) out['401'] = failed(STATUS_REFUSALS[401]);
  else if (isControlPath(spec.path))
    out['401'] = failed('With --control-token: a missing or wrong Authorization: Bearer token (code 32, WWW-Authenticate)');
  for (const status of spec.refusals ?? []) out[String(status)] = failed(STATUS_REFUSALS[status]);
  out['4XX'] = failed('With --error-status http: every refusal, with a conventional status per code (400, 403, 404, 409, 422)');
  // Any command may be journaled (and, with --clock wall, any request may cut a batch), so any operation may meet a failing disk.
  out['503'] ??= failed(
    'With --state: the state dir could not be written (full disk, permissions); nothing was applied (code 500 SystemError, in both --error-status modes)',
  );
  out['5XX'] = failed(STATUS_REFUSALS['5XX']);
  return out;
}

function operation(spec: AnyRouteSpec, components: Components, examples: Examples): Schema {
  const example = examples[operationId(spec)];
  // Every route answers in every namespace, so every operation takes the namespace header.
  const params = [...parameters(spec, example), { $ref: '#/components/parameters/Namespace' }];
  const body = requestBody(spec, components, example);
  const rest = restParameter(spec.path);
  return {
    tags: [spec.tag],
    summary: spec.summary,
    description: spec.description,
    operationId: operationId(spec),
    // A rule OpenAPI templates cannot say: this parameter takes the rest of the path, '/' included.
    'x-path-rest': rest,
    // The same operation at its path with a trailing slash, which a path template cannot say without one (linters refuse it).
    'x-trailing-slash': spec.trailingSlash,
    // The control plane needs the bearer token only when the emulator was started with --control-token.
    security: spec.auth ? [{ apiKey: [] }] : isControlPath(spec.path) ? [{}, { controlToken: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: responses(spec, components, example),
  };
}

const TAGS: Readonly<Record<string, string>> = {
  contracts: 'Contract lookups and StarkEx asset ids',
  accounts: 'Vaults, nonces and test wallets',
  balances: 'Balances of a stark key',
  transfers: 'Signed transfers, withdrawals and the withdraw area',
  mints: 'Minting NFTs on L2',
  orders: 'Orders, matching, depth and trades',
  projects: "Projects and contracts of the caller's API key",
  marketplaces: 'Marketplaces, collections and NFT listings',
  records: 'Records and their status',
  storage: 'File storage and the built-in IPFS gateway',
  control: 'The /_devnet control plane: state, clock, settlement, snapshots, faults (emulator only)',
  explorer: 'The explorer page and its live event stream (emulator only)',
  namespaces: 'Namespaces: isolated devnets in one emulator, one per test worker (emulator only)',
  docs: 'This document',
};

/** The document of `specs`; `examples` (by operationId) are the build's (dist/openapi-examples.json). */
export function openApiDocument(specs: readonly AnyRouteSpec[], examples: Examples = {}): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  const components: Components = {};
  for (const spec of specs) (paths[openApiPath(spec.path)] ??= {})[spec.method.toLowerCase()] = operation(spec, components, examples);
  return {
    openapi: '3.1.0',
    info: {
      title: 'l2-devnet',
      version: VERSION,
      description:
        "A local emulator of Reddio's StarkEx layer-2 API: the emulated /v1, /v2 and /v3 routes, the /_devnet control plane, the IPFS gateway and this document.",
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '/',
        description: `the emulator that served this document: its namespace "${DEFAULT_NAMESPACE}", or the one the ${NAMESPACE_HEADER} header names`,
      },
      {
        url: '/ns/{namespace}',
        description: `every route in a namespace of its own (created on first use): /ns/{namespace}/v1/..., /ns/{namespace}/_devnet/..., /ns/{namespace}/ipfs/...; /ns/${DEFAULT_NAMESPACE} is the unprefixed one`,
        variables: { namespace: { default: DEFAULT_NAMESPACE, description: NAME_RULE } },
      },
    ],
    tags: [...new Set(specs.map((s) => s.tag))].map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      schemas: { Failed: FAILED, ...Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))) },
      parameters: {
        Namespace: {
          name: NAMESPACE_HEADER,
          in: 'header',
          required: false,
          description: `The namespace for clients that cannot change their base URL (absent: the path's /ns/{name} prefix, else "${DEFAULT_NAMESPACE}"). ${NAME_RULE}. With a prefix too, both must name the same namespace. A bad or conflicting name is refused with 400 and code 19.`,
          schema: { type: 'string', pattern: NAMESPACE_NAME.source, maxLength: MAX_NAMESPACE_LENGTH },
        },
      },
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'x-api-key',
          description: 'An API key of the genesis, of --api-key, or from POST /_devnet/api-keys',
        },
        controlToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The token given to --control-token; without that flag the control plane needs none',
        },
      },
    },
  };
}
