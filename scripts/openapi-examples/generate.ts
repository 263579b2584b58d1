// Runs the examples tour against a fresh in-process devnet of the default genesis and turns each
// operation's first exchange into its example: the request as sent, the answer as given (lists of
// objects cut short), written to dist/openapi-examples.json by the build. Deterministic: the devnet has
// a virtual clock and a seeded PRNG, and signatures are deterministic (RFC 6979).
import { fileURLToPath } from 'node:url';
import { parseExact, stringify } from '../../src/domain/values/json.js';
import type { Example, ExampleRequest, ExampleResponse } from '../../src/http/openapi/example.js';
import { createDevnet } from '../../src/index.js';
import { tour } from './tour.js';
import type { Call } from './tour.js';

export const EXAMPLES_FILE = fileURLToPath(new URL('../../dist/openapi-examples.json', import.meta.url));

/** Lists of objects (or of arrays) longer than this are cut to it... */
export const MAX_ITEMS = 2;
/** ...and to one item where an example would still be longer than this (JSON characters, request and answer). */
export const MAX_EXAMPLE_CHARS = 4096;

type Doc = { paths: Record<string, Record<string, { operationId: string; 'x-path-rest'?: string }>> };

/** Method + path -> operationId, by the document's path templates (a rest parameter spans segments). */
function operationMatcher(doc: Doc): (method: string, path: string) => string {
  const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const routes = Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      const parts = template.split(/\{[^}]+\}/).map(escapeRegExp);
      const pattern = parts.reduce(
        (acc, seg, i) => acc + (i === 0 ? seg : (names[i - 1] === op['x-path-rest'] ? '.+' : '[^/]+') + seg),
        '',
      );
      return {
        method: method.toUpperCase(),
        re: new RegExp(`^${pattern}$`),
        id: op.operationId,
        literal: template.replace(/\{[^}]+\}/g, '').length,
      };
    }),
  );
  return (method, path) => {
    const found = routes.filter((r) => r.method === method && r.re.test(path)).sort((a, b) => b.literal - a.literal)[0];
    if (!found) throw new Error(`the tour called ${method} ${path}, which no operation of the document matches`);
    return found.id;
  };
}

/**
 * `value` with every list of objects (or of arrays) longer than `max` cut to its first `max` items.
 * An array whose items are of mixed kinds is a tuple (a dumped map's [key, value]) and stays whole.
 */
function trim(value: unknown, max: number, cut: { any: boolean }): unknown {
  if (Array.isArray(value)) {
    const heavy =
      value.length > 0 &&
      (value.every((x) => Array.isArray(x)) || value.every((x) => x !== null && typeof x === 'object' && !Array.isArray(x)));
    if (heavy && value.length > max) cut.any = true;
    return (heavy ? value.slice(0, max) : value).map((x) => trim(x, max, cut));
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trim(v, max, cut)]));
}

/** The example of one exchange: its bodies cut to MAX_ITEMS, or to 1 when that is still too long. */
function exampleOf(request: ExampleRequest, response: ExampleResponse): Example {
  let example: Example | undefined;
  for (const max of [MAX_ITEMS, 1]) {
    const cut = { any: false };
    const sent = request.body === undefined ? request : { ...request, body: trim(request.body, max, cut) };
    const answer = { ...response, body: trim(response.body, max, cut) };
    example = { ...(cut.any ? { cut: max } : {}), request: sent, response: answer };
    if (stringify(example).length <= MAX_EXAMPLE_CHARS) break;
  }
  return example!;
}

const isFailed = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'FAILED';

/** Each operation's example, by operationId, in the document's order. */
export async function generateExamples(): Promise<Record<string, Example>> {
  // A fixed request clock: the request journal's wall_time and duration_ms are the same each run.
  const devnet = createDevnet({ requestClock: () => Date.UTC(2026, 0, 1) });
  const doc = (await (await devnet.fetch('/openapi.json')).json()) as Doc;
  const operationOf = operationMatcher(doc);
  const apiKey = ((await (await devnet.fetch('/_devnet/accounts')).json()) as { api_keys: string[] }).api_keys[0]!;
  const found = new Map<string, Example>();

  const call: Call = async (method, url, options = {}) => {
    const headers: Record<string, string> = options.key ? { 'x-api-key': apiKey } : {};
    let body: RequestInit['body'];
    let request: ExampleRequest = { method, url, ...(options.key ? { apiKey: true as const } : {}) };
    if (options.file) {
      const form = new FormData();
      const field = options.file.field ?? 'file';
      for (const [k, v] of Object.entries(options.fields ?? {})) form.append(k, v);
      form.append(field, new Blob([options.file.text], { type: 'text/plain' }), options.file.name);
      body = form;
      request = { ...request, contentType: 'multipart/form-data', body: { ...options.fields, [field]: options.file.text } };
    } else if (options.body !== undefined) {
      body = stringify(options.body);
      headers['content-type'] = 'application/json';
      request = { ...request, contentType: 'application/json', body: options.body };
    }
    const res = await devnet.fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const contentType = res.headers.get('content-type') ?? '';
    const text = await res.text();
    const answer = /[/+]json\b/.test(contentType) ? parseExact(text) : text;
    if (res.status !== 200 || isFailed(answer))
      throw new Error(`the examples tour's ${method} ${url} was refused (${res.status}): ${text.slice(0, 300)}`);
    // A namespace's routes are the document's paths under the /ns/{namespace} server.
    const operation = operationOf(method, new URL(url, 'http://devnet.local').pathname.replace(/^\/ns\/[^/]+(?=\/|$)/, '') || '/');
    if (options.example !== false && !found.has(operation)) {
      found.set(operation, exampleOf(request, { status: res.status, contentType: contentType.split(';')[0]!.trim(), body: answer }));
    }
    return answer;
  };
  await tour(call);

  const order = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
  return Object.fromEntries(order.filter((id) => found.has(id)).map((id) => [id, found.get(id)!]));
}
