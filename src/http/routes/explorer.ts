// The explorer: its page and assets at /, the reads it makes (overview, search, detail pages, the
// request journal), the live event stream (SSE, with Last-Event-ID replay) and /metrics. Every view goes
// through redact(): a field under a secret name never reaches the page.
import { namespacedOrigin } from '../namespace.js';
import * as v from 'valibot';
import type { Devnet } from '../../core/devnet.js';
import { redact } from '../../core/redact.js';
import { DevnetError, ErrorCode } from '../../domain/values/errors.js';
import { DEFAULT_PAGE, EXPLORER_ASSET_TYPES, FAVICON, MAX_PAGE } from '../../explorer/constants.js';
import type { Inspector } from '../../explorer/inspector.js';
import { JOURNAL, JOURNAL_CLEARED, MAX_JOURNAL_LIMIT } from '../../explorer/journal.js';
import { OVERVIEW, explorerOverview } from '../../explorer/overview.js';
import { SEARCH, search } from '../../explorer/search.js';
import {
  EXPLORER_ACCOUNT,
  EXPLORER_CONTRACT,
  EXPLORER_FILE,
  EXPLORER_ORDER,
  EXPLORER_RECORD,
  EXPLORER_RECORDS,
  accountView,
  contractView,
  fileView,
  orderView,
  recordDetail,
  recordPage,
} from '../../explorer/views.js';
import { id, optText, optUint, text } from '../fields/kinds.js';
import { withDefault } from '../fields/field.js';
import { RouteGroup } from '../route.js';
import { EventFanout, type EventStreamOptions } from '../event-stream.js';

/** What a non-JSON answer's body is: text (the page, an event stream, metrics). */
const TEXT = v.string();
const PAGE_LIMIT = withDefault(
  optUint({ min: 1n, below: BigInt(MAX_PAGE) + 1n }),
  DEFAULT_PAGE,
  Number,
  `1..${MAX_PAGE}, default ${DEFAULT_PAGE}`,
);
const OFFSET = withDefault(optUint({ below: 1n << 31n }), 0, Number, 'entries to skip (the `next` of the page before)');

/** The view redacted, or 19 as the emulated API answers an unknown id (HTTP status by --error-status). */
function found<T>(view: T | undefined, what: string): T {
  if (view === undefined) throw new DevnetError(ErrorCode.InvalidParam, `no ${what}`);
  return redact(view);
}

// The page's bodies load on the first request that needs them (once per process): most runs never
// open the explorer, so start-up does not pay for them.
let assets: Promise<typeof import('../../explorer/assets.js')> | undefined;
const loadAssets = () => (assets ??= import('../../explorer/assets.js'));

