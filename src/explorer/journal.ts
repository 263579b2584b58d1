// The request journal: a bounded ring of the last requests (what GET /_devnet/requests answers). It
// never shows request content that could be a secret: no header, no value of a secret-like query key,
// and JSON bodies only with secrets and signatures masked (redact.ts).
import { isSecretName, REDACTED, redact, redactQueryValue } from '../redact.js';

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
  try {
    return JSON.stringify(redact(JSON.parse(text) as unknown, bodySecret));
  } catch {
    return `[not JSON, ${text.length} characters: ${REDACTED}]`;
  }
}

export interface JournalEntry {
  /** 1, 2, ...: the journal's own counter (a `since` cursor), not reset by DELETE. */
  id: number;
  method: string;
  /** The path without its query string. */
  path: string;
  /** The query's keys with their values, a secret-like key's value replaced by `[redacted]`. */
  query: Record<string, string>;
  status: number;
  /** 0 for an OK answer, the FAILED envelope's code otherwise. */
  error_code: number;
  /** The FAILED envelope's `error`, or null. */
  error: string | null;
  /** The sequence id an OK answer handed out, or null. */
  sequence_id: number | null;
  duration_ms: number;
  /** The host's clock when the request came (ISO 8601). */
  wall_time: string;
  /** The emulator's clock when the answer was sent. */
  emulator_time: string;
  /** The JSON body a route read, secrets and signatures `[redacted]`; null without one. */
  body: string | null;
}

function cut(text: string): string {
  return text.length <= MAX_TEXT ? text : text.slice(0, MAX_TEXT - 1) + '…';
}

/** The query of a URL as the journal keeps it. */
export function journalQuery(search: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const [k, v] of search) {
    if (++n > 50) break;
    const key = cut(k);
    out[key] = cut(redactQueryValue(k, v));
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

export class RequestJournal {
  private readonly ring: Array<JournalEntry | undefined>;
  private next = 1;
  private start = 1;

  constructor(readonly capacity = DEFAULT_JOURNAL_SIZE) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError('the request journal keeps at least 1 entry');
    this.ring = new Array<JournalEntry | undefined>(capacity);
  }

  /** Entries held now. */
  get size(): number {
    return this.next - this.start;
  }

  /** The id the next entry gets. */
  get nextId(): number {
    return this.next;
  }

  /** `body` is the raw text: masked when listed, so a request pays nothing for it. */
  add(entry: Omit<JournalEntry, 'id'>): void {
    const id = this.next++;
    const body = entry.body !== null && entry.body.length > MAX_BODY ? `"[${entry.body.length} characters, not kept]"` : entry.body;
    this.ring[id % this.capacity] = { id, ...entry, body, path: cut(entry.path), error: entry.error === null ? null : cut(entry.error) };
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
      if (f.path !== undefined && !e.path.includes(f.path)) continue;
      if (f.status !== undefined && e.status !== f.status) continue;
      if (f.error_code !== undefined && e.error_code !== f.error_code) continue;
      out.push({ ...e, body: shownBody(e.body) });
    }
    return out;
  }
}
