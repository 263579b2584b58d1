// The upload's multipart reading (busboy): any split of the body into chunks gives the same file, and
// a form too large in any dimension, or with a hostile header, is refused with 19 at once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DevnetError, ErrorCode } from '../../../src/domain/values/errors.js';
import { FORM_LIMITS, readUpload } from '../../../src/http/multipart.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

function streamOf(bytes: Uint8Array, cuts: number[] = []): ReadableStream<Uint8Array> {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let at = 0;
  for (const p of [...points, bytes.length]) {
    if (p > at) pieces.push(bytes.subarray(at, p));
    at = Math.max(at, p);
  }
  return new ReadableStream({
    pull(ctl) {
      const next = pieces.shift();
      if (next) ctl.enqueue(next);
      else ctl.close();
    },
  });
}

interface Got {
  filename?: string;
  type?: string;
  body: string;
  aborted: boolean;
}

/** Reads the body as the storage route does, keeping the file part's bytes. */
async function read(body: string | Uint8Array, boundary: string, cuts: number[] = [], max = 1 << 20): Promise<Got | undefined> {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  let got: Got | undefined;
  return readUpload(streamOf(bytes, cuts), `multipart/form-data; boundary=${boundary}`, max, async (file) => {
    const chunks: Uint8Array[] = [];
    for await (const c of file.chunks) chunks.push(c);
    got = { filename: file.filename, type: file.contentType, body: Buffer.concat(chunks).toString('latin1'), aborted: false };
    return { ...got, abort: async () => void (got!.aborted = true) };
  }).then((r) => (r ? { filename: r.filename, type: r.type, body: r.body, aborted: got!.aborted } : undefined));
}

/** The refusal a body gets: its HTTP status and message. */
async function refusal(body: string, boundary = 'q', max?: number): Promise<{ status: number | undefined; message: string }> {
  const e = await read(body, boundary, [], max).then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(DevnetError);
  return { status: (e as DevnetError).httpStatus, message: (e as DevnetError).message };
}

const part = (b: string, head: string, body: string): string => `--${b}\r\n${head}\r\n\r\n${body}\r\n`;
const file = (b: string, body = 'x'): string => part(b, 'Content-Disposition: form-data; name="file"; filename="f.bin"', body);

