// --listen-file: the URL the server listens on, in a file, for `l2-devnet health` in a container.
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/** Written whole (a temporary file renamed over it), so a health check never reads half a URL. */
export function writeListenFile(path: string, url: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, url + '\n');
  renameSync(tmp, path);
}

/** Gone on a clean exit: a health check that runs after it finds nothing to ask. */
export function removeListenFile(path: string): void {
  rmSync(path, { force: true });
}
