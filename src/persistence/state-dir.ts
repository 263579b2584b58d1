// `--state DIR`: restores a devnet from its directory on start and keeps the directory in step after.
// DIR/image.jsonl holds a checksummed state image; DIR/journal.jsonl every command accepted since,
// each line checksummed and chained to the one before; DIR/lock is held (flock) while a process uses the dir.
import { chmodSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Devnet } from '../core/devnet.js';
import type { CommandEntry } from '../core/commands.js';
import { DevnetError, ErrorCode } from '../domain/values/errors.js';
import { DirectoryBlockStore } from '../ipfs/block-dir.js';
import { CHAIN_START } from './codec.js';
import { DIR_MODE, FILE_MODE, type Durability } from './files.js';
import { ImageError, openImage, type StateText } from './image.js';
import { JsonSyntaxError } from '../domain/values/json.js';
import { JournalError, JournalWriter, readJournal } from './journal.js';
import { type LockError, lockDir } from './lock.js';

export const IMAGE_FILE = 'image.jsonl';
export const JOURNAL_FILE = 'journal.jsonl';
export const LOCK_FILE = 'lock';

export class StateDirError extends Error {}

export interface StateDirReport {
  dir: string;
  /** Whether an earlier run's state was found. */
  restored: boolean;
  replayed: number;
  /** An incomplete last journal line that was dropped: no newline and a checksum that fails (a write cut short, never acknowledged). */
  droppedTail: string | null;
  /** The last journal line had lost its newline but its checksum holds: it was kept (and its newline written back). */
  unterminatedTail: boolean;
  /** The journal was missing (deleting it is how to start from the image alone): the state is the image's. */
  journalMissing: boolean;
}

export interface StateDirOptions {
  /** Compact once the journal is larger than this many bytes or the last image, whichever is larger. */
  compactBytes?: number;
  /** The dir's claim when the caller took it first (to open other files in the dir under the lock). */
  claim?: StateDirClaim;
  /** `write` (default): lines reach the OS before the answer; `fsync`: they reach the disk. */
  durability?: Durability;
}

export interface OpenStateDir {
  report: StateDirReport;
  /** Writes a fresh image and empties the journal (also done as it grows); false, writing nothing, while a snapshot is live. */
  compact(): boolean;
  close(): void;
}

/** A state dir read and replayed in memory, nothing written yet: a start checks every dir (every namespace) before any writes. */
export interface CheckedStateDir {
  report: StateDirReport;
  /** Writes what the start needs (a new dir's first image, a cut tail, a compaction) and keeps the dir in step from now on. */
  open(): OpenStateDir;
  /** Lets the dir go unwritten (another dir of the same start was refused). */
  abandon(): void;
}

/** A state dir that is known to be writable and locked by this process; take it before anything else touches the dir. */
export interface StateDirClaim {
  dir: string;
  /** Uploaded blocks live beside the journal, content-addressed, outside the state image. */
  blocks: DirectoryBlockStore;
  release(): void;
}

/** Checks the dir is usable, makes it owner-only and takes its lock (another process holding it is refused). */
export function claimStateDir(dir: string): StateDirClaim {
  try {
    mkdirSync(dir, { recursive: true, mode: DIR_MODE });
    // The dir holds every private key; a dir this user does not own (a volume) may refuse the chmod: its files are owner-only anyway.
    bestEffort(() => chmodSync(dir, DIR_MODE));
    writeFileSync(join(dir, '.writable'), '', { mode: FILE_MODE });
    rmSync(join(dir, '.writable'));
  } catch (e) {
    throw new StateDirError(`state dir ${dir} is not usable: ${(e as Error).message}`);
  }
  let release: () => void;
  try {
    release = lockDir(join(dir, LOCK_FILE), dir);
  } catch (e) {
    throw new StateDirError((e as LockError).message);
  }
  // Files written by versions that left them readable to all.
  for (const f of [IMAGE_FILE, JOURNAL_FILE, LOCK_FILE]) bestEffort(() => chmodSync(join(dir, f), FILE_MODE));
  return { dir, blocks: new DirectoryBlockStore(dir), release };
}

