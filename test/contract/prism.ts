// Stoplight Prism's validating proxy, fed the recorded traffic: Prism routes each recorded request
// against the document, validates it, "forwards" it to an upstream that answers with the recorded
// response, and validates that answer, as `prism proxy` does in front of a live server. The one
// component replaced is the upstream (the recording stands in for the network); routing and both
// validations are Prism's own.
//
// Pinned to @stoplight/prism-http 5.12.0 / prism-core 5.8.0: later releases declare Node >= 24.14.
import { createLogger } from '@stoplight/prism-core';
import type { IPrismDiagnostic } from '@stoplight/prism-core';
import { createInstance, getHttpOperationsFromSpec } from '@stoplight/prism-http';
import type { IHttpRequest, IHttpResponse } from '@stoplight/prism-http';
import type { Exchange } from './traffic.js';
import { maskPath } from './validate.js';

export interface PrismFinding {
  side: 'request' | 'response' | 'route';
  message: string;
  /** Where in the request or answer (Prism's path), when it says. */
  path: string;
  exchange: Exchange;
}

type Either<L, R> = { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R };

const parse = (text: string | undefined, type: string | undefined): unknown => {
  if (text === undefined || text === '') return undefined;
  if (type !== undefined && /json/i.test(type)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
};

export class PrismProxy {
  #answer: IHttpResponse = { statusCode: 500 };
  readonly #prism;

  private constructor(readonly operations: Awaited<ReturnType<typeof getHttpOperationsFromSpec>>) {
    const logger = createLogger('prism', { level: 'silent' });
    this.#prism = createInstance(
      {
        isProxy: true,
        upstream: new URL('http://recorded.invalid'),
        upstreamProxy: undefined,
        mock: { dynamic: false },
        checkSecurity: false,
        validateRequest: true,
        validateResponse: true,
        errors: false,
      },
      {
        logger,
        // The upstream: the recorded answer of the exchange being checked.
        forward: () => () => async (): Promise<Either<Error, IHttpResponse>> => ({ _tag: 'Right', right: this.#answer }),
      },
    );
  }

  static async create(document: unknown): Promise<PrismProxy> {
    return new PrismProxy(await getHttpOperationsFromSpec(structuredClone(document) as never));
  }

  /** Prism's verdict on one exchange; `path` is the request path as the document's templates see it. */
  async check(ex: Exchange, path: string): Promise<PrismFinding[]> {
    const url = new URL(ex.req.url);
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of url.searchParams) {
      const prev = query[k];
      query[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    const request: IHttpRequest = {
      method: ex.req.method.toLowerCase() as IHttpRequest['method'],
      url: { path, query },
      headers: ex.req.contentType !== undefined ? { 'content-type': ex.req.contentType } : {},
      ...(ex.req.body !== undefined && ex.req.body !== '' ? { body: parse(ex.req.body, ex.req.contentType) } : {}),
    };
    this.#answer = {
      statusCode: ex.res.status,
      headers: ex.res.contentType !== undefined ? { 'content-type': ex.res.contentType } : {},
      body: parse(ex.res.body, ex.res.contentType),
    };
    const result = (await this.#prism.request(request, this.operations)()) as Either<
      Error,
      { validations: Record<string, IPrismDiagnostic[]> }
    >;
    if (result._tag === 'Left') return [{ side: 'route', message: result.left.message, path: '', exchange: ex }];
    const found = (side: 'request' | 'response', ds: IPrismDiagnostic[]) =>
      ds.map((d) => ({ side, message: d.message, path: (d.path ?? []).join('.'), exchange: ex }));
    return [...found('request', result.right.validations.input ?? []), ...found('response', result.right.validations.output ?? [])];
  }
}

/** A JSON text's skeleton: keys and value types, an array as its first item's skeleton; 'text' when not JSON. */
function skeleton(text: string | undefined): string {
  const of = (x: unknown): unknown =>
    Array.isArray(x)
      ? [x.length ? of(x[0]) : null]
      : x !== null && typeof x === 'object'
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, of((x as Record<string, unknown>)[k])]),
          )
        : x === null
          ? null
          : typeof x;
  try {
    return JSON.stringify(of(JSON.parse(text ?? '')));
  } catch {
    return 'text';
  }
}

/**
 * What makes two exchanges alike for Prism: the method, the path with its ids masked, the query's
 * names, the status, and the skeletons of both bodies. Checking one exchange of each kind covers the
 * shapes checking all would (the ~30k recorded exchanges hold about a thousand kinds), in a tenth of the time.
 */
export function kindOf(ex: Exchange): string {
  const url = new URL(ex.req.url);
  const query = [...url.searchParams.keys()].sort().join('&');
  return `${ex.req.method} ${maskPath(url.pathname)}?${query} ${ex.res.status} ${skeleton(ex.req.body)} ${skeleton(ex.res.body)}`;
}
