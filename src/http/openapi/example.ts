// An operation's example: one real exchange of the default genesis, and how the document shows it.
// The examples are a build output (dist/openapi-examples.json, written by scripts/openapi-examples.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { TrieRouter } from 'hono/router/trie-router';
import { parseExact } from '../../domain/values/json.js';

export interface ExampleRequest {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  /** Sent with the default genesis API key in x-api-key. */
  readonly apiKey?: true;
  readonly contentType?: string;
  /** A JSON body as sent; a multipart upload as `{file: "<the file's text>"}`. */
  readonly body?: unknown;
}

export interface ExampleResponse {
  readonly status: number;
  readonly contentType: string;
  /** JSON (exact integers as bigint), or the text of a non-JSON answer. */
  readonly body: unknown;
}

export interface Example {
  /** Set when lists of objects in the bodies were cut to this many items (to keep the document small). */
  readonly cut?: number;
  readonly request: ExampleRequest;
  readonly response: ExampleResponse;
}

/** The name of the example in each `examples` map of the document. */
export const EXAMPLE_NAME = 'defaultGenesis';

/** An OpenAPI Example Object for one of the exchange's bodies. */
export function exampleObject(example: Example, value: unknown): { summary: string; description: string; value: unknown } {
  const { method, url } = example.request;
  const cut = example.cut === undefined ? '' : `; lists cut to ${example.cut} item${example.cut === 1 ? '' : 's'}`;
  return {
    summary: `${method} ${url.split('?')[0]} on the default genesis${cut}`,
    description: `\`${method} ${url}\`, a step of the examples tour (scripts/openapi-examples/tour.ts) of the default genesis (fixtures/default.json)`,
    value,
  };
}

/** The values the example's request gave each path parameter of the hono route `honoPath` (as the router matches them) and each query parameter. */
export function parameterValues(example: Example, honoPath: string): Record<string, string> {
  const url = new URL(example.request.url, 'http://example.invalid');
  const router = new TrieRouter<true>();
  router.add('GET', honoPath, true);
  const params = router.match('GET', url.pathname)[0][0]?.[1] ?? {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) out[k] = decodeURIComponent(v);
  for (const [k, v] of url.searchParams) out[k] ??= v;
  return out;
}

/**
 * The build's examples, by operationId, found through the package's own name (as the crypto tables
 * are): the same from dist/, from the bundled CLI or from src/ under tsx once built. None before a build.
 */
export function builtExamples(): Readonly<Record<string, Example>> {
  let text: string;
  try {
    text = readFileSync(createRequire(import.meta.url).resolve('l2-devnet/openapi-examples'), 'utf8');
  } catch {
    return {};
  }
  return parseExact(text) as Record<string, Example>;
}
