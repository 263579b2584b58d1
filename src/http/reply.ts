// Small helpers every route uses: read the query or JSON body, answer with an envelope (OK or FAILED).
import type { Context } from 'hono';
import type { DevnetError } from '../domain/values/errors.js';
import { failedBody, okBody } from './envelope.js';
import { jsonReply } from './json-response.js';
import { httpStatusFor } from './errors.js';
import type { ErrorStatusMode } from './errors.js';
import { noteErrorCode } from './request-log.js';
import { parseJsonObject } from './fields.js';
import { stringify } from '../domain/values/json.js';

// query() and body() predate RouteGroup (which reads declared fields itself); kept for route files
// written against them (the storage branch) until they declare their routes.
export function query(c: Context): Record<string, string | undefined> {
  return c.req.query();
}

/** The JSON object body; an empty body counts as `{}` (so `curl -X POST` works where every field is optional). */
export async function body(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  return text.trim() === '' ? {} : parseJsonObject(text);
}

/** OK envelope; `withErrorCode` adds `"error_code":0` where the seed shows it. */
export function ok(c: Context, data: unknown, withErrorCode = false): Response {
  return jsonReply(c, okBody(data, withErrorCode), 200);
}

/** Plain JSON without an envelope (`/v1/wallets`, the control plane). */
export function plain(c: Context, data: unknown, status: 200 | 201 = 200): Response {
  return jsonReply(c, stringify(data), status);
}

/** The FAILED envelope with the status of `mode`; the code is noted for the request log. */
export function failure(c: Context, error: DevnetError, mode: ErrorStatusMode): Response {
  noteErrorCode(c, error.code);
  return jsonReply(c, failedBody(error), httpStatusFor(error, mode));
}
