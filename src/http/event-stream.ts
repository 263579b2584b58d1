// GET /_devnet/events: one fan-out of the devnet's events to every SSE subscriber, bounded in how many
// subscribe and in how far each may fall behind; a subscriber that falls behind is dropped.
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { Devnet } from '../core/devnet.js';
import type { DevnetEvent } from '../core/events.js';
import { DevnetError, ErrorCode } from '../domain/values/errors.js';

export interface EventStreamOptions {
  /** Streams open at once; one more is refused with 429. */
  maxSubscribers?: number;
  /** Bytes a subscriber may leave unread (beyond what its socket took) at the next write before it is dropped. */
  bufferBytes?: number;
}

/**
 * `?last_event_id=` (refused with 19 unless a whole number), else the `Last-Event-ID` header that
 * EventSource sends on reconnect (ignored unless a whole number, as EventSource would send it).
 */
function lastEventId(c: Context): number | undefined {
  const query = c.req.query('last_event_id');
  if (query !== undefined && query !== '') {
    if (!/^\d{1,15}$/.test(query.trim()))
      throw new DevnetError(
        ErrorCode.InvalidParam,
        `last_event_id must be a non-negative integer, got ${query.length > 40 ? `"${query.slice(0, 40)}…" (${query.length} characters)` : JSON.stringify(query)}`,
      );
    return Number(query.trim());
  }
  const header = c.req.header('last-event-id');
  return header !== undefined && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;
}

export const DEFAULT_MAX_SUBSCRIBERS = 128;
export const DEFAULT_SUBSCRIBER_BUFFER_BYTES = 256 * 1024;
/** Events of this long are written together: a burst of commands costs one write per subscriber. */
const FLUSH_MS = 25;
/** A comment line this often keeps proxies and idle-timeouts from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

const PING = Buffer.from(': ping\n\n');

/** Where one subscriber's bytes go: the SSE stream of its response. */
export interface Subscriber {
  write(chunk: Uint8Array): void;
  /** Bytes written and not yet taken by the consumer (nor by its socket). */
  backlog(): number;
  /** Ends the stream at once, its backlog discarded. */
  drop(): void;
}

/** One event as an SSE frame: `event`, `id` (its seq), `data` (the event as JSON). */
function frame(e: DevnetEvent): string {
  return `event: ${e.type}\nid: ${e.seq}\ndata: ${JSON.stringify(e)}\n\n`;
}

/**
 * Every subscriber reads the same bytes, so each event is framed once and the frames of one flush
 * are joined into one buffer written to each socket. The devnet is listened to only while someone
 * subscribes, so with no subscriber a command costs nothing here.
 */
export class EventFanout {
  private readonly subscribers = new Set<Subscriber>();
  private pending: string[] = [];
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private off: (() => void) | undefined;
  readonly maxSubscribers: number;
  readonly bufferBytes: number;

  constructor(
    private readonly devnet: Devnet,
    o: EventStreamOptions = {},
    /** The events after a Last-Event-ID, or 'gone' when they are no longer all held. */
    private readonly replay?: (lastId: number) => readonly DevnetEvent[] | 'gone',
  ) {
    this.maxSubscribers = o.maxSubscribers ?? DEFAULT_MAX_SUBSCRIBERS;
    this.bufferBytes = o.bufferBytes ?? DEFAULT_SUBSCRIBER_BUFFER_BYTES;
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** Sends the ready frame, the held events after `lastId` (`reset` if gone), then every event; false when full. */
  add(sub: Subscriber, lastId?: number): boolean {
    if (this.subscribers.size >= this.maxSubscribers) return false;
    // Events already queued happened before this subscriber's ready event: they go to the others only.
    this.flush();
    this.subscribers.add(sub);
    const seq = this.devnet.lastEventSeq;
    let head = `event: ready\ndata: ${JSON.stringify({ seq })}\n\n`;
    if (lastId !== undefined && this.replay) {
      const missed = this.replay(lastId);
      if (missed === 'gone')
        head += `event: reset\ndata: ${JSON.stringify({ seq, last_event_id: lastId, reason: 'the events after Last-Event-ID are no longer held: read the overview again' })}\n\n`;
      else head += missed.map(frame).join('');
    }
    sub.write(Buffer.from(head));
    if (!this.off) {
      this.off = this.devnet.onEvent((e) => this.queue(e));
      // An open stream must never keep the process (or startDevnet's close()) alive by itself.
      this.heartbeat = setInterval(() => this.broadcast(PING), HEARTBEAT_MS);
      this.heartbeat.unref();
    }
    return true;
  }

  remove(sub: Subscriber): void {
    if (!this.subscribers.delete(sub) || this.subscribers.size > 0) return;
    this.off?.();
    this.off = undefined;
    clearInterval(this.heartbeat);
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending = [];
  }

  private queue(e: DevnetEvent): void {
    this.pending.push(frame(e));
    if (this.flushTimer === undefined) {
      this.flushTimer = setTimeout(() => this.flush(), FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  /** Writes what is queued to every subscriber now. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (this.pending.length === 0) return;
    const chunk = Buffer.from(this.pending.join(''));
    this.pending = [];
    this.broadcast(chunk);
  }

  /**
   * A subscriber still holding more than its buffer of earlier writes has fallen behind and is dropped.
   * Checked before writing, so one burst larger than the buffer does not drop a reader that keeps up;
   * every queue holds the same chunk, so a burst costs its bytes once.
   */
  private broadcast(chunk: Uint8Array): void {
    for (const sub of [...this.subscribers]) {
      if (sub.backlog() > this.bufferBytes) {
        this.remove(sub);
        sub.drop();
        continue;
      }
      sub.write(chunk);
    }
  }

  /** The route: a stream for this request, or 429 when the streams are all taken. */
  respond(c: Context): Response {
    const lastId = lastEventId(c);
    if (this.subscribers.size >= this.maxSubscribers) {
      throw new DevnetError(ErrorCode.InvalidParam, `too many event streams open (${this.maxSubscribers}); close one first`, 429);
    }
    const res = streamSSE(c, (stream) => {
      // Bytes handed to the stream that its consumer (the socket, or a reader in-process) has not taken yet:
      // a write settles once the chunk has moved on, which waits for the reader (or the socket's drain).
      let backlog = 0;
      const ended = new Promise<void>((resolve) => {
        const sub: Subscriber = {
          write: (chunk) => {
            backlog += chunk.byteLength;
            void stream.write(chunk).then(() => void (backlog -= chunk.byteLength));
          },
          backlog: () => backlog,
          // Ends the response at once, what it still holds discarded (the abort below removes it).
          drop: () => stream.abort(),
        };
        // The reader went away (socket closed, body cancelled).
        stream.onAbort(() => {
          this.remove(sub);
          resolve();
        });
        this.add(sub, lastId);
      });
      return ended;
    });
    // A dropped stream's connection goes too, rather than idling for a next request no SSE client sends.
    res.headers.set('connection', 'close');
    return res;
  }
}
