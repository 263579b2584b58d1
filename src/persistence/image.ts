// The state image (through lowdb): the whole state as of one journal seq, checksummed, replaced whole.
import { readFileSync } from 'node:fs';
import { LowSync } from 'lowdb';
import type { SyncAdapter } from 'lowdb';
import { parseExact, stringify } from '../domain/values/json.js';
import { sealLine, unsealLine } from './codec.js';
import { replaceFile, sha256Hex } from './files.js';
import type { Durability } from './files.js';

export const IMAGE_FORMAT = 'l2-devnet/image@2';

export interface ImageData {
  /** Every journal line with seq <= this is already in `state`. */
  journalSeq: number;
  /** The journal's chain value at `journalSeq`: the journal that continues this image starts from it. */
  chain: string;
  /** A dump (GET /_devnet/state). */
  state: unknown;
}

export class ImageError extends Error {}

const SUM_LENGTH = 64;

/**
 * The file is two lines: a header `{"format","journal_seq","chain","sum"}` and the state's JSON. `sum`
 * is sha256 over the header's other fields and the state line, so any change to either is seen
 * before the state is parsed (in linear time, exact integers kept).
 */
class ImageFile implements SyncAdapter<ImageData | null> {
  constructor(private readonly path: string, private readonly durability: Durability) {}

  read(): ImageData | null {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    const damaged = (reason: string): never => {
      throw new ImageError(`${this.path} ${reason}. Nothing was changed; restore it from a backup, or move the state dir aside to start afresh`);
    };
    const nl = text.indexOf('\n');
    if (nl === -1 || !text.endsWith('\n') || text.indexOf('\n', nl + 1) !== text.length - 1) damaged('is not an image: it must be two complete lines, a header and the state (was it cut short?)');
    const sealed = unsealLine(text.slice(0, nl), SUM_LENGTH);
    if (!sealed) damaged('has no checksum in its first line: it is not an image');
    const stateText = text.slice(nl + 1, -1);
    if (sealed!.sum !== sha256Hex(sealed!.body, '\n', stateText)) damaged('does not match its checksum: it was changed or damaged');
    let header: { format?: unknown; journal_seq?: unknown; chain?: unknown };
    let state: unknown;
    try {
      header = JSON.parse(sealed!.body) as typeof header;
      state = parseExact(stateText);
    } catch (e) {
      damaged(`is not valid JSON (${(e as Error).message})`);
    }
    if (header!.format !== IMAGE_FORMAT || !Number.isSafeInteger(header!.journal_seq) || typeof header!.chain !== 'string') damaged(`has a header of another format (expected "${IMAGE_FORMAT}")`);
    return { journalSeq: header!.journal_seq as number, chain: header!.chain as string, state: state! };
  }

  write(data: ImageData | null): void {
    if (data === null) throw new TypeError('an image always holds a state');
    const body = JSON.stringify({ format: IMAGE_FORMAT, journal_seq: data.journalSeq, chain: data.chain });
    const stateText = stringify(data.state);
    replaceFile(this.path, sealLine(body, sha256Hex(body, '\n', stateText)) + '\n' + stateText + '\n', this.durability);
  }
}

export function openImage(path: string, durability: Durability): LowSync<ImageData | null> {
  return new LowSync<ImageData | null>(new ImageFile(path, durability), null);
}
