// Writing files in the state dir: owner-only modes, whole-file replacement by rename, and fsync when asked.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
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

/** Writes all of `buf` at `position`, else at the fd's position (O_APPEND: the end); a short write is continued, an error thrown. */
export function writeAll(fd: number, buf: Uint8Array, position?: number): void {
  let off = 0;
  while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off, position === undefined ? null : position + off);
}

/**
 * The one atomic file write: replaces `path` whole with `content` (text, bytes, or written to the fd in
 * pieces by a function, for a file too large to be one string), through a temp file beside it and a
 * rename, so a crash leaves either the old file or the new one. `fsync` flushes the file before the
 * rename and the directory after it. `beforeRename` may open the temp file (the journal keeps
 * appending to it). On failure (a full disk) the temp file is removed and the old file is untouched.
 */
export function replaceFile(
  path: string,
  content: string | Uint8Array | ((fd: number) => void),
  durability: Durability,
  beforeRename?: (tmp: string) => void,
): void {
  const tmp = `${path}.tmp`;
  try {
    const fd = openSync(tmp, 'w', FILE_MODE);
    try {
      if (typeof content === 'function') content(fd);
      else writeAll(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
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
  // The rename is the commit point: from here on the next start reads the new file, so the caller
  // must treat the write as done. A directory that cannot be fsync'ed after that (to make the rename
  // durable) is not an error of the write.
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
