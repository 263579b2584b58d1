// The inspector of one app (one devnet): the request journal, the metrics and the event history, fed by
// a middleware that runs before every other (so the guard's and the limits' refusals are seen too)
// and by a listener on the devnet's events. The wall clock is read here, above the domain.
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Devnet } from '../core/devnet.js';
import { answerNotes } from '../core/answer-notes.js';
import { EXPLORER_ASSET_TYPES } from './constants.js';
import { EventHistory } from './history.js';
import { DEFAULT_JOURNAL_SIZE, RequestJournal } from './journal.js';
import { Metrics } from './metrics.js';

export interface InspectorOptions {
  /** Requests `GET /_devnet/requests` keeps (`--request-journal`; default 1000). */
  requestJournal?: number;
  /**
   * The host clock (ms) of the request journal's `wall_time` and `duration_ms`: a seam for tests and
   * generated examples; default the real clocks (Date.now, performance.now).
   */
  requestClock?: () => number;
  /** Called after each request with whether it was accepted (no FAILED code, a status below 400). */
  onAnswer?: (accepted: boolean) => void;
}

/**
 * Reads that watch rather than use the devnet (the page's own, the scenario runner's invariant checks,
 * health probes): kept out of the journal when they succeed, so a watching page or a scenario does not fill it.
 */
const OWN_READS = new Set([
  '/_devnet/namespaces',
  '/_devnet/invariants',
  '/_devnet/health',
  ...Object.keys(EXPLORER_ASSET_TYPES),
  '/favicon.ico',
  '/metrics',
  '/_devnet/requests',
  '/_devnet/events',
  '/_devnet/overview',
  '/_devnet/search',
]);

function isOwnRead(method: string, path: string): boolean {
  return method === 'GET' && (OWN_READS.has(path) || path.startsWith('/_devnet/explorer/'));
}

/** The declared route a request matched (`/v1/orders/:order_id/cancel`), or `unmatched`: a bounded label set. */
function routeLabel(c: Context): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i--) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return 'unmatched';
}

export class Inspector {
  readonly journal: RequestJournal;
  readonly metrics = new Metrics(() => {
    const s = this.devnet.state;
    return {
      recordsByStatus: s.statusCounts.counts,
      openOrders: s.openOrders.size,
      sseSubscribers: this.subscribers(),
      journalEntries: this.journal.size,
    };
  });
  readonly history = new EventHistory();
  /** Set by the event stream route: how many streams are open. */
  subscribers: () => number = () => 0;

  constructor(
    private readonly devnet: Devnet,
    private readonly o: InspectorOptions = {},
  ) {
    this.journal = new RequestJournal(o.requestJournal ?? DEFAULT_JOURNAL_SIZE);
    // Always listening (not only while a page is open): a page that reloads finds the events it
    // missed, and a record's detail shows the moves made while no page was open.
    devnet.onEvent((e) => {
      this.history.take(e, () => devnet.state);
      if (e.type === 'command') this.metrics.command(e.cmd);
    });
  }

  /** Per request, O(1) and nothing formatted: a count for the metrics and the request's facts for the journal. */
  middleware(): MiddlewareHandler {
    const wallClock = this.o.requestClock ?? Date.now;
    const elapsed = this.o.requestClock ?? (() => performance.now());
    return async (c, next) => {
      const wall = wallClock();
      const t0 = elapsed();
      await next();
      const ms = elapsed() - t0;
      const notes = answerNotes(c);
      const method = c.req.method;
      const path = c.req.path;
      const status = c.res.status;
      const accepted = notes.errorCode === 0 && status < 400;
      this.o.onAnswer?.(accepted);
      this.metrics.request(method, routeLabel(c), status, notes.errorCode, ms / 1000);
      if (accepted && isOwnRead(method, path)) return;
      this.journal.add({
        method,
        path,
        url: c.req.url,
        status,
        error_code: notes.errorCode,
        error: notes.error,
        sequence_id: notes.sequenceId,
        ms,
        wall,
        micros: this.devnet.state.clock.nowMicros,
        body: notes.body,
      });
    };
  }
}
