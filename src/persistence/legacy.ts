// Directories written before checksums (format store@1): read the old way once, then rewritten as image@2 + journal@3.
import { readFileSync } from 'node:fs';
import type { CommandEntry } from '../devnet.js';
import { parseExact } from '../domain/values/json.js';
import { decodeLine } from './codec.js';

export const LEGACY_IMAGE = 'state.json';
export const LEGACY_JOURNAL = 'journal.ndjson';
const LEGACY_FORMAT = 'l2-devnet/store@1';

export interface LegacyLine extends CommandEntry {
  seq: number;
}

export interface LegacyDir {
  /** The old image: the state as of `journalSeq`; null when only a journal was written. */
  image: { journalSeq: number; state: unknown } | null;
  /** The commands after the image, in order (seq journalSeq + 1, + 2, ...). */
  lines: LegacyLine[];
  droppedTail: string | null;
}

export class LegacyError extends Error {}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

/** Reads an old-format dir with the checks the old version made (it had no checksums to verify). */
export function readLegacyDir(imagePath: string, journalPath: string): LegacyDir {
  let image: LegacyDir['image'] = null;
  const imageText = readText(imagePath);
  if (imageText !== null) {
    let data: { format?: unknown; journal_seq?: unknown; state?: unknown };
    try {
      data = parseExact(imageText) as typeof data;
    } catch (e) {
      throw new LegacyError(`${imagePath} is not valid JSON (${(e as Error).message})`);
    }
    if (data === null || typeof data !== 'object' || data.format !== LEGACY_FORMAT || !Number.isSafeInteger(data.journal_seq)) {
      throw new LegacyError(
        `${imagePath} has format ${JSON.stringify(data?.format)}; this version reads "${LEGACY_FORMAT}" there (and writes image.jsonl)`,
      );
    }
    image = { journalSeq: data.journal_seq as number, state: data.state };
  }
  const after = image?.journalSeq ?? 0;
  const lines: LegacyLine[] = [];
  let droppedTail: string | null = null;
  const text = readText(journalPath) ?? '';
  const parts = text.split('\n');
  let previous: number | undefined;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const last = i === parts.length - 1;
    if (last && part === '') break;
    let line: LegacyLine | undefined;
    try {
      const v = decodeLine(part) as LegacyLine;
      if (v !== null && typeof v === 'object' && Number.isSafeInteger(v.seq) && typeof v.cmd === 'string' && Array.isArray(v.args))
        line = v;
    } catch {
      line = undefined;
    }
    if (!line && last) {
      droppedTail = part;
      break;
    }
    if (!line) throw new LegacyError(`${journalPath} line ${i + 1} is not a valid journal entry (${JSON.stringify(part.slice(0, 80))})`);
    if (previous !== undefined && line.seq !== previous + 1)
      throw new LegacyError(`${journalPath} line ${i + 1} has seq ${line.seq} after ${previous}; the journal is not contiguous`);
    previous = line.seq;
    if (line.seq <= after) continue; // already in the image (a crash between image and truncation)
    if (line.seq !== after + lines.length + 1)
      throw new LegacyError(`${journalPath}: seq ${line.seq} follows ${after + lines.length}; journal lines are missing`);
    lines.push(line);
  }
  return { image, lines, droppedTail };
}
