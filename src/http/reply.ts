// How every route answers: the OK envelope, plain JSON, or the FAILED envelope with its status (exact integers).
import type { Context } from 'hono';
import type { DevnetError } from '../domain/values/errors.js';
import { jsonReply } from './json-response.js';
import { httpStatusFor, type ErrorStatusMode } from './errors.js';
import { noteErrorCode, noteSequenceIds } from '../core/answer-notes.js';
import { stringify } from '../domain/values/json.js';

/**
 * The longest `error` message sent. Refusals quote what the client sent cut to about 100 characters
 * (`echo`, `show`); this cut is the backstop for any message that would still run long.
 */
const MAX_MESSAGE = 1024;

/** Every failure, on every endpoint: a client cannot act on a failure without its code. */
export function failedBody(error: DevnetError): string {
  const m = error.message;
  const end = (m.charCodeAt(MAX_MESSAGE - 1) & 0xfc00) === 0xd800 ? MAX_MESSAGE - 1 : MAX_MESSAGE;
  const message = m.length <= MAX_MESSAGE ? m : m.slice(0, end) + '…';
  return stringify({ status: 'FAILED', data: null, error: message, error_code: error.code });
}

/** OK envelope; `withErrorCode` adds `"error_code":0` where the seed shows it. */
export function ok(c: Context, data: unknown, withErrorCode = false): Response {
  if (data !== null && typeof data === 'object') {
    const d = data as { sequence_id?: unknown; sequence_ids?: unknown };
    if (typeof d.sequence_id === 'number') noteSequenceIds(c, d.sequence_id);
    else if (Array.isArray(d.sequence_ids) && d.sequence_ids.length > 0) noteSequenceIds(c, d.sequence_ids as number[]);
  }
  const body = withErrorCode ? { status: 'OK', data, error: '', error_code: 0 } : { status: 'OK', data, error: '' };
  return jsonReply(c, stringify(body), 200);
}

/** Plain JSON without an envelope (`/v1/wallets`, the control plane). */
export function plain(c: Context, data: unknown, status: 200 | 201 = 200): Response {
  return jsonReply(c, stringify(data), status);
}

/** The FAILED envelope with the status of `mode`; the code is noted for the request log. */
export function failure(c: Context, error: DevnetError, mode: ErrorStatusMode, extraHeaders?: Record<string, string>): Response {
  noteErrorCode(c, error.code, error.message);
  return jsonReply(c, failedBody(error), httpStatusFor(error, mode), extraHeaders);
}
