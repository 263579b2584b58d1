// --dump-state FILE / --load-state FILE (Anvil's names): the state dump of GET /_devnet/state as one
// file, written on exit (atomically: a crash leaves the old file or the new one) and loaded at start.
import { closeSync, openSync, readSync } from 'node:fs';
import type { Devnet } from './devnet.js';
import { replaceFile, writeAll } from './persistence/files.js';

/** Writes the devnet's dump to `path` piece by piece (never one string), replacing the file whole. */
export function dumpStateFile(devnet: Devnet, path: string): void {
  replaceFile(
    path,
    (fd) => {
      for (const piece of devnet.dumpPieces()) writeAll(fd, Buffer.from(piece, 'utf8'));
    },
    'write',
  );
}

/** The text of a file in pieces of 1 MiB (a dump of millions of records is no single string). */
function* filePieces(path: string): Generator<string> {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(1 << 20);
    const decoder = new TextDecoder();
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) yield decoder.decode(buf.subarray(0, n), { stream: true });
    yield decoder.decode();
  } finally {
    closeSync(fd);
  }
}

/** Replaces the devnet's state with the dump in `path` (checked as POST /_devnet/state checks it). */
export function loadStateFile(devnet: Devnet, path: string): { state_hash: string } {
  return devnet.loadPieces(filePieces(path));
}
