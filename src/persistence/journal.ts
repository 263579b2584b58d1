// The append-only journal of accepted commands: a header line, then one checksummed line per command,
// written (and with `--durability fsync`, flushed) before the client hears back.
import { closeSync, fdatasyncSync, fstatSync, ftruncateSync, openSync, readFileSync } from 'node:fs';
import type { CommandEntry } from '../core/commands.js';
import { decodeLine, encodeLine, lineSum, sealLine, SUM_LENGTH, unsealLine } from './codec.js';
import { replaceFile, writeAll, type Durability } from './files.js';

export const JOURNAL_FORMAT = 'l2-devnet/journal@3';

export interface JournalLine extends CommandEntry {
  seq: number;
  /** The line's checksum: sha256 of the previous line's checksum and this line's body. */
  sum: string;
}

export interface JournalRead {
  /** Seq of the last command before the first line (the image this journal continues). */
  after: number;
  /** The chain value at `after`: the first line's checksum builds on it. */
  start: string;
  lines: JournalLine[];
  /**
   * An incomplete last line (no newline, and its checksum fails: a write cut short, whose command was
   * never acknowledged), dropped and cut off the file; null when the tail was clean.
   */
  droppedTail: string | null;
  /** The last line is intact by its checksum but lost its newline (or had it changed): kept; resume() ends it. */
  unterminated: boolean;
  /** Byte length of the good part of the file (without the newline an unterminated last line lacks). */
  bytes: number;
}

export class JournalError extends Error {}

const NEWLINE = 0x0a;

/** The lines taken so far and the chain value after them. */
class Lines {
  header: { after: number; start: string } | undefined;
  readonly lines: JournalLine[] = [];
  private chain = '';

  /** Takes `text` as the next line, or returns why it is not one (changing nothing then). */
  take(text: string): string | undefined {
    const sealed = unsealLine(text);
    if (!sealed) return 'has no checksum: it is not a journal line';
    const { body, sum } = sealed;
    let value: unknown;
    try {
      value = decodeLine(body);
    } catch (e) {
      return `is not valid JSON (${(e as Error).message})`;
    }
    const line = (value ?? {}) as Partial<JournalLine> & { format?: unknown; after?: unknown; chain?: unknown };
    if (this.header === undefined) {
      const { format, after, chain } = line;
      const valid = Number.isSafeInteger(after) && (after as number) >= 0 && typeof chain === 'string' && chain.length === SUM_LENGTH;
      if (format !== JOURNAL_FORMAT || !valid) return `is not a journal header (format "${JOURNAL_FORMAT}")`;
      if (sum !== lineSum('', body)) return 'does not match its checksum: the header was changed';
      this.header = { after: after as number, start: chain };
      this.chain = chain;
      return undefined;
    }
    if (typeof value !== 'object' || !Number.isSafeInteger(line.seq) || typeof line.cmd !== 'string' || !Array.isArray(line.args))
      return 'is not a journal entry';
    const expected = this.header.after + this.lines.length + 1;
    if (line.seq !== expected) return `has seq ${line.seq} where ${expected} was expected: lines are missing or out of order`;
    if (sum !== lineSum(this.chain, body)) return 'does not match its checksum: this line (or one before it) was changed';
    this.chain = sum;
    this.lines.push({ ...(line as JournalLine), sum });
    return undefined;
  }
}

/**
 * Reads and checks a journal; null when there is none. Each line must parse, carry the next seq and
 * match its checksum, which chains it to every line before it: a changed, missing or reordered line
 * is refused with its line number. A line is judged by its checksum, not its newline: a last line
 * without one (or with it changed to another byte) is kept when its checksum holds, and dropped only
 * when it fails (an incomplete write). Linear in the file's size.
 */