/** Opens (or creates) a state dir for `devnet`; throws StateDirError with a readable reason and changes nothing then. */
export function openStateDir(dir: string, devnet: Devnet, options: StateDirOptions = {}): OpenStateDir {
  return checkStateDir(dir, devnet, options).open();
}

/**
 * Reads the dir and replays it into `devnet`, writing nothing; throws StateDirError with a readable
 * reason (the dir released). open() then writes; abandon() releases the dir as it was.
 */
export function checkStateDir(dir: string, devnet: Devnet, options: StateDirOptions = {}): CheckedStateDir {
  const claim = options.claim ?? claimStateDir(dir);
  const sd = new StateDir(dir, devnet, claim, options.durability ?? 'write', options.compactBytes ?? 8 * 1024 * 1024);
  let plan: [StateDirReport, () => JournalWriter];
  try {
    plan = sd.restore();
  } catch (e) {
    claim.release();
    if (e instanceof StateDirError) throw e;
    if (e instanceof JournalError || e instanceof ImageError) throw new StateDirError(e.message);
    if (e instanceof DevnetError) throw new StateDirError(`${sd.imagePath} does not load: ${e.message}`);
    throw new StateDirError(`state dir ${dir} could not be read: ${(e as Error).message}`);
  }
  const [report, start] = plan;
  let settled = false;
  return {
    report,
    abandon() {
      if (settled) return;
      settled = true;
      claim.release();
    },
    open() {
      if (settled) throw new Error('a checked state dir is opened or abandoned once');
      settled = true;
      let writer: JournalWriter;
      try {
        writer = start();
      } catch (e) {
        claim.release();
        throw new StateDirError(`state dir ${dir} could not be written: ${(e as Error).message}`);
      }
      return sd.attach(writer, report);
    },
  };
}

/** One state dir of a devnet: its image and journal, read on start and written as commands come. */
class StateDir {
  readonly imagePath: string;
  readonly journalPath: string;
  readonly image: ReturnType<typeof openImage>;
  private imageBytes = 0;

  constructor(
    readonly dir: string,
    private readonly devnet: Devnet,
    private readonly claim: StateDirClaim,
    private readonly durability: Durability,
    private readonly minCompact: number,
  ) {
    this.imagePath = join(dir, IMAGE_FILE);
    this.journalPath = join(dir, JOURNAL_FILE);
    this.image = openImage(this.imagePath, durability);
  }

  /** Writes an image of the state now (`state` its text) as of the journal's last line. */
  private writeImage(w: { seq: number; chain: string }, state: StateText): void {
    this.image.data = { journalSeq: w.seq, chain: w.chain, state, nextSnapshot: this.devnet.bookkeeping().nextSnapshot };
    this.image.write();
    this.imageBytes = statSync(this.imagePath).size;
  }

