// The recorder of the current test file (one module instance per test file under vitest's isolation).
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { TrafficRecorder } from './recorder.js';
import type { RecordableApp } from './recorder.js';
import { TRAFFIC_DIR } from './traffic.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** L2_DEVNET_RECORD=0 turns recording off (to measure its overhead). */
export const recording = process.env.L2_DEVNET_RECORD !== '0';

/** One file per worker process; test files in one worker run one after another and append to it. */
const recorder = new TrafficRecorder(join(TRAFFIC_DIR, `worker-${process.env.VITEST_POOL_ID ?? '0'}-${process.pid}.jsonl`), () => {
  const state = expect.getState();
  return {
    ...(state.testPath ? { file: relative(ROOT, state.testPath) } : {}),
    ...(state.currentTestName ? { test: state.currentTestName } : {}),
  };
});

/** Called by the mocked Hono constructor for every app built in this test file. */
export function recordApp(app: RecordableApp): void {
  if (recording) recorder.wrap(app);
}

export function flushRecording(): Promise<void> {
  return recorder.flush();
}

/** Requests the session recorder has seen in this test file (the self-test checks the mock reaches src/). */
export function recordedCount(): number {
  return recorder.count;
}
