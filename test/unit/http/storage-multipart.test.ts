// The streaming multipart reader: any split of the body into chunks gives the same parts and bytes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DevnetError } from '../../../src/domain/values/errors.js';
import { boundaryOf, MultipartReader } from '../../../src/http/multipart.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

function streamOf(bytes: Uint8Array, cuts: number[]): ReadableStream<Uint8Array> {
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

async function readAll(stream: ReadableStream<Uint8Array>, boundary: string, max = 1 << 20): Promise<Array<{ name?: string; filename?: string; type?: string; body: string }>> {
  const reader = new MultipartReader(stream, boundary, max);
  const out: Array<{ name?: string; filename?: string; type?: string; body: string }> = [];
  for (let head = await reader.next(); head; head = await reader.next()) {
    const chunks: Uint8Array[] = [];
    for await (const c of reader.body()) chunks.push(c);
    out.push({ name: head.name, filename: head.filename, type: head.contentType, body: Buffer.concat(chunks).toString('latin1') });
  }
  return out;
}

describe('multipart reader', () => {
  it('reads parts whatever the chunking (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary-ascii', maxLength: 300 }), fc.array(fc.nat(), { maxLength: 40 }), async (content, cuts) => {
        const b = 'bNd';
        const text = `preamble\r\n--${b}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n--${b}--\r\nepilogue`;
        const parts = await readAll(streamOf(Buffer.from(text, 'latin1'), cuts), b);
        expect(parts).toEqual([
          { name: 'note', filename: undefined, type: undefined, body: 'hi' },
          { name: 'file', filename: 'x.bin', type: 'application/octet-stream', body: content },
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('content that looks like a boundary but is not one stays content', async () => {
    const b = 'abc';
    const content = `--abc no CRLF before\r\n--ab\r\n-abc`;
    const parts = await readAll(streamOf(enc(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="f"\r\n\r\n${content}\r\n--${b}--`), [7, 50, 51]), b);
    expect(parts[0]!.body).toBe(content);
  });

  it('quoted names with ; and escaped quotes, RFC 5987 filename*, a part without headers, transport padding', async () => {
    const b = 'q';
    const text = `--${b}  \r\nContent-Disposition: form-data; name="file"; filename="a; \\"b\\".txt"; filename*=UTF-8''%E2%82%AC.txt\r\n\r\nx\r\n--${b}\r\n\r\nbare\r\n--${b}--`;
    const parts = await readAll(streamOf(enc(text), []), b);
    expect(parts).toEqual([
      { name: 'file', filename: '€.txt', type: undefined, body: 'x' },
      { name: undefined, filename: undefined, type: undefined, body: 'bare' },
    ]);
  });

  it('refuses a body cut before the closing boundary, and one over its byte limit (413)', async () => {
    await expect(readAll(streamOf(enc('--q\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc'), []), 'q')).rejects.toThrow(/closing boundary/);
    const err = await readAll(streamOf(enc(`--q\r\n\r\n${'x'.repeat(5000)}\r\n--q--`), [1000, 2000]), 'q', 3000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DevnetError);
    expect((err as DevnetError).httpStatus).toBe(413);
  });

  it('boundaryOf: multipart/form-data only, quoted boundaries allowed', () => {
    expect(boundaryOf('multipart/form-data; boundary="a b"')).toBe('a b');
    expect(boundaryOf('Multipart/Form-Data;boundary=----x')).toBe('----x');
    expect(() => boundaryOf('application/json')).toThrow(/file is required/);
    expect(() => boundaryOf(undefined)).toThrow(/file is required/);
    expect(() => boundaryOf('multipart/form-data')).toThrow(/file is required/);
  });
});