export function readJournal(path: string): JournalRead | null {
  let buf: Buffer;
  try {
    buf = readFileSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const refuse = (line: number, reason: string): never => {
    const keep =
      line <= 2
        ? 'there are no intact commands before it'
        : `to start from the commands before it (losing those from line ${line} on), keep lines 1-${line - 1}: head -n ${line - 1} ${path} > ${path}.tmp && mv ${path}.tmp ${path}`;
    throw new JournalError(`${path} line ${line} ${reason}. Nothing was changed; ${keep}`);
  };
  if (buf.length === 0)
    throw new JournalError(
      `${path} is empty, but a journal always begins with its header line: it was truncated, and any commands it held are lost. Nothing was changed`,
    );
  const read = new Lines();
  let from = 0;
  let lineNo = 0;
  let bytes = 0;
  let droppedTail: string | null = null;
  let unterminated = false;
  while (from < buf.length) {
    const nl = buf.indexOf(NEWLINE, from);
    lineNo++;
    if (nl === -1) {
      // No newline: kept if the line is whole by its checksum (its newline lost, or changed to one other byte).
      for (const end of [buf.length, buf.length - 1]) {
        if (end > from && read.take(buf.toString('utf8', from, end)) === undefined) {
          unterminated = true;
          bytes = end;
          break;
        }
      }
      if (unterminated) break;
      // A write cut short: its command was never acknowledged.
      if (read.header === undefined) refuse(lineNo, 'is an incomplete header (a power cut while the journal was replaced?)');
      droppedTail = buf.toString('utf8', from);
      break;
    }
    const reason = read.take(buf.toString('utf8', from, nl));
    if (reason !== undefined) refuse(lineNo, reason);
    from = nl + 1;
    bytes = from;
  }
  const { after, start } = read.header!;
  return { after, start, lines: read.lines, droppedTail, unterminated, bytes };
}

/** Line `seq` holding `entry`, chained to `chain`, with its newline; and its checksum. */
function sealedLine(seq: number, chain: string, entry: CommandEntry): { text: string; sum: string } {
  // JSON leaves `at` out when it is undefined.
  const body = encodeLine({ seq, cmd: entry.cmd, args: entry.args, at: entry.at });
  const sum = lineSum(chain, body);
  return { text: sealLine(body, sum) + '\n', sum };
}

/** The header line of a journal that continues after command `after`, whose chain value there is `start`. */
function headerText(after: number, start: string): string {
  const body = JSON.stringify({ format: JOURNAL_FORMAT, after, chain: start });
  return sealLine(body, lineSum('', body)) + '\n';
}

/**
 * Appends lines synchronously: once append() returns, the line is in the OS (survives a kill -9 of
 * this process) and, with `fsync`, on the disk. A failed append leaves the file as it was before it.
 */
export class JournalWriter {
  /** A failed write may have left a partial line that could not be cut off yet. */
  private dirty = false;

  private constructor(
    private readonly path: string,
    private fd: number,
    /** Bytes of whole lines; anything past it is the remains of a failed write. */
    public bytes: number,
    /** Seq of the last line. */
    public seq: number,
    /** Checksum of the last line (the chain value). */
    public chain: string,
    private readonly durability: Durability,
  ) {}

  /** A fresh journal continuing after `after` (replaces any file at `path` whole). */
  static create(path: string, after: number, start: string, durability: Durability): JournalWriter {
    let fd = -1;
    try {
      replaceFile(path, headerText(after, start), durability, (tmp) => {
        fd = openSync(tmp, 'a');
      });
    } catch (e) {
      if (fd !== -1) closeSync(fd);
      throw e;
    }
    return new JournalWriter(path, fd, fstatSync(fd).size, after, start, durability);
  }

  /** Goes on appending to a journal that was read; a dropped tail is cut off first, an unterminated last line ended. */
  static resume(path: string, read: JournalRead, durability: Durability): JournalWriter {
    const fd = openSync(path, 'a');
    let bytes = read.bytes;
    try {
      ftruncateSync(fd, bytes);
      if (read.unterminated) {
        writeAll(fd, Buffer.from('\n'));
        if (durability === 'fsync') fdatasyncSync(fd);
        bytes++;
      }
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    const last = read.lines[read.lines.length - 1];
    return new JournalWriter(path, fd, bytes, last?.seq ?? read.after, last?.sum ?? read.start, durability);
  }

  /** Writes the next line (seq = this.seq + 1). Throws the I/O error, with the file as it was. */
  append(entry: CommandEntry): void {
    const seq = this.seq + 1;
    const { text, sum } = sealedLine(seq, this.chain, entry);
    const buf = Buffer.from(text, 'utf8');
    this.cutFailedWrite();
    try {
      writeAll(this.fd, buf);
      if (this.durability === 'fsync') fdatasyncSync(this.fd);
    } catch (e) {
      // A short write (ENOSPC half-way) or an unflushed line must not stay: the client hears "failed".
      this.dirty = true;
      try {
        this.cutFailedWrite();
      } catch {
        // cut before the next append instead
      }
      throw e;
    }
    this.bytes += buf.length;
    this.seq = seq;
    this.chain = sum;
  }

  /** Replaces the journal with an empty one continuing after its last line (a compaction). On failure the old one stays in use. */
  restart(): void {
    const fresh = JournalWriter.create(this.path, this.seq, this.chain, this.durability);
    closeSync(this.fd);
    this.fd = fresh.fd;
    this.bytes = fresh.bytes;
    this.dirty = false;
  }

  close(): void {
    closeSync(this.fd);
  }

  private cutFailedWrite(): void {
    if (!this.dirty) return;
    if (fstatSync(this.fd).size !== this.bytes) ftruncateSync(this.fd, this.bytes);
    this.dirty = false;
  }
}