  /** Loads the image and replays the journal after it; returns the report and the writes open() makes (returning the journal to append to). */
  restore(): [StateDirReport, () => JournalWriter] {
    const { devnet, dir, imagePath, journalPath, durability } = this;
    this.image.read();
    const journal = readJournal(journalPath);
    const data = this.image.data;
    const base = {
      dir,
      droppedTail: journal?.droppedTail ?? null,
      unterminatedTail: journal?.unterminated ?? false,
      journalMissing: false,
    };
    if (data === null) {
      if (journal !== null)
        throw new StateDirError(
          `${journalPath} exists but ${imagePath} does not: the journal continues an image that is gone. Nothing was changed; restore the image, or move the state dir aside to start afresh`,
        );
      // A new dir: the genesis (from the flags) becomes the first image, so a restart never depends on the flags again.
      const start = () => {
        this.writeImage({ seq: 0, chain: CHAIN_START }, () => devnet.dumpPieces());
        return JournalWriter.create(journalPath, 0, CHAIN_START, durability);
      };
      return [{ ...base, restored: false, replayed: 0 }, start];
    }
    try {
      devnet.loadPieces(data.state());
    } catch (e) {
      if (e instanceof JsonSyntaxError)
        throw new ImageError(
          `${imagePath} is not valid JSON (${e.message}). Nothing was changed; restore it from a backup, or move the state dir aside to start afresh`,
        );
      throw e;
    }
    devnet.restoreBookkeeping({ nextSnapshot: data.nextSnapshot });
    this.imageBytes = statSync(imagePath).size;
    const fresh = (): JournalWriter => JournalWriter.create(journalPath, data.journalSeq, data.chain, durability);
    if (journal === null) return [{ ...base, restored: true, replayed: 0, journalMissing: data.journalSeq > 0 }, fresh];
    if (journal.after > data.journalSeq) {
      throw new StateDirError(
        `${journalPath} starts after seq ${journal.after}, but ${imagePath} covers only up to seq ${data.journalSeq}: the commands in between are missing. Nothing was changed`,
      );
    }
    const mismatch = (where: string): never => {
      throw new StateDirError(
        `${journalPath} does not continue ${imagePath}: their checksums differ at seq ${data.journalSeq} (${where}); was one of them copied from another state dir? Nothing was changed`,
      );
    };
    if (journal.after === data.journalSeq && journal.start !== data.chain) mismatch('line 1');
    const covered = journal.lines.findIndex((l) => l.seq === data.journalSeq);
    if (covered !== -1 && journal.lines[covered]!.sum !== data.chain) mismatch(`line ${covered + 2}`);
    const unseen = journal.lines.filter((l) => l.seq > data.journalSeq);
    const firstLine = journal.lines.length - unseen.length + 2;
    unseen.forEach((line, index) => {
      try {
        devnet.replay(line);
      } catch (e) {
        throw new StateDirError(
          `${journalPath} line ${firstLine + index}: command seq ${line.seq} (${line.cmd}) does not replay: ${(e as Error).message}. Nothing was changed`,
        );
      }
    });
    const report = { ...base, restored: true, replayed: unseen.length };
    const last = journal.lines[journal.lines.length - 1];
    // The image was written and the journal not yet replaced (a crash in between): it is all in the image.
    if ((last?.seq ?? journal.after) < data.journalSeq) return [report, fresh];
    return [report, () => JournalWriter.resume(journalPath, journal, durability)];
  }

  /** Keeps the dir in step with the devnet from now on, appending to `w`. */
  attach(w: JournalWriter, report: StateDirReport): OpenStateDir {
    const { devnet, dir } = this;
    /** The image first (the commit point), then an empty journal; if the second fails, the old journal goes on: it continues the new image too. */
    const compact = (): boolean => {
      // A live snapshot needs the journal since it: a journaled revert must find it again on replay.
      if (devnet.snapshotIds().length > 0) return false;
      this.writeImage(w, () => devnet.dumpPieces());
      bestEffort(() => w.restart());
      return true;
    };
    // The restored state becomes one image unless replayed snapshots are live.
    if (report.replayed > 0) bestEffort(compact);
    const compactAfter = () => Math.max(this.minCompact, this.imageBytes);
    let nextCompaction = compactAfter();
    devnet.attach({
      append(entry: CommandEntry) {
        try {
          w.append(entry);
        } catch (e) {
          throw diskFailure(dir, 'its journal', e);
        }
        if (w.bytes > nextCompaction) {
          // The command is durable already; a compaction that fails (a full disk) is tried again later.
          try {
            if (compact()) nextCompaction = compactAfter();
          } catch {
            nextCompaction = w.bytes + compactAfter() / 4;
          }
        }
      },
      replace: (state: StateText) => {
        try {
          this.writeImage(w, state);
        } catch (e) {
          throw diskFailure(dir, 'a new image', e);
        }
        bestEffort(() => w.restart());
        nextCompaction = compactAfter();
      },
    });
    return {
      report,
      compact,
      close: () => {
        devnet.attach(undefined);
        w.close();
        this.claim.release();
      },
    };
  }
}

/** The answer to a command whose effect could not be saved: HTTP 503, code 500, and the state as it was. */
function diskFailure(dir: string, what: string, e: unknown): DevnetError {
  return new DevnetError(
    ErrorCode.SystemError,
    `the state dir ${dir} could not write ${what} (${e instanceof Error ? e.message : String(e)}), so the command was not applied and nothing changed; free space or fix permissions there, then retry`,
    503,
  );
}

function bestEffort(f: () => void): void {
  try {
    f();
  } catch {
    // see the caller
  }
}
