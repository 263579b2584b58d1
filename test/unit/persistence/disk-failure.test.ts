// Acknowledged means durable, refused means unchanged: a command whose journal line (or a state whose
// image) cannot be written is rolled back and answered 503 FAILED/500, no sequence id is used up, the
// dir stays startable and the next command works once the disk does. Needs root: `chattr +i` makes the
// journal unwritable (EPERM) and a small tmpfs fills up (ENOSPC, with short writes).
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  ftruncateSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Devnet } from '../../../src/core/devnet.js';
import { DevnetError } from '../../../src/domain/values/errors.js';
import { readGenesisFile } from '../../../src/emulator/genesis-file.js';
import { openStateDir } from '../../../src/persistence/state-dir.js';
import type { StateDirOptions } from '../../../src/persistence/state-dir.js';
import { readJournal } from '../../../src/persistence/journal.js';
import { testClient } from '../../support/client.js';

const dirs: string[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const f of cleanups.splice(0).reverse()) f();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'l2-devnet-disk-'));
  dirs.push(d);
  return d;
}

/** Why a privileged tool cannot be used here (then the test skips and says so), or undefined. */
function missing(tool: string, probe: (dir: string) => void): string | undefined {
  if (process.getuid?.() !== 0) return `needs root for ${tool}`;
  const dir = mkdtempSync(join(tmpdir(), 'l2-devnet-probe-'));
  try {
    probe(dir);
    return undefined;
  } catch (e) {
    return `${tool} is not usable here: ${(e as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const chattr = (flag: '+i' | '-i', path: string) => execFileSync('chattr', [flag, path], { stdio: 'pipe' });
const noChattr = missing('chattr', (dir) => {
  writeFileSync(join(dir, 'f'), '');
  chattr('+i', join(dir, 'f'));
  chattr('-i', join(dir, 'f'));
});
const noTmpfs = missing('mount -t tmpfs', (dir) => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'pipe' });
  execFileSync('umount', [dir], { stdio: 'pipe' });
});
const title = (text: string, reason: string | undefined) => (reason ? `${text} (skipped: ${reason})` : text);

function open(dir: string, options: StateDirOptions = {}) {
  const devnet = new Devnet({ genesis: readGenesisFile(), signatures: 'skip' });
  const sd = openStateDir(dir, devnet, options);
  const carol = devnet.accounts().accounts[2]!.stark_key;
  const deposit = (amount: bigint) => devnet.deposit({ starkKey: carol, contractAddress: 'eth', amount });
  return { devnet, sd, deposit };
}

/** Runs `f`, which must fail as a disk failure: code 500, HTTP 503, the OS error named. */
function diskFailure(f: () => unknown, cause: RegExp): DevnetError {
  let error: unknown;
  try {
    f();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(DevnetError);
  const e = error as DevnetError;
  expect([e.code, e.httpStatus]).toEqual([500, 503]);
  expect(e.message).toMatch(cause);
  expect(e.message).toMatch(/the command was not applied and nothing changed/);
  return e;
}

describe.skipIf(noChattr)(title('an unwritable journal (chattr +i)', noChattr), () => {
  it('answers 503 FAILED/500 naming the cause, changes nothing, uses up no sequence id; the next command works once the disk does', async () => {
    const dir = tempDir();
    const c = testClient({ stateDir: dir, signatures: 'skip' });
    const carol = c.accounts.carol.stark_key;
    const deposit = () => c.post('/_devnet/deposit', { stark_key: carol, contract_address: 'eth', amount: 5 });
    expect((await deposit()).body.sequence_id).toBe(13);
    const hash = c.dn.devnet.stateHash();
    const journal = join(dir, 'journal.jsonl');
    const bytes = statSync(journal).size;
    chattr('+i', journal);
    cleanups.push(() => chattr('-i', journal));

    for (const r of [
      await deposit(),
      await c.post('/_devnet/snapshots', {}),
      await c.get('/v1/wallets?count=2'),
      await c.post('/_devnet/api-keys', { name: 'x' }),
    ]) {
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ status: 'FAILED', data: null, error_code: 500 });
      expect(r.body.error).toMatch(
        /could not write its journal \(EPERM: operation not permitted, write\), so the command was not applied and nothing changed/,
      );
    }
    expect(c.dn.devnet.stateHash()).toBe(hash);
    expect(statSync(journal).size).toBe(bytes);

    chattr('-i', journal);
    // The refused commands used up nothing: the next sequence id and the first snapshot id are the ones they would have had.
    expect((await deposit()).body.sequence_id).toBe(14);
    expect((await c.post('/_devnet/snapshots', {})).body.id).toBe('0x1');
    const after = c.dn.devnet.stateHash();
    await c.dn.close();
    const d = testClient({ stateDir: dir, signatures: 'skip' });
    expect(d.dn.devnet.stateHash()).toBe(after);
    expect(d.dn.restored).toMatchObject({ restored: true, replayed: 3 });
    await d.dn.close();
  });

  it('a revert that cannot be journaled is not applied (it cannot be undone once applied, so it is journaled first)', () => {
    const dir = tempDir();
    const a = open(dir);
    const { id } = a.devnet.snapshot();
    a.deposit(7n);
    const hash = a.devnet.stateHash();
    chattr('+i', join(dir, 'journal.jsonl'));
    cleanups.push(() => chattr('-i', join(dir, 'journal.jsonl')));
    diskFailure(() => a.devnet.revert(id), /EPERM/);
    expect(a.devnet.stateHash()).toBe(hash);
    chattr('-i', join(dir, 'journal.jsonl'));
    a.devnet.revert(id); // the snapshot is still there
    const reverted = a.devnet.stateHash();
    expect(reverted).not.toBe(hash);
    a.sd.close();
    const b = open(dir);
    expect(b.devnet.stateHash()).toBe(reverted);
    b.sd.close();
  });

  it('a reset or state load whose image cannot be written keeps the old state (chattr +i on the dir)', () => {
    const dir = tempDir();
    const a = open(dir);
    const { id } = a.devnet.snapshot();
    a.deposit(7n);
    const hash = a.devnet.stateHash();
    const dump = a.devnet.dump();
    chattr('+i', dir);
    cleanups.push(() => chattr('-i', dir));
    diskFailure(() => a.devnet.reset(), /could not write a new image \(EACCES|EPERM/);
    diskFailure(() => a.devnet.load(dump), /could not write a new image/);
    expect(a.devnet.stateHash()).toBe(hash);
    chattr('-i', dir);
    a.devnet.revert(id); // snapshots were not dropped either
    a.devnet.reset();
    const genesis = a.devnet.stateHash();
    a.sd.close();
    const b = open(dir);
    expect(b.devnet.stateHash()).toBe(genesis);
    b.sd.close();
  });
});

describe.skipIf(noTmpfs)(title('a full disk (a 256 KiB tmpfs)', noTmpfs), () => {
  it('a short write is cut off, the command refused and rolled back; a failed compaction does not fail an acknowledged command; all recovers', () => {
    const mnt = tempDir();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', mnt]);
    cleanups.push(() => execFileSync('umount', ['-l', mnt]));
    const dir = join(mnt, 'state');
    mkdirSync(dir);
    // compactBytes 1: a compaction is due as soon as the journal outgrows the image (~21 KiB).
    const a = open(dir, { compactBytes: 1 });
    a.deposit(1n);
    const imageBefore = readFileSync(join(dir, 'image.jsonl'), 'utf8');
    // Fill the disk, then free a few pages: room for the journal to outgrow the image, not for a new image.
    const filler = openSync(join(mnt, 'filler'), 'w');
    let filled = 0;
    try {
      for (;;) filled += writeSync(filler, Buffer.alloc(4096, 1));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      // Three pages for a ~16 KiB image: one page fewer than the image takes (it grows with the default genesis).
      ftruncateSync(filler, filled - (Math.ceil(imageBefore.length / 4096) - 1) * 4096);
      closeSync(filler);
    }
    let acknowledged = 1;
    let hash = a.devnet.stateHash();
    let failures = 0;
    for (let i = 0; i < 300 && failures < 3; i++) {
      try {
        a.deposit(1n);
        acknowledged++;
        hash = a.devnet.stateHash();
      } catch (e) {
        failures++;
        diskFailure(() => {
          throw e;
        }, /ENOSPC/);
        expect(a.devnet.stateHash()).toBe(hash);
      }
    }
    expect(failures).toBe(3);
    // A compaction fell due and could not be written, and the commands after it were acknowledged all the same.
    expect(statSync(join(dir, 'journal.jsonl')).size).toBeGreaterThan(imageBefore.length);
    expect(readFileSync(join(dir, 'image.jsonl'), 'utf8')).toBe(imageBefore);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // No partial line was left behind: the journal reads clean, and ends with the last acknowledged command.
    const journal = readJournal(join(dir, 'journal.jsonl'))!;
    expect(journal.droppedTail).toBeNull();
    expect(journal.lines.at(-1)?.seq ?? journal.after).toBe(acknowledged);

    rmSync(join(mnt, 'filler'));
    a.deposit(1n);
    acknowledged++;
    hash = a.devnet.stateHash();
    a.sd.close();
    const b = open(dir);
    expect(b.devnet.stateHash()).toBe(hash);
    expect(b.devnet.state.nextSequenceId).toBe(13 + acknowledged);
    b.sd.close();
  });
});
