// Reading an upload's multipart/form-data body through busboy: streamed, with every dimension bounded.
import type { Busboy, BusboyConfig } from 'busboy';
import type { UploadFile as FilePart } from '../core/storage.js';
import { DevnetError, ErrorCode, fail } from '../domain/values/errors.js';
import { readChunks } from './request-body.js';

/**
 * What a form may hold besides its file: a form is a file and a few small fields, so anything more is
 * refused (19) before it costs. Part headers are bounded by busboy itself at 16 KiB a part (Node's
 * own header limit), and parsed by its state machine in one pass (linear in their length).
 */
export const FORM_LIMITS = {
  parts: 32,
  files: 4,
  fields: 16,
  /** Bytes of a field's value (fields are held in memory until their part ends). */
  fieldSize: 64 * 1024,
} as const satisfies NonNullable<BusboyConfig['limits']>;

const malformed = (why: string): DevnetError => new DevnetError(ErrorCode.InvalidParam, `malformed multipart body: ${why}`);
const tooMany = (what: string, max: number): DevnetError =>
  new DevnetError(ErrorCode.InvalidParam, `multipart body has more than ${max} ${what}`);

/** What a form holds besides its file: the part the file is in ("file" unless told), and a record that collects the other fields. */
export interface FormShape {
  fileField?: string;
  /** What a body that is no form is told to send (default: `file is required: ... a "file" field`). */
  expected?: string;
  /** Filled with each text field's first value, by name. */
  fields?: Record<string, string>;
}

/** busboy over the body's content type; 19 when it is no multipart form or names no usable boundary. */
async function formParser(contentType: string | undefined, expected: string): Promise<Busboy> {
  if (contentType === undefined || !/^\s*multipart\/form-data\s*(;|$)/i.test(contentType)) fail(ErrorCode.InvalidParam, expected);
  const { default: busboy } = await import('busboy');
  try {
    return busboy({ headers: { 'content-type': contentType }, limits: FORM_LIMITS, defParamCharset: 'utf8' });
  } catch {
    fail(
      ErrorCode.InvalidParam,
      `${expected} (the content type names no boundary, or one that is malformed: quote a boundary that holds a space or a character RFC 2046 does not allow)`,
    );
  }
}

/** The first part named as the form's file goes to `hand` (others are read past); the form's limits and bad framing go to `refuse`. */
function listen(
  parser: Busboy,
  form: FormShape,
  hand: (file: FilePart) => void,
  handed: () => boolean,
  refuse: (e: unknown) => void,
): void {
  const fileField = form.fileField ?? 'file';
  parser.on('file', (name, stream, info) => {
    // Destroying the parser destroys its open file stream with the refusal: a stream nobody reads
    // would otherwise throw it as an unhandled 'error' (a reader's iteration still sees it).
    stream.on('error', () => undefined);
    if (name !== fileField || handed()) return void stream.resume();
    hand({ filename: info.filename, contentType: info.mimeType, chunks: stream });
  });
  parser.on('field', (name, value, info) => {
    if (info.valueTruncated) return refuse(malformed(`field ${JSON.stringify(name)} is longer than ${FORM_LIMITS.fieldSize} bytes`));
    if (form.fields !== undefined && name !== fileField && !Object.hasOwn(form.fields, name)) form.fields[name] = value;
    // A "file" sent as a plain field: the upload's own checks say what is missing (a file name).
    if (name === fileField && !handed())
      hand({
        filename: undefined,
        contentType: info.mimeType,
        chunks: (async function* () {
          yield Buffer.from(value);
        })(),
      });
  });
  parser.on('partsLimit', () => refuse(tooMany('parts', FORM_LIMITS.parts)));
  parser.on('filesLimit', () => refuse(tooMany('file parts', FORM_LIMITS.files)));
  parser.on('fieldsLimit', () => refuse(tooMany('fields', FORM_LIMITS.fields)));
  parser.on('error', (e: Error) =>
    refuse(
      malformed(
        /Unexpected end/.test(e.message)
          ? 'it ends before the closing boundary (truncated upload?)'
          : `${e.message.toLowerCase()} (a part's headers over 16 KiB, or not form-data)`,
      ),
    ),
  );
}

/**
 * Parses the body and hands `take` the first part named "file" (or `form.fileField`; its chunks are read while `take`
 * runs). Resolves with what `take` gave once the whole body is read; any refusal (the form's limits,
 * malformed framing, `take`'s own) aborts what `take` gave, reads the rest of the body and drops
 * it, so the client's connection stays usable, and rejects. Past `maxBytes` (413) it stops reading at once.
 */
export async function readUpload<T extends { abort(): Promise<void> }>(
  body: ReadableStream<Uint8Array>,
  contentType: string | undefined,
  maxBytes: number,
  take: (file: FilePart) => Promise<T>,
  form: FormShape = {},
): Promise<T | undefined> {
  const parser = await formParser(contentType, form.expected ?? 'file is required: send multipart/form-data with a "file" field');
  let refusal: unknown;
  let wake: () => void = () => undefined;
  const refuse = (e: unknown): void => {
    refusal ??= e;
    wake();
  };
  let taken: Promise<T> | undefined;
  const hand = (file: FilePart): void => {
    taken = take(file);
    // A refused file stops the parse (its stream is destroyed with the parser).
    taken.catch((e: unknown) => refuse(e));
  };
  listen(parser, form, hand, () => taken !== undefined, refuse);
  let closed = false;
  parser.on('close', () => {
    closed = true;
    wake();
  });
  const wait = (event: 'drain' | 'close'): Promise<void> =>
    new Promise<void>((resolve) => {
      wake = resolve;
      if (refusal !== undefined || (event === 'close' && closed)) resolve();
      else parser.once(event, () => resolve());
    });

  try {
    // After a refusal the rest of the body is read and dropped; past `maxBytes` reading stops at once.
    await readChunks(
      body,
      maxBytes,
      () => new DevnetError(ErrorCode.InvalidParam, `request body exceeds ${maxBytes} bytes`, 413),
      async (chunk) => {
        if (refusal === undefined && !parser.write(chunk)) await wait('drain');
      },
    );
    if (refusal === undefined) {
      parser.end();
      await wait('close');
    }
  } catch (e) {
    // Too large, or the client went away (or the request timed out): what was staged goes too.
    refuse(e);
  }
  if (refusal !== undefined) parser.destroy(refusal instanceof Error ? refusal : undefined);
  const result = taken === undefined ? undefined : await taken.catch((e: unknown) => refuse(e));
  if (refusal !== undefined) {
    if (result) await result.abort();
    throw refusal;
  }
  return result as T | undefined;
}
