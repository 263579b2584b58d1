// One process per state dir: an flock(2) on DIR/lock, held for as long as this process keeps the file open.
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { FILE_MODE } from './files.js';

export class LockError extends Error {}

/**
 * Locks the dir; the function returned releases it. flock, not a pid file: two containers sharing a
 * volume are both pid 1, while the kernel keeps an flock across PID namespaces and drops it however the
 * holder exits. Node has no flock (the npm ones are native add-ons), so a short-lived `flock -n 3` (or
 * perl's flock, e.g. on macOS) locks the open file description we hand it as fd 3, which we keep open.
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
