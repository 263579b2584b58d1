// Writing files in the state dir: owner-only modes, whole-file replacement by rename, and fsync when asked.
import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * `write`: every journal line reaches the OS before the command is answered, so it survives the
 * process being killed (kill -9, OOM), not a power cut. `fsync`: each line (and each image) is also
 * flushed to the disk first, so it survives a power cut, at the cost measured by `npm run bench -- persistence`.
 */
export type Durability = 'write' | 'fsync';

/** Files hold every private key and API key of the devnet: only their owner may read them. */
export const FILE_MODE = 0o600;
export const DIR_MODE = 0o700;
/** Bytes read at a time. */
export const BLOCK = 1 << 20;

/** Writes all of `buf` at `position`, else at the fd's position (O_APPEND: the end); a short write is continued, an error thrown. */
export function writeAll(fd: number, buf: Uint8Array, position?: number): void {
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off, position === undefined ? null : position + off);
}

/**
 * The bytes of `fd` from `from` to `to`, a block at a time in one reused buffer (use each before the next).
 * Without a range, from its position to its end: a pipe or `/dev/stdin` reads as a file does.
 */
export function* blocks(fd: number, range?: { from: number; to: number }): Generator<Buffer> {
  const buf = Buffer.allocUnsafe(BLOCK);
  const end = range?.to ?? Number.POSITIVE_INFINITY;
  for (let at = range?.from ?? 0, n = 1; at < end && n > 0; at += n) {
    n = readSync(fd, buf, 0, Math.min(BLOCK, end - at), range === undefined ? null : at);
    if (n > 0) yield buf.subarray(0, n);
  }
}

/** The text of `path` (the whole of it, else from byte `from` to `to`) in pieces: a file of any size is never one string. */
export function* filePieces(path: string, range?: { from: number; to: number }): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const decoder = new TextDecoder();
    for (const block of blocks(fd, range)) yield decoder.decode(block, { stream: true });
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } finally {
    closeSync(fd);
  }
}

/**
 * The one atomic file write: replaces `path` whole with `content` (text, text in pieces, or written to
 * the fd by a function), through a temp file beside it and a rename, so a crash leaves either the old
 * file or the new one. `fsync` flushes the file before the rename and the directory after it.
 * `beforeRename` may open the temp file (the journal keeps appending to it). On failure (a full disk)
 * the temp file is removed and the old file is untouched.
 */
export function replaceFile(
  path: string,
  content: string | Iterable<string> | ((fd: number) => void),
  durability: Durability,
  beforeRename?: (tmp: string) => void,
): void {
  const tmp = `${path}.tmp`;
  try {
    const fd = openSync(tmp, 'w', FILE_MODE);
    try {
      if (typeof content === 'function') content(fd);
      else for (const piece of typeof content === 'string' ? [content] : content) writeAll(fd, Buffer.from(piece, 'utf8'));
      if (durability === 'fsync') fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    beforeRename?.(tmp);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  // The rename is the commit point: a directory that cannot be fsync'ed after it is no error of the write.
  if (durability !== 'fsync') return;
  try {
    const dirFd = openSync(dirname(path), 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // see above
  }
}
