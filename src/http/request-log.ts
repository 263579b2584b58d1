// Request logging: one entry per request, from what the handlers noted about the answer (its code and
// message, the sequence ids it accepted); never a body, a header or a query value.
import { createRequire } from 'node:module';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { ErrorCode } from '../domain/values/errors.js';
import { redact } from '../core/redact.js';
import { DEFAULT_NAMESPACE, namespaceOf } from './namespace.js';
import { answerNotes } from '../core/answer-notes.js';

export interface RequestLogEntry {
  /** The namespace the request was answered in (`default` without /ns/{name} or x-devnet-namespace). */
  namespace: string;
  method: string;
  /** The path without its query string (and without a /ns/{name} prefix: `namespace` names it). */
  path: string;
  status: number;
  duration_ms: number;
  /** 0 for an OK answer, the FAILED envelope's code otherwise (also under HTTP 200 in fidelity mode). */
  error_code: number;
  /** Refusals only: the code's name (`InvalidSignature`) and the FAILED envelope's `error`. */
  error_name?: string;
  error?: string;
  /** Accepted commands only: the answer's `sequence_id`, or its `sequence_ids` (a mint). */
  sequence_id?: number;
  sequence_ids?: readonly number[];
}

export type LogMode = 'pretty' | 'json' | 'silent';

const CODE_NAMES = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

/** The namespace a request was answered in; it was checked before its app saw it, so the catch is only a guard. */
function namespaceLabel(request: Request): string {
  try {
    return namespaceOf(request);
  } catch {
    return DEFAULT_NAMESPACE;
  }
}

/** The middleware: first in the chain, so the time includes fault latency and the error handler. */
export function requestLogger(sink: (entry: RequestLogEntry) => void): MiddlewareHandler {
  return async (c, next) => {
    const t0 = performance.now();
    await next();
    const notes = answerNotes(c);
    const entry: RequestLogEntry = {
      namespace: namespaceLabel(c.req.raw),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      duration_ms: Math.round((performance.now() - t0) * 1000) / 1000,
      error_code: notes.errorCode,
    };
    if (notes.errorCode !== 0) {
      entry.error_name = CODE_NAMES.get(notes.errorCode) ?? 'Unknown';
      if (notes.error !== null) entry.error = notes.error;
    } else if (typeof notes.sequenceIds === 'number') entry.sequence_id = notes.sequenceIds;
    else if (notes.sequenceIds !== null) entry.sequence_ids = notes.sequenceIds;
    sink(entry);
  };
}

/**
 * The JSON logger: pino, loaded on the first line (a start never pays for it), writing through
 * `write` (stdout after the ready line). Lines read `{"level":"info","time":"<ISO>","event":"request",...}`;
 * every object logged passes the redaction rule.
 */
function jsonLogger(write: (line: string) => void): Logger {
  const pino = createRequire(import.meta.url)('pino') as typeof import('pino');
  return pino
    .pino(
      {
        base: null,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }), log: (o) => redact(o) },
      },
      { write },
    )
    .child({ event: 'request' });
}

/**
 * `12:01:02.345 POST /v1/transfers 200 6.1ms FAILED 34 InvalidSignature: <message>` or `... 200 1.2ms seq 17`:
 * one line per request for a terminal (`--log pretty`), local time, `[name]` for a namespace other than default.
 */
export function prettyLine(e: RequestLogEntry, now = new Date()): string {
  const time = `${now.toTimeString().slice(0, 8)}.${String(now.getMilliseconds()).padStart(3, '0')}`;
  const ns = e.namespace === DEFAULT_NAMESPACE ? '' : ` [${e.namespace}]`;
  const outcome =
    e.error_code !== 0
      ? ` FAILED ${e.error_code} ${e.error_name}${e.error === undefined ? '' : `: ${e.error}`}`
      : e.sequence_id !== undefined
        ? ` seq ${e.sequence_id}`
        : e.sequence_ids !== undefined
          ? ` seq ${e.sequence_ids.join(',')}`
          : '';
  return `${time}${ns} ${e.method} ${e.path} ${e.status} ${e.duration_ms.toFixed(1)}ms${outcome}`;
}

/** Health probes (a container's every few seconds) would bury the requests worth reading. */
const UNLOGGED_PATH = '/_devnet/health';

/** The line writer of a log mode, or undefined when nothing is logged per request (`silent`). Health probes are not logged. */
export function logWriter(mode: LogMode, write: (line: string) => void): ((e: RequestLogEntry) => void) | undefined {
  if (mode === 'silent') return undefined;
  if (mode === 'json') {
    let logger: Logger | undefined;
    return (e) => {
      if (e.path === UNLOGGED_PATH) return;
      logger ??= jsonLogger(write);
      if (e.status >= 500) logger.error(e);
      else logger.info(e);
    };
  }
  return (e) => {
    if (e.path !== UNLOGGED_PATH) write(prettyLine(redact(e)) + '\n');
  };
}
