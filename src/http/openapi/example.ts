// An operation's example: one real exchange of the default genesis, and how the document shows it.
// The examples are a build output (dist/openapi-examples.json, written by scripts/openapi-examples.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

/** The values the example's request gave each path parameter of `template` (`rest` may span segments) and each query parameter. */
export function parameterValues(example: Example, template: string, rest: string | undefined): Record<string, string> {
  const url = new URL(example.request.url, 'http://example.invalid');
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = template
    .split(/\{[^}]+\}/)
    .map(escapeRegExp)
    .reduce((acc, seg, i) => acc + (i === 0 ? seg : (names[i - 1] === rest ? '(.+)' : '([^/]+)') + seg), '');
  const match = new RegExp(`^${pattern}$`).exec(url.pathname);
  const out: Record<string, string> = {};
  names.forEach((n, i) => {
    if (match?.[i + 1] !== undefined) out[n] = decodeURIComponent(match[i + 1]!);
  });
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
