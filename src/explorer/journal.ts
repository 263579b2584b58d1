// The request journal: a bounded ring of the last requests (what GET /_devnet/requests answers). It
// never shows request content that could be a secret: no header, no value of a secret-like query key,
// and JSON bodies only with secrets and signatures masked (core/redact.ts). A request leaves its facts as
// they are (numbers, the URL, the body's text); they are formatted only when the journal is read.
import * as v from 'valibot';
import { isoMicros } from '../domain/state/clock.js';
import { count, int, isoTime, orNull, text } from '../domain/values/wire.js';
import { isSecretName, REDACTED, redact, redactQueryValue } from '../core/redact.js';

/** Entries kept by default (`--request-journal`); the oldest goes when a new one comes. */
export const DEFAULT_JOURNAL_SIZE = 1000;
/** The most entries one GET /_devnet/requests answers. */
export const MAX_JOURNAL_LIMIT = 1000;
/** The longest query value and error message kept (longer ones are cut with `…`). */
const MAX_TEXT = 300;
/** Longer bodies are not kept (only their length). */
const MAX_BODY = 16 * 1024;
/** In a body, a signature (what was signed is the rest) is masked with the secrets. */
const bodySecret = (name: string): boolean => isSecretName(name) || /^(?:signature|sig|r|s)$/i.test(name);

/** A JSON body as the journal shows it: secrets masked; anything else by its length only. */
function shownBody(text: string | null): string | null {
  if (text === null) return null;
  if (text.length > MAX_BODY) return `"[${text.length} characters, not kept]"`;
  try {
    return JSON.stringify(redact(JSON.parse(text) as unknown, bodySecret));
  } catch {
    return `[not JSON, ${text.length} characters: ${REDACTED}]`;
  }
}

const JOURNAL_ENTRY = v.strictObject({
  id: int('journal id (a since cursor)'),
  method: text(),
  path: text('without the query string'),
  query: v.pipe(v.record(v.string(), v.string()), v.description("query keys and values; a secret-like key's value is [redacted]")),
  status: int('HTTP status'),
  error_code: int('0 for OK, else the FAILED code'),
  error: orNull("the FAILED envelope's error"),
  sequence_id: v.pipe(v.nullable(int()), v.description('the sequence id handed out, if any')),
  duration_ms: v.number(),
  wall_time: v.pipe(v.string(), v.description('host clock, ISO 8601')),
  emulator_time: isoTime('emulator clock when answered'),
  body: orNull('the JSON body, secrets and signatures [redacted]; null without one'),
});
export type JournalEntry = v.InferOutput<typeof JOURNAL_ENTRY>;

/** GET /_devnet/requests: the entries newest first, with the journal's counters. */
export const JOURNAL = v.pipe(
  v.strictObject({
    entries: v.array(JOURNAL_ENTRY),
    last_id: int('the id of the newest entry ever made (0: none)'),
    size: count('entries held'),
    capacity: count('entries the journal keeps'),
  }),
  v.title('RequestJournal'),
);
export const JOURNAL_CLEARED = v.strictObject({ removed: count('entries removed') });

const cut = (text: string): string => (text.length <= MAX_TEXT ? text : text.slice(0, MAX_TEXT - 1) + '…');

/** The query of a URL as the journal shows it. */
function journalQuery(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  const at = url.indexOf('?');
  if (at === -1) return out;
  let n = 0;
  for (const [k, v] of new URLSearchParams(url.slice(at + 1))) {
    if (++n > 50) break;
    out[cut(k)] = cut(redactQueryValue(k, v));
  }
  return out;
}

export interface JournalFilter {
  method?: string | undefined;
  /** Entries whose path contains this text. */
  path?: string | undefined;
  status?: number | undefined;
  error_code?: number | undefined;
  /** Entries with an id above this one only. */
  since?: number | undefined;
  limit: number;
}

/** What a request leaves: its facts unformatted (`entry` makes what is shown of them). */
export type JournalFacts = Pick<JournalEntry, 'method' | 'path' | 'status' | 'error_code' | 'error' | 'sequence_id' | 'body'> & {
  /** The request URL (its query is shown, redacted), the ms it took, the host clock (ms) when it came, the emulator's (µs) after. */
  url: string;
  ms: number;
  wall: number;
  micros: bigint;
};

type Held = JournalFacts & { id: number };

/** An entry as shown, from what its request left. */
function entry(f: Held): JournalEntry {
  return {
    id: f.id,
    method: f.method,
    path: cut(f.path),
    query: journalQuery(f.url),
    status: f.status,
    error_code: f.error_code,
    error: f.error === null ? null : cut(f.error),
    sequence_id: f.sequence_id,
    duration_ms: Math.round(f.ms * 1000) / 1000,
    wall_time: new Date(f.wall).toISOString(),
    emulator_time: isoMicros(f.micros),
    body: shownBody(f.body),
  };
}

export class RequestJournal {
  private readonly ring: Array<Held | undefined>;
  private next = 1;
  private start = 1;

  constructor(readonly capacity = DEFAULT_JOURNAL_SIZE) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('the request journal keeps at least 1 entry');
    this.ring = new Array<Held | undefined>(capacity);
  }

  /** Entries held now. */
  get size(): number {
    return this.next - this.start;
  }

  /** The id the next entry gets. */
  get nextId(): number {
    return this.next;
  }

  add(facts: JournalFacts): void {
    const id = this.next++;
    (facts as Held).id = id;
    this.ring[id % this.capacity] = facts as Held;
    if (this.next - this.start > this.capacity) this.start = this.next - this.capacity;
  }

  /** Empties the journal; ids go on from where they were, so a `since` cursor stays valid. */
  clear(): number {
    const removed = this.size;
    this.start = this.next;
    this.ring.fill(undefined);
    return removed;
  }

  /** Newest first, filtered, at most `limit`: a walk of the ring, so its cost is bounded by the capacity. */
  list(f: JournalFilter): JournalEntry[] {
    const out: JournalEntry[] = [];
    const method = f.method?.toUpperCase();
    const low = Math.max(this.start, (f.since ?? 0) + 1);
    for (let id = this.next - 1; id >= low && out.length < f.limit; id--) {
      const e = this.ring[id % this.capacity]!;
      if (method !== undefined && e.method !== method) continue;
      if (f.path !== undefined && !cut(e.path).includes(f.path)) continue;
      if (f.status !== undefined && e.status !== f.status) continue;
      if (f.error_code !== undefined && e.error_code !== f.error_code) continue;
      out.push(entry(e));
    }
    return out;
  }
}
