// Request logging: one entry per request (method, path, status, error code, time), never any request content.
import type { Context, MiddlewareHandler } from 'hono';

export interface RequestLogEntry {
  method: string;
  /** The path without its query string: a log line holds nothing a client sent beyond method and route. */
  path: string;
  status: number;
  /** 0 for an OK answer, the FAILED envelope's code otherwise (also under HTTP 200 in fidelity mode). */
  error_code: number;
  duration_ms: number;
}

export type LogMode = 'pretty' | 'json' | 'silent';

// Where a failure's code is left for the logger: the context of the request, so nothing outlives it.
const CODE_KEY = 'l2devnet.errorCode';
const MESSAGE_KEY = 'l2devnet.errorMessage';
const SEQUENCE_KEY = 'l2devnet.sequenceId';

type Notes = { set(key: string, value: unknown): void; get(key: string): unknown };

/** Called wherever a FAILED envelope is built (error handler, not-found, faults); the message is the envelope's `error`. */
export function noteErrorCode(c: Context, code: number, message?: string): void {
  const n = c as unknown as Notes;
  n.set(CODE_KEY, code);
  if (message !== undefined) n.set(MESSAGE_KEY, message);
}

/** Called where an OK answer carries a `sequence_id` (or `sequence_ids`): the request journal shows it. */
export function noteSequenceId(c: Context, id: number): void {
  (c as unknown as Notes).set(SEQUENCE_KEY, id);
}

/** What the handlers noted about the answer: the FAILED code and message, the sequence id. */
export function answerNotes(c: Context): { errorCode: number; error: string | null; sequenceId: number | null } {
  const n = c as unknown as Notes;
  const code = n.get(CODE_KEY);
  const message = n.get(MESSAGE_KEY);
  const seq = n.get(SEQUENCE_KEY);
  return { errorCode: typeof code === 'number' ? code : 0, error: typeof message === 'string' ? message : null, sequenceId: typeof seq === 'number' ? seq : null };
}

/** The middleware: first in the chain, so the time includes fault latency and the error handler. */
export function requestLogger(sink: (entry: RequestLogEntry) => void): MiddlewareHandler {
  return async (c, next) => {
    const t0 = performance.now();
    await next();
    const code = (c as unknown as { get(key: string): number | undefined }).get(CODE_KEY);
    sink({ method: c.req.method, path: c.req.path, status: c.res.status, error_code: code ?? 0, duration_ms: Math.round((performance.now() - t0) * 1000) / 1000 });
  };
}

/** `{"event":"request",...}`: one JSON line per request (`--log json`). */
export function jsonLine(e: RequestLogEntry): string {
  return JSON.stringify({ event: 'request', ...e });
}

/** `POST /v1/transfers 200 FAILED 34 1.2ms`: a compact human line (`--log pretty`). */
export function prettyLine(e: RequestLogEntry): string {
  return `${e.method} ${e.path} ${e.status}${e.error_code === 0 ? '' : ` FAILED ${e.error_code}`} ${e.duration_ms.toFixed(1)}ms`;
}

/** Health probes (a container's every few seconds) would bury the requests worth reading. */
const UNLOGGED_PATH = '/_devnet/health';

/** The line writer of a log mode, or undefined when nothing is logged per request. Health probes are not logged. */
export function logWriter(mode: LogMode, write: (line: string) => void): ((e: RequestLogEntry) => void) | undefined {
  if (mode === 'silent') return undefined;
  const format = mode === 'json' ? jsonLine : prettyLine;
  return (e) => {
    if (e.path !== UNLOGGED_PATH) write(format(e) + '\n');
  };
}
