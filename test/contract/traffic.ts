// The recorded traffic of a test run: what one exchange holds, where the files live, how they are read back.
//
// The recorder (record-traffic.setup.ts) appends one JSON line per exchange to a file per worker
// process under TRAFFIC_DIR; the global setup clears the directory before a run and writes RUN_FILE,
// its teardown writes COMPLETE_FILE once every test file has finished (and flushed).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** test-output/ is git-ignored; the traffic of the last `vitest run` lives here. */
export const TRAFFIC_DIR = fileURLToPath(new URL('../../test-output/traffic/', import.meta.url));
/** Where the contract checks leave their full reports (markdown and JSON). */
export const REPORT_DIR = fileURLToPath(new URL('../../test-output/contract/', import.meta.url));
export const RUN_FILE = 'run.json';
export const COMPLETE_FILE = 'complete.json';

/**
 * Text bodies are kept up to this many characters; past it they are cut and marked `truncated` (and not
 * validated). The tests' big bodies are mostly padding sent to be refused; keeping them whole made the
 * recording ~150 MB.
 */
export const BODY_LIMIT = 64 * 1024;

/** Why a body was not kept: a multipart upload, an endless event stream, bytes (size only), or not read in time. */
export type SkipReason = 'multipart' | 'event-stream' | 'binary' | 'unread' | 'written-directly';

export interface RecordedBody {
  /** Media type header as sent (parameters included). */
  contentType?: string;
  /** The body text (absent when skipped); '' for no body. */
  body?: string;
  /** Set when the body was not kept, with `bytes` when known. */
  skipped?: SkipReason;
  bytes?: number;
  /** The text was cut at BODY_LIMIT: it is not validated. */
  truncated?: boolean;
}

export interface RecordedRequest extends RecordedBody {
  method: string;
  /** The full URL the app saw (in-process calls resolve bare paths against http://devnet.local). */
  url: string;
  /** Whether a non-empty x-api-key header was sent (never its value). */
  apiKey: boolean;
}

export interface RecordedResponse extends RecordedBody {
  status: number;
}

export interface Exchange {
  /** Order of the request within its worker's test file. */
  seq: number;
  /** createDevnet().fetch (or a test calling app.fetch) vs @hono/node-server behind startDevnet. */
  via: 'in-process' | 'socket';
  /** Test file (relative to the repo) and test name, when the call happened inside a test or hook. */
  file?: string;
  test?: string;
  req: RecordedRequest;
  res: RecordedResponse;
}

export interface RunMarker {
  startedAt: string;
  argv: string[];
}

export interface CompleteMarker {
  finishedAt: string;
}

export interface Traffic {
  run: RunMarker | undefined;
  complete: CompleteMarker | undefined;
  files: string[];
  exchanges: Exchange[];
}

function readJson<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

/** Everything recorded in `dir` (default: the last run's). */
export function readTraffic(dir: string = TRAFFIC_DIR): Traffic {
  if (!existsSync(dir)) return { run: undefined, complete: undefined, files: [], exchanges: [] };
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  const exchanges: Exchange[] = [];
  for (const f of files) {
    for (const line of readFileSync(join(dir, f), 'utf8').split('\n')) if (line) exchanges.push(JSON.parse(line) as Exchange);
  }
  return { run: readJson<RunMarker>(join(dir, RUN_FILE)), complete: readJson<CompleteMarker>(join(dir, COMPLETE_FILE)), files, exchanges };
}
