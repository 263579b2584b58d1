// vitest globalSetup: a clean traffic directory for each run, and a marker once the whole run is done.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPLETE_FILE, RUN_FILE, TRAFFIC_DIR } from './traffic.js';
import type { CompleteMarker, RunMarker } from './traffic.js';

export default function setup(): () => void {
  rmSync(TRAFFIC_DIR, { recursive: true, force: true });
  mkdirSync(TRAFFIC_DIR, { recursive: true });
  const run: RunMarker = { startedAt: new Date().toISOString(), argv: process.argv.slice(2) };
  writeFileSync(join(TRAFFIC_DIR, RUN_FILE), JSON.stringify(run, null, 2) + '\n');
  // Teardown runs after every test file has finished, and with it its afterAll flush.
  return () => {
    const done: CompleteMarker = { finishedAt: new Date().toISOString() };
    writeFileSync(join(TRAFFIC_DIR, COMPLETE_FILE), JSON.stringify(done, null, 2) + '\n');
  };
}
