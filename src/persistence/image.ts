// The state image (through lowdb): the whole state as of one journal seq, checksummed, replaced whole, streamed both ways.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { LowSync, type SyncAdapter } from 'lowdb';
import { sealLine, unsealLine } from './codec.js';
import { BLOCK, blocks, filePieces, replaceFile, writeAll, type Durability } from './files.js';

export const IMAGE_FORMAT = 'l2-devnet/image@2';

/** A state's text in pieces, produced when asked (a dump of any size is never one string). */
export type StateText = () => Iterable<string>;

export interface ImageData {
  /** Every journal line with seq <= this is already in `state`. */
  journalSeq: number;
  /** The journal's chain value at `journalSeq`: the journal that continues this image starts from it. */
  chain: string;
  /** The state's text as GET /_devnet/state writes it: read back piece by piece from the file. */
  state: StateText;
  /** The number of the next snapshot id at `journalSeq` (answers carry the ids; 1 in images written before it was kept). */
  nextSnapshot: number;
}

export class ImageError extends Error {}

const SUM_LENGTH = 64;
const NEWLINE = 0x0a;

/**
 * The file is a header line `{"format","journal_seq","chain","next_snapshot","sum"}`, then the state's JSON as
 * GET /_devnet/state writes it (one item per line), then a newline. `sum` is sha256 over the header's
 * other fields, a newline and the state's text, so any change to either is seen before the state is
 * parsed. Both are streamed: the state is written piece by piece (the header, whose length does not
 * depend on the sum, is written last, at the front), and read in two passes, the checksum first,
 * then the text for the reader. (An image written before holds the state on one line: the same rule.)
 */
class ImageFile implements SyncAdapter<ImageData | null> {
  constructor(
    private readonly path: string,
    private readonly durability: Durability,
  ) {}

  private damaged(reason: string): never {
    throw new ImageError(
      `${this.path} ${reason}. Nothing was changed; restore it from a backup, or move the state dir aside to start afresh`,
    );
  }

  read(): ImageData | null {
    let fd: number;
    try {
      fd = openSync(this.path, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    try {
      const size = fstatSync(fd).size;
      const twoLines = 'is not an image: it must be a header line and the state, ending with a newline (was it cut short?)';
      // The header is the bytes before the first newline (far shorter than a block).
      const first = blocks(fd, { from: 0, to: size }).next().value;
      const nl = first?.indexOf(NEWLINE) ?? -1;
      if (nl === -1) this.damaged(size > BLOCK ? 'has no checksum in its first line: it is not an image' : twoLines);
      const sealed = unsealLine(first!.toString('utf8', 0, nl), SUM_LENGTH);
      if (!sealed) this.damaged('has no checksum in its first line: it is not an image');
      // Pass 1: the checksum over the state's text, which ends the file with a newline.
      const stateStart = nl + 1;
      const stateEnd = size - 1;
      const last = Buffer.alloc(1);
      if (stateEnd < stateStart || readSync(fd, last, 0, 1, stateEnd) !== 1 || last[0] !== NEWLINE) this.damaged(twoLines);
      const hash = createHash('sha256').update(`${sealed!.body}\n`, 'utf8');
      for (const block of blocks(fd, { from: stateStart, to: stateEnd })) hash.update(block);
      if (sealed!.sum !== hash.digest('hex')) this.damaged('does not match its checksum: it was changed or damaged');
      let parsed: { format?: unknown; journal_seq?: unknown; chain?: unknown; next_snapshot?: unknown };
      try {
        parsed = JSON.parse(sealed!.body) as typeof parsed;
      } catch (e) {
        this.damaged(`is not valid JSON (${(e as Error).message})`);
      }
      const { format, journal_seq: journalSeq, chain, next_snapshot: nextSnapshot = 1 } = parsed!;
      const valid = Number.isSafeInteger(journalSeq) && typeof chain === 'string' && Number.isSafeInteger(nextSnapshot);
      if (format !== IMAGE_FORMAT || !valid || (nextSnapshot as number) < 1)
        this.damaged(`has a header of another format (expected "${IMAGE_FORMAT}")`);
      // Pass 2, when the state is loaded: its text piece by piece.
      const state: StateText = () => filePieces(this.path, { from: stateStart, to: stateEnd });
      return { journalSeq: journalSeq as number, chain: chain as string, state, nextSnapshot: nextSnapshot as number };
    } finally {
      closeSync(fd);
    }
  }

  write(data: ImageData | null): void {
    if (data === null) throw new TypeError('an image always holds a state');
    const body = JSON.stringify({
      format: IMAGE_FORMAT,
      journal_seq: data.journalSeq,
      chain: data.chain,
      next_snapshot: data.nextSnapshot,
    });
    // The sealed header's length does not depend on the sum: leave room for it, write the state, then the header.
    const headerLength = Buffer.byteLength(sealLine(body, '0'.repeat(SUM_LENGTH)), 'utf8');
    replaceFile(
      this.path,
      (fd) => {
        const hash = createHash('sha256').update(`${body}\n`, 'utf8');
        writeAll(fd, Buffer.from(`${' '.repeat(headerLength)}\n`, 'utf8'));
        for (const piece of data.state()) {
          const bytes = Buffer.from(piece, 'utf8');
          hash.update(bytes);
          writeAll(fd, bytes);
        }
        writeAll(fd, Buffer.from('\n', 'utf8'));
        writeAll(fd, Buffer.from(sealLine(body, hash.digest('hex')), 'utf8'), 0);
      },
      this.durability,
    );
  }
}

export function openImage(path: string, durability: Durability): LowSync<ImageData | null> {
  return new LowSync<ImageData | null>(new ImageFile(path, durability), null);
}