describe('multipart reading', () => {
  it('reads the file part whatever the chunking (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'binary-ascii', maxLength: 300 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (content, cuts) => {
          const b = 'bNd';
          const text = `preamble\r\n--${b}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${b}--\r\nepilogue`;
          expect(await read(text, b, cuts)).toEqual({ filename: 'x.bin', type: 'application/octet-stream', body: content, aborted: false });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('content that looks like a boundary but is not one stays content', async () => {
    const content = `x--abc no CRLF before\r\n--ab\r\n-abc`;
    expect((await read(`${file('abc', content)}--abc--`, 'abc', [7, 50, 51]))!.body).toBe(content);
  });

  it('quoted names with ; and escaped quotes, RFC 5987 filename*, a part without headers, transport padding', async () => {
    const b = 'q';
    const text = `--${b}  \r\n\r\nbare\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="a; \\"b\\".txt"; filename*=UTF-8''%E2%82%AC.txt\r\n\r\nx\r\n--${b}--`;
    expect(await read(text, b)).toEqual({ filename: '€.txt', type: 'text/plain', body: 'x', aborted: false });
    expect(
      (await read(`${part(b, 'Content-Disposition: form-data; name="file"; filename="a; \\"b\\".txt"', 'y')}--${b}--`, b))!.filename,
    ).toBe('a; "b".txt');
  });

  it('a UTF-8 file name as browsers send it (raw bytes in the quoted string)', async () => {
    const body = Buffer.concat([
      enc('--q\r\nContent-Disposition: form-data; name="file"; filename="'),
      enc('é€.txt'),
      enc('"\r\n\r\nz\r\n--q--'),
    ]);
    expect((await read(body, 'q'))!.filename).toBe('é€.txt');
  });

  it('refuses a body cut before the closing boundary (19), and one over its byte limit (413)', async () => {
    expect(await refusal('--q\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\nabc')).toMatchObject({
      status: undefined,
      message: expect.stringMatching(/closing boundary/),
    });
    expect((await refusal(`${file('q', 'x'.repeat(5000))}--q--`, 'q', 3000)).status).toBe(413);
  });

  it('refuses a content type that is not multipart/form-data, or names no boundary', async () => {
    for (const type of ['application/json', 'multipart/form-data', 'multipart/mixed; boundary=x', undefined]) {
      const e = await readUpload(streamOf(enc('x')), type, 100, async () => ({ abort: async () => undefined })).catch((x: unknown) => x);
      expect((e as DevnetError).message).toMatch(/file is required/);
    }
    // An unquoted boundary with a space or a non-ASCII letter is no boundary to busboy: the refusal says how to send one.
    for (const type of ['multipart/form-data; boundary=a b', 'multipart/form-data; boundary=\u00e9']) {
      const e = await readUpload(streamOf(enc('x')), type, 100, async () => ({ abort: async () => undefined })).catch((x: unknown) => x);
      expect((e as DevnetError).code).toBe(ErrorCode.InvalidParam);
      expect((e as DevnetError).message).toMatch(/no boundary, or one that is malformed: quote a boundary/);
    }
  });

  it.each<[string, (b: string) => string, RegExp]>([
    [
      'a part header over 16 KiB (40,000 spaces in Content-Disposition)',
      (b) => part(b, `Content-Disposition: form-data; a${' '.repeat(40_000)}b`, 'x') + file(b),
      /malformed multipart body: malformed part header/,
    ],
    [
      'a 400 KB part header',
      (b) => part(b, `Content-Disposition: form-data; a${' '.repeat(400_000)}b`, 'x') + file(b),
      /malformed part header/,
    ],
    [
      'a 16 KB Content-Type',
      (b) => part(b, `Content-Disposition: form-data; name="file"; filename="f"\r\nContent-Type: ${'a;'.repeat(8_192)}`, 'x'),
      /malformed part header/,
    ],
    [
      'too many parts',
      (b) => part(b, 'X-Nothing: 1', 'x').repeat(FORM_LIMITS.parts + 1) + file(b),
      new RegExp(`more than ${FORM_LIMITS.parts} parts`),
    ],
    [
      'too many fields',
      (b) =>
        Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => part(b, `Content-Disposition: form-data; name="f${i}"`, 'v')).join('') +
        file(b),
      new RegExp(`more than ${FORM_LIMITS.fields} fields`),
    ],
    ['too many files', (b) => file(b).repeat(FORM_LIMITS.files + 1), new RegExp(`more than ${FORM_LIMITS.files} file parts`)],
    [
      'a field too long',
      (b) => part(b, 'Content-Disposition: form-data; name="note"', 'v'.repeat(FORM_LIMITS.fieldSize + 1)) + file(b),
      /field "note" is longer than 65536 bytes/,
    ],
  ])(
    '%s: refused with 19, the file staged before it aborted',
    async (_, body, message) => {
      const b = 'BoUnD';
      let aborted = 0;
      const e = await readUpload(
        streamOf(enc(`${file(b)}${body(b)}--${b}--\r\n`)),
        `multipart/form-data; boundary=${b}`,
        1 << 22,
        async (f) => {
          for await (const _c of f.chunks) {
            /* read */
          }
          return { abort: async () => void aborted++ };
        },
      ).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(DevnetError);
      expect((e as DevnetError).code).toBe(19);
      expect((e as DevnetError).httpStatus).toBeUndefined();
      expect((e as DevnetError).message).toMatch(message);
      expect(aborted).toBe(1);
    },
    5_000,
  );

  it('a file refused before it is read (a large body in one chunk, or in several): the rest is dropped, that refusal answered', async () => {
    const b = 'q';
    const body = `${part(b, 'Content-Disposition: form-data; name="file"; filename="f.bin"', 'x'.repeat(200_000))}${part(b, 'Content-Disposition: form-data; name="note"', 'y'.repeat(30_000))}--${b}--`;
    for (const cuts of [[], [100, 70_000, 140_000]]) {
      const refused = new DevnetError(19, 'refused at once');
      const e = await readUpload(streamOf(enc(body), cuts), `multipart/form-data; boundary=${b}`, 1 << 22, async () => {
        throw refused;
      }).catch((x: unknown) => x);
      expect(e).toBe(refused);
    }
  }, 5_000);
});
