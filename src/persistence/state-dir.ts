// `--state DIR`: restores a devnet from its directory on start and keeps the directory in step after.
// DIR/state.json (lowdb) holds a full state image; DIR/journal.ndjson every command accepted since.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandEntry, Devnet } from '../devnet.js';
import { DevnetError } from '../domain/values/errors.js';
import { JournalError, JournalWriter, readJournal } from './journal.js';
import type { JournalRead } from './journal.js';
import { openStore, STORE_FORMAT } from './store.js';
import { lockDir } from './lock.js';
import type { LockError } from './lock.js';

export class StateDirError extends Error {}

export interface StateDirReport {
  dir: string;
  /** Whether an earlier run's state was found. */
  restored: boolean;
  replayed: number;
  /** A torn last journal line that was dropped (the command it held was never acknowledged). */
  droppedTail: string | null;
}

export interface StateDirOptions {
  /** Compact once the journal is larger than this many bytes or the last image, whichever is larger. */
  compactBytes?: number;
  /** The dir's claim when the caller took it first (to open other files in the dir under the lock). */
  claim?: StateDirClaim;
}

export interface OpenStateDir {
  report: StateDirReport;
  /** Writes a fresh image and empties the journal (also done on its own as the journal grows). */
  compact(): void;
  close(): void;
}

/** A state dir that is known to be writable and locked by this process; take it before anything else touches the dir. */
export interface StateDirClaim {
  dir: string;
  release(): void;
}

/** Checks the dir is usable and takes its lock (another live process holding it is refused). */
export function claimStateDir(dir: string): StateDirClaim {
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '.writable'), '');
    rmSync(join(dir, '.writable'));
  } catch (e) {
    throw new StateDirError(`state dir ${dir} is not usable: ${(e as Error).message}`);
  }
  let lock;
  try {
    lock = lockDir(join(dir, 'lock'), dir);
  } catch (e) {
    throw new StateDirError((e as LockError).message);
  }
  return { dir, release: () => lock.release() };
}

/** Opens (or creates) a state dir for `devnet`; throws StateDirError with a readable reason. */
export function openStateDir(dir: string, devnet: Devnet, options: StateDirOptions = {}): OpenStateDir {
  const minCompact = options.compactBytes ?? 8 * 1024 * 1024;
  const claim = options.claim ?? claimStateDir(dir);
  const store = openStore(join(dir, 'state.json'));
  const journalPath = join(dir, 'journal.ndjson');
  let restored = false;
  let replayed = 0;
  let journal: JournalRead;
  let nextSeq = 1;
  try {
    store.read();
    const data = store.data;
    let seq = 0;
    if (data !== null) {
      if (data.format !== STORE_FORMAT) throw new StateDirError(`${join(dir, 'state.json')} has format ${JSON.stringify(data.format)}, expected "${STORE_FORMAT}"`);
      devnet.load(data.state);
      seq = data.journal_seq;
      restored = true;
    }
    journal = readJournal(journalPath);
    for (const line of journal.lines) {
      if (line.seq <= seq) continue; // already in the image (a crash between image and truncation)
      if (line.seq !== seq + 1) throw new StateDirError(`${journalPath}: seq ${line.seq} follows ${seq}; journal lines are missing`);
      try {
        devnet.replay(line);
      } catch (e) {
        throw new StateDirError(`${journalPath}: command seq ${line.seq} (${line.cmd}) does not replay: ${(e as Error).message}. The state dir was not changed.`);
      }
      seq = line.seq;
      replayed++;
      restored = true;
    }
    nextSeq = seq + 1;
  } catch (e) {
    claim.release();
    if (e instanceof StateDirError) throw e;
    if (e instanceof JournalError) throw new StateDirError(e.message);
    if (e instanceof DevnetError) throw new StateDirError(`${join(dir, 'state.json')} does not load: ${e.message}`);
    throw new StateDirError(`state dir ${dir} could not be read: ${(e as Error).message}`);
  }

  const writer = new JournalWriter(journalPath, journal.bytes);
  let imageBytes = 0;
  const compact = () => {
    const text = { format: STORE_FORMAT, journal_seq: nextSeq - 1, state: devnet.dump() };
    store.data = text;
    store.write();
    imageBytes = readFileSync(join(dir, 'state.json')).length;
    writer.truncate();
  };
  // The genesis (or the restored state) becomes the first image, so a restart never depends on the flags again.
  // (Not while replayed snapshots are live: the journal must keep the commands since they were taken.)
  if (!restored || (journal.lines.length > 0 && !devnet.hasSnapshots())) compact();
  else imageBytes = readFileSync(join(dir, 'state.json')).length;

  devnet.attach({
    append(entry: CommandEntry) {
      writer.append({ seq: nextSeq++, ...entry });
      // Not while snapshots are live: their undo history is not in an image, and a journaled revert
      // must find its snapshot again on replay.
      if (writer.bytes > Math.max(minCompact, imageBytes) && !devnet.hasSnapshots()) compact();
    },
    replaced() {
      compact();
    },
  });

  return {
    report: { dir, restored, replayed, droppedTail: journal.droppedTail },
    compact,
    close() {
      devnet.attach(undefined);
      writer.close();
      claim.release();
    },
  };
}
