// The OK and FAILED envelopes, written with exact integers.
import type { DevnetError } from '../domain/values/errors.js';
import { stringify } from '../domain/values/json.js';

/** `{"status":"OK","data":…,"error":""}`, plus `"error_code":0` where the seed shows it. */
export function okBody(data: unknown, withErrorCode: boolean): string {
  return stringify(withErrorCode ? { status: 'OK', data, error: '', error_code: 0 } : { status: 'OK', data, error: '' });
}

/**
 * The longest `error` message sent. Refusals quote what the client sent cut to about 100 characters
 * (`echo`, `show`); this cut is the backstop for any message that would still run long.
 */
export const MAX_MESSAGE = 1024;

function capped(message: string): string {
  if (message.length <= MAX_MESSAGE) return message;
  const end = (message.charCodeAt(MAX_MESSAGE - 1) & 0xfc00) === 0xd800 ? MAX_MESSAGE - 1 : MAX_MESSAGE;
  return message.slice(0, end) + '…';
}

/** Every failure, on every endpoint: a client cannot act on a failure without its code. */
export function failedBody(error: DevnetError): string {
  return stringify({ status: 'FAILED', data: null, error: capped(error.message), error_code: error.code });
}

/**
 * A fresh header object per response: @hono/node-server writes Content-Length into the object it
 * is given, so a shared constant would carry one response's length into the next.
 */
export function jsonHeaders(): Record<string, string> {
  return { 'content-type': 'application/json; charset=utf-8' };
}
