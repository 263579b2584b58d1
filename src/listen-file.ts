// --listen-file: the URL the server listens on, in a file, for `l2-devnet health` in a container.
import { rmSync } from 'node:fs';
import { replaceFile } from './persistence/files.js';

/** Written whole (the one atomic write: a temp file renamed over it), so a health check never reads half a URL. */
export function writeListenFile(path: string, url: string): void {
  replaceFile(path, url + '\n', 'write');
}

/** Gone on a clean exit: a health check that runs after it finds nothing to ask. */
export function removeListenFile(path: string): void {
  rmSync(path, { force: true });
}
