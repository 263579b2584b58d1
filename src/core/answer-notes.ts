// What the handlers note about an answer (the FAILED code and message, the sequence ids, the body read), for the
// request log (http/) and the inspector's journal and metrics (explorer/), which both sit above it.
import type { Context } from 'hono';

// Where the handlers leave their notes for the loggers: the context of the request, so nothing outlives it.
const CODE_KEY = 'l2devnet.errorCode';
const MESSAGE_KEY = 'l2devnet.errorMessage';
const SEQUENCE_KEY = 'l2devnet.sequenceId';
const BODY_KEY = 'l2devnet.body';

type Notes = { set(key: string, value: unknown): void; get(key: string): unknown };

/** Called wherever a FAILED envelope is built (error handler, not-found, faults); the message is the envelope's `error`. */
export function noteErrorCode(c: Context, code: number, message?: string): void {
  const n = c as unknown as Notes;
  n.set(CODE_KEY, code);
  if (message !== undefined) n.set(MESSAGE_KEY, message);
}

/** Called where an OK answer carries a `sequence_id` or `sequence_ids`: the request journal and the log show them. */
export function noteSequenceIds(c: Context, ids: number | readonly number[]): void {
  (c as unknown as Notes).set(SEQUENCE_KEY, ids);
}

/** Called where a route read its body: the request journal keeps it (shown redacted). */
export function noteRequestBody(c: Context, text: string): void {
  if (text !== '') (c as unknown as Notes).set(BODY_KEY, text);
}

/** What the handlers noted about the answer: the FAILED code and message, the sequence id(s), the request body read. */
export function answerNotes(c: Context): {
  errorCode: number;
  error: string | null;
  sequenceId: number | null;
  sequenceIds: number | readonly number[] | null;
  body: string | null;
} {
  const n = c as unknown as Notes;
  const code = n.get(CODE_KEY);
  const message = n.get(MESSAGE_KEY);
  const seq = n.get(SEQUENCE_KEY) as number | readonly number[] | undefined;
  const first = typeof seq === 'number' ? seq : seq?.[0];
  return {
    errorCode: typeof code === 'number' ? code : 0,
    error: typeof message === 'string' ? message : null,
    sequenceId: first ?? null,
    sequenceIds: seq ?? null,
    body: (n.get(BODY_KEY) as string | undefined) ?? null,
  };
}
