// A streaming multipart/form-data reader: parts one at a time, each body as chunks, never the whole body.
import { DevnetError, ErrorCode, fail } from '../domain/values/errors.js';

/** What a part says about itself. */
export interface PartHead {
  name: string | undefined;
  filename: string | undefined;
  contentType: string | undefined;
}

const CRLF = Buffer.from('\r\n');
const MAX_HEADER_BYTES = 16 * 1024;

/** `boundary` of a multipart/form-data content type; anything else means "no file was sent" (19). */
export function boundaryOf(contentType: string | undefined): string {
  const m = contentType === undefined ? null : /^\s*multipart\/form-data\s*;(.*)$/i.exec(contentType);
  const boundary = m ? params(m[1]!).get('boundary') : undefined;
  if (!boundary) fail(ErrorCode.InvalidParam, 'file is required: send multipart/form-data with a "file" field');
  return boundary;
}

/** `a=1; b="x;y"` -> Map (names lowercased); `filename*=UTF-8''…` decoded. */
function params(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /\s*([^=;\s]+)\s*(?:=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*)))?\s*(?:;|$)/gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text)) !== null) {
    const key = m[1]!.toLowerCase();
    let value = m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : (m[3] ?? '').trim();
    if (key.endsWith('*')) {
      const ext = /^[^']*'[^']*'(.*)$/.exec(value);
      try {
        value = decodeURIComponent(ext ? ext[1]! : value);
      } catch {
        continue;
      }
      out.set(key.slice(0, -1), value);
      continue;
    }
    if (!out.has(key)) out.set(key, value);
    if (m[0] === '') break;
  }
  return out;
}

/**
 * Reads parts in order from the request body stream. A part's body must be consumed (or is
 * skipped) before the next part; chunks are slices of what the socket delivered, so at most a
 * chunk plus one delimiter's length is held here at any time.
 */
export class MultipartReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly delimiter: Buffer;
  private buf: Buffer;
  private total = 0;
  private state: 'preamble' | 'headers' | 'body' | 'end' = 'preamble';

  /** `maxBytes`: the whole body's limit, checked as it arrives (413). */
  constructor(stream: ReadableStream<Uint8Array>, boundary: string, private readonly maxBytes: number) {
    this.reader = stream.getReader();
    this.delimiter = Buffer.from(`\r\n--${boundary}`);
    // A leading CRLF lets the first boundary match the same delimiter as the others.
    this.buf = Buffer.from(CRLF);
  }

  /** Appends the next chunk; false at the end of the stream. */
  private async fill(): Promise<boolean> {
    const { done, value } = await this.reader.read();
    if (done) return false;
    this.total += value.length;
    if (this.total > this.maxBytes) throw new DevnetError(ErrorCode.InvalidParam, `request body exceeds ${this.maxBytes} bytes`, 413);
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    return true;
  }

  /** After a delimiter: `--` ends the body, CRLF starts another part. */
  private async afterDelimiter(): Promise<void> {
    while (this.buf.length < 2) if (!(await this.fill())) this.truncated();
    if (this.buf[0] === 0x2d && this.buf[1] === 0x2d) {
      this.state = 'end';
      return;
    }
    // Transport padding (spaces, tabs) may precede the CRLF.
    let i = 0;
    for (;;) {
      while (i + 2 > this.buf.length) if (!(await this.fill())) this.truncated();
      if (this.buf[i] === 0x0d && this.buf[i + 1] === 0x0a) break;
      if (this.buf[i] !== 0x20 && this.buf[i] !== 0x09) fail(ErrorCode.InvalidParam, 'malformed multipart body: boundary not followed by CRLF');
      i++;
    }
    this.buf = this.buf.subarray(i + 2);
    this.state = 'headers';
  }

  private truncated(): never {
    fail(ErrorCode.InvalidParam, 'malformed multipart body: it ends before the closing boundary (truncated upload?)');
  }

  /** The next part's head, or undefined after the closing boundary. Skips an unread body. */
  async next(): Promise<PartHead | undefined> {
    if (this.state === 'body') for await (const _ of this.body()) { /* skipped */ }
    if (this.state === 'preamble') {
      for (;;) {
        const at = this.buf.indexOf(this.delimiter);
        if (at >= 0) {
          this.buf = this.buf.subarray(at + this.delimiter.length);
          break;
        }
        this.buf = this.buf.subarray(Math.max(0, this.buf.length - this.delimiter.length + 1));
        if (!(await this.fill())) fail(ErrorCode.InvalidParam, 'file is required: the multipart body has no part');
      }
      await this.afterDelimiter();
    }
    if (this.state === 'end') return undefined;
    let end: number;
    // A part without headers starts with the blank line at once (-2, so that end + 4 skips just that CRLF).
    while ((end = this.buf.subarray(0, 2).equals(CRLF) ? -2 : this.buf.indexOf('\r\n\r\n')) === -1) {
      if (this.buf.length > MAX_HEADER_BYTES) fail(ErrorCode.InvalidParam, `malformed multipart body: part headers exceed ${MAX_HEADER_BYTES} bytes`);
      if (!(await this.fill())) this.truncated();
    }
    const head = parseHead(new TextDecoder().decode(this.buf.subarray(0, Math.max(0, end))));
    this.buf = this.buf.subarray(end + 4);
    this.state = 'body';
    return head;
  }

  /** The current part's bytes, in chunks; ends at the part's delimiter. */
  async *body(): AsyncGenerator<Uint8Array> {
    if (this.state !== 'body') return;
    const keep = this.delimiter.length - 1;
    for (;;) {
      const at = this.buf.indexOf(this.delimiter);
      if (at >= 0) {
        const last = this.buf.subarray(0, at);
        this.buf = this.buf.subarray(at + this.delimiter.length);
        await this.afterDelimiter();
        if (last.length > 0) yield last;
        return;
      }
      // Everything but a possible delimiter prefix at the end is part of the body.
      if (this.buf.length > keep) {
        const out = this.buf.subarray(0, this.buf.length - keep);
        this.buf = this.buf.subarray(this.buf.length - keep);
        yield out;
      }
      if (!(await this.fill())) this.truncated();
    }
  }

  /** Stops reading (the rest of the body is left to the server to discard). */
  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }

  /**
   * Reads the rest of the body and drops it, so a refusal is answered once the whole request is in
   * and the client's connection stays usable for its next request; past the body limit it stops.
   */
  async discard(): Promise<void> {
    try {
      while (await this.fill()) this.buf = Buffer.alloc(0);
    } catch {
      await this.cancel();
    }
  }
}

function parseHead(text: string): PartHead {
  let disposition: Map<string, string> | undefined;
  let contentType: string | undefined;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = params(value.replace(/^form-data\s*;?/i, ''));
    else if (name === 'content-type') contentType = value;
  }
  return { name: disposition?.get('name'), filename: disposition?.get('filename'), contentType };
}
