// One process per state dir: an flock(2) on DIR/lock, held for as long as this process keeps the file open.
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { FILE_MODE } from './files.js';

export class LockError extends Error {}

/**
 * Locks the dir; the function returned releases it. Why flock and not a pid in a file: a pid names a
 * process only inside its own PID namespace. Two containers sharing a state volume are both pid 1, so
 * each finds "pid 1" alive (itself) and both go on. flock is kept by the kernel on the open file, whichever namespace holds it, and it is
 * released when the holder exits however it exits (kill -9 included), so nothing goes stale.
 *
 * Node has no flock of its own, and the npm packages for it are native add-ons that need a compiler
 * at install time. So a short-lived `flock -n 3` (util-linux or busybox; perl's flock where neither
 * exists, e.g. macOS) locks the file description it inherits from us as fd 3: the lock belongs to that
 * open file description, which this process keeps open, so the lock outlives the helper.
 */
export function lockDir(path: string, dir: string): () => void {
  let fd: number;
  try {
    fd = openSync(path, 'a+', FILE_MODE);
  } catch (e) {
    throw new LockError(`state dir ${dir}: cannot open its lock file: ${(e as Error).message}`);
  }
  try {
    const taken = flock(fd);
    if (!taken)
      throw new LockError(`state dir ${dir} is in use by another l2-devnet (${holder(path)}); stop it first, or use another --state dir`);
    // Who holds it, for the message another process will print (the lock itself is the flock, not this text).
    ftruncateSync(fd, 0);
    writeSync(fd, JSON.stringify({ pid: process.pid, host: hostname(), since: new Date().toISOString() }) + '\n');
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  let held = true;
  return () => {
    if (held) closeSync(fd);
    held = false;
  };
}

const HELPERS: readonly (readonly [string, string[]])[] = [
  ['flock', ['-n', '3']],
  ['perl', ['-MFcntl=:flock', '-e', 'open(my $f, "<&=", 3) or exit 2; exit(flock($f, LOCK_EX | LOCK_NB) ? 0 : 1)']],
];

/** true: locked by us now; false: another open file holds the lock. */
function flock(fd: number): boolean {
  for (const [command, args] of HELPERS) {
    const r = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe', fd], encoding: 'utf8' });
    if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') continue;
    if (r.error) throw new LockError(`cannot lock the state dir: ${command} failed: ${r.error.message}`);
    if (r.status === 0) return true;
    if (r.status === 1) return false;
    throw new LockError(`cannot lock the state dir: ${command} exited with ${r.status ?? r.signal}: ${(r.stderr ?? '').trim()}`);
  }
  throw new LockError('cannot lock the state dir: it takes flock(1) (util-linux or busybox) or perl, and neither was found on PATH');
}

function holder(path: string): string {
  try {
    const h = JSON.parse(readFileSync(path, 'utf8')) as { pid?: unknown; host?: unknown; since?: unknown };
    return `process ${String(h.pid)} on host ${String(h.host)}, since ${String(h.since)}`;
  } catch {
    return 'its lock is held';
  }
}