export function explorerRoutes(devnet: Devnet, inspector: Inspector, events: EventStreamOptions = {}): RouteGroup {
  const group = new RouteGroup({ tag: 'explorer', reply: 'plain' });
  for (const [path, type] of Object.entries(EXPLORER_ASSET_TYPES)) {
    group.add('GET', path, {
      summary: `The explorer's ${path === '/' ? 'page' : path.slice(1)}`,
      produces: { type: type.split(';')[0]!, schema: TEXT },
      handle: async ({ c }) =>
        c.body((await loadAssets()).EXPLORER_ASSETS[path]!.body, 200, { 'content-type': type, 'cache-control': 'no-cache' }),
    });
  }
  group
    .add('GET', '/favicon.ico', {
      summary: "The explorer's icon (SVG)",
      produces: { type: 'image/svg+xml', schema: TEXT },
      handle: ({ c }) => c.body(FAVICON, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' }),
    })
    .add('GET', '/_devnet/overview', {
      summary: 'What the explorer shows: accounts, balances, books, records, storage',
      response: OVERVIEW,
      handle: ({ c }) => redact(explorerOverview(devnet.state, devnet.storage.gateway(namespacedOrigin(c.req.raw)))),
    })
    .add('GET', '/_devnet/search', {
      response: SEARCH,
      summary: 'Finds a stark key (or genesis name), sequence id, order id, CID, signature r or contract address',
      query: { q: text({ max: 200, description: 'what to find' }) },
      handle: ({ query }) => redact({ query: query.q, hits: search(devnet.state, query.q) }),
    })
    .add('GET', '/_devnet/explorer/records', {
      response: EXPLORER_RECORDS,
      summary: 'Every record, newest first, a page at a time (next: the `before` of the next page)',
      query: {
        before: optUint({ min: 1n, below: 1n << 53n, description: 'records below this sequence id (the `next` of the page before)' }),
        limit: PAGE_LIMIT,
      },
      handle: ({ query }) => redact(recordPage(devnet.state, query.before === undefined ? undefined : Number(query.before), query.limit)),
    });
  return inspectorRoutes(detailRoutes(group, devnet, inspector), devnet, inspector, events);
}

/** The detail pages: an account, a record, an order, a contract, a stored file. */
function detailRoutes(group: RouteGroup, devnet: Devnet, inspector: Inspector): RouteGroup {
  return group
    .add('GET', '/_devnet/explorer/accounts/:stark_key', {
      response: EXPLORER_ACCOUNT,
      summary: 'An account: balances (display and quantized), NFTs, vaults, records and open orders, paged',
      params: { stark_key: text({ description: 'a stark key (0x hex), or a genesis name' }) },
      query: { records: OFFSET, orders: OFFSET, limit: PAGE_LIMIT },
      handle: ({ params, query }) => {
        let key = params.stark_key.trim().toLowerCase();
        if (/^0x[0-9a-f]+$/.test(key)) key = '0x' + BigInt(key).toString(16);
        else key = devnet.state.namedAccounts.find((a) => a.name.toLowerCase() === key)?.starkKey ?? key; // a genesis name
        const page = { records: query.records, orders: query.orders, limit: query.limit };
        return found(accountView(devnet.state, key, page), `account ${key}`);
      },
    })
    .add('GET', '/_devnet/explorer/records/:sequence_id', {
      response: EXPLORER_RECORD,
      summary: 'A record: every field, its reason, and the status moves seen (with emulator times)',
      params: { sequence_id: id() },
      handle: ({ params: { sequence_id: id } }) =>
        found(recordDetail(devnet.state, id, inspector.history.statusSteps(id), devnet.l1Origin(id)?.tx), `record ${id}`),
    })
    .add('GET', '/_devnet/explorer/orders/:order_id', {
      response: EXPLORER_ORDER,
      summary: 'An order: its state, fills and fees',
      params: { order_id: id() },
      query: { offset: OFFSET, limit: PAGE_LIMIT },
      handle: ({ params, query }) => found(orderView(devnet.state, params.order_id, query.offset, query.limit), `order ${params.order_id}`),
    })
    .add('GET', '/_devnet/explorer/contracts/:address', {
      response: EXPLORER_CONTRACT,
      summary: 'A contract or collection: its fields, tokens with owners and listings, paged',
      params: { address: text({ description: 'contract address, or eth' }) },
      query: { offset: OFFSET, limit: PAGE_LIMIT },
      handle: ({ params, query }) =>
        found(contractView(devnet.state, params.address, query.offset, query.limit), `contract ${params.address}`),
    })
    .add('GET', '/_devnet/explorer/files/:cid', {
      response: EXPLORER_FILE,
      summary: 'A stored file: project, size, gateway link',
      params: { cid: text({ description: 'the CID' }) },
      handle: ({ params, c }) =>
        found(fileView(devnet.state, params.cid, devnet.storage.gateway(namespacedOrigin(c.req.raw))), `stored file ${params.cid}`),
    });
}

/** The inspector's own routes: the request journal, the live event stream, the metrics. */
function inspectorRoutes(group: RouteGroup, devnet: Devnet, inspector: Inspector, events: EventStreamOptions): RouteGroup {
  const journal = inspector.journal;
  const fanout = new EventFanout(devnet, events, (last) => inspector.history.since(last));
  inspector.subscribers = () => fanout.size;
  const number = (x: bigint | undefined) => (x === undefined ? undefined : Number(x));
  return group
    .add('GET', '/_devnet/requests', {
      response: JOURNAL,
      summary: 'The request journal: the last requests, newest first (no header; secrets in the query and body [redacted])',
      description: `Holds the last ${journal.capacity} requests (--request-journal). The explorer's own successful reads are not kept; refusals of every kind are.`,
      query: {
        method: optText({ max: 16, description: 'GET, POST, DELETE, ...' }),
        path: optText({ max: 256, description: 'paths containing this text' }),
        status: optUint({ below: 600n, description: 'HTTP status' }),
        error_code: optUint({ below: 1n << 31n, description: 'the FAILED code (0: OK answers)' }),
        since: optUint({ below: 1n << 53n, description: 'entries with a higher id only (the `last_id` of an earlier answer)' }),
        limit: withDefault(
          optUint({ min: 1n, below: BigInt(MAX_JOURNAL_LIMIT) + 1n }),
          100,
          Number,
          `1..${MAX_JOURNAL_LIMIT}, default 100`,
        ),
      },
      handle: ({ query: q }) => {
        const entries = journal.list({
          method: q.method === '' ? undefined : q.method,
          path: q.path === '' ? undefined : q.path,
          status: number(q.status),
          error_code: number(q.error_code),
          since: number(q.since),
          limit: q.limit,
        });
        return { entries, last_id: journal.nextId - 1, size: journal.size, capacity: journal.capacity };
      },
    })
    .add('DELETE', '/_devnet/requests', {
      response: JOURNAL_CLEARED,
      summary: 'Empties the request journal (ids go on)',
      handle: () => ({ removed: journal.clear() }),
    })
    .add('GET', '/_devnet/events', {
      summary: 'Live events as server-sent events: a ready event, then one per change (id = seq)',
      description: `At most ${fanout.maxSubscribers} streams at once (429 beyond); a stream that leaves more than ${fanout.bufferBytes} bytes unread is closed. With Last-Event-ID (or ?last_event_id=) the events after it are sent first, from the last ${inspector.history.replayCapacity} kept; when they are no longer all kept, a \`reset\` event says so.`,
      produces: { type: 'text/event-stream', schema: TEXT },
      refusals: [429],
      // Read by the fan-out itself (with the Last-Event-ID header): declared here for the document.
      query: { last_event_id: optUint({ below: 1n << 53n, description: 'as the Last-Event-ID header: replay the events after this seq' }) },
      handle: ({ c }) => fanout.respond(c),
    })
    .add('GET', '/metrics', {
      summary: 'Prometheus metrics (text exposition format 0.0.4)',
      description:
        'Requests by route, status and code; a request duration histogram; commands by kind; records by status; open orders; event stream subscribers. Behind the control token when one is set.',
      produces: { type: 'text/plain', schema: TEXT },
      handle: async ({ c }) =>
        c.body(await inspector.metrics.text(), 200, {
          'content-type': 'text/plain; version=0.0.4; charset=utf-8',
          'cache-control': 'no-cache',
        }),
    });
}
