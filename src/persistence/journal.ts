// The append-only journal of accepted commands: one line per command, written before the client hears back.
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { CommandEntry } from '../devnet.js';
import { decodeLine, encodeLine } from './codec.js';

export interface JournalLine extends CommandEntry {
  seq: number;
}

export interface JournalRead {
  lines: JournalLine[];
  /** A partial last line (a crash mid-write), dropped and cut off the file; null when the tail was clean. */
  droppedTail: string | null;
  /** Byte length of the good part of the file. */
  bytes: number;
}

export class JournalError extends Error {}

/**
 * Reads a journal. Only the last line may be damaged (the process died while writing it): it is
 * dropped and reported. Damage anywhere else is refused, with the line number, and nothing is changed.
 */
export function readJournal(path: string): JournalRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { lines: [], droppedTail: null, bytes: 0 };
    throw e;
  }
  const parts = text.split('\n');
  const lines: JournalLine[] = [];
  let bytes = 0;
  let droppedTail: string | null = null;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    if (last && part === '') break; // the file ends with a newline, as it should
    let line: JournalLine | undefined;
    try {
      line = checkLine(decodeLine(part));
    } catch {
      line = undefined;
    }
    // Only a final line without its newline can be a torn write; anything else is damage.
    if (!line && last) {
      droppedTail = part;
      break;
    }
    if (!line) throw new JournalError(`${path} line ${i + 1} is not a valid journal entry (${JSON.stringify(part.slice(0, 80))}); lines before it are intact. Nothing was changed: repair or remove that line to start.`);
    const previous = lines[lines.length - 1];
    if (previous && line.seq !== previous.seq + 1) throw new JournalError(`${path} line ${i + 1} has seq ${line.seq} after ${previous.seq}; the journal is not contiguous. Nothing was changed.`);
    lines.push(line);
    bytes += Buffer.byteLength(part, 'utf8') + 1;
  }
  return { lines, droppedTail, bytes };
}

function checkLine(v: unknown): JournalLine {
  const o = v as JournalLine;
  if (o === null || typeof o !== 'object' || !Number.isSafeInteger(o.seq) || typeof o.cmd !== 'string' || !Array.isArray(o.args)) throw new Error('not an entry');
  return o;
}

/** Appends lines synchronously: once append() returns, the line is in the OS and survives a kill -9 of this process. */
export class JournalWriter {
  private fd: number;
  bytes: number;

  constructor(path: string, goodBytes: number) {
    this.fd = openSync(path, 'a+');
    // Cut a torn tail so the next line does not glue onto it.
    ftruncateSync(this.fd, goodBytes);
    this.bytes = goodBytes;
  }

  append(line: JournalLine): void {
    const text = encodeLine(line) + '\n';
    const buf = Buffer.from(text, 'utf8');
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off);
    this.bytes += buf.length;
  }

  truncate(): void {
    ftruncateSync(this.fd, 0);
    this.bytes = 0;
  }

  close(): void {
    closeSync(this.fd);
  }
}
